import {
	createDateParser,
	getChartHeight,
	getColor,
	getLegendPosition,
	getLinePath,
	getLonePoints,
	getNearestIndex,
	getOrderedSeries,
	getXScale,
	getXTickCount,
	getXTicks,
	getYFormatter,
	getYScale,
	getYTicks,
	isDataEmpty,
	isSameChartData,
	shouldUseMonthTicks,
	type ChartRow,
} from '../index.js';

const days = (count: number, start = Date.UTC(2026, 0, 1)): string[] =>
	Array.from(
		{ length: count },
		(_, i) => new Date(start + i * 86400000).toISOString().slice(0, 10) + 'T00:00:00',
	);

const data: ChartRow[] = [
	{
		date: '2026-01-01T00:00:00',
		a: { value: 1, label: 'Alpha' },
		b: { value: 10, label: 'Beta' },
	},
	{
		date: '2026-01-02T00:00:00',
		a: { value: 3, label: 'Alpha' },
		b: { value: null, label: 'Beta' },
	},
];

describe('chart utils', () => {
	it('tells equal data in new arrays from changed data', () => {
		const copy = (rows: ChartRow[]): ChartRow[] => JSON.parse(JSON.stringify(rows));
		expect(isSameChartData(data, copy(data))).toBe(true);
		const changedValue = copy(data);
		changedValue[1].b = { value: 0, label: 'Beta' };
		expect(isSameChartData(data, changedValue)).toBe(false);
		const changedLabel = copy(data);
		changedLabel[0].a = { value: 1, label: 'Alpha 2' };
		expect(isSameChartData(data, changedLabel)).toBe(false);
		const changedDate = copy(data);
		changedDate[0].date = '2025-01-01T00:00:00';
		expect(isSameChartData(data, changedDate)).toBe(false);
		const extraSeries = copy(data);
		extraSeries[0].c = { value: 1, label: 'Gamma' };
		expect(isSameChartData(data, extraSeries)).toBe(false);
		const renamedSeries = copy(data).map(({ date, a, b }) => ({ date, a, c: b }));
		expect(isSameChartData(data, renamedSeries)).toBe(false);
		expect(isSameChartData(data, data.slice(0, 1))).toBe(false);
		expect(isSameChartData([], [])).toBe(true);
	});

	it('keeps the series in the order of the data whatever their totals, and shows at most five', () => {
		// 'b' has the larger total but 'a' (the current period) comes first in the data: it stays
		// first, so it keeps its colour and place.
		const series = getOrderedSeries(data);
		expect(series.map((s) => [s.key, s.label, s.total, s.visible])).toEqual([
			['a', 'Alpha', 4, true],
			['b', 'Beta', 10, true],
		]);
		expect(getOrderedSeries(data, { a: 1, b: 2 }).map((s) => s.key)).toEqual(['a', 'b']);
		expect(getOrderedSeries(data, { a: 3, b: 2 }).map((s) => s.key)).toEqual(['a', 'b']);
		const many: ChartRow[] = [
			Object.fromEntries([
				['date', '2026-01-01'],
				...Array.from({ length: 7 }, (_, i) => [`k${i}`, { value: i }]),
			]) as ChartRow,
		];
		expect(getOrderedSeries(many).filter((s) => s.visible)).toHaveLength(5);
		expect(getOrderedSeries(data, { a: 99 })[0].total).toBe(99);
		expect(getOrderedSeries(data, undefined, ['b']).map((s) => s.visible)).toEqual([
			false,
			true,
		]);
	});

	it('knows empty data', () => {
		expect(isDataEmpty(data)).toBe(false);
		expect(
			isDataEmpty([
				{ date: '2026-01-01', a: { value: 0 } },
				{ date: '2026-01-02', a: { value: null } },
			]),
		).toBe(true);
	});

	it('parses the default format and plain dates', () => {
		const parse = createDateParser();
		expect(parse('2026-03-04T05:06:07')?.getHours()).toBe(5);
		expect(parse('2026-03-04')?.getDate()).toBe(4);
		expect(parse('nonsense')).toBeNull();
	});

	it('uses the spec heights, legend positions and tick counts', () => {
		expect(getChartHeight(400)).toBe(180);
		expect(getChartHeight(1000)).toBe(220);
		expect(getChartHeight(1400)).toBe(300);
		expect(getLegendPosition('time-comparison', true)).toBe('top');
		expect(getLegendPosition('item-comparison', true)).toBe('side');
		expect(getLegendPosition('item-comparison', false)).toBe('bottom');
		expect(getXTickCount(782)).toBe(7);
		// A phone's chart thins its ticks out further: 60 px per label at least.
		expect(getXTickCount(330)).toBe(5);
		expect(getXTickCount(100)).toBe(2);
		expect(getXTickCount(1130)).toBe(12);
		expect(getXTickCount(1131)).toBe(16);
		expect(getXTickCount(5000)).toBe(31);
	});

	it('reduces ticks to month starts for long day and week ranges', () => {
		expect(shouldUseMonthTicks('day', 62)).toBe(false);
		expect(shouldUseMonthTicks('day', 63)).toBe(true);
		expect(shouldUseMonthTicks('week', 9)).toBe(true);
		expect(shouldUseMonthTicks('month', 100)).toBe(false);
		const ticks = getXTicks(days(90), 1000, 'day');
		expect(ticks).toEqual([
			'2026-01-01T00:00:00',
			'2026-02-01T00:00:00',
			'2026-03-01T00:00:00',
		]);
		// A range from 30 July: no 'Jul' tick squeezed beside 'Aug'; from 20 July, July keeps its.
		expect(getXTicks(days(121, Date.UTC(2026, 6, 30)), 1000, 'day')).toEqual([
			'2026-08-01T00:00:00',
			'2026-09-01T00:00:00',
			'2026-10-01T00:00:00',
			'2026-11-01T00:00:00',
		]);
		expect(getXTicks(days(130, Date.UTC(2026, 6, 20)), 1000, 'day')[0]).toBe(
			'2026-07-20T00:00:00',
		);
		expect(getXTicks(days(30), 600, 'day').length).toBeLessThanOrEqual(7);
		expect(getXTicks(days(5), 600, 'day')).toHaveLength(5);
	});

	it('formats y values by value type', () => {
		expect(getYFormatter('currency')(1500)).toBe('$1.5k');
		expect(getYFormatter('number')(1500)).toBe('1,500');
		expect(getYFormatter()(1500)).toBe('1.5k');
		expect(getYFormatter(undefined, ',.2f')(1.5)).toBe('1.50');
	});

	it('builds scales, line paths and finds the nearest date', () => {
		const dates = data.map((row) => row.date);
		const x = getXScale(dates, 200);
		const y = getYScale(data, ['a', 'b'], 100);
		expect(y(0)).toBe(100);
		expect(y.domain()[1]).toBeGreaterThanOrEqual(10);
		expect(getLinePath(data, 'a', x, y)).toMatch(/^M[\d.]+,[\d.]+L[\d.]+,[\d.]+$/);
		// A missing value breaks the line: one point only.
		expect(getLinePath(data, 'b', x, y)).not.toContain('L');
		expect(getNearestIndex(10, 2, 200)).toBe(0);
		expect(getNearestIndex(150, 2, 200)).toBe(1);
		expect(getNearestIndex(999, 2, 200)).toBe(1);
		expect(getNearestIndex(10, 0, 200)).toBe(-1);
	});

	it('finds the points a line cannot show: a value with none beside it', () => {
		const rows: ChartRow[] = days(6).map((date, i) => ({
			date,
			a: { value: [5, null, 7, 8, null, 9][i] },
			b: { value: [null, 4, null, null, null, null][i] },
		}));
		const x = getXScale(
			rows.map((row) => row.date),
			600,
		);
		const y = getYScale(rows, ['a', 'b'], 100);
		// The first day (its neighbour missing) and the last; days 3 and 4 make a line.
		expect(getLonePoints(rows, 'a', x, y).map((point) => point.date)).toEqual([
			rows[0].date,
			rows[5].date,
		]);
		const [only] = getLonePoints(rows, 'b', x, y);
		expect(only).toEqual({
			date: rows[1].date,
			x: (x(rows[1].date) ?? 0) + x.bandwidth() / 2,
			y: y(4),
		});
		expect(getLonePoints(data, 'a', x, y)).toEqual([]);
	});

	it('cycles a colour-blind-safe palette', () => {
		expect(getColor(0)).toBe('#0072B2');
		expect(getColor(8)).toBe(getColor(0));
	});

	it('gives a count axis whole-number ticks only, and a negative value a place below 0', () => {
		const small: ChartRow[] = [
			{ date: '2026-01-01', a: { value: 1 } },
			{ date: '2026-01-02', a: { value: 0 } },
		];
		const scale = getYScale(small, ['a'], 200);
		expect(getYTicks(scale)).toContain(0.4);
		expect(getYTicks(scale, 4, true)).toEqual([0, 1]);
		const refunds: ChartRow[] = [
			{ date: '2026-01-01', a: { value: 120 } },
			{ date: '2026-01-02', a: { value: -215 } },
		];
		const withNegative = getYScale(refunds, ['a'], 200);
		const [bottom, top] = withNegative.domain();
		expect(bottom).toBeLessThanOrEqual(-215);
		expect(top).toBeGreaterThanOrEqual(120);
		expect(getYTicks(withNegative).some((tick) => tick < 0)).toBe(true);
		// A small negative value beside large ones still gets a labelled tick below 0.
		const smallRefund = getYScale(
			[
				{ date: '2026-01-01', a: { value: 295 } },
				{ date: '2026-01-02', a: { value: -30 } },
			],
			['a'],
			200,
		);
		const ticks = getYTicks(smallRefund);
		expect(ticks[0]).toBeLessThan(0);
		expect(ticks[0]).toBe(smallRefund.domain()[0]);
	});
});
