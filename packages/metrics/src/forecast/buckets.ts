/**
 * The buckets of a period by week, month, quarter or year, as the revenue stats route cuts them
 * (REST contract 2.3, `@abacus/date` `getIntervalBuckets`): the first bucket starts on the
 * period's first day, later ones on their natural start, the last ends on the period's last day.
 * A week starts on the store's first weekday; when that is not Monday a week is also split at
 * 1 January (the simple week numbering), as the stats route does. Day numbers (days since
 * 1970-01-01), no time zone: the caller's days are store-local.
 */

/** Intervals a forecast can be bucketed by. */
export const FORECAST_INTERVALS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type ForecastInterval = (typeof FORECAST_INTERVALS)[number];

export function isForecastInterval(value: unknown): value is ForecastInterval {
	return typeof value === 'string' && (FORECAST_INTERVALS as readonly string[]).includes(value);
}

/** A bucket: its first and last day (day numbers, both inclusive). */
export interface DayBucket {
	start: number;
	end: number;
}

const DAY_MS = 86_400_000;

/** Whether a bucket of `interval` starts on `day` (day number). */
function startsBucket(day: number, interval: ForecastInterval, startOfWeek: number): boolean {
	if (interval === 'day') return true;
	const date = new Date(day * DAY_MS);
	const monthDay = date.getUTCDate();
	const month = date.getUTCMonth();
	const newYear = month === 0 && monthDay === 1;
	switch (interval) {
		case 'week':
			return date.getUTCDay() === startOfWeek || (startOfWeek !== 1 && newYear);
		case 'month':
			return monthDay === 1;
		case 'quarter':
			return monthDay === 1 && month % 3 === 0;
		case 'year':
			return newYear;
	}
}

/**
 * The buckets of the days [start, end] (day numbers) by `interval`, oldest first; empty when the
 * period ends before it starts. `startOfWeek`: 0 = Sunday … 6 = Saturday (default Monday).
 */
export function periodBuckets(
	start: number,
	end: number,
	interval: ForecastInterval,
	startOfWeek = 1,
): DayBucket[] {
	const buckets: DayBucket[] = [];
	if (!(end >= start)) return buckets;
	let first = start;
	for (let day = start + 1; day <= end; day++) {
		if (startsBucket(day, interval, startOfWeek)) {
			buckets.push({ start: first, end: day - 1 });
			first = day;
		}
	}
	buckets.push({ start: first, end });
	return buckets;
}
