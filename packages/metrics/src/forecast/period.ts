/**
 * A period's forecast: the metrics forecast, store-local day numbers, and the projection of a
 * metric for the rest of a period from its daily history, with its 80 % intervals.
 */
import { DailyHistory } from './method.js';
import { type Estimate, forecastWithIntervals, MAX_FORECAST_DAYS, verdict } from './intervals.js';
import type { Verdict } from './intervals.js';
import { type ForecastInterval, periodBuckets } from './buckets.js';

/** The metrics forecast (revenue stats fields). */
export const FORECAST_METRICS = ['total_sales', 'orders_count', 'net_revenue'] as const;
export type ForecastMetric = (typeof FORECAST_METRICS)[number];

export function isForecastMetric(value: unknown): value is ForecastMetric {
	return typeof value === 'string' && (FORECAST_METRICS as readonly string[]).includes(value);
}

/** Days of history the verdict and the forecast read (the back-test's year, the year before it and a horizon). */
export const HISTORY_DAYS = 800;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day (NaN when it is not one). */
export function dayNumber(day: string): number {
	const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
	if (!m) return NaN;
	const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
	return new Date(ms).toISOString().slice(0, 10) === day.slice(0, 10) ? ms / DAY_MS : NaN;
}

/** The `YYYY-MM-DD` of a day number. */
export function dayText(day: number): string {
	return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export interface PeriodForecastInput {
	/** One value per day, from `firstDay` to the day before `today` (complete days only). */
	history: readonly number[];
	firstDay: string;
	/** The store's today: forecast from here on (today counts as forecast until it ends). */
	today: string;
	/** First and last day of the period the total is for. */
	periodStart: string;
	periodEnd: string;
	/** The verdict on this history (computed once and cached by the caller), or computed here. */
	verdict?: Verdict;
	coverage?: number;
	/** The chart's interval the period is bucketed by (default `day`). */
	interval?: ForecastInterval;
	/** The store's first weekday, for week buckets: 0 = Sunday … 6 = Saturday (default 1). */
	startOfWeek?: number;
}

/** A bucket of the period that is not over, as a chart of `interval` draws it. */
export interface BucketForecast extends Estimate {
	/** The bucket's first and last day (the first and last clipped to the period). */
	date: string;
	end: string;
	/** Its known days (before today), added to the forecast of the rest. */
	actual: number;
	/** Whether some of its days are known (it started before today). */
	partial: boolean;
}

export interface PeriodForecast {
	verdict: Verdict;
	/** Absent when not shown or not forecastable (the period is over, or too little history). */
	forecast?: {
		/** The period's known days (periodStart .. yesterday). */
		actual: number;
		/** Its forecast end value: actual + the forecast of its remaining days, with the interval. */
		total: Estimate;
		/** Each remaining day of the period (today or the period's start, to its end). */
		days: Array<Estimate & { date: string }>;
		/**
		 * Each bucket of the period by `interval` that is not over (its last day is today or
		 * later): its known days plus the forecast of the rest, with an interval for that sum.
		 */
		buckets: BucketForecast[];
	};
}

/** Why a period cannot be forecast, for a caller's error message, or null when it can. */
export function periodProblem(input: PeriodForecastInput): string | null {
	const today = dayNumber(input.today);
	const start = dayNumber(input.periodStart);
	const end = dayNumber(input.periodEnd);
	if (Number.isNaN(start) || Number.isNaN(end)) return 'The period must be two days, YYYY-MM-DD.';
	if (end < start) return 'The period ends before it starts.';
	if (end < today) return 'The period is over: there is nothing left to forecast.';
	if (end - today + 1 > MAX_FORECAST_DAYS)
		return `A forecast reaches at most ${MAX_FORECAST_DAYS} days ahead.`;
	return null;
}

/** The forecast of a period's end value, or only the verdict when it is not shown. */
export function forecastPeriod(input: PeriodForecastInput): PeriodForecast {
	const first = dayNumber(input.firstDay);
	const today = dayNumber(input.today);
	const values = input.history.slice(0, Math.max(0, today - first));
	const history = new DailyHistory(values);
	const judged = input.verdict ?? verdict(history, input.coverage);
	if (!judged.shown || periodProblem(input) !== null) return { verdict: judged };
	const start = dayNumber(input.periodStart);
	const end = dayNumber(input.periodEnd);
	const origin = today - first;
	const from = Math.max(0, start - today);
	const days = end - today + 1;
	// Buckets whose last day is today or later; segments are relative to today. By day they are
	// the days themselves (each with its day's band).
	const interval = input.interval ?? 'day';
	const byDay = interval === 'day';
	const buckets = byDay
		? []
		: periodBuckets(start, end, interval, input.startOfWeek).filter(
				(bucket) => bucket.end >= today,
			);
	const result = forecastWithIntervals(
		history,
		origin,
		days,
		[
			{ from, to: days },
			...buckets.map((bucket) => ({
				from: Math.max(0, bucket.start - today),
				to: bucket.end - today + 1,
			})),
		],
		input.coverage,
	);
	if (!result) return { verdict: judged };
	const known = (from: number): number => (from < today ? history.sum(from - first, origin) : 0);
	const actual = known(start);
	const rest = result.segments[0];
	const dayEstimates = result.days.slice(from).map((estimate, i) => ({
		date: dayText(today + from + i),
		...estimate,
	}));
	return {
		verdict: judged,
		forecast: {
			actual,
			total: {
				value: actual + rest.value,
				lower: actual + rest.lower,
				upper: actual + rest.upper,
			},
			days: dayEstimates,
			buckets: byDay
				? dayEstimates.map((day) => ({ ...day, end: day.date, actual: 0, partial: false }))
				: buckets.map((bucket, i) => {
						const sum = result.segments[i + 1];
						const part = known(bucket.start);
						return {
							date: dayText(bucket.start),
							end: dayText(bucket.end),
							actual: part,
							partial: bucket.start < today,
							value: part + sum.value,
							lower: part + sum.lower,
							upper: part + sum.upper,
						};
					}),
		},
	};
}
