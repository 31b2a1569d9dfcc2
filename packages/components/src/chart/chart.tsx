import clsx from 'clsx';
import { format as d3Format } from 'd3-format';
import { startTransition, useLayoutEffect, useRef, useState, type RefObject } from 'react';

import { useViewportMatch } from '@wordpress/compose';
import { __, sprintf } from '@wordpress/i18n';

import { updateQueryString } from '@abacus/navigation';

import { ChartBody } from './body.js';
import { ChartControls } from './controls.js';
import { Legend } from './legend.js';
import { ChartPlaceholder } from './placeholder.js';
import type { ChartProps } from './types.js';
import { withForecastRows } from './utils/forecast.js';
import {
	CHART_CONSTANTS,
	getChartHeight,
	getColor,
	getLegendPosition,
	getOrderedSeries,
	getSeriesKeys,
	isDataEmpty,
	type ChartInterval,
	type ChartType,
	type ChartValueType,
} from './utils/index.js';
import './style.scss';

const defaultFormatters: Record<ChartValueType, (value: number) => string> = {
	currency: d3Format('$,.2f'),
	number: d3Format(',.0f'),
	average: d3Format(',.2f'),
};

/**
 * Measures an element's width before the first paint (so the body is drawn once, at its real
 * width; the default chart width when the element has none, e.g. outside a browser), then follows
 * it with a ResizeObserver whose updates render as a transition: a window being resized does not
 * block input while the chart redraws.
 */
function useWidth(): [RefObject<HTMLDivElement>, number | null] {
	const ref = useRef<HTMLDivElement>(null);
	const [width, setWidth] = useState<number | null>(null);
	useLayoutEffect(() => {
		const element = ref.current;
		if (!element) return undefined;
		let applied = element.clientWidth > 0 ? element.clientWidth : CHART_CONSTANTS.defaultWidth;
		setWidth(applied);
		const observer = new ResizeObserver(() => {
			const measured = element.clientWidth;
			// The observer's first report (the width just measured) and any other of an unchanged
			// width draw nothing again.
			if (measured > 0 && measured !== applied) {
				applied = measured;
				startTransition(() => setWidth(measured));
			}
		});
		observer.observe(element);
		return () => observer.disconnect();
	}, []);
	return [ref, width];
}

/**
 * A report chart: header (title, interval select, line/bar toggle), legend and the d3 body with its
 * tooltip. Interval and type changes call the on* callbacks and are written to the query string.
 * Only the body's drawing is kept between renders (`useDrawing`); the rest is cheap to work out.
 */
export function Chart({
	data,
	dateParser = '%Y-%m-%dT%H:%M:%S',
	mode = 'time-comparison',
	chartType = 'line',
	interval = 'day',
	allowedIntervals = [],
	query,
	path,
	itemsLabel,
	title,
	isRequesting = false,
	interactiveLegend = true,
	legendPosition,
	legendTotals,
	emptyMessage,
	screenReaderFormat = '%B %-d, %Y',
	tooltipLabelFormat = '%B %-d, %Y',
	tooltipValueFormat,
	tooltipTitle,
	valueType = 'number',
	formatCurrency,
	formatNumber,
	formatAverage,
	xFormat = '%d',
	x2Format = '%b %Y',
	yFormat,
	timeLocale,
	showHeaderControls = true,
	onIntervalChange,
	onChartTypeChange,
	height,
	className,
	onPointClick,
	pointActionLabel,
	isPointActionable,
	pointActionName,
	annotations,
	showAnnotations = true,
	onShowAnnotationsChange,
	onAddAnnotation,
	addAnnotationActionLabel,
	forecast,
}: ChartProps) {
	const [bodyRef, width] = useWidth();
	const isWide = useViewportMatch('large');
	const position = legendPosition ?? getLegendPosition(mode, isWide);
	const chartHeight =
		height ??
		(typeof window === 'undefined'
			? CHART_CONSTANTS.defaultHeight
			: getChartHeight(window.innerWidth));

	// Series selection, reset when the set of series changes.
	const keySignature = getSeriesKeys(data).join('\u0000');
	const [selection, setSelection] = useState<{ signature: string; keys: string[] | undefined }>({
		signature: keySignature,
		keys: undefined,
	});
	const selectedKeys = selection.signature === keySignature ? selection.keys : undefined;
	const [hoveredKey, setHoveredKey] = useState<string | null>(null);

	const baseSeries = getOrderedSeries(data, legendTotals, selectedKeys);
	const series = baseSeries.map((s) => (s.key === hoveredKey ? { ...s, focus: true } : s));
	const colors: Record<string, string> = {};
	baseSeries.forEach((s, index) => {
		colors[s.key] = getColor(index);
	});

	const formatValue =
		tooltipValueFormat ??
		{ currency: formatCurrency, number: formatNumber, average: formatAverage }[valueType] ??
		defaultFormatters[valueType];

	const onToggle = (key: string) => {
		const visible = baseSeries.filter((s) => s.visible).map((s) => s.key);
		const isVisible = visible.includes(key);
		if (isVisible && visible.length === 1) return;
		if (!isVisible && visible.length >= CHART_CONSTANTS.maxVisibleSeries) return;
		setSelection({
			signature: keySignature,
			keys: isVisible ? visible.filter((k) => k !== key) : [...visible, key],
		});
	};

	const changeInterval = (next: ChartInterval) => {
		if (onIntervalChange?.(next) === false) return;
		updateQueryString({ interval: next }, path, query);
	};
	const changeType = (next: ChartType) => {
		if (next === chartType) return;
		if (onChartTypeChange?.(next) === false) return;
		updateQueryString({ chartType: next }, path, query);
	};

	const isEmpty = !isRequesting && isDataEmpty(data);
	// The series a forecast continues: the current period (the first).
	const forecastKey = forecast ? (forecast.seriesKey ?? baseSeries[0]?.key) : undefined;
	const chartLabel = title ?? __('Chart', 'abacus');
	const totalLabel =
		mode === 'item-comparison'
			? (itemsLabel ?? /* translators: %d: number of items */ __('Total %d', 'abacus'))
			: undefined;

	const legend =
		!isRequesting && !isEmpty && series.length > 0 ? (
			<Legend
				series={series}
				colors={colors}
				isInteractive={interactiveLegend}
				onToggle={onToggle}
				onHover={setHoveredKey}
				direction={position === 'side' ? 'column' : 'row'}
				formatValue={formatValue}
				totalLabel={totalLabel}
			/>
		) : null;

	let body;
	if (isRequesting) {
		body = <ChartPlaceholder height={chartHeight} />;
	} else if (isEmpty) {
		body = (
			<div className="abacus-chart__empty-message" style={{ height: chartHeight }}>
				{emptyMessage ?? __('No data for the selected date range', 'abacus')}
			</div>
		);
	} else if (width === null) {
		// Only before the width is measured, within the first commit: never painted.
		body = <div style={{ height: chartHeight }} />;
	} else {
		body = (
			<ChartBody
				data={
					forecast && mode === 'time-comparison'
						? withForecastRows(data, forecast, forecastKey)
						: data
				}
				forecast={mode === 'time-comparison' ? forecast : undefined}
				forecastKey={forecastKey}
				columns={baseSeries
					.filter((s) => s.visible)
					.map((s) => ({ key: s.key, label: s.label }))}
				colors={colors}
				focusedKey={series.find((s) => s.focus)?.key}
				chartType={chartType}
				interval={interval}
				width={width}
				height={chartHeight}
				dateParser={dateParser}
				valueType={valueType}
				yFormat={yFormat}
				timeLocale={timeLocale}
				xFormat={xFormat}
				x2Format={x2Format}
				tooltipLabelFormat={tooltipLabelFormat}
				screenReaderFormat={screenReaderFormat}
				tooltipTitle={tooltipTitle}
				formatValue={formatValue}
				label={chartLabel}
				onPointClick={onPointClick}
				pointActionLabel={pointActionLabel}
				isPointActionable={isPointActionable}
				pointActionName={pointActionName}
				annotations={showAnnotations ? annotations : undefined}
				onAddAnnotation={onAddAnnotation}
				addAnnotationActionLabel={addAnnotationActionLabel}
			/>
		);
	}

	return (
		<div
			className={clsx('abacus-chart', className, `is-legend-${position}`, {
				'is-loading': isRequesting,
			})}
		>
			<div className="abacus-chart__header">
				{title && <h2 className="abacus-chart__title">{title}</h2>}
				{position === 'top' && legend}
				{annotations && onShowAnnotationsChange && (
					<button
						type="button"
						className="abacus-chart__notes-toggle"
						aria-pressed={showAnnotations}
						onClick={() => onShowAnnotationsChange(!showAnnotations)}
					>
						{sprintf(
							/* translators: %d: number of notes in the period */
							__('Show notes (%d)', 'abacus'),
							annotations.length,
						)}
					</button>
				)}
				{showHeaderControls && (
					<ChartControls
						interval={interval}
						allowedIntervals={allowedIntervals}
						chartType={chartType}
						onIntervalChange={changeInterval}
						onChartTypeChange={changeType}
					/>
				)}
			</div>
			<div className="abacus-chart__content">
				<div className="abacus-chart__main" ref={bodyRef}>
					{body}
				</div>
				{position !== 'top' && legend}
			</div>
		</div>
	);
}
