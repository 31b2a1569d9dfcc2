/**
 * Date ranges of reports: presets, compare periods, labels, allowed intervals and chart formats.
 */
import moment, { type Moment, type unitOfTime } from 'moment-timezone';

import { __, sprintf } from '@wordpress/i18n';

import {
	dateValidationMessages,
	dayTicksThreshold,
	defaultDateRange as storeDefaultDateRange,
	defaultDateTimeFormat,
	isComparePeriod,
	isoDateFormat,
	isPresetPeriod,
	periods,
	presetValues,
	rangeLabelFormat,
	weekTicksThreshold,
	type ComparePeriod,
	type PresetPeriod,
} from './constants.js';
import type { IntervalType } from './intervals.js';
import { getStartOfWeek, getStoreTimeZone } from './store-settings.js';

/** Units a period can be measured in. */
export type PeriodUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** A query string object, as parsed from the address (values may be strings, arrays or objects). */
export type DateQuery = Readonly<Record<string, unknown>>;

/** Start and end of a primary range and of its comparison range. */
export interface PeriodDates {
	primaryStart: Moment;
	primaryEnd: Moment;
	secondaryStart: Moment;
	secondaryEnd: Moment;
}

export interface DateParams {
	period: PresetPeriod;
	compare: ComparePeriod;
	after: Moment | null;
	before: Moment | null;
}

export interface DateRange {
	/** Preset or compare period label, e.g. 'Month to Date', 'Previous Year'. */
	label: string;
	/** Human-readable range, e.g. 'Apr 1 - 15, 2018'. */
	range: string;
	after: Moment;
	before: Moment;
}

export interface CurrentDates {
	primary: DateRange;
	secondary: DateRange;
}

export type ChartType = 'line' | 'bar';

export interface DateFormats {
	screenReaderFormat: string;
	tooltipLabelFormat: string;
	xFormat: string;
	x2Format: string;
	tableFormat: string;
}

export type TimeOfDay = 'start' | 'now' | 'end';

export interface DateValidationResult {
	date: Moment | null;
	error?: string;
}

const rollingPresetDays: Partial<Record<PresetPeriod, number>> = {
	last_7_days: 7,
	last_30_days: 30,
	last_90_days: 90,
	last_365_days: 365,
};

const presetUnits: Partial<Record<PresetPeriod, PeriodUnit>> = {
	today: 'day',
	yesterday: 'day',
	week: 'week',
	last_week: 'week',
	month: 'month',
	last_month: 'month',
	quarter: 'quarter',
	last_quarter: 'quarter',
	year: 'year',
	last_year: 'year',
};

const presetIntervals: Partial<Record<PresetPeriod, IntervalType[]>> = {
	today: ['hour', 'day'],
	yesterday: ['hour', 'day'],
	week: ['day'],
	last_week: ['day'],
	last_7_days: ['day'],
	month: ['day', 'week'],
	last_month: ['day', 'week'],
	last_30_days: ['day', 'week'],
	quarter: ['day', 'week', 'month'],
	last_quarter: ['day', 'week', 'month'],
	last_90_days: ['day', 'week', 'month'],
	year: ['day', 'week', 'month', 'quarter'],
	last_year: ['day', 'week', 'month', 'quarter'],
	last_365_days: ['day', 'week', 'month', 'quarter'],
};

/** A tiny bounded cache: identical inputs give the identical object. */
function createCache<T>(limit = 50): { get(key: string, create: () => T): T } {
	const entries = new Map<string, T>();
	return {
		get(key, create) {
			const found = entries.get(key);
			if (found !== undefined) {
				return found;
			}
			const value = create();
			if (entries.size >= limit) {
				const oldest = entries.keys().next().value;
				if (oldest !== undefined) {
					entries.delete(oldest);
				}
			}
			entries.set(key, value);
			return value;
		},
	};
}

function asString(value: unknown): string | undefined {
	return typeof value === 'string' ? value : undefined;
}

/** Turns a WordPress gmt_offset style value ('+5.75', '-11') into '+05:45' / '-11:00'. */
function normaliseOffset(timeZone: string): string {
	const hours = /^([+-])(\d{1,2}(?:\.\d+)?)$/.exec(timeZone);
	if (!hours) {
		return timeZone;
	}
	const total = Math.round(Number(hours[2]) * 60);
	const hh = String(Math.floor(total / 60)).padStart(2, '0');
	const mm = String(total % 60).padStart(2, '0');
	return `${hours[1]}${hh}:${mm}`;
}

/**
 * The current moment in the store's time zone (setting `timeZone`): an IANA name uses
 * moment-timezone (daylight-saving aware), an offset such as '+05:45' a fixed offset; without a
 * (known) time zone, the browser's local time.
 */
export function getStoreTimeZoneMoment(): Moment {
	const timeZone = getStoreTimeZone();
	if (!timeZone) {
		return moment();
	}
	if (timeZone.startsWith('+') || timeZone.startsWith('-')) {
		return moment().utcOffset(normaliseOffset(timeZone));
	}
	if (!moment.tz.zone(timeZone)) {
		return moment();
	}
	return moment().tz(timeZone);
}

/** Parses a calendar date (or date time) of the query as a moment in the store's time zone. */
function parseInStoreZone(value: unknown): Moment | null {
	const text = asString(value)?.trim();
	if (!text) {
		return null;
	}
	const formats = [isoDateFormat, defaultDateTimeFormat];
	const timeZone = getStoreTimeZone();
	let parsed: Moment;
	if (timeZone.startsWith('+') || timeZone.startsWith('-')) {
		parsed = moment.utc(text, formats, true).utcOffset(normaliseOffset(timeZone), true);
	} else if (timeZone && moment.tz.zone(timeZone)) {
		parsed = moment.tz(text, formats, true, timeZone);
	} else {
		parsed = moment(text, formats, true);
	}
	return parsed.isValid() ? parsed : null;
}

/** Start of the period holding `date`; weeks start on the store's `startOfWeek` day. */
function startOfUnit(date: Moment, unit: PeriodUnit, startOfWeek: number): Moment {
	if (unit === 'week') {
		const day = date.clone().startOf('day');
		return day.subtract((day.day() - startOfWeek + 7) % 7, 'days');
	}
	return date.clone().startOf(unit);
}

function endOfUnit(date: Moment, unit: PeriodUnit, startOfWeek: number): Moment {
	return startOfUnit(date, unit, startOfWeek).add(1, unit).subtract(1, 'millisecond');
}

/**
 * The period to date: from the start of the current `period` (store time) until now, and its
 * comparison (previous_period: both ends one unit back; previous_year: the same number of days
 * from the same start one year back).
 */
export function getCurrentPeriod(period: PeriodUnit, compare: ComparePeriod): PeriodDates {
	const startOfWeek = getStartOfWeek();
	const now = getStoreTimeZoneMoment();
	const primaryStart = startOfUnit(now, period, startOfWeek);
	const primaryEnd = now.clone();
	if (compare === 'previous_period') {
		return {
			primaryStart,
			primaryEnd,
			secondaryStart: primaryStart.clone().subtract(1, period),
			secondaryEnd: primaryEnd.clone().subtract(1, period),
		};
	}
	const daysSoFar = primaryEnd.diff(primaryStart, 'days');
	const secondaryStart = primaryStart.clone().subtract(1, 'years');
	return {
		primaryStart,
		primaryEnd,
		secondaryStart,
		secondaryEnd: secondaryStart
			.clone()
			.add(daysSoFar + 1, 'days')
			.subtract(1, 'seconds'),
	};
}

/**
 * The whole previous `period` (store time) and its comparison (previous_period: the year before
 * for years, otherwise as many days immediately before; previous_year: one year back, a month
 * ending on its own last day).
 */
export function getLastPeriod(period: PeriodUnit, compare: ComparePeriod): PeriodDates {
	const startOfWeek = getStartOfWeek();
	const now = getStoreTimeZoneMoment();
	const primaryStart = startOfUnit(now, period, startOfWeek).subtract(1, period);
	const primaryEnd = endOfUnit(primaryStart, period, startOfWeek);
	if (compare === 'previous_period') {
		if (period === 'year') {
			const secondaryStart = primaryStart.clone().subtract(1, 'years');
			return {
				primaryStart,
				primaryEnd,
				secondaryStart,
				secondaryEnd: secondaryStart.clone().endOf('year'),
			};
		}
		const days = primaryEnd.diff(primaryStart, 'days');
		const secondaryEnd = primaryStart.clone().subtract(1, 'days').endOf('day');
		return {
			primaryStart,
			primaryEnd,
			secondaryStart: secondaryEnd.clone().subtract(days, 'days').startOf('day'),
			secondaryEnd,
		};
	}
	const secondaryStart = primaryStart.clone().subtract(1, 'years');
	const secondaryEnd =
		period === 'month'
			? secondaryStart.clone().endOf('month')
			: primaryEnd.clone().subtract(1, 'years');
	return { primaryStart, primaryEnd, secondaryStart, secondaryEnd };
}

/**
 * The last `days` days up to now, today included (store time), and its comparison
 * (previous_period: the `days` days before; previous_year: both ends one year back).
 */
export function getRollingPeriod(days: number, compare: ComparePeriod): PeriodDates {
	if (!Number.isInteger(days) || days < 1) {
		throw new Error(`Invalid number of days "${String(days)}": expected a positive integer.`);
	}
	const now = getStoreTimeZoneMoment();
	const primaryStart = now
		.clone()
		.startOf('day')
		.subtract(days - 1, 'days');
	const primaryEnd = now.clone();
	if (compare === 'previous_period') {
		return {
			primaryStart,
			primaryEnd,
			secondaryStart: primaryStart.clone().subtract(days, 'days'),
			secondaryEnd: primaryStart.clone().subtract(1, 'days').endOf('day'),
		};
	}
	return {
		primaryStart,
		primaryEnd,
		secondaryStart: primaryStart.clone().subtract(1, 'years'),
		secondaryEnd: primaryEnd.clone().subtract(1, 'years'),
	};
}

/**
 * The label of a range: 'Apr 1, 2018' (one day), 'Apr 1 - 15, 2018' (same month),
 * 'Apr 1 - May 15, 2018' (same year), 'Apr 1, 2017 - May 15, 2018' otherwise.
 */
export function getRangeLabel(after: Moment, before: Moment): string {
	const sameYear = after.year() === before.year();
	const sameMonth = sameYear && after.month() === before.month();
	const sameDay = sameMonth && after.date() === before.date();
	if (sameDay) {
		return after.format(rangeLabelFormat);
	}
	if (sameMonth) {
		return `${after.format('MMM D')} - ${before.format('D, YYYY')}`;
	}
	if (sameYear) {
		return `${after.format('MMM D')} - ${before.format(rangeLabelFormat)}`;
	}
	return `${after.format(rangeLabelFormat)} - ${before.format(rangeLabelFormat)}`;
}

/** The store's default range setting (a query string: `period=month&compare=previous_year`). */
function readDefaultRange(defaultDateRange: string): DateParams {
	const parsed = new URLSearchParams(String(defaultDateRange).replace(/&amp;/g, '&'));
	const period = parsed.get('period');
	const compare = parsed.get('compare');
	return {
		period: isPresetPeriod(period) ? period : 'month',
		compare: isComparePeriod(compare) ? compare : 'previous_year',
		after: parseInStoreZone(parsed.get('after')),
		before: parseInStoreZone(parsed.get('before')),
	};
}

const dateParamsCache = createCache<DateParams>();

/** A cache key of a query's date parameters, its default range, the store's zone and `extra`. */
function dateQueryKey(
	query: DateQuery | null | undefined,
	defaultDateRange: string,
	...extra: unknown[]
): string {
	const { period, compare, after, before } = query ?? {};
	return JSON.stringify([
		asString(period),
		asString(compare),
		asString(after),
		asString(before),
		defaultDateRange,
		getStoreTimeZone(),
		...extra,
	]);
}

/**
 * The period, compare and custom dates of a query. A query with both a known `period` and
 * `compare` is used as is (its after/before parsed, null when missing or invalid); otherwise all
 * four come from `defaultDateRange` (default 'period=month&compare=previous_year'; '&amp;' is
 * tolerated). Memoised: identical inputs give the identical object.
 */
export function getDateParamsFromQuery(
	query: DateQuery = {},
	defaultDateRange: string = storeDefaultDateRange,
): DateParams {
	const { period, compare, after, before } = query ?? {};
	return dateParamsCache.get(dateQueryKey(query, defaultDateRange), () => {
		if (isPresetPeriod(period) && isComparePeriod(compare)) {
			return {
				period,
				compare,
				after: parseInStoreZone(after),
				before: parseInStoreZone(before),
			};
		}
		return readDefaultRange(defaultDateRange);
	});
}

/**
 * Whether params describe a usable range: a preset, or a custom range with both dates and its
 * start not after its end (SPEC: "Start date must be before end date"; a reversed range is
 * invalid, never swapped).
 */
function isUsableRange(params: DateParams): boolean {
	if (params.period !== 'custom') return true;
	return !!params.after && !!params.before && !params.after.isAfter(params.before);
}

/**
 * Resolves a custom range without both dates, or whose start is after its end, to the default
 * range (then to month to date).
 */
function resolveDateParams(query: DateQuery, defaultDateRange: string): DateParams {
	const params = getDateParamsFromQuery(query, defaultDateRange);
	if (isUsableRange(params)) {
		return params;
	}
	const fallback = readDefaultRange(defaultDateRange);
	if (isUsableRange(fallback)) {
		return fallback;
	}
	return { period: 'month', compare: fallback.compare, after: null, before: null };
}

function getPeriodDates(params: DateParams): PeriodDates {
	const { period, compare } = params;
	if (period === 'custom' && params.after && params.before) {
		const primaryStart = params.after.clone().startOf('day');
		const primaryEnd = params.before.clone().endOf('day');
		if (compare === 'previous_period') {
			const days = primaryEnd.diff(primaryStart, 'days');
			const secondaryEnd = primaryStart.clone().subtract(1, 'days').endOf('day');
			return {
				primaryStart,
				primaryEnd,
				secondaryStart: secondaryEnd.clone().subtract(days, 'days').startOf('day'),
				secondaryEnd,
			};
		}
		return {
			primaryStart,
			primaryEnd,
			secondaryStart: primaryStart.clone().subtract(1, 'years'),
			secondaryEnd: primaryEnd.clone().subtract(1, 'years'),
		};
	}
	const rollingDays = rollingPresetDays[period];
	if (rollingDays) {
		return getRollingPeriod(rollingDays, compare);
	}
	const unit = presetUnits[period] ?? 'month';
	if (
		period === 'today' ||
		period === 'week' ||
		period === 'month' ||
		period === 'quarter' ||
		period === 'year'
	) {
		return getCurrentPeriod(unit, compare);
	}
	return getLastPeriod(unit, compare);
}

const currentDatesCache = createCache<CurrentDates>();

/**
 * The primary and secondary (comparison) ranges of a query, each with its label, range text and
 * after/before moments. Memoised per store day: identical inputs give the identical object.
 */
export function getCurrentDates(
	query: DateQuery = {},
	defaultDateRange: string = storeDefaultDateRange,
): CurrentDates {
	const recentKey = dateQueryKey(query, defaultDateRange, getStartOfWeek());
	const second = Math.floor(Date.now() / 1000);
	if (recentDates.second !== second) recentDates = { second, byKey: new Map() };
	const recent = recentDates.byKey.get(recentKey);
	if (recent) return recent;
	const dates = currentDates(query ?? {}, defaultDateRange);
	if (recentDates.byKey.size >= 50) recentDates.byKey.clear();
	recentDates.byKey.set(recentKey, dates);
	return dates;
}

/**
 * The dates of the queries asked within the current second: a report page's selectors ask the
 * same query's dates dozens of times while it loads, and reading the query and the store's day
 * again (in its time zone) cost more than the answer. Within one second the store's day is the
 * same, but for the second that crosses midnight.
 */
let recentDates: { second: number; byKey: Map<string, CurrentDates> } = {
	second: -1,
	byKey: new Map(),
};

function currentDates(query: DateQuery, defaultDateRange: string): CurrentDates {
	const params = resolveDateParams(query, defaultDateRange);
	const key = JSON.stringify([
		params.period,
		params.compare,
		params.after?.format(defaultDateTimeFormat) ?? null,
		params.before?.format(defaultDateTimeFormat) ?? null,
		getStoreTimeZone(),
		getStartOfWeek(),
		getStoreTimeZoneMoment().format(isoDateFormat),
	]);
	return currentDatesCache.get(key, () => {
		const dates = getPeriodDates(params);
		const primaryLabel = presetValues.find((item) => item.value === params.period)?.label ?? '';
		const secondaryLabel = periods.find((item) => item.value === params.compare)?.label ?? '';
		return {
			primary: {
				label: primaryLabel,
				range: getRangeLabel(dates.primaryStart, dates.primaryEnd),
				after: dates.primaryStart,
				before: dates.primaryEnd,
			},
			secondary: {
				label: secondaryLabel,
				range: getRangeLabel(dates.secondaryStart, dates.secondaryEnd),
				after: dates.secondaryStart,
				before: dates.secondaryEnd,
			},
		};
	});
}

/** Whole days from `date2` to `date` (moment diff): '2018-08-22' vs '2018-05-22' → 92. */
export function getDateDifferenceInDays(date: string | Moment, date2: string | Moment): number {
	return moment(date).diff(moment(date2), 'days');
}

/**
 * The date of the comparison series matching `date`: previous_year → one year earlier; otherwise
 * earlier by the distance from `date2` to `date1` measured in `interval` units.
 */
export function getPreviousDate(
	date: string | Moment,
	date1: string | Moment,
	date2: string | Moment,
	compare: ComparePeriod,
	interval: unitOfTime.Base,
): Moment {
	const current = moment(date);
	if (compare === 'previous_year') {
		return current.clone().subtract(1, 'years');
	}
	const difference = moment(date1).diff(moment(date2), interval);
	return current.clone().subtract(difference, interval);
}

function intervalsForDays(days: number): IntervalType[] {
	if (days >= 365) {
		return ['day', 'week', 'month', 'quarter', 'year'];
	}
	if (days >= 90) {
		return ['day', 'week', 'month', 'quarter'];
	}
	if (days >= 28) {
		return ['day', 'week', 'month'];
	}
	if (days >= 7) {
		return ['day', 'week'];
	}
	if (days > 1) {
		return ['day'];
	}
	return ['hour', 'day'];
}

/**
 * The intervals a chart may use for a query. Presets: today/yesterday → hour, day; week → day;
 * month → day, week; quarter → day, week, month; year → day … quarter (rolling presets like the
 * preset of the same length). Custom ranges by length in days: ≥365 → day … year, ≥90 → up to
 * quarter, ≥28 → up to month, ≥7 → day, week, 2–6 → day, else hour, day. An unknown period → day.
 * Without a period the default date range decides.
 */
export function getAllowedIntervalsForQuery(
	query: DateQuery = {},
	defaultDateRange: string = storeDefaultDateRange,
): IntervalType[] {
	const safeQuery = query ?? {};
	const period =
		typeof safeQuery.period === 'string'
			? safeQuery.period
			: resolveDateParams(safeQuery, defaultDateRange).period;
	if (period === 'custom') {
		const after = parseInStoreZone(safeQuery.after);
		const before = parseInStoreZone(safeQuery.before);
		if (after && before) {
			return intervalsForDays(Math.abs(before.diff(after, 'days')));
		}
		const { primary } = getCurrentDates(safeQuery, defaultDateRange);
		return intervalsForDays(primary.before.diff(primary.after, 'days'));
	}
	return isPresetPeriod(period) ? [...(presetIntervals[period] ?? ['day'])] : ['day'];
}

/** The query's `interval` when allowed for it, else the first allowed interval. */
export function getIntervalForQuery(
	query: DateQuery = {},
	defaultDateRange: string = storeDefaultDateRange,
): IntervalType {
	const allowed = getAllowedIntervalsForQuery(query, defaultDateRange);
	const requested = query?.interval;
	const match = allowed.find((interval) => interval === requested);
	return match ?? allowed[0] ?? 'day';
}

/** 'bar' when the query asks for it, otherwise 'line'. */
export function getChartTypeForQuery(query: DateQuery = {}): ChartType {
	return query?.chartType === 'bar' ? 'bar' : 'line';
}

/**
 * d3-time-format strings (and a PHP-style table format) for an interval. `ticks` is the number of
 * dates on the axis: many days or weeks switch the axis to months.
 */
export function getDateFormatsForInterval(interval: string, ticks = 0): DateFormats {
	const formats: DateFormats = {
		screenReaderFormat: '%B %-d, %Y',
		tooltipLabelFormat: '%B %-d, %Y',
		xFormat: '%Y-%m-%d',
		x2Format: '%b %Y',
		tableFormat: 'm/d/Y',
	};
	switch (interval) {
		case 'hour':
			formats.screenReaderFormat = '%_I%p %B %-d, %Y';
			formats.tooltipLabelFormat = '%_I%p %b %-d, %Y';
			formats.xFormat = '%_I%p';
			formats.x2Format = '%b %-d, %Y';
			formats.tableFormat = 'h A';
			break;
		case 'day':
			if (ticks < dayTicksThreshold) {
				formats.xFormat = '%-d';
			} else {
				formats.xFormat = '%b';
				formats.x2Format = '%Y';
			}
			break;
		case 'week':
			if (ticks < weekTicksThreshold) {
				formats.xFormat = '%-d';
				formats.x2Format = '%b %Y';
			} else {
				formats.xFormat = '%b';
				formats.x2Format = '%Y';
			}
			/* translators: %B %-d, %Y is a d3 date format of the first day of a week. */
			formats.screenReaderFormat = __('Week of %B %-d, %Y', 'abacus');
			/* translators: %B %-d, %Y is a d3 date format of the first day of a week. */
			formats.tooltipLabelFormat = __('Week of %B %-d, %Y', 'abacus');
			break;
		case 'month':
		case 'quarter':
			formats.screenReaderFormat = '%B %Y';
			formats.tooltipLabelFormat = '%B %Y';
			formats.xFormat = '%b';
			formats.x2Format = '%Y';
			break;
		case 'year':
			formats.screenReaderFormat = '%Y';
			formats.tooltipLabelFormat = '%Y';
			formats.xFormat = '%Y';
			break;
	}
	return formats;
}

/**
 * Formats a moment as 'YYYY-MM-DDTHH:mm:ss': 'start' → 00:00:00 of its day, 'end' → 23:59:59 of
 * its day, 'now' → its time with zero seconds. The moment passed is left unchanged (it may be a
 * memoised range end). Any other `timeOfDay` throws.
 */
export function appendTimestamp(date: Moment, timeOfDay: TimeOfDay): string {
	if (!moment.isMoment(date)) {
		throw new Error('appendTimestamp: expected a moment as the first argument.');
	}
	switch (timeOfDay) {
		case 'start':
			return date.clone().startOf('day').format(defaultDateTimeFormat);
		case 'end':
			return date.clone().endOf('day').format(defaultDateTimeFormat);
		case 'now':
			return date.format('YYYY-MM-DDTHH:mm:00');
		default:
			throw new Error(
				`appendTimestamp: timeOfDay must be "start", "now" or "end", got "${String(timeOfDay)}".`,
			);
	}
}

/**
 * A moment from a date string parsed strictly as ISO 'YYYY-MM-DD' or `format` (null when
 * invalid); a moment is passed through when valid (null otherwise). Any other type throws.
 */
export function toMoment(format: string, str: unknown): Moment | null {
	if (moment.isMoment(str)) {
		return str.isValid() ? str : null;
	}
	if (typeof str === 'string') {
		const date = moment(str, [isoDateFormat, format], true);
		return date.isValid() ? date : null;
	}
	throw new Error(
		`toMoment: expected a date string or a moment, got ${str === null ? 'null' : typeof str}.`,
	);
}

/**
 * Checks a typed custom date. In order: unparsable → 'Invalid date'; after today (store time) →
 * 'Select a date in the past'; a start after `before` or an end before `after` → 'Start date must
 * be before end date'. Returns the parsed date (null when invalid) and the error, if any.
 */
export function validateDateInputForRange(
	type: 'after' | 'before',
	value: string,
	before: Moment | null | undefined,
	after: Moment | null | undefined,
	format: string,
): DateValidationResult {
	const date = typeof value === 'string' ? toMoment(format, value) : null;
	if (!date) {
		return { date: null, error: dateValidationMessages.invalid };
	}
	const today = getStoreTimeZoneMoment().format(isoDateFormat);
	const day = date.format(isoDateFormat);
	if (day > today) {
		return { date, error: dateValidationMessages.future };
	}
	if (type === 'after' && before && day > before.format(isoDateFormat)) {
		return { date, error: dateValidationMessages.startAfterEnd };
	}
	if (type === 'before' && after && day < after.format(isoDateFormat)) {
		return { date, error: dateValidationMessages.endBeforeStart };
	}
	return { date };
}

export interface LocaleData {
	/** The user's locale ('fr_FR'); informative. */
	userLocale?: string;
	/** Short weekday names, Sunday first, used as the minimal weekday names. */
	weekdaysShort?: string[];
}

/**
 * Adapts moment's active locale (when it is not 'en') to the site: translated long date formats
 * and the site's short weekday names as minimal names (for calendars).
 */
export function loadLocaleData({ weekdaysShort }: LocaleData = {}): void {
	const locale = moment.locale();
	if (locale === 'en') {
		return;
	}
	moment.updateLocale(locale, {
		longDateFormat: {
			/* translators: moment.js date format, see https://momentjs.com/docs/#/displaying/format/ */
			L: __('MM/DD/YYYY', 'abacus'),
			/* translators: moment.js date format, see https://momentjs.com/docs/#/displaying/format/ */
			LL: __('MMMM D, YYYY', 'abacus'),
			/* translators: moment.js date format, see https://momentjs.com/docs/#/displaying/format/ */
			LLL: __('D MMMM YYYY LT', 'abacus'),
			/* translators: moment.js date format, see https://momentjs.com/docs/#/displaying/format/ */
			LLLL: __('dddd, D MMMM YYYY LT', 'abacus'),
			/* translators: moment.js time format, see https://momentjs.com/docs/#/displaying/format/ */
			LT: __('HH:mm', 'abacus'),
			LTS: 'HH:mm:ss',
		},
		...(Array.isArray(weekdaysShort) && weekdaysShort.length === 7
			? { weekdaysMin: weekdaysShort }
			: {}),
	});
}

/** 'Select {date} as a start date.' style date-picker phrases (SPEC 8). */
export const datePickerPhrases = {
	/* translators: %s: a date */
	notSelectable: (date: string): string => sprintf(__('%s is not selectable.', 'abacus'), date),
	/* translators: %s: a date */
	chooseStartDate: (date: string): string =>
		sprintf(__('Select %s as a start date.', 'abacus'), date),
	/* translators: %s: a date */
	chooseEndDate: (date: string): string =>
		sprintf(__('Select %s as an end date.', 'abacus'), date),
	/* translators: %s: a date */
	selected: (date: string): string => sprintf(__('Selected. %s', 'abacus'), date),
};
