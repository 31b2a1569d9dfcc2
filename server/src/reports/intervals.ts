/**
 * Interval buckets of a stats request (REST contract §2.2–2.3), computed on store-local wall time
 * held as naive milliseconds, plus the matching SQL key expression so that the database groups
 * rows by exactly the same keys.
 */
export type Interval = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

const HOUR = 3_600_000;
const DAY = 86_400_000;

function pad(value: number, width = 2): string {
	return String(value).padStart(width, '0');
}

/** ISO-8601 week-year and week of a naive date. */
function isoWeek(ms: number): [number, number] {
	const thursday = new Date(Math.floor(ms / DAY) * DAY);
	thursday.setUTCDate(thursday.getUTCDate() - ((thursday.getUTCDay() + 6) % 7) + 3);
	const year = thursday.getUTCFullYear();
	return [year, 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY / 7)];
}

/** The key (`interval` field) of the bucket holding local time `ms`. */
export function intervalKey(ms: number, interval: Interval, startOfWeek: number): string {
	const d = new Date(ms);
	const y = d.getUTCFullYear();
	const m = d.getUTCMonth();
	switch (interval) {
		case 'hour':
			return `${y}-${pad(m + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}`;
		case 'day':
			return `${y}-${pad(m + 1)}-${pad(d.getUTCDate())}`;
		case 'week': {
			if (startOfWeek === 1) {
				const [wy, w] = isoWeek(ms);
				return `${wy}-${pad(w)}`;
			}
			const jan1 = Date.UTC(y, 0, 1);
			const dayOfYear = Math.floor((ms - jan1) / DAY) + 1;
			const jan1Weekday = new Date(jan1).getUTCDay();
			const week =
				Math.floor((dayOfYear + ((jan1Weekday - startOfWeek + 7) % 7) - 1) / 7) + 1;
			return `${y}-${pad(week)}`;
		}
		case 'month':
			return `${y}-${pad(m + 1)}`;
		case 'quarter':
			return `${y}-${Math.floor(m / 3) + 1}`;
		case 'year':
			return String(y);
	}
}

/** Start of the bucket following the one that holds `ms`. */
export function nextBucketStart(ms: number, interval: Interval, startOfWeek: number): number {
	const d = new Date(ms);
	const y = d.getUTCFullYear();
	const m = d.getUTCMonth();
	switch (interval) {
		case 'hour':
			return Math.floor(ms / HOUR) * HOUR + HOUR;
		case 'day':
			return Math.floor(ms / DAY) * DAY + DAY;
		case 'week': {
			const key = intervalKey(ms, 'week', startOfWeek);
			let cursor = Math.floor(ms / DAY) * DAY + DAY;
			while (intervalKey(cursor, 'week', startOfWeek) === key) cursor += DAY;
			return cursor;
		}
		case 'month':
			return Date.UTC(y, m + 1, 1);
		case 'quarter':
			return Date.UTC(y, Math.floor(m / 3) * 3 + 3, 1);
		case 'year':
			return Date.UTC(y + 1, 0, 1);
	}
}

export interface Bucket {
	key: string;
	/** Naive local milliseconds, inclusive. */
	start: number;
	end: number;
}

/** Every bucket touched by [after, before] (both inclusive, naive local ms, whole seconds). */
export function buckets(
	after: number,
	before: number,
	interval: Interval,
	startOfWeek: number,
): Bucket[] {
	const list: Bucket[] = [];
	let cursor = after;
	while (cursor <= before && list.length < 100_000) {
		const next = nextBucketStart(cursor, interval, startOfWeek);
		list.push({
			key: intervalKey(cursor, interval, startOfWeek),
			start: cursor,
			end: Math.min(next - 1000, before),
		});
		cursor = next;
	}
	return list;
}

/** SQL expression computing the same key from a TIMESTAMP column. */
export function intervalKeySql(column: string, interval: Interval, startOfWeek: number): string {
	switch (interval) {
		case 'hour':
			return `strftime(${column}, '%Y-%m-%d %H')`;
		case 'day':
			return `strftime(${column}, '%Y-%m-%d')`;
		case 'week':
			if (startOfWeek === 1) return `strftime(${column}, '%G-%V')`;
			return `(CAST(year(${column}) AS VARCHAR) || '-' || lpad(CAST(CAST(floor((dayofyear(${column}) + ((dayofweek(make_date(year(${column}), 1, 1)) - ${startOfWeek} + 7) % 7) - 1) / 7) AS INTEGER) + 1 AS VARCHAR), 2, '0'))`;
		case 'month':
			return `strftime(${column}, '%Y-%m')`;
		case 'quarter':
			return `(CAST(year(${column}) AS VARCHAR) || '-' || CAST(quarter(${column}) AS VARCHAR))`;
		case 'year':
			return `CAST(year(${column}) AS VARCHAR)`;
	}
}

/**
 * SQL expression giving the start of the bucket holding a TIMESTAMP column (cheaper to group by
 * than the key text); `bucketKeyOf` turns the returned value into the key.
 */
export function bucketStartSql(column: string, interval: Interval, startOfWeek: number): string {
	if (interval === 'week' && startOfWeek !== 1) {
		return `greatest(CAST(${column} AS DATE) - CAST((dayofweek(${column}) - ${startOfWeek} + 7) % 7 AS INTEGER), CAST(date_trunc('year', ${column}) AS DATE))`;
	}
	return `date_trunc('${interval}', ${column})`;
}

/** Key of a bucket start returned by `bucketStartSql` (`YYYY-MM-DD[ HH:MM:SS]` text). */
export function bucketKeyOf(start: string, interval: Interval, startOfWeek: number): string {
	const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}))?/.exec(start);
	if (!m) return start;
	return intervalKey(Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0)), interval, startOfWeek);
}
