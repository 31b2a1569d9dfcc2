import type { ScaleBand, ScaleLinear } from 'd3-scale';
import { timeFormat, timeFormatLocale, type TimeLocaleDefinition } from 'd3-time-format';
import { useRef, type ReactElement } from 'react';

import { XAxis, YAxis } from './axis.js';
import { ScreenReaderTable } from './screen-reader-table.js';
import { Bars, type SeriesMarks } from './series.js';
import {
	CHART_CONSTANTS,
	createDateParser,
	getLinePath,
	getLonePoints,
	getXScale,
	getYScale,
	isSameChartData,
	type ChartInterval,
	type ChartRow,
	type ChartType,
	type ChartValueType,
} from './utils/index.js';
import {
	forecastExtent,
	getForecastPaths,
	placeForecast,
	type ChartForecast,
	type ForecastPaths,
	type PlacedForecastPoint,
} from './utils/forecast.js';
import {
	getBarRects,
	getXAxisTicks,
	getYAxisTicks,
	getTableRows,
	type ChartColumn,
} from './utils/pieces.js';

/** Everything the drawing depends on; what is not here (hover, focus, tooltip) never redraws it. */
export interface DrawingInput {
	data: ChartRow[];
	/** The visible series, in legend order. */
	columns: ChartColumn[];
	chartType: ChartType;
	interval: ChartInterval;
	width: number;
	height: number;
	/** d3-time-format of the row dates. */
	dateParser: string;
	valueType?: ChartValueType;
	yFormat?: string | ((value: number) => string);
	/** Month and weekday names of the dates; d3's en-US when absent. */
	timeLocale?: TimeLocaleDefinition;
	xFormat: string;
	x2Format: string;
	tooltipLabelFormat: string;
	screenReaderFormat: string;
	formatValue: (value: number) => string;
	/** Accessible name of the chart: the table's caption. */
	label: string;
	/** The projected values of the rest of the period (rows for its later dates included in `data`). */
	forecast?: ChartForecast;
	/** The series the forecast continues (the current period): no forecast while it is hidden. */
	forecastKey?: string;
}

/**
 * A drawing of the chart: the scales the focus and the tooltip place themselves by, and the drawn
 * pieces (axes, series marks, screen-reader table) as elements, so that a render that keeps the
 * drawing gives React the same elements and nothing below them is rendered again.
 */
export interface Drawing {
	input: DrawingInput;
	innerWidth: number;
	innerHeight: number;
	xScale: ScaleBand<string>;
	yScale: ScaleLinear<number, number>;
	parseDate: (date: string) => Date | null;
	formatTooltipDate: (date: Date) => string;
	yAxis: ReactElement;
	xAxis: ReactElement;
	marks: SeriesMarks[];
	table: ReactElement;
	/** The forecast's points on their rows and its dashed line and band (null: none drawn). */
	forecastPoints: PlacedForecastPoint[];
	forecastPaths: ForecastPaths | null;
}

/** Whether two drawing inputs draw the same chart: equal data and series, same sizes and formats. */
export function isSameDrawingInput(a: DrawingInput, b: DrawingInput): boolean {
	return (
		a.chartType === b.chartType &&
		a.interval === b.interval &&
		a.width === b.width &&
		a.height === b.height &&
		a.dateParser === b.dateParser &&
		a.valueType === b.valueType &&
		a.yFormat === b.yFormat &&
		a.timeLocale === b.timeLocale &&
		a.xFormat === b.xFormat &&
		a.x2Format === b.x2Format &&
		a.tooltipLabelFormat === b.tooltipLabelFormat &&
		a.screenReaderFormat === b.screenReaderFormat &&
		a.formatValue === b.formatValue &&
		a.label === b.label &&
		a.forecast === b.forecast &&
		a.forecastKey === b.forecastKey &&
		a.columns.length === b.columns.length &&
		a.columns.every(
			(column, i) => column.key === b.columns[i].key && column.label === b.columns[i].label,
		) &&
		isSameChartData(a.data, b.data)
	);
}

/** Draws the chart for an input, from the pure helpers of `utils`. */
export function drawChart(input: DrawingInput): Drawing {
	const { data, columns, chartType, width, height } = input;
	const { margin } = CHART_CONSTANTS;
	const innerWidth = Math.max(0, width - margin.left - margin.right);
	const innerHeight = Math.max(0, height - margin.top - margin.bottom);
	const keys = columns.map((column) => column.key);
	const dates = data.map((row) => row.date);
	const parseDate = createDateParser(input.dateParser);
	const formatDate = input.timeLocale ? timeFormatLocale(input.timeLocale).format : timeFormat;
	const xScale = getXScale(dates, innerWidth);
	const forecastPoints = placeForecast(data, input.forecast);
	const yScale = getYScale(data, keys, innerHeight, forecastExtent(forecastPoints));
	// The line continues its series (the current period) while that series is shown.
	const { forecastKey } = input;
	const forecastPaths =
		forecastKey !== undefined && keys.includes(forecastKey)
			? getForecastPaths(data, forecastPoints, forecastKey, xScale, yScale)
			: null;
	const xTicks = getXAxisTicks({
		dates,
		width,
		interval: input.interval,
		xScale,
		parseDate,
		formatX: formatDate(input.xFormat),
		formatX2: formatDate(input.x2Format),
	});
	const marks: SeriesMarks[] =
		chartType === 'line'
			? keys.map((key) => ({
					key,
					path: getLinePath(data, key, xScale, yScale),
					dots: getLonePoints(data, key, xScale, yScale),
				}))
			: getBarRects(data, keys, xScale, yScale).map(({ key, rects }) => ({
					key,
					bars: <Bars rects={rects} />,
				}));
	return {
		input,
		innerWidth,
		innerHeight,
		xScale,
		yScale,
		parseDate,
		formatTooltipDate: formatDate(input.tooltipLabelFormat),
		yAxis: (
			<YAxis
				ticks={getYAxisTicks(yScale, input.valueType, input.yFormat)}
				width={innerWidth}
			/>
		),
		xAxis: <XAxis ticks={xTicks} height={innerHeight} />,
		marks,
		forecastPoints: forecastPaths ? forecastPoints : [],
		forecastPaths,
		table: (
			<ScreenReaderTable
				caption={input.label}
				columns={columns}
				// Worked out when the table is drawn (after the chart is on screen), not with the drawing.
				getRows={() =>
					getTableRows(data, columns, parseDate, formatDate(input.screenReaderFormat))
				}
				formatValue={input.formatValue}
				forecast={
					forecastPaths
						? { points: forecastPoints, coverage: input.forecast?.coverage ?? 80 }
						: undefined
				}
			/>
		),
	};
}

/**
 * The one layer that stops needless redraws: the drawing of the last render is kept while the
 * input is equal by value (a report re-rendering with a new but equal data array, a legend item
 * hovered, the tooltip moving); any change of data, series, size or format draws anew.
 */
export function useDrawing(input: DrawingInput): Drawing {
	const kept = useRef<Drawing | null>(null);
	if (!kept.current || !isSameDrawingInput(kept.current.input, input)) {
		kept.current = drawChart(input);
	}
	return kept.current;
}
