/**
 * Interval keys and interval boundaries of stats requests (REST contract, sections 2.2 and 2.3).
 *
 * Everything here works on store-local wall time ("YYYY-MM-DD HH:mm:ss" without an offset). The
 * maths is done on UTC moments that stand for those wall times, so that daylight-saving changes of
 * the store time zone never shift a bucket: a local day is always 00:00:00 to 23:59:59.
 */
import moment, { type Moment } from 'moment-timezone';

/** The interval types a stats request can group by. */
export type IntervalType = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

/** One bucket of a stats request: its key and local start and end (inclusive). */
export interface IntervalBucket {
	/** Interval identifier, e.g. '2021-48' for a week, '2021-12-01' for a day. */
	key: string;
	/** Local start, 'YYYY-MM-DD HH:mm:ss' (the first bucket starts exactly at `after`). */
	start: string;
	/** Local end, 'YYYY-MM-DD HH:mm:ss' (the last bucket ends exactly at `before`). */
	end: string;
}

/** A store-local date time as stored in the database: 'YYYY-MM-DD HH:mm:ss'. */
export const localDateTimeFormat = 'YYYY-MM-DD HH:mm:ss';

export const intervalTypes: readonly IntervalType[] = [
	'hour',
	'day',
	'week',
	'month',
	'quarter',
	'year',
];

const inputFormats = [
	'YYYY-MM-DD HH:mm:ss',
	'YYYY-MM-DDTHH:mm:ss',
	'YYYY-MM-DD HH:mm',
	'YYYY-MM-DDTHH:mm',
	'YYYY-MM-DD',
];

/** Whether a value is one of the interval types. */
export function isIntervalType(value: unknown): value is IntervalType {
	return typeof value === 'string' && (intervalTypes as readonly string[]).includes(value);
}

function assertIntervalType(interval: string): asserts interval is IntervalType {
	if (!isIntervalType(interval)) {
		throw new Error(
			`Unknown interval "${interval}": expected one of ${intervalTypes.join(', ')}.`,
		);
	}
}

function assertStartOfWeek(startOfWeek: number): void {
	if (!Number.isInteger(startOfWeek) || startOfWeek < 0 || startOfWeek > 6) {
		throw new Error(
			`Invalid start of week "${String(startOfWeek)}": expected an integer from 0 (Sunday) to 6 (Saturday).`,
		);
	}
}

/**
 * Reads a store-local wall time. Strings are parsed strictly ('YYYY-MM-DD HH:mm:ss', with 'T' or
 * a space, seconds or minutes optional, or a bare date); a moment keeps its own wall-clock fields.
 * The result is a UTC moment whose fields are that wall time.
 */
export function parseLocalDateTime(value: string | Moment): Moment {
	if (moment.isMoment(value)) {
		if (!value.isValid()) {
			throw new Error('Invalid date: the moment passed is not valid.');
		}
		return moment.utc(value.format('YYYY-MM-DDTHH:mm:ss'), 'YYYY-MM-DDTHH:mm:ss', true);
	}
	if (typeof value !== 'string') {
		throw new Error('Invalid date: expected a string "YYYY-MM-DD HH:mm:ss" or a moment.');
	}
	const parsed = moment.utc(value.trim(), inputFormats, true);
	if (!parsed.isValid()) {
		throw new Error(
			`Invalid date "${value}": expected "YYYY-MM-DD HH:mm:ss" (store local time).`,
		);
	}
	return parsed;
}

/** Formats a wall-time moment as 'YYYY-MM-DD HH:mm:ss'. */
function formatLocal(wall: Moment): string {
	return wall.format(localDateTimeFormat);
}

/**
 * The "simple week number" used when the week does not start on Monday: week 01 is the (possibly
 * partial) week holding 1 January, a new week starts on each `startOfWeek` day.
 */
function simpleWeekNumber(wall: Moment, startOfWeek: number): number {
	const dayOfYear = wall.dayOfYear();
	const firstWeekday = wall.clone().startOf('year').day();
	const offset = (firstWeekday - startOfWeek + 7) % 7;
	return Math.floor((dayOfYear + offset - 1) / 7) + 1;
}

function pad2(value: number): string {
	return String(value).padStart(2, '0');
}

function keyOf(wall: Moment, interval: IntervalType, startOfWeek: number): string {
	switch (interval) {
		case 'hour':
			return wall.format('YYYY-MM-DD HH');
		case 'day':
			return wall.format('YYYY-MM-DD');
		case 'week':
			if (startOfWeek === 1) {
				return `${wall.isoWeekYear()}-${pad2(wall.isoWeek())}`;
			}
			return `${wall.format('YYYY')}-${pad2(simpleWeekNumber(wall, startOfWeek))}`;
		case 'month':
			return wall.format('YYYY-MM');
		case 'quarter':
			return `${wall.format('YYYY')}-${wall.quarter()}`;
		case 'year':
			return wall.format('YYYY');
	}
}

/**
 * The interval key ("time_interval") of a store-local date time.
 *
 * @param localDateTime 'YYYY-MM-DD HH:mm:ss' (store local) or a moment (its wall-clock fields).
 * @param interval      hour, day, week, month, quarter or year.
 * @param startOfWeek   0 = Sunday ... 6 = Saturday; 1 (default) gives ISO-8601 weeks 'GGGG-WW'.
 */
export function getIntervalKey(
	localDateTime: string | Moment,
	interval: IntervalType,
	startOfWeek = 1,
): string {
	assertIntervalType(interval);
	assertStartOfWeek(startOfWeek);
	return keyOf(parseLocalDateTime(localDateTime), interval, startOfWeek);
}

/** First instant of the bucket after the one holding `wall`. */
function nextBucketStart(wall: Moment, interval: IntervalType, startOfWeek: number): Moment {
	switch (interval) {
		case 'hour':
			return wall.clone().startOf('hour').add(1, 'hour');
		case 'day':
			return wall.clone().startOf('day').add(1, 'day');
		case 'week': {
			const key = keyOf(wall, 'week', startOfWeek);
			const cursor = wall.clone().startOf('day').add(1, 'day');
			// A week bucket lasts at most 7 days, so at most 7 steps are needed.
			while (keyOf(cursor, 'week', startOfWeek) === key) {
				cursor.add(1, 'day');
			}
			return cursor;
		}
		case 'month':
			return wall.clone().startOf('month').add(1, 'month');
		case 'quarter':
			return wall.clone().startOf('quarter').add(1, 'quarter');
		case 'year':
			return wall.clone().startOf('year').add(1, 'year');
	}
}

/**
 * The local start of the bucket holding a date time ('YYYY-MM-DD HH:mm:ss'). Week buckets start on
 * the `startOfWeek` day; with a week start other than Monday they are also split at 1 January.
 */
export function getIntervalStart(
	localDateTime: string | Moment,
	interval: IntervalType,
	startOfWeek = 1,
): string {
	assertIntervalType(interval);
	assertStartOfWeek(startOfWeek);
	const wall = parseLocalDateTime(localDateTime);
	if (interval !== 'week') {
		return formatLocal(wall.clone().startOf(interval));
	}
	const key = keyOf(wall, 'week', startOfWeek);
	const cursor = wall.clone().startOf('day');
	while (keyOf(cursor.clone().subtract(1, 'day'), 'week', startOfWeek) === key) {
		cursor.subtract(1, 'day');
	}
	return formatLocal(cursor);
}

/**
 * The number of buckets of `interval` touched by [after, before] (REST contract 2.3 step 1).
 * Returns 0 when `before` is earlier than `after`.
 */
export function getIntervalCount(
	after: string | Moment,
	before: string | Moment,
	interval: IntervalType,
	startOfWeek = 1,
): number {
	assertIntervalType(interval);
	assertStartOfWeek(startOfWeek);
	const start = parseLocalDateTime(after);
	const end = parseLocalDateTime(before);
	if (end.isBefore(start)) {
		return 0;
	}
	switch (interval) {
		case 'hour':
		case 'day':
			return (
				end.clone().startOf(interval).diff(start.clone().startOf(interval), interval) + 1
			);
		case 'month':
			return 12 * (end.year() - start.year()) + end.month() - start.month() + 1;
		case 'quarter':
			return 4 * (end.year() - start.year()) + end.quarter() - start.quarter() + 1;
		case 'year':
			return end.year() - start.year() + 1;
		case 'week': {
			let count = 1;
			let cursor = nextBucketStart(start, 'week', startOfWeek);
			while (!cursor.isAfter(end)) {
				count++;
				cursor = nextBucketStart(cursor, 'week', startOfWeek);
			}
			return count;
		}
	}
}

/**
 * The buckets of a stats request (REST contract 2.3 steps 1-2), oldest first. The first bucket
 * starts exactly at `after`, later ones at their bucket start; each ends one second before the
 * next bucket start, the last one exactly at `before`. Empty when `before` is earlier than `after`.
 *
 * @example getIntervalBuckets('2021-11-30 00:00:00', '2021-12-12 23:59:59', 'week', 1)
 * // [{key: '2021-48', start: '2021-11-30 00:00:00', end: '2021-12-05 23:59:59'},
 * //  {key: '2021-49', start: '2021-12-06 00:00:00', end: '2021-12-12 23:59:59'}]
 */
export function getIntervalBuckets(
	after: string | Moment,
	before: string | Moment,
	interval: IntervalType,
	startOfWeek = 1,
): IntervalBucket[] {
	assertIntervalType(interval);
	assertStartOfWeek(startOfWeek);
	const start = parseLocalDateTime(after);
	const end = parseLocalDateTime(before);
	const buckets: IntervalBucket[] = [];
	let cursor = start;
	while (!cursor.isAfter(end)) {
		const next = nextBucketStart(cursor, interval, startOfWeek);
		const lastSecond = next.clone().subtract(1, 'second');
		buckets.push({
			key: keyOf(cursor, interval, startOfWeek),
			start: formatLocal(cursor),
			end: formatLocal(lastSecond.isAfter(end) ? end : lastSecond),
		});
		cursor = next;
	}
	return buckets;
}

/**
 * Orders the intervals of a stats answer as the REST contract does (REST 2.3): by `orderby` —
 * `'date'` (each interval's start) or a figure — in `order`; intervals with equal figures keep
 * date order, oldest first, whatever `order` is. `startOf` gives an interval's start (store-local
 * text `'YYYY-MM-DD HH:mm:ss'` or naive milliseconds), `valueOf` one of its figures (0 when
 * absent). A new array; the server's stats query and the report tables both order this way.
 *
 * @example sortIntervals(rows, 'net_revenue', 'desc', (r) => r.date_start, (r, k) => r.subtotals[k])
 */
export function sortIntervals<T>(
	intervals: readonly T[],
	orderby: string,
	order: string,
	startOf: (interval: T) => string | number,
	valueOf: (interval: T, key: string) => number,
): T[] {
	const dir = order === 'asc' ? 1 : -1;
	const byDate = (a: T, b: T): number => {
		const x = startOf(a);
		const y = startOf(b);
		return x < y ? -1 : x > y ? 1 : 0;
	};
	return [...intervals].sort((a, b) => {
		if (orderby !== 'date') {
			const difference = valueOf(a, orderby) - valueOf(b, orderby);
			return difference !== 0 ? difference * dir : byDate(a, b);
		}
		return byDate(a, b) * dir;
	});
}

/**
 * Page `page` (from 1) of `perPage` intervals: an empty list past the last page. A page or size
 * that is not a positive integer is read as page 1 / `defaultPerPage`.
 *
 * @example pageOfIntervals(sorted, 2, 25) // the 26th to 50th
 */
export function pageOfIntervals<T>(
	intervals: readonly T[],
	page: number,
	perPage: number,
	defaultPerPage = 25,
): T[] {
	const size = Number.isInteger(perPage) && perPage > 0 ? perPage : defaultPerPage;
	const from = Number.isInteger(page) && page > 0 ? page : 1;
	return intervals.slice((from - 1) * size, from * size);
}
