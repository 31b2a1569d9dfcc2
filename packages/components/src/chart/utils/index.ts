/**
 * Pure helpers of the chart: data shape, series ordering, scales, ticks, formats, colours and the
 * nearest point. No React and no DOM, so each can be tested on its own.
 */
import { max } from 'd3-array';
import { format as d3Format } from 'd3-format';
import { scaleBand, scaleLinear, type ScaleBand, type ScaleLinear } from 'd3-scale';
import { line as d3Line } from 'd3-shape';
import { timeParse } from 'd3-time-format';

/** The tooltip's value format of a metric type (money through the store's currency formatter). */
export { getTooltipValueFormat } from '@abacus/metrics';

/** One series value of a chart row. */
export interface ChartValue {
	value: number | null;
	label?: string;
	labelDate?: string;
}

/** A chart row: a date and, per series key, its value. */
export interface ChartRow {
	date: string;
	[key: string]: ChartValue | string;
}

export type ChartMode = 'time-comparison' | 'item-comparison';
export type ChartType = 'line' | 'bar';
export type ChartInterval = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';
export type ChartValueType = 'average' | 'currency' | 'number';
export type LegendPosition = 'top' | 'side' | 'bottom';

/** A series as the legend sees it. */
export interface ChartSeries {
	key: string;
	label: string;
	total: number;
	visible: boolean;
	focus: boolean;
}

/** Business constants of the charts (SPEC 9). */
export const CHART_CONSTANTS = {
	maxVisibleSeries: 5,
	heightMobile: 180,
	heightLarge: 300,
	heightDefault: 220,
	defaultWidth: 600,
	defaultHeight: 200,
	margin: { bottom: 50, left: 80, right: 30, top: 0 },
	tooltipHideThrottleMs: 300,
	mobileBreakpoint: 783,
	wideBreakpoint: 1130,
} as const;

/** Number formats of the y axis by value type. */
export const Y_FORMATS: Record<ChartValueType | 'default', string> = {
	currency: '$.3~s',
	number: ',.0f',
	average: '.3~s',
	default: '.3~s',
};

/**
 * Colour-blind-safe palette (Okabe & Ito), darkest-first so that lines read on white; repeats
 * beyond eight series.
 */
export const CHART_COLORS = [
	'#0072B2',
	'#E69F00',
	'#009E73',
	'#CC79A7',
	'#56B4E9',
	'#D55E00',
	'#000000',
	'#F0E442',
] as const;

/** The colour of the series at `index`. */
export function getColor(index: number): string {
	const size = CHART_COLORS.length;
	return CHART_COLORS[((index % size) + size) % size];
}

/** The keys of the series in the data (every row key except 'date'), in first-seen order. */
export function getSeriesKeys(data: ChartRow[]): string[] {
	const keys: string[] = [];
	const seen = new Set<string>();
	for (const row of data) {
		for (const key of Object.keys(row)) {
			if (key !== 'date' && !seen.has(key)) {
				seen.add(key);
				keys.push(key);
			}
		}
	}
	return keys;
}

/**
 * Whether two data arrays hold the same rows: same dates, series keys, values, labels and label
 * dates, in the same order (a report that re-renders with equal data need not redraw).
 */
export function isSameChartData(a: ChartRow[], b: ChartRow[]): boolean {
	if (a === b) return true;
	if (a.length !== b.length) return false;
	for (let i = 0; i < a.length; i++) {
		const rowA = a[i];
		const rowB = b[i];
		if (rowA === rowB) continue;
		const keys = Object.keys(rowA);
		if (keys.length !== Object.keys(rowB).length) return false;
		for (const key of keys) {
			if (!(key in rowB)) return false;
			const cellA = rowA[key];
			const cellB = rowB[key];
			if (cellA === cellB) continue;
			if (typeof cellA !== 'object' || typeof cellB !== 'object' || !cellA || !cellB)
				return false;
			if (
				!Object.is(cellA.value, cellB.value) ||
				cellA.label !== cellB.label ||
				cellA.labelDate !== cellB.labelDate
			)
				return false;
		}
	}
	return true;
}

/** The value of a series in a row, or null when missing. */
export function getValue(row: ChartRow, key: string): number | null {
	const cell = row[key];
	if (typeof cell !== 'object' || cell === null) return null;
	return typeof cell.value === 'number' && Number.isFinite(cell.value) ? cell.value : null;
}

/**
 * The series in legend order: the order of the data (the current period first, then its
 * comparison; compared items as given), never re-sorted by total, so a series keeps its place and
 * colour whichever is larger. The first `maxVisible` are visible. Totals come from `legendTotals`
 * when given, else the sum of the values. `selectedKeys` (when given) names the visible ones instead.
 */
export function getOrderedSeries(
	data: ChartRow[],
	legendTotals?: Record<string, number>,
	selectedKeys?: string[],
	maxVisible: number = CHART_CONSTANTS.maxVisibleSeries,
): ChartSeries[] {
	const series = getSeriesKeys(data).map((key) => {
		let label = key;
		let total = 0;
		for (const row of data) {
			const cell = row[key];
			if (typeof cell === 'object' && cell !== null && cell.label) label = cell.label;
			total += getValue(row, key) ?? 0;
		}
		if (legendTotals && typeof legendTotals[key] === 'number') total = legendTotals[key];
		return { key, label, total, visible: false, focus: false };
	});
	series.forEach((s, index) => {
		s.visible = selectedKeys ? selectedKeys.includes(s.key) : index < maxVisible;
	});
	return series;
}

/** Whether every value of every series is missing or zero. */
export function isDataEmpty(data: ChartRow[]): boolean {
	const keys = getSeriesKeys(data);
	return data.every((row) => keys.every((key) => !getValue(row, key)));
}

/** A parser of the data's date strings ('%Y-%m-%dT%H:%M:%S' by default; also accepts plain dates). */
export function createDateParser(specifier = '%Y-%m-%dT%H:%M:%S'): (date: string) => Date | null {
	const parse = timeParse(specifier);
	const plain = timeParse('%Y-%m-%d');
	return (date) => parse(date) ?? plain(date);
}

/** The chart height for a viewport width: 180 on mobile, 300 on large screens, 220 otherwise. */
export function getChartHeight(viewportWidth: number): number {
	if (viewportWidth < CHART_CONSTANTS.mobileBreakpoint) return CHART_CONSTANTS.heightMobile;
	if (viewportWidth >= 1280) return CHART_CONSTANTS.heightLarge;
	return CHART_CONSTANTS.heightDefault;
}

/** Where the legend goes: top (wide, time comparison), side (wide, item comparison), else bottom. */
export function getLegendPosition(mode: ChartMode, isWide: boolean): LegendPosition {
	if (!isWide) return 'bottom';
	return mode === 'item-comparison' ? 'side' : 'top';
}

/** The narrowest room an x tick label gets (a label like '12 PM' or 'Oct 2026' fits). */
const MIN_TICK_SPACING = 60;

/**
 * How many x ticks fit a chart width: 7 below 783 px, 12 up to 1130 px, 16 to 31 beyond; on a
 * phone, fewer still, so that every label has 60 px and none overlap.
 */
export function getXTickCount(width: number): number {
	if (width < CHART_CONSTANTS.mobileBreakpoint)
		return Math.max(2, Math.min(7, Math.floor(width / MIN_TICK_SPACING)));
	if (width <= CHART_CONSTANTS.wideBreakpoint) return 12;
	return Math.min(31, Math.max(16, Math.floor(width / 70)));
}

/** Whether ticks reduce to month starts: day interval with 63+ dates or week interval with 9+. */
export function shouldUseMonthTicks(interval: ChartInterval, dateCount: number): boolean {
	return (interval === 'day' && dateCount >= 63) || (interval === 'week' && dateCount >= 9);
}

/**
 * The dates that get an x tick: evenly thinned to the width's tick count, or the first date of each
 * month when shouldUseMonthTicks says so (then thinned too).
 */
export function getXTicks(
	dates: string[],
	width: number,
	interval: ChartInterval,
	parse: (date: string) => Date | null = createDateParser(),
): string[] {
	let candidates = dates;
	if (shouldUseMonthTicks(interval, dates.length)) {
		let lastMonth = '';
		const positions: number[] = [];
		candidates = dates.filter((date, index) => {
			const parsed = parse(date);
			if (!parsed) return false;
			const month = `${parsed.getFullYear()}-${parsed.getMonth()}`;
			if (month === lastMonth) return false;
			lastMonth = month;
			positions.push(index);
			return true;
		});
		// A range starting in a month's last days would label that month right beside the next
		// one ('Jul' 'Aug' on top of each other): the first month's tick goes when its label
		// would have less than a label's room before the next.
		if (positions.length > 1 && dates.length > 1) {
			const room = ((positions[1] - positions[0]) / (dates.length - 1)) * width;
			if (room < MIN_TICK_SPACING) candidates = candidates.slice(1);
		}
	}
	const count = getXTickCount(width);
	if (candidates.length <= count) return candidates;
	const step = Math.ceil(candidates.length / count);
	return candidates.filter((_, index) => index % step === 0);
}

/** The y-axis tick formatter for a value type, or for a given d3-format specifier. */
export function getYFormatter(
	valueType?: ChartValueType,
	specifier?: string | ((value: number) => string),
): (value: number) => string {
	if (typeof specifier === 'function') return specifier;
	const formatter = d3Format(specifier ?? Y_FORMATS[valueType ?? 'default']);
	return (value) => formatter(value);
}

/** Band scale of the dates over the drawable width. */
export function getXScale(dates: string[], width: number): ScaleBand<string> {
	return scaleBand<string>()
		.domain(dates)
		.range([0, Math.max(0, width)])
		.paddingInner(0.1)
		.paddingOuter(0.05);
}

/**
 * Linear scale from 0 (or the negative minimum) to the largest visible value, rounded; `extra`
 * values (a forecast's interval) are reached too.
 */
export function getYScale(
	data: ChartRow[],
	keys: string[],
	height: number,
	extra: readonly number[] = [],
): ScaleLinear<number, number> {
	let top = 0;
	let bottom = 0;
	for (const value of extra) {
		if (Number.isFinite(value)) {
			if (value > top) top = value;
			if (value < bottom) bottom = value;
		}
	}
	for (const row of data) {
		for (const key of keys) {
			const value = getValue(row, key);
			if (value !== null) {
				if (value > top) top = value;
				if (value < bottom) bottom = value;
			}
		}
	}
	if (top === 0 && bottom === 0) top = 1;
	return scaleLinear()
		.domain([bottom, top])
		.range([Math.max(0, height), 0])
		.nice();
}

/** The SVG path of one series as a line through the centres of the date bands (gaps skipped). */
export function getLinePath(
	data: ChartRow[],
	key: string,
	xScale: ScaleBand<string>,
	yScale: ScaleLinear<number, number>,
): string {
	const half = xScale.bandwidth() / 2;
	const generator = d3Line<ChartRow>()
		.defined((row) => getValue(row, key) !== null)
		.x((row) => (xScale(row.date) ?? 0) + half)
		.y((row) => yScale(getValue(row, key) ?? 0));
	return generator(data) ?? '';
}

/**
 * The points of a series that a line cannot show: values with no value on either side (the only
 * day so far of a period whose next days are forecast, a day between gaps). Drawn as dots.
 */
export function getLonePoints(
	data: ChartRow[],
	key: string,
	xScale: ScaleBand<string>,
	yScale: ScaleLinear<number, number>,
): Array<{ date: string; x: number; y: number }> {
	const half = xScale.bandwidth() / 2;
	const has = (index: number) =>
		index >= 0 && index < data.length && getValue(data[index], key) !== null;
	const points: Array<{ date: string; x: number; y: number }> = [];
	data.forEach((row, index) => {
		const value = getValue(row, key);
		if (value === null || has(index - 1) || has(index + 1)) return;
		points.push({ date: row.date, x: (xScale(row.date) ?? 0) + half, y: yScale(value) });
	});
	return points;
}

/** The index of the date band nearest to an x position (in drawable coordinates). */
export function getNearestIndex(x: number, count: number, width: number): number {
	if (count <= 0) return -1;
	const step = width / count;
	const index = Math.floor(x / (step || 1));
	return Math.max(0, Math.min(count - 1, index));
}

/**
 * The y-axis ticks, as values. With `wholeNumbers` (counts: orders, items) only whole values get a
 * tick: a count axis never repeats '1, 1, 0, 0' for fractions rounded by its format.
 */
export function getYTicks(
	yScale: ScaleLinear<number, number>,
	count = 4,
	wholeNumbers = false,
): number[] {
	let ticks = yScale.ticks(count);
	// Values below 0 get a labelled tick at the bottom of the axis when the even ticks skip them
	// (unless it would sit on the 0 label).
	const [bottom] = yScale.domain();
	const step = ticks.length > 1 ? ticks[1] - ticks[0] : Math.abs(bottom);
	if (bottom < 0 && !ticks.some((tick) => tick < 0) && Math.abs(bottom) >= step * 0.3) {
		ticks = [bottom, ...ticks];
	}
	return wholeNumbers ? ticks.filter((tick) => Number.isInteger(tick)) : ticks;
}

/** Largest value in a list, 0 when empty. */
export function maxOf(values: number[]): number {
	return max(values) ?? 0;
}
