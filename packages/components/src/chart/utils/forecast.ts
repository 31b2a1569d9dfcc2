/**
 * The forecast on a time chart, as pure helpers: the rows the chart gains for the forecast's dates
 * after its last row, where each forecast point falls, and the dashed line and the interval's band
 * as SVG paths (d3-shape).
 */
import type { ScaleBand, ScaleLinear } from 'd3-scale';
import { area as d3Area, line as d3Line } from 'd3-shape';

import { getValue, type ChartRow } from './index.js';

/** A projected value of one of the chart's dates, with its interval. */
export interface ChartForecastPoint {
	/** The date, in the chart's date format (a row's `date`). */
	date: string;
	value: number;
	lower: number;
	upper: number;
}

/**
 * A forecast drawn on a time chart: a dashed line through the projected values of the rest of the
 * period and a shaded band for their interval, from the current period's last known value.
 */
export interface ChartForecast {
	/** The projected values, oldest first (dates after the last row extend the chart). */
	points: ChartForecastPoint[];
	/** The interval's coverage in %, e.g. 80. */
	coverage: number;
	/** The series the line continues (default: the first, the current period). */
	seriesKey?: string;
	/**
	 * The last date with values so far (today, in the chart's date format): the series' values of
	 * later rows (a range that reaches into the future has rows of zeros there) are not drawn.
	 */
	knownUntil?: string;
	/** The period's end value with its interval, for the chart's description. */
	total?: { value: number; lower: number; upper: number; date: string };
}

/** A forecast point with the index of its row. */
export interface PlacedForecastPoint extends ChartForecastPoint {
	index: number;
}

/**
 * The rows followed by a row (with no values) for each forecast date after the last row; the
 * forecast series' values after `knownUntil` (days still to come) left out.
 */
export function withForecastRows(
	data: ChartRow[],
	forecast?: ChartForecast,
	seriesKey?: string,
): ChartRow[] {
	if (!forecast || forecast.points.length === 0 || data.length === 0) return data;
	const { knownUntil } = forecast;
	const rows =
		knownUntil && seriesKey && data.some((row) => row.date > knownUntil)
			? data.map((row) => {
					const cell = row[seriesKey];
					return row.date > knownUntil && typeof cell === 'object' && cell !== null
						? { ...row, [seriesKey]: { ...cell, value: null } }
						: row;
				})
			: data;
	const last = data[data.length - 1].date;
	const extra = forecast.points
		.filter((point) => point.date > last)
		.map((point) => ({ date: point.date }));
	return extra.length ? [...rows, ...extra] : rows;
}

/** Each forecast point on its row (points on no row are left out). */
export function placeForecast(data: ChartRow[], forecast?: ChartForecast): PlacedForecastPoint[] {
	if (!forecast) return [];
	const indexes = new Map(data.map((row, index) => [row.date, index]));
	const placed: PlacedForecastPoint[] = [];
	for (const point of forecast.points) {
		const index = indexes.get(point.date);
		if (index !== undefined && [point.value, point.lower, point.upper].every(Number.isFinite))
			placed.push({ ...point, index });
	}
	return placed.sort((a, b) => a.index - b.index);
}

/** The values the y axis must reach to hold the band. */
export function forecastExtent(placed: readonly PlacedForecastPoint[]): number[] {
	return placed.flatMap((point) => [point.lower, point.upper]);
}

export interface ForecastPaths {
	/** The dashed line: from the series' last value before the forecast through each point. */
	line: string;
	/** The band between the interval's bounds. */
	band: string;
}

/** The dashed line and the band of the placed forecast, or null when there is none. */
export function getForecastPaths(
	data: ChartRow[],
	placed: readonly PlacedForecastPoint[],
	seriesKey: string | undefined,
	xScale: ScaleBand<string>,
	yScale: ScaleLinear<number, number>,
): ForecastPaths | null {
	if (placed.length === 0) return null;
	const half = xScale.bandwidth() / 2;
	const x = (index: number) => (xScale(data[index].date) ?? 0) + half;
	// The line starts at the series' last value before the first forecast date.
	let anchor: { index: number; value: number } | null = null;
	if (seriesKey) {
		for (let i = placed[0].index - 1; i >= 0; i--) {
			const value = getValue(data[i], seriesKey);
			if (value !== null) {
				anchor = { index: i, value };
				break;
			}
		}
	}
	const linePoints: Array<[number, number]> = [
		...(anchor ? [[x(anchor.index), yScale(anchor.value)] as [number, number]] : []),
		...placed.map((point): [number, number] => [x(point.index), yScale(point.value)]),
	];
	const bandPoints: Array<{ x: number; low: number; high: number }> = [
		...(anchor
			? [{ x: x(anchor.index), low: yScale(anchor.value), high: yScale(anchor.value) }]
			: []),
		...placed.map((point) => ({
			x: x(point.index),
			low: yScale(point.lower),
			high: yScale(point.upper),
		})),
	];
	// A single point with nothing before it: a short level stroke and a box, so it is seen.
	if (linePoints.length === 1) {
		const [px, py] = linePoints[0];
		const w = Math.max(4, half);
		linePoints.splice(0, 1, [px - w, py], [px + w, py]);
		const { low, high } = bandPoints[0];
		bandPoints.splice(0, 1, { x: px - w, low, high }, { x: px + w, low, high });
	}
	const line = d3Line()(linePoints) ?? '';
	const band =
		d3Area<{ x: number; low: number; high: number }>()
			.x((p) => p.x)
			.y0((p) => p.low)
			.y1((p) => p.high)(bandPoints) ?? '';
	return { line, band };
}

/** The forecast point of a row, if any. */
export function forecastAt(
	placed: readonly PlacedForecastPoint[],
	index: number,
): PlacedForecastPoint | undefined {
	return placed.find((point) => point.index === index);
}
