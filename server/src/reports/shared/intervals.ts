/**
 * Interval buckets of a stats request (REST contract §2.2–2.3). Keys and bucket boundaries come
 * from @abacus/date (the same interval maths the client uses), adapted to the naive local
 * milliseconds the server computes with; the SQL expressions below make the database group rows
 * by exactly the same keys (tested against @abacus/date for every interval and week start).
 */
import { getIntervalBuckets, getIntervalKey, type IntervalType } from '@abacus/date';

import { formatSql } from '../../db/store-time.js';
import { DUCKDB } from '../../metrics/dialect.js';

export type Interval = IntervalType;

/** The key (`interval` field) of the bucket holding local time `ms` (naive local milliseconds). */
export function intervalKey(ms: number, interval: Interval, startOfWeek: number): string {
	return getIntervalKey(formatSql(ms), interval, startOfWeek);
}

export interface Bucket {
	key: string;
	/** Naive local milliseconds, inclusive. */
	start: number;
	end: number;
}

const naiveMs = (local: string): number => Date.parse(`${local.replace(' ', 'T')}Z`);

/** Every bucket touched by [after, before] (both inclusive, naive local ms, whole seconds). */
export function buckets(
	after: number,
	before: number,
	interval: Interval,
	startOfWeek: number,
): Bucket[] {
	return getIntervalBuckets(formatSql(after), formatSql(before), interval, startOfWeek).map(
		(b) => ({ key: b.key, start: naiveMs(b.start), end: naiveMs(b.end) }),
	);
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
 * DuckDB SQL giving the start of the bucket holding a TIMESTAMP column (cheaper to group by than
 * the key text; other engines: `metrics/dialect.ts`); `bucketKeyOf` turns the returned value into the key.
 */
export function bucketStartSql(column: string, interval: Interval, startOfWeek: number): string {
	return DUCKDB.bucketStart(column, interval, startOfWeek);
}

/** Keys of bucket starts already seen (a stats request meets the same starts in every source). */
const keyCache = new Map<string, string>();

/** Key of a bucket start returned by `bucketStartSql` (`YYYY-MM-DD[ HH:MM:SS]` text). */
export function bucketKeyOf(start: string, interval: Interval, startOfWeek: number): string {
	const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}))?/.exec(start);
	if (!m) return start;
	const local = `${m[1]}-${m[2]}-${m[3]} ${m[4] ?? '00'}:00:00`;
	const cacheKey = `${interval}|${startOfWeek}|${local}`;
	let key = keyCache.get(cacheKey);
	if (key === undefined) {
		key = getIntervalKey(local, interval, startOfWeek);
		if (keyCache.size >= 50_000) keyCache.clear();
		keyCache.set(cacheKey, key);
	}
	return key;
}
