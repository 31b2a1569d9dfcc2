import { timeFormat } from 'd3-time-format';

import { createDateParser, getXScale, getYScale, type ChartRow } from '../index.js';
import {
	getBandCenter,
	getBarRects,
	getFocusPoints,
	getKeyboardIndex,
	getTableRows,
	getTooltipLines,
	getTooltipPlacement,
	getXAxisTicks,
	getYAxisTicks,
} from '../pieces.js';

const rows: ChartRow[] = [
	{ date: '2026-01-30T00:00:00', a: { value: 10, label: 'A' }, b: { value: -5, label: 'B' } },
	{
		date: '2026-01-31T00:00:00',
		a: { value: null, label: 'A' },
		b: { value: 2.5, label: 'B', labelDate: '2025-12-31T00:00:00' },
	},
	{ date: '2026-02-01T00:00:00', a: { value: 4, label: 'A' }, b: { value: 0, label: 'B' } },
];
const dates = rows.map((row) => row.date);
const parseDate = createDateParser();
const xScale = getXScale(dates, 300);
const yScale = getYScale(rows, ['a', 'b'], 100);
const columns = [
	{ key: 'a', label: 'Period A' },
	{ key: 'b', label: 'Period B' },
];

describe('chart piece helpers', () => {
	it('places and labels the y-axis ticks, whole numbers only for a count', () => {
		const ticks = getYAxisTicks(yScale, 'currency');
		expect(ticks.map((tick) => tick.label)).toEqual(['−$5', '$0', '$5', '$10']);
		expect(ticks.map((tick) => tick.y)).toEqual(ticks.map((tick) => yScale(tick.value)));
		const counts = getYAxisTicks(getYScale(rows, ['b'], 100), 'number');
		expect(counts.every((tick) => Number.isInteger(tick.value))).toBe(true);
		expect(getYAxisTicks(yScale, 'number', '.1f').map((tick) => tick.label)).toContain('10.0');
	});

	it('labels the x ticks at the band centres, a second line where the month changes', () => {
		const ticks = getXAxisTicks({
			dates,
			width: 600,
			interval: 'day',
			xScale,
			parseDate,
			formatX: timeFormat('%d'),
			formatX2: timeFormat('%b %Y'),
		});
		expect(ticks).toEqual([
			{
				date: dates[0],
				x: getBandCenter(xScale, dates[0]),
				label: '30',
				secondLabel: 'Jan 2026',
			},
			{ date: dates[1], x: getBandCenter(xScale, dates[1]), label: '31', secondLabel: null },
			{
				date: dates[2],
				x: getBandCenter(xScale, dates[2]),
				label: '01',
				secondLabel: 'Feb 2026',
			},
		]);
		expect(getBandCenter(xScale, dates[0])).toBe(
			(xScale(dates[0]) ?? 0) + xScale.bandwidth() / 2,
		);
	});

	it('skips a date the parser cannot read', () => {
		const ticks = getXAxisTicks({
			dates: ['nonsense', dates[0]],
			width: 600,
			interval: 'day',
			xScale: getXScale(['nonsense', dates[0]], 300),
			parseDate,
			formatX: timeFormat('%d'),
			formatX2: timeFormat('%b %Y'),
		});
		expect(ticks.map((tick) => [tick.label, tick.secondLabel])).toEqual([['30', 'Jan 2026']]);
	});

	it('stands bars side by side in a band, up from 0 or down for a negative value', () => {
		const groups = getBarRects(rows, ['a', 'b'], xScale, yScale);
		const zero = yScale(0);
		const width = xScale.bandwidth() / 2;
		expect(groups.map((group) => group.key)).toEqual(['a', 'b']);
		const [a0, a1] = groups[0].rects;
		expect(a0).toEqual({
			date: dates[0],
			x: xScale(dates[0]),
			y: yScale(10),
			width,
			height: zero - yScale(10),
		});
		expect(a1.height).toBe(0);
		const b0 = groups[1].rects[0];
		expect(b0.x).toBe((xScale(dates[0]) ?? 0) + width);
		expect(b0.y).toBe(zero);
		expect(b0.height).toBe(yScale(-5) - zero);
		expect(getBarRects(rows, [], xScale, yScale)).toEqual([]);
	});

	it('puts a focus point on each line with a value at the date', () => {
		expect(getFocusPoints(rows[1], ['a', 'b'], yScale)).toEqual([{ key: 'b', y: yScale(2.5) }]);
	});

	it('puts the tooltip right of the date, or left of it in the right half', () => {
		expect(getTooltipPlacement(100, 490, 600)).toEqual({
			isLeft: false,
			style: { left: 192 },
		});
		expect(getTooltipPlacement(300, 490, 600)).toEqual({
			isLeft: true,
			style: { right: 232 },
		});
	});

	it("names a tooltip value by its own date when it has one, else by the series' name", () => {
		expect(getTooltipLines(rows[1], columns, parseDate, timeFormat('%b %-d, %Y'))).toEqual([
			{ key: 'a', label: 'Period A', value: null },
			{ key: 'b', label: 'Dec 31, 2025', value: 2.5 },
		]);
	});

	it('gives the screen-reader table a row per date, a value per column, the raw date if unreadable', () => {
		expect(
			getTableRows(
				[rows[0], { date: 'soon', a: { value: 1 } }],
				columns,
				parseDate,
				timeFormat('%B %-d, %Y'),
			),
		).toEqual([
			{ date: dates[0], heading: 'January 30, 2026', values: [10, -5] },
			{ date: 'soon', heading: 'soon', values: [1, null] },
		]);
	});

	it('moves between dates with arrows, Home and End; Escape leaves; other keys do not move', () => {
		expect(getKeyboardIndex('ArrowRight', -1, 5)).toBe(0);
		expect(getKeyboardIndex('ArrowRight', 4, 5)).toBe(4);
		expect(getKeyboardIndex('ArrowRight', 1, 5)).toBe(2);
		expect(getKeyboardIndex('ArrowLeft', -1, 5)).toBe(4);
		expect(getKeyboardIndex('ArrowLeft', 0, 5)).toBe(0);
		expect(getKeyboardIndex('Home', 3, 5)).toBe(0);
		expect(getKeyboardIndex('End', 0, 5)).toBe(4);
		expect(getKeyboardIndex('Escape', 2, 5)).toBe(-1);
		expect(getKeyboardIndex('Enter', 2, 5)).toBeNull();
		expect(getKeyboardIndex('a', 2, 5)).toBeNull();
	});
});
