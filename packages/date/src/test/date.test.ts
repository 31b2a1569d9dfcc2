import moment from 'moment-timezone';

import {
	appendTimestamp,
	datePickerPhrases,
	dateValidationMessages,
	defaultDateFormat,
	getAllowedIntervalsForQuery,
	getChartTypeForQuery,
	getCurrentDates,
	getCurrentPeriod,
	getDateDifferenceInDays,
	getDateFormatsForInterval,
	getDateParamsFromQuery,
	getIntervalForQuery,
	getLastPeriod,
	getPreviousDate,
	getRangeLabel,
	getRollingPeriod,
	getStoreTimeZoneMoment,
	isoDateFormat,
	loadLocaleData,
	periods,
	presetValues,
	toMoment,
	validateDateInputForRange,
} from '../index.js';

const mockSettings: Record<string, unknown> = {};
jest.mock('@abacus/settings', () => ({
	getSetting: (name: string, fallback: unknown) =>
		name in mockSettings ? mockSettings[name] : fallback,
}));

const fmt = 'YYYY-MM-DD HH:mm:ss';

function setNow(iso: string): void {
	jest.useFakeTimers({ now: new Date(iso) });
}

function setStore(settings: Record<string, unknown>): void {
	for (const key of Object.keys(mockSettings)) {
		delete mockSettings[key];
	}
	Object.assign(mockSettings, settings);
}

function datesOf(query: Record<string, unknown>, defaultRange?: string): string[] {
	const { primary, secondary } = getCurrentDates(query, defaultRange);
	return [
		primary.after.format(fmt),
		primary.before.format(fmt),
		secondary.after.format(fmt),
		secondary.before.format(fmt),
	];
}

beforeEach(() => {
	// Monday 15 March 2021, 10:20:30 UTC.
	setNow('2021-03-15T10:20:30Z');
	setStore({ timeZone: 'UTC', startOfWeek: 1 });
});

afterEach(() => {
	jest.useRealTimers();
});

describe('constants', () => {
	it('lists presets in order, rolling presets before custom', () => {
		expect(presetValues.map((p) => p.value)).toEqual([
			'today',
			'yesterday',
			'week',
			'last_week',
			'month',
			'last_month',
			'quarter',
			'last_quarter',
			'year',
			'last_year',
			'last_7_days',
			'last_30_days',
			'last_90_days',
			'last_365_days',
			'custom',
		]);
		expect(presetValues[4]?.label).toBe('Month to Date');
		expect(periods).toEqual([
			{ value: 'previous_period', label: 'Previous Period' },
			{ value: 'previous_year', label: 'Previous Year' },
		]);
		expect(isoDateFormat).toBe('YYYY-MM-DD');
		expect(defaultDateFormat).toBe('MM/DD/YYYY');
		expect(dateValidationMessages).toEqual({
			invalid: 'Invalid date',
			future: 'Select a date in the past',
			startAfterEnd: 'Start date must be before end date',
			endBeforeStart: 'Start date must be before end date',
		});
	});
});

describe('getCurrentDates', () => {
	it('defaults to month to date against the same days last year', () => {
		const { primary, secondary } = getCurrentDates({});
		expect(primary.label).toBe('Month to Date');
		expect(primary.range).toBe('Mar 1 - 15, 2021');
		expect(secondary.label).toBe('Previous Year');
		expect(secondary.range).toBe('Mar 1 - 15, 2020');
		expect(datesOf({})).toEqual([
			'2021-03-01 00:00:00',
			'2021-03-15 10:20:30',
			'2020-03-01 00:00:00',
			'2020-03-15 23:59:59',
		]);
	});

	it('returns the identical object for identical inputs', () => {
		expect(getCurrentDates({ period: 'week', compare: 'previous_year' })).toBe(
			getCurrentDates({ period: 'week', compare: 'previous_year' }),
		);
	});

	it('follows the store’s day: asked again a second later, past midnight, it gives the new day', () => {
		setNow('2021-03-15T23:59:59.600Z');
		const yesterday = { period: 'yesterday', compare: 'previous_period' };
		const before = getCurrentDates(yesterday);
		expect(getCurrentDates({ ...yesterday })).toBe(before);
		expect(before.primary.after.format(fmt)).toBe('2021-03-14 00:00:00');
		setNow('2021-03-16T00:00:00.100Z');
		expect(getCurrentDates(yesterday).primary.after.format(fmt)).toBe('2021-03-15 00:00:00');
		// In the store's time zone: still the 15th in New York, so yesterday is the 14th.
		setStore({ timeZone: 'America/New_York', startOfWeek: 1 });
		expect(getCurrentDates(yesterday).primary.after.format(fmt)).toBe('2021-03-14 00:00:00');
	});

	it('honours the store default date range, with &amp; tolerated', () => {
		const { primary, secondary } = getCurrentDates(
			{},
			'period=last_week&amp;compare=previous_period',
		);
		expect(primary.label).toBe('Last Week');
		expect(primary.range).toBe('Mar 8 - 14, 2021');
		expect(secondary.label).toBe('Previous Period');
		expect(secondary.range).toBe('Mar 1 - 7, 2021');
	});

	it('reads a custom default range with its dates, and falls back on a default it does not know', () => {
		const custom = getCurrentDates(
			{},
			'period=custom&compare=previous_year&after=2021-02-01&before=2021-02-10',
		);
		expect(custom.primary.range).toBe('Feb 1 - 10, 2021');
		expect(custom.secondary.range).toBe('Feb 1 - 10, 2020');
		const unknown = getCurrentDates({}, 'period=fortnight&compare=previous_decade');
		expect(unknown.primary.label).toBe('Month to Date');
		expect(unknown.secondary.label).toBe('Previous Year');
	});

	it('starts weeks on the store week-start day', () => {
		const query = { period: 'week', compare: 'previous_period' };
		expect(datesOf(query)[0]).toBe('2021-03-15 00:00:00');
		setStore({ timeZone: 'UTC', startOfWeek: 0 });
		expect(datesOf(query)[0]).toBe('2021-03-14 00:00:00');
		setStore({ timeZone: 'UTC', startOfWeek: 3 });
		expect(datesOf(query)).toEqual([
			'2021-03-10 00:00:00',
			'2021-03-15 10:20:30',
			'2021-03-03 00:00:00',
			'2021-03-08 10:20:30',
		]);
		setStore({ timeZone: 'UTC', startOfWeek: 0 });
		expect(datesOf({ period: 'last_week', compare: 'previous_period' })).toEqual([
			'2021-03-07 00:00:00',
			'2021-03-13 23:59:59',
			'2021-02-28 00:00:00',
			'2021-03-06 23:59:59',
		]);
	});

	it('compares last month with the whole month a year before, leap day included', () => {
		expect(datesOf({ period: 'last_month', compare: 'previous_year' })).toEqual([
			'2021-02-01 00:00:00',
			'2021-02-28 23:59:59',
			'2020-02-01 00:00:00',
			'2020-02-29 23:59:59',
		]);
	});

	it('compares last month with as many days just before it', () => {
		expect(datesOf({ period: 'last_month', compare: 'previous_period' })).toEqual([
			'2021-02-01 00:00:00',
			'2021-02-28 23:59:59',
			'2021-01-04 00:00:00',
			'2021-01-31 23:59:59',
		]);
	});

	it('handles today, yesterday, quarter, year and last year', () => {
		expect(datesOf({ period: 'today', compare: 'previous_period' })).toEqual([
			'2021-03-15 00:00:00',
			'2021-03-15 10:20:30',
			'2021-03-14 00:00:00',
			'2021-03-14 10:20:30',
		]);
		expect(datesOf({ period: 'yesterday', compare: 'previous_period' })).toEqual([
			'2021-03-14 00:00:00',
			'2021-03-14 23:59:59',
			'2021-03-13 00:00:00',
			'2021-03-13 23:59:59',
		]);
		expect(datesOf({ period: 'quarter', compare: 'previous_period' })).toEqual([
			'2021-01-01 00:00:00',
			'2021-03-15 10:20:30',
			'2020-10-01 00:00:00',
			'2020-12-15 10:20:30',
		]);
		expect(datesOf({ period: 'last_quarter', compare: 'previous_year' })).toEqual([
			'2020-10-01 00:00:00',
			'2020-12-31 23:59:59',
			'2019-10-01 00:00:00',
			'2019-12-31 23:59:59',
		]);
		expect(datesOf({ period: 'year', compare: 'previous_year' })).toEqual([
			'2021-01-01 00:00:00',
			'2021-03-15 10:20:30',
			'2020-01-01 00:00:00',
			'2020-03-14 23:59:59',
		]);
		expect(datesOf({ period: 'last_year', compare: 'previous_period' })).toEqual([
			'2020-01-01 00:00:00',
			'2020-12-31 23:59:59',
			'2019-01-01 00:00:00',
			'2019-12-31 23:59:59',
		]);
	});

	it('computes rolling presets ending today', () => {
		expect(datesOf({ period: 'last_7_days', compare: 'previous_period' })).toEqual([
			'2021-03-09 00:00:00',
			'2021-03-15 10:20:30',
			'2021-03-02 00:00:00',
			'2021-03-08 23:59:59',
		]);
		expect(datesOf({ period: 'last_30_days', compare: 'previous_year' })).toEqual([
			'2021-02-14 00:00:00',
			'2021-03-15 10:20:30',
			'2020-02-14 00:00:00',
			'2020-03-15 10:20:30',
		]);
		const { primary } = getCurrentDates({ period: 'last_365_days', compare: 'previous_year' });
		expect(primary.label).toBe('Last 365 Days');
		expect(primary.after.format(isoDateFormat)).toBe('2020-03-16');
		expect(
			getCurrentDates({ period: 'last_90_days', compare: 'previous_year' }).primary.range,
		).toBe('Dec 16, 2020 - Mar 15, 2021');
		expect(() => getRollingPeriod(0, 'previous_year')).toThrow('Invalid number of days "0"');
	});

	it('uses custom after and before', () => {
		const query = {
			period: 'custom',
			compare: 'previous_period',
			after: '2021-02-01',
			before: '2021-02-28',
		};
		expect(datesOf(query)).toEqual([
			'2021-02-01 00:00:00',
			'2021-02-28 23:59:59',
			'2021-01-04 00:00:00',
			'2021-01-31 23:59:59',
		]);
		expect(getCurrentDates(query).primary).toMatchObject({
			label: 'Custom',
			range: 'Feb 1 - 28, 2021',
		});
		expect(datesOf({ ...query, compare: 'previous_year' }).slice(2)).toEqual([
			'2020-02-01 00:00:00',
			'2020-02-28 23:59:59',
		]);
	});

	it('falls back to the default range for malformed queries', () => {
		const monthToDate = datesOf({});
		expect(
			datesOf({ period: 'custom', compare: 'previous_year', after: '2021-02-01' }),
		).toEqual(monthToDate);
		expect(datesOf({ period: 'fortnight', compare: 'previous_year' })).toEqual(monthToDate);
		expect(datesOf({ period: ['month'], compare: { a: 1 } })).toEqual(monthToDate);
		expect(datesOf({}, 'garbage&&=')).toEqual(monthToDate);
	});

	it('uses store time with offsets +05:45 and -11:00', () => {
		setNow('2021-03-15T20:00:00Z');
		setStore({ timeZone: '+05:45' });
		expect(datesOf({ period: 'today', compare: 'previous_year' }).slice(0, 2)).toEqual([
			'2021-03-16 00:00:00',
			'2021-03-16 01:45:00',
		]);
		setStore({ timeZone: '-11:00' });
		expect(datesOf({ period: 'today', compare: 'previous_year' }).slice(0, 2)).toEqual([
			'2021-03-15 00:00:00',
			'2021-03-15 09:00:00',
		]);
	});

	it('is daylight-saving correct in America/New_York and Europe/London', () => {
		// DST starts in New York at 02:00 local on 14 March 2021.
		setNow('2021-03-14T12:00:00Z');
		setStore({ timeZone: 'America/New_York' });
		const { primary } = getCurrentDates({ period: 'last_7_days', compare: 'previous_year' });
		expect(primary.after.format()).toBe('2021-03-08T00:00:00-05:00');
		expect(primary.before.format()).toBe('2021-03-14T08:00:00-04:00');
		expect(appendTimestamp(primary.after.clone(), 'start')).toBe('2021-03-08T00:00:00');

		// London: clocks go forward at 01:00 UTC on 28 March 2021, back on 31 October.
		setNow('2021-10-31T23:30:00Z');
		setStore({ timeZone: 'Europe/London' });
		const today = getCurrentDates({ period: 'today', compare: 'previous_period' });
		expect(today.primary.after.format()).toBe('2021-10-31T00:00:00+01:00');
		expect(today.primary.before.format('YYYY-MM-DDTHH:mm:ssZ')).toBe(
			'2021-10-31T23:30:00+00:00',
		);
		setNow('2021-03-28T12:00:00Z');
		const yesterday = getCurrentDates({ period: 'yesterday', compare: 'previous_period' });
		expect(yesterday.primary.after.format('YYYY-MM-DDTHH:mm:ssZ')).toBe(
			'2021-03-27T00:00:00+00:00',
		);
		expect(yesterday.primary.before.format('YYYY-MM-DDTHH:mm:ssZ')).toBe(
			'2021-03-27T23:59:59+00:00',
		);
	});
});

describe('getCurrentPeriod and getLastPeriod', () => {
	it('give the period to date and the whole previous period', () => {
		const current = getCurrentPeriod('month', 'previous_period');
		expect(current.primaryStart.format(fmt)).toBe('2021-03-01 00:00:00');
		expect(current.secondaryEnd.format(fmt)).toBe('2021-02-15 10:20:30');
		const last = getLastPeriod('week', 'previous_year');
		expect(last.primaryStart.format(fmt)).toBe('2021-03-08 00:00:00');
		expect(last.primaryEnd.format(fmt)).toBe('2021-03-14 23:59:59');
		expect(last.secondaryStart.format(fmt)).toBe('2020-03-08 00:00:00');
	});
});

describe('getDateParamsFromQuery', () => {
	it('uses the query only when it has both period and compare', () => {
		const params = getDateParamsFromQuery({
			period: 'custom',
			compare: 'previous_year',
			after: '2021-01-01',
			before: 'not a date',
		});
		expect(params.period).toBe('custom');
		expect(params.after?.format(isoDateFormat)).toBe('2021-01-01');
		expect(params.before).toBeNull();
		expect(getDateParamsFromQuery({ period: 'week', after: '2021-01-01' })).toEqual({
			period: 'month',
			compare: 'previous_year',
			after: null,
			before: null,
		});
	});

	it('reads the default range, custom dates included', () => {
		const params = getDateParamsFromQuery(
			{},
			'period=custom&compare=previous_period&after=2020-01-01&before=2020-01-31',
		);
		expect(params.period).toBe('custom');
		expect(params.compare).toBe('previous_period');
		expect(params.before?.format(isoDateFormat)).toBe('2020-01-31');
		expect(getDateParamsFromQuery({})).toBe(getDateParamsFromQuery({}));
	});
});

describe('getRangeLabel', () => {
	it('shortens the label by what both ends share', () => {
		expect(getRangeLabel(moment('2018-04-01'), moment('2018-04-01'))).toBe('Apr 1, 2018');
		expect(getRangeLabel(moment('2018-04-01'), moment('2018-04-15'))).toBe('Apr 1 - 15, 2018');
		expect(getRangeLabel(moment('2018-04-01'), moment('2018-05-15'))).toBe(
			'Apr 1 - May 15, 2018',
		);
		expect(getRangeLabel(moment('2017-04-01'), moment('2018-05-15'))).toBe(
			'Apr 1, 2017 - May 15, 2018',
		);
	});
});

describe('intervals for a query', () => {
	const custom = (after: string, before: string) => ({
		period: 'custom',
		compare: 'previous_year',
		after,
		before,
	});

	it('lists allowed intervals per preset', () => {
		expect(getAllowedIntervalsForQuery({ period: 'today' })).toEqual(['hour', 'day']);
		expect(getAllowedIntervalsForQuery({ period: 'yesterday' })).toEqual(['hour', 'day']);
		expect(getAllowedIntervalsForQuery({ period: 'last_week' })).toEqual(['day']);
		expect(getAllowedIntervalsForQuery({ period: 'month' })).toEqual(['day', 'week']);
		expect(getAllowedIntervalsForQuery({ period: 'last_quarter' })).toEqual([
			'day',
			'week',
			'month',
		]);
		expect(getAllowedIntervalsForQuery({ period: 'year' })).toEqual([
			'day',
			'week',
			'month',
			'quarter',
		]);
		expect(getAllowedIntervalsForQuery({ period: 'last_30_days' })).toEqual(['day', 'week']);
		expect(getAllowedIntervalsForQuery({ period: '' })).toEqual(['day']);
		expect(getAllowedIntervalsForQuery({ period: 'bogus' })).toEqual(['day']);
		expect(getAllowedIntervalsForQuery({})).toEqual(['day', 'week']);
	});

	it('lists allowed intervals by custom range length', () => {
		expect(getAllowedIntervalsForQuery(custom('2020-01-01', '2020-12-31'))).toEqual([
			'day',
			'week',
			'month',
			'quarter',
			'year',
		]);
		expect(getAllowedIntervalsForQuery(custom('2021-01-01', '2021-12-31'))).toEqual([
			'day',
			'week',
			'month',
			'quarter',
		]);
		expect(getAllowedIntervalsForQuery(custom('2021-01-01', '2021-04-01'))).toEqual([
			'day',
			'week',
			'month',
			'quarter',
		]);
		expect(getAllowedIntervalsForQuery(custom('2021-02-01', '2021-03-01'))).toEqual([
			'day',
			'week',
			'month',
		]);
		expect(getAllowedIntervalsForQuery(custom('2021-02-01', '2021-02-08'))).toEqual([
			'day',
			'week',
		]);
		expect(getAllowedIntervalsForQuery(custom('2021-02-01', '2021-02-03'))).toEqual(['day']);
		expect(getAllowedIntervalsForQuery(custom('2021-02-01', '2021-02-02'))).toEqual([
			'hour',
			'day',
		]);
		expect(getAllowedIntervalsForQuery(custom('2021-02-01', '2021-02-01'))).toEqual([
			'hour',
			'day',
		]);
	});

	it('keeps an allowed interval and replaces an invalid one by the first allowed', () => {
		expect(getIntervalForQuery({ period: 'year', interval: 'month' })).toBe('month');
		expect(getIntervalForQuery({ period: 'today', interval: 'year' })).toBe('hour');
		expect(getIntervalForQuery({ period: 'month', interval: ['week'] })).toBe('day');
		expect(getIntervalForQuery({})).toBe('day');
	});

	it('reads the chart type', () => {
		expect(getChartTypeForQuery({ chartType: 'bar' })).toBe('bar');
		expect(getChartTypeForQuery({ chartType: 'pie' })).toBe('line');
		expect(getChartTypeForQuery({})).toBe('line');
	});
});

describe('getDateFormatsForInterval', () => {
	it('returns defaults and per-interval formats', () => {
		expect(getDateFormatsForInterval('unknown')).toEqual({
			screenReaderFormat: '%B %-d, %Y',
			tooltipLabelFormat: '%B %-d, %Y',
			xFormat: '%Y-%m-%d',
			x2Format: '%b %Y',
			tableFormat: 'm/d/Y',
		});
		expect(getDateFormatsForInterval('hour')).toEqual({
			screenReaderFormat: '%_I%p %B %-d, %Y',
			tooltipLabelFormat: '%_I%p %b %-d, %Y',
			xFormat: '%_I%p',
			x2Format: '%b %-d, %Y',
			tableFormat: 'h A',
		});
		expect(getDateFormatsForInterval('day', 10)).toMatchObject({
			xFormat: '%-d',
			x2Format: '%b %Y',
		});
		expect(getDateFormatsForInterval('day', 63)).toMatchObject({
			xFormat: '%b',
			x2Format: '%Y',
		});
		expect(getDateFormatsForInterval('week', 8)).toMatchObject({
			xFormat: '%-d',
			x2Format: '%b %Y',
			screenReaderFormat: 'Week of %B %-d, %Y',
			tooltipLabelFormat: 'Week of %B %-d, %Y',
		});
		expect(getDateFormatsForInterval('week', 9)).toMatchObject({
			xFormat: '%b',
			x2Format: '%Y',
		});
		expect(getDateFormatsForInterval('quarter')).toMatchObject({
			screenReaderFormat: '%B %Y',
			xFormat: '%b',
			x2Format: '%Y',
		});
		expect(getDateFormatsForInterval('year')).toMatchObject({
			screenReaderFormat: '%Y',
			tooltipLabelFormat: '%Y',
			xFormat: '%Y',
			x2Format: '%b %Y',
		});
	});
});

describe('appendTimestamp', () => {
	it('appends start, end and now (zero seconds)', () => {
		expect(appendTimestamp(moment('2018-01-01'), 'start')).toBe('2018-01-01T00:00:00');
		expect(appendTimestamp(moment('2018-01-01'), 'end')).toBe('2018-01-01T23:59:59');
		expect(appendTimestamp(moment('2018-01-01T14:25:47'), 'now')).toBe('2018-01-01T14:25:00');
	});

	it('leaves the moment passed unchanged (ranges are memoised)', () => {
		const { primary } = getCurrentDates({ period: 'today', compare: 'previous_year' });
		expect(appendTimestamp(primary.before, 'end')).toBe('2021-03-15T23:59:59');
		expect(appendTimestamp(primary.before, 'now')).toBe('2021-03-15T10:20:00');
		expect(primary.before.format(fmt)).toBe('2021-03-15 10:20:30');
	});

	it('throws without a valid time of day', () => {
		// @ts-expect-error the second argument is required
		expect(() => appendTimestamp(moment('2018-01-01'))).toThrow('timeOfDay must be');
	});
});

describe('toMoment', () => {
	it('parses ISO or the given format strictly', () => {
		expect(toMoment('MMMM D, YYYY', 'April 15, 2018')?.format(isoDateFormat)).toBe(
			'2018-04-15',
		);
		expect(toMoment('DD/MM/YYYY', '15/04/2018')?.format(isoDateFormat)).toBe('2018-04-15');
		expect(toMoment(defaultDateFormat, '02/29/2020')?.format(isoDateFormat)).toBe('2020-02-29');
		expect(toMoment(defaultDateFormat, '02/29/2021')).toBeNull();
		expect(toMoment(defaultDateFormat, '2018-00-00')).toBeNull();
		expect(toMoment(defaultDateFormat, '')).toBeNull();
	});

	it('passes valid moments through and rejects other types', () => {
		const date = moment('2018-04-15');
		expect(toMoment(defaultDateFormat, date)).toBe(date);
		expect(toMoment(defaultDateFormat, moment.invalid())).toBeNull();
		expect(() => toMoment('', 77)).toThrow('expected a date string or a moment, got number');
	});
});

describe('date helpers', () => {
	it('measures days and previous dates', () => {
		expect(getDateDifferenceInDays('2018-08-22', '2018-05-22')).toBe(92);
		expect(
			getPreviousDate(
				'2018-08-21',
				'2018-08-01',
				'2018-07-22',
				'previous_period',
				'day',
			).format(isoDateFormat),
		).toBe('2018-08-11');
		expect(
			getPreviousDate(
				'2018-08-21',
				'2018-08-01',
				'2018-07-01',
				'previous_period',
				'month',
			).format(isoDateFormat),
		).toBe('2018-07-21');
		expect(
			getPreviousDate(
				'2018-08-21',
				'2018-08-01',
				'2018-07-01',
				'previous_year',
				'day',
			).format(isoDateFormat),
		).toBe('2017-08-21');
	});
});

describe('validateDateInputForRange', () => {
	const format = defaultDateFormat;

	it('reports invalid, future and out-of-order dates', () => {
		expect(validateDateInputForRange('after', 'abc', null, null, format)).toEqual({
			date: null,
			error: 'Invalid date',
		});
		expect(validateDateInputForRange('after', '', null, null, format).error).toBe(
			'Invalid date',
		);
		expect(validateDateInputForRange('after', '03/16/2021', null, null, format).error).toBe(
			'Select a date in the past',
		);
		expect(
			validateDateInputForRange('after', '03/10/2021', moment('2021-03-05'), null, format)
				.error,
		).toBe('Start date must be before end date');
		expect(
			validateDateInputForRange('before', '03/01/2021', null, moment('2021-03-05'), format)
				.error,
		).toBe('Start date must be before end date');
	});

	it('accepts a valid date, today included', () => {
		const result = validateDateInputForRange(
			'before',
			'03/15/2021',
			null,
			moment('2021-03-05'),
			format,
		);
		expect(result.error).toBeUndefined();
		expect(result.date?.format(isoDateFormat)).toBe('2021-03-15');
		expect(
			validateDateInputForRange('after', '2021-03-01', moment('2021-03-05'), null, format)
				.error,
		).toBeUndefined();
	});

	it('judges "future" in store time', () => {
		setNow('2021-03-15T20:00:00Z');
		setStore({ timeZone: '+05:45' });
		expect(
			validateDateInputForRange('after', '03/16/2021', null, null, format).error,
		).toBeUndefined();
		setStore({ timeZone: '-11:00' });
		expect(validateDateInputForRange('after', '03/16/2021', null, null, format).error).toBe(
			'Select a date in the past',
		);
	});
});

describe('getStoreTimeZoneMoment', () => {
	it('uses tz for IANA names, utcOffset for offsets, plain moment otherwise', () => {
		const tz = jest.spyOn(moment.prototype, 'tz');
		const utcOffset = jest.spyOn(moment.prototype, 'utcOffset');
		setStore({ timeZone: 'Europe/London' });
		expect(
			(getStoreTimeZoneMoment() as unknown as { _isAMomentObject: boolean })._isAMomentObject,
		).toBe(true);
		expect(tz).toHaveBeenCalledWith('Europe/London');
		setStore({ timeZone: '+05:45' });
		expect(getStoreTimeZoneMoment().format('HH:mm')).toBe('16:05');
		expect(utcOffset).toHaveBeenCalledWith('+05:45');
		setStore({ timeZone: '+5.75' });
		expect(getStoreTimeZoneMoment().utcOffset()).toBe(345);
		setStore({ timeZone: '-11:00' });
		expect(getStoreTimeZoneMoment().format('YYYY-MM-DD HH:mm')).toBe('2021-03-14 23:20');
		tz.mockClear();
		setStore({});
		expect(getStoreTimeZoneMoment().valueOf()).toBe(Date.parse('2021-03-15T10:20:30Z'));
		setStore({ timeZone: 'Nowhere/Special' });
		expect(getStoreTimeZoneMoment().isValid()).toBe(true);
		expect(tz).not.toHaveBeenCalledWith('Nowhere/Special');
		tz.mockRestore();
		utcOffset.mockRestore();
	});
});

describe('loadLocaleData', () => {
	afterEach(() => {
		moment.locale('en');
	});

	it('sets long date formats and minimal weekdays of a non-English locale', () => {
		const weekdaysShort = ['dim', 'lun', 'mar', 'mer', 'jeu', 'ven', 'sam'];
		moment.locale('fr_FR', {});
		loadLocaleData({ userLocale: 'fr_FR', weekdaysShort });
		expect(moment.localeData().weekdaysMin()).toEqual(weekdaysShort);
		expect(moment.localeData().longDateFormat('L')).toBe('MM/DD/YYYY');
	});

	it('leaves English alone', () => {
		moment.locale('en');
		loadLocaleData({ weekdaysShort: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] });
		expect(moment.localeData().weekdaysMin()[0]).toBe('Su');
	});
});

describe('datePickerPhrases', () => {
	it('builds the picker phrases around a date', () => {
		expect(datePickerPhrases.notSelectable('May 1, 2021')).toBe(
			'May 1, 2021 is not selectable.',
		);
		expect(datePickerPhrases.chooseStartDate('May 1, 2021')).toBe(
			'Select May 1, 2021 as a start date.',
		);
		expect(datePickerPhrases.chooseEndDate('May 2, 2021')).toBe(
			'Select May 2, 2021 as an end date.',
		);
		expect(datePickerPhrases.selected('May 2, 2021')).toBe('Selected. May 2, 2021');
	});
});

describe('malformed queries', () => {
	const queries: Array<Record<string, unknown>> = [
		{ period: ['custom'], compare: 'previous_year', after: ['2021-01-01'] },
		{ period: 'custom', compare: 'previous_period', after: '2021-13-45', before: '2021-02-30' },
		{ period: 'custom', compare: 'previous_year', after: '2021-03-10', before: '2021-03-01' },
		{ period: { a: 'b' }, compare: 7, interval: null, chartType: ['bar'] },
		{ period: '', compare: '', after: '', before: '' },
		{ period: 'custom', after: 'x', before: 'y' },
	];

	it('never throw and give usable ranges and intervals', () => {
		for (const query of queries) {
			const { primary, secondary } = getCurrentDates(query);
			expect(primary.after.isValid()).toBe(true);
			expect(secondary.before.isValid()).toBe(true);
			expect(primary.after.isAfter(primary.before)).toBe(false);
			expect(getAllowedIntervalsForQuery(query).length).toBeGreaterThan(0);
			expect(getIntervalForQuery(query)).toEqual(expect.any(String));
			expect(getChartTypeForQuery(query)).toBe('line');
		}
		expect(getCurrentDates(null as unknown as Record<string, unknown>).primary.label).toBe(
			'Month to Date',
		);
	});

	it('treats a custom range given backwards as invalid: the default range, never swapped', () => {
		// SPEC (date picker): "Start date must be before end date"; the report page drops such a
		// range from the address, and getCurrentDates applies the same rule.
		const reversed = getCurrentDates(queries[2]!, 'period=month&compare=previous_year');
		const fallback = getCurrentDates({}, 'period=month&compare=previous_year');
		expect(reversed.primary.label).toBe('Month to Date');
		expect(reversed.primary.range).toBe(fallback.primary.range);
		expect(
			datesOf({ ...queries[2]!, after: '2021-03-01', before: '2021-03-10' }).slice(0, 2),
		).toEqual(['2021-03-01 00:00:00', '2021-03-10 23:59:59']);
	});
});
