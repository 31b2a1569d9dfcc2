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

const HOUR = 3_600_000;
const DAY = 86_400_000;

/*
 * The bucket maths below works on wall times as UTC milliseconds (the moment parseLocalDateTime
 * gives, as a number) with the Date object's UTC fields: the same results as moment's startOf,
 * add and format on UTC moments, without a moment per step (a year by day is 366 buckets).
 */

/** UTC milliseconds of a wall date (any year: Date.UTC would read 0-99 as 1900-1999). */
function utc(year: number, month: number, day: number): number {
	const date = new Date(0);
	date.setUTCFullYear(year, month, day);
	return date.getTime();
}

const dayStart = (ms: number): number => Math.floor(ms / DAY) * DAY;

const CANONICAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The wall time of `value` as UTC milliseconds: a date written as parseLocalDateTime reads it is
 * read without a moment; anything else (a moment, another spelling, an invalid date) goes through
 * parseLocalDateTime, which also says what is wrong.
 */
function wallMs(value: string | Moment): number {
	const m = typeof value === 'string' ? CANONICAL.exec(value.trim()) : null;
	if (m) {
		const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
		const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
		const date = utc(year, month - 1, day);
		if (
			month >= 1 &&
			month <= 12 &&
			day >= 1 &&
			new Date(date).getUTCDate() === day &&
			hour <= 23 &&
			minute <= 59 &&
			second <= 59
		) {
			return date + hour * HOUR + minute * 60_000 + second * 1000;
		}
	}
	return parseLocalDateTime(value).valueOf();
}

function pad(value: number, width = 2): string {
	return String(value).padStart(width, '0');
}

/** The year as moment's 'YYYY' writes it. */
function yearText(year: number): string {
	return year < 0 ? `-${pad(-year, 6)}` : year > 9999 ? `+${pad(year, 6)}` : pad(year, 4);
}

/** 'YYYY-MM-DD HH:mm:ss' of a wall time. */
function formatLocal(ms: number): string {
	const d = new Date(ms);
	return `${yearText(d.getUTCFullYear())}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** ISO-8601 week-numbering year and week of a wall time. */
function isoWeek(ms: number): { year: number; week: number } {
	const day = dayStart(ms);
	const weekday = (new Date(day).getUTCDay() + 6) % 7;
	const thursday = day + (3 - weekday) * DAY;
	const year = new Date(thursday).getUTCFullYear();
	return { year, week: Math.floor((thursday - utc(year, 0, 1)) / DAY / 7) + 1 };
}

/**
 * The "simple week number" used when the week does not start on Monday: week 01 is the (possibly
 * partial) week holding 1 January, a new week starts on each `startOfWeek` day.
 */
function simpleWeekNumber(ms: number, startOfWeek: number): number {
	const year = new Date(ms).getUTCFullYear();
	const first = utc(year, 0, 1);
	const dayOfYear = Math.floor((dayStart(ms) - first) / DAY) + 1;
	const offset = (new Date(first).getUTCDay() - startOfWeek + 7) % 7;
	return Math.floor((dayOfYear + offset - 1) / 7) + 1;
}

function keyOf(ms: number, interval: IntervalType, startOfWeek: number): string {
	const d = new Date(ms);
	const year = yearText(d.getUTCFullYear());
	switch (interval) {
		case 'hour':
			return `${year}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}`;
		case 'day':
			return `${year}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
		case 'week':
			if (startOfWeek === 1) {
				const iso = isoWeek(ms);
				return `${iso.year}-${pad(iso.week)}`;
			}
			return `${year}-${pad(simpleWeekNumber(ms, startOfWeek))}`;
		case 'month':
			return `${year}-${pad(d.getUTCMonth() + 1)}`;
		case 'quarter':
			return `${year}-${Math.floor(d.getUTCMonth() / 3) + 1}`;
		case 'year':
			return year;
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
	return keyOf(wallMs(localDateTime), interval, startOfWeek);
}

/** First instant of the bucket holding `ms`, for every interval but week. */
function startOf(ms: number, interval: Exclude<IntervalType, 'week'>): number {
	const d = new Date(ms);
	switch (interval) {
		case 'hour':
			return Math.floor(ms / HOUR) * HOUR;
		case 'day':
			return dayStart(ms);
		case 'month':
			return utc(d.getUTCFullYear(), d.getUTCMonth(), 1);
		case 'quarter':
			return utc(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1);
		case 'year':
			return utc(d.getUTCFullYear(), 0, 1);
	}
}

/** First instant of the bucket after the one holding `ms`. */
function nextBucketStart(ms: number, interval: IntervalType, startOfWeek: number): number {
	const d = new Date(ms);
	switch (interval) {
		case 'hour':
			return startOf(ms, 'hour') + HOUR;
		case 'day':
			return dayStart(ms) + DAY;
		case 'week': {
			const key = keyOf(ms, 'week', startOfWeek);
			let cursor = dayStart(ms) + DAY;
			// A week bucket lasts at most 7 days, so at most 7 steps are needed.
			while (keyOf(cursor, 'week', startOfWeek) === key) {
				cursor += DAY;
			}
			return cursor;
		}
		case 'month':
			return utc(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
		case 'quarter':
			return utc(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3 + 3, 1);
		case 'year':
			return utc(d.getUTCFullYear() + 1, 0, 1);
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
	const wall = wallMs(localDateTime);
	if (interval !== 'week') {
		return formatLocal(startOf(wall, interval));
	}
	const key = keyOf(wall, 'week', startOfWeek);
	let cursor = dayStart(wall);
	while (keyOf(cursor - DAY, 'week', startOfWeek) === key) {
		cursor -= DAY;
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
	const start = wallMs(after);
	const end = wallMs(before);
	if (end < start) {
		return 0;
	}
	const a = new Date(start);
	const b = new Date(end);
	switch (interval) {
		case 'hour':
			return (startOf(end, 'hour') - startOf(start, 'hour')) / HOUR + 1;
		case 'day':
			return (dayStart(end) - dayStart(start)) / DAY + 1;
		case 'month':
			return (
				12 * (b.getUTCFullYear() - a.getUTCFullYear()) +
				b.getUTCMonth() -
				a.getUTCMonth() +
				1
			);
		case 'quarter':
			return (
				4 * (b.getUTCFullYear() - a.getUTCFullYear()) +
				Math.floor(b.getUTCMonth() / 3) -
				Math.floor(a.getUTCMonth() / 3) +
				1
			);
		case 'year':
			return b.getUTCFullYear() - a.getUTCFullYear() + 1;
		case 'week': {
			let count = 1;
			let cursor = nextBucketStart(start, 'week', startOfWeek);
			while (cursor <= end) {
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
	const start = wallMs(after);
	const end = wallMs(before);
	const buckets: IntervalBucket[] = [];
	let cursor = start;
	while (cursor <= end) {
		const next = nextBucketStart(cursor, interval, startOfWeek);
		const lastSecond = next - 1000;
		buckets.push({
			key: keyOf(cursor, interval, startOfWeek),
			start: formatLocal(cursor),
			end: formatLocal(lastSecond > end ? end : lastSecond),
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
