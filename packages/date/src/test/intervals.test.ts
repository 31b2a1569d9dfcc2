import {
	getIntervalBuckets,
	getIntervalCount,
	getIntervalKey,
	getIntervalStart,
	isIntervalType,
	pageOfIntervals,
	parseLocalDateTime,
	sortIntervals,
} from '../intervals.js';

describe('getIntervalKey', () => {
	it('formats hour, day, month, quarter and year keys', () => {
		expect(getIntervalKey('2021-12-05 13:45:00', 'hour')).toBe('2021-12-05 13');
		expect(getIntervalKey('2021-12-05 13:45:00', 'day')).toBe('2021-12-05');
		expect(getIntervalKey('2021-12-05 13:45:00', 'month')).toBe('2021-12');
		expect(getIntervalKey('2021-12-05 13:45:00', 'quarter')).toBe('2021-4');
		expect(getIntervalKey('2021-02-05', 'quarter')).toBe('2021-1');
		expect(getIntervalKey('2021-12-05T13:45:00', 'year')).toBe('2021');
	});

	it('uses ISO week-year and week when weeks start on Monday', () => {
		expect(getIntervalKey('2021-11-30 00:00:00', 'week', 1)).toBe('2021-48');
		expect(getIntervalKey('2021-12-06 00:00:00', 'week')).toBe('2021-49');
		// 1 Jan 2021 is a Friday: it belongs to ISO week 53 of 2020.
		expect(getIntervalKey('2021-01-01 10:00:00', 'week', 1)).toBe('2020-53');
		// 31 Dec 2024 (Tuesday) is in ISO week 1 of 2025.
		expect(getIntervalKey('2024-12-31 23:59:59', 'week', 1)).toBe('2025-01');
	});

	it('uses the simple week number for other week starts, split at 1 January', () => {
		// 2021: 1 Jan is a Friday. Sunday weeks: 1-2 Jan = week 01, Sun 3 Jan starts week 02.
		expect(getIntervalKey('2021-01-01 00:00:00', 'week', 0)).toBe('2021-01');
		expect(getIntervalKey('2021-01-02 23:59:59', 'week', 0)).toBe('2021-01');
		expect(getIntervalKey('2021-01-03 00:00:00', 'week', 0)).toBe('2021-02');
		// Saturday weeks: Sat 2 Jan starts week 02.
		expect(getIntervalKey('2021-01-02 00:00:00', 'week', 6)).toBe('2021-02');
		// 31 Dec 2024 stays in 2024 with a Sunday start.
		expect(getIntervalKey('2024-12-31 12:00:00', 'week', 0)).toBe('2024-53');
		expect(getIntervalKey('2025-01-01 00:00:00', 'week', 0)).toBe('2025-01');
	});

	it('reads the wall-clock fields of a moment', () => {
		const wall = parseLocalDateTime('2020-02-29 08:00:00');
		expect(getIntervalKey(wall, 'day')).toBe('2020-02-29');
	});

	it('rejects bad input with a message naming it', () => {
		expect(() => getIntervalKey('2021-02-30 00:00:00', 'day')).toThrow(
			'Invalid date "2021-02-30 00:00:00"',
		);
		expect(() => getIntervalKey('', 'day')).toThrow('Invalid date ""');
		expect(() => getIntervalKey('2021-01-01', 'fortnight' as 'day')).toThrow(
			'Unknown interval "fortnight"',
		);
		expect(() => getIntervalKey('2021-01-01', 'week', 7)).toThrow('Invalid start of week "7"');
	});

	it('knows the interval types', () => {
		expect(isIntervalType('quarter')).toBe(true);
		expect(isIntervalType('minute')).toBe(false);
		expect(isIntervalType(3)).toBe(false);
	});
});

describe('getIntervalBuckets', () => {
	it('matches the REST contract example (Monday weeks)', () => {
		expect(getIntervalBuckets('2021-11-30T00:00:00', '2021-12-12T23:59:59', 'week', 1)).toEqual(
			[
				{ key: '2021-48', start: '2021-11-30 00:00:00', end: '2021-12-05 23:59:59' },
				{ key: '2021-49', start: '2021-12-06 00:00:00', end: '2021-12-12 23:59:59' },
			],
		);
	});

	it('splits simple weeks at 1 January', () => {
		const buckets = getIntervalBuckets('2020-12-27 00:00:00', '2021-01-09 23:59:59', 'week', 0);
		expect(buckets).toEqual([
			{ key: '2020-53', start: '2020-12-27 00:00:00', end: '2020-12-31 23:59:59' },
			{ key: '2021-01', start: '2021-01-01 00:00:00', end: '2021-01-02 23:59:59' },
			{ key: '2021-02', start: '2021-01-03 00:00:00', end: '2021-01-09 23:59:59' },
		]);
	});

	it('builds day buckets across a leap day and month end', () => {
		const buckets = getIntervalBuckets('2020-02-28 10:30:00', '2020-03-01 09:00:00', 'day');
		expect(buckets.map((b) => b.key)).toEqual(['2020-02-28', '2020-02-29', '2020-03-01']);
		expect(buckets[0]).toEqual({
			key: '2020-02-28',
			start: '2020-02-28 10:30:00',
			end: '2020-02-28 23:59:59',
		});
		expect(buckets[2]?.end).toBe('2020-03-01 09:00:00');
	});

	it('builds hour buckets with partial first and last hours', () => {
		const buckets = getIntervalBuckets('2021-03-28 00:30:00', '2021-03-28 02:15:00', 'hour');
		expect(buckets).toEqual([
			{ key: '2021-03-28 00', start: '2021-03-28 00:30:00', end: '2021-03-28 00:59:59' },
			{ key: '2021-03-28 01', start: '2021-03-28 01:00:00', end: '2021-03-28 01:59:59' },
			{ key: '2021-03-28 02', start: '2021-03-28 02:00:00', end: '2021-03-28 02:15:00' },
		]);
	});

	it('builds month, quarter and year buckets', () => {
		expect(getIntervalBuckets('2019-12-15 00:00:00', '2020-02-10 23:59:59', 'month')).toEqual([
			{ key: '2019-12', start: '2019-12-15 00:00:00', end: '2019-12-31 23:59:59' },
			{ key: '2020-01', start: '2020-01-01 00:00:00', end: '2020-01-31 23:59:59' },
			{ key: '2020-02', start: '2020-02-01 00:00:00', end: '2020-02-10 23:59:59' },
		]);
		expect(
			getIntervalBuckets('2020-02-01 00:00:00', '2020-07-01 00:00:00', 'quarter').map((b) => [
				b.key,
				b.start,
				b.end,
			]),
		).toEqual([
			['2020-1', '2020-02-01 00:00:00', '2020-03-31 23:59:59'],
			['2020-2', '2020-04-01 00:00:00', '2020-06-30 23:59:59'],
			['2020-3', '2020-07-01 00:00:00', '2020-07-01 00:00:00'],
		]);
		expect(
			getIntervalBuckets('2019-06-01 00:00:00', '2021-01-01 00:00:00', 'year').map(
				(b) => b.key,
			),
		).toEqual(['2019', '2020', '2021']);
	});

	it('is empty when before is earlier than after, one bucket for one instant', () => {
		expect(getIntervalBuckets('2021-01-02', '2021-01-01', 'day')).toEqual([]);
		expect(getIntervalBuckets('2021-01-01 05:00:00', '2021-01-01 05:00:00', 'week')).toEqual([
			{ key: '2020-53', start: '2021-01-01 05:00:00', end: '2021-01-01 05:00:00' },
		]);
	});
});

describe('getIntervalCount', () => {
	it('agrees with the number of buckets', () => {
		const cases: Array<
			[string, string, 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year', number]
		> = [
			['2020-02-28 10:30:00', '2020-03-01 09:00:00', 'day', 3],
			['2021-03-28 00:30:00', '2021-03-28 02:15:00', 'hour', 3],
			['2021-11-30 00:00:00', '2021-12-12 23:59:59', 'week', 2],
			['2019-12-15 00:00:00', '2020-02-10 23:59:59', 'month', 3],
			['2019-11-15 00:00:00', '2020-02-10 23:59:59', 'quarter', 2],
			['2019-06-01 00:00:00', '2021-01-01 00:00:00', 'year', 3],
		];
		for (const [after, before, interval, expected] of cases) {
			expect(getIntervalCount(after, before, interval)).toBe(expected);
			expect(getIntervalBuckets(after, before, interval)).toHaveLength(expected);
		}
		expect(getIntervalCount('2020-12-27', '2021-01-09 23:59:59', 'week', 0)).toBe(3);
		expect(getIntervalCount('2021-01-02', '2021-01-01', 'day')).toBe(0);
	});
});

describe('getIntervalStart', () => {
	it('returns the start of the bucket holding a time', () => {
		expect(getIntervalStart('2021-12-05 13:45:10', 'hour')).toBe('2021-12-05 13:00:00');
		expect(getIntervalStart('2021-12-05 13:45:10', 'week', 1)).toBe('2021-11-29 00:00:00');
		expect(getIntervalStart('2021-01-02 13:45:10', 'week', 0)).toBe('2021-01-01 00:00:00');
		expect(getIntervalStart('2021-08-15', 'quarter')).toBe('2021-07-01 00:00:00');
	});
});

describe('sortIntervals and pageOfIntervals', () => {
	const rows = [
		{ start: '2021-01-03 00:00:00', sales: 5 },
		{ start: '2021-01-01 00:00:00', sales: 7 },
		{ start: '2021-01-02 00:00:00', sales: 5 },
		{ start: '2021-01-04 00:00:00', sales: Number.NaN },
	];
	const startOf = (row: (typeof rows)[number]): string => row.start;
	const valueOf = (row: (typeof rows)[number]): number =>
		Number.isFinite(row.sales) ? row.sales : 0;
	const days = (list: typeof rows): string[] => list.map((row) => row.start.slice(8, 10));

	it('orders by date either way, and by a figure with ties oldest first', () => {
		expect(days(sortIntervals(rows, 'date', 'asc', startOf, valueOf))).toEqual([
			'01',
			'02',
			'03',
			'04',
		]);
		expect(days(sortIntervals(rows, 'date', 'desc', startOf, valueOf))).toEqual([
			'04',
			'03',
			'02',
			'01',
		]);
		expect(days(sortIntervals(rows, 'sales', 'desc', startOf, valueOf))).toEqual([
			'01',
			'02',
			'03',
			'04',
		]);
		expect(days(sortIntervals(rows, 'sales', 'asc', startOf, valueOf))).toEqual([
			'04',
			'02',
			'03',
			'01',
		]);
		expect(days(rows)).toEqual(['03', '01', '02', '04']);
	});

	it('pages from 1, empty past the end, defaults for nonsense', () => {
		const list = Array.from({ length: 30 }, (_, i) => i);
		expect(pageOfIntervals(list, 2, 10)).toEqual(list.slice(10, 20));
		expect(pageOfIntervals(list, 4, 10)).toEqual([]);
		expect(pageOfIntervals(list, 0, -1)).toEqual(list.slice(0, 25));
		expect(pageOfIntervals(list, 2, Number.NaN, 20)).toEqual(list.slice(20, 30));
	});
});
