/**
 * Pure helpers of the chart's pieces: what each piece draws (axis ticks, bars, focus points, the
 * tooltip's place and lines, the screen-reader table's cells) and which date a key moves to, from
 * the data and the scales. No React and no DOM.
 */
import type { ScaleBand, ScaleLinear } from 'd3-scale';

import {
	CHART_CONSTANTS,
	getValue,
	getXTicks,
	getYFormatter,
	getYTicks,
	type ChartInterval,
	type ChartRow,
	type ChartValueType,
} from './index.js';

/** A series as the drawing sees it: its key and its name. */
export interface ChartColumn {
	key: string;
	label: string;
}

/** One y-axis tick: its value, its place and its label. */
export interface YAxisTick {
	value: number;
	y: number;
	label: string;
}

/** One x-axis tick: its date, its place, its label and, at a new month (or the first), a second line. */
export interface XAxisTick {
	date: string;
	x: number;
	label: string;
	secondLabel: string | null;
}

/** One bar: the date it stands for and its rectangle. */
export interface BarRect {
	date: string;
	x: number;
	y: number;
	width: number;
	height: number;
}

/** One line of the tooltip: the series, its name (or its own date) and its value (null: N/A). */
export interface ChartTooltipLine {
	key: string;
	label: string;
	value: number | null;
}

/** One row of the screen-reader table: its date heading and a value per column (null: N/A). */
export interface ChartTableRow {
	date: string;
	heading: string;
	values: Array<number | null>;
}

/** The y-axis ticks (whole numbers only for a count) with their places and labels. */
export function getYAxisTicks(
	yScale: ScaleLinear<number, number>,
	valueType?: ChartValueType,
	yFormat?: string | ((value: number) => string),
): YAxisTick[] {
	const format = getYFormatter(valueType, yFormat);
	return getYTicks(yScale, 4, valueType === 'number').map((value) => ({
		value,
		y: yScale(value),
		label: format(value),
	}));
}

/** The centre of a date's band on the x axis. */
export function getBandCenter(xScale: ScaleBand<string>, date: string): number {
	return (xScale(date) ?? 0) + xScale.bandwidth() / 2;
}

/**
 * The x-axis ticks (thinned to the width, month starts for long ranges) with their places and
 * labels; the second line (month and year) shows under the first tick and where the month changes.
 * A date the parser cannot read gets no tick.
 */
export function getXAxisTicks(options: {
	dates: string[];
	width: number;
	interval: ChartInterval;
	xScale: ScaleBand<string>;
	parseDate: (date: string) => Date | null;
	formatX: (date: Date) => string;
	formatX2: (date: Date) => string;
}): XAxisTick[] {
	const { dates, width, interval, xScale, parseDate, formatX, formatX2 } = options;
	const ticks = getXTicks(dates, width, interval, parseDate);
	const result: XAxisTick[] = [];
	ticks.forEach((date, index) => {
		const parsed = parseDate(date);
		if (!parsed) return;
		const previous = index > 0 ? parseDate(ticks[index - 1]) : null;
		const showSecond =
			!previous ||
			previous.getMonth() !== parsed.getMonth() ||
			previous.getFullYear() !== parsed.getFullYear();
		result.push({
			date,
			x: getBandCenter(xScale, date),
			label: formatX(parsed),
			secondLabel: showSecond ? formatX2(parsed) : null,
		});
	});
	return result;
}

/**
 * The bars of each series: side by side in a date's band, from 0 up (or down, for a negative
 * value); a missing value is a bar of no height.
 */
export function getBarRects(
	data: ChartRow[],
	keys: string[],
	xScale: ScaleBand<string>,
	yScale: ScaleLinear<number, number>,
): Array<{ key: string; rects: BarRect[] }> {
	if (keys.length === 0) return [];
	const barWidth = Math.max(0, xScale.bandwidth() / keys.length);
	const zero = yScale(0);
	return keys.map((key, i) => ({
		key,
		rects: data.map((row) => {
			const y = yScale(getValue(row, key) ?? 0);
			return {
				date: row.date,
				x: (xScale(row.date) ?? 0) + i * barWidth,
				y: Math.min(y, zero),
				width: barWidth,
				height: Math.abs(zero - y),
			};
		}),
	}));
}

/** The focus marker's points on the lines at a row: one per series with a value there. */
export function getFocusPoints(
	row: ChartRow,
	keys: string[],
	yScale: ScaleLinear<number, number>,
): Array<{ key: string; y: number }> {
	const points: Array<{ key: string; y: number }> = [];
	for (const key of keys) {
		const value = getValue(row, key);
		if (value !== null) points.push({ key, y: yScale(value) });
	}
	return points;
}

/**
 * Where the tooltip goes: right of the focused date, or left of it in the right half of the chart
 * (anchored by its right edge), 12 px away.
 */
export function getTooltipPlacement(
	x: number,
	innerWidth: number,
	width: number,
): { isLeft: boolean; style: { left: number } | { right: number } } {
	const { margin } = CHART_CONSTANTS;
	const isLeft = x > innerWidth / 2;
	return {
		isLeft,
		style: isLeft ? { right: width - x - margin.left + 12 } : { left: x + margin.left + 12 },
	};
}

/**
 * The tooltip's lines at a row: each visible series with its value; a value with its own date (a
 * comparison's interval) is named by that date, else by the series' name.
 */
export function getTooltipLines(
	row: ChartRow,
	columns: ChartColumn[],
	parseDate: (date: string) => Date | null,
	formatDate: (date: Date) => string,
): ChartTooltipLine[] {
	return columns.map(({ key, label }) => {
		const cell = row[key];
		const labelDate =
			typeof cell === 'object' && cell.labelDate ? parseDate(cell.labelDate) : null;
		return {
			key,
			label: labelDate ? formatDate(labelDate) : label,
			value: getValue(row, key),
		};
	});
}

/** The screen-reader table's rows: the date (as written when unreadable) and each column's value. */
export function getTableRows(
	data: ChartRow[],
	columns: ChartColumn[],
	parseDate: (date: string) => Date | null,
	formatDate: (date: Date) => string,
): ChartTableRow[] {
	return data.map((row) => {
		const parsed = parseDate(row.date);
		return {
			date: row.date,
			heading: parsed ? formatDate(parsed) : row.date,
			values: columns.map(({ key }) => getValue(row, key)),
		};
	});
}

/**
 * The date a key moves the focus to among `count` dates (-1: none, the tooltip hidden), or null
 * when the key does not move it: arrows step (from outside: the first or the last), Home and End
 * jump, Escape leaves.
 */
export function getKeyboardIndex(key: string, activeIndex: number, count: number): number | null {
	const last = count - 1;
	switch (key) {
		case 'ArrowRight':
			return activeIndex < 0 ? 0 : Math.min(last, activeIndex + 1);
		case 'ArrowLeft':
			return activeIndex < 0 ? last : Math.max(0, activeIndex - 1);
		case 'Home':
			return 0;
		case 'End':
			return last;
		case 'Escape':
			return -1;
		default:
			return null;
	}
}
