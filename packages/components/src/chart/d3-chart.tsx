import {
	memo,
	startTransition,
	useCallback,
	useEffect,
	useMemo,
	useRef,
	useState,
	type KeyboardEvent,
	type MouseEvent,
} from 'react';

import { throttle } from '@wordpress/compose';
import { __ } from '@wordpress/i18n';
import { timeFormat } from 'd3-time-format';

import {
	CHART_CONSTANTS,
	getLinePath,
	getNearestIndex,
	getValue,
	getXScale,
	getXTicks,
	getYFormatter,
	getYScale,
	getYTicks,
	type ChartInterval,
	type ChartRow,
	type ChartSeries,
	type ChartType,
	type ChartValueType,
} from './utils/index.js';

export interface D3ChartProps {
	data: ChartRow[];
	series: ChartSeries[];
	colors: Record<string, string>;
	chartType: ChartType;
	interval: ChartInterval;
	width: number;
	height: number;
	parseDate: (date: string) => Date | null;
	valueType?: ChartValueType;
	yFormat?: string;
	xFormat: string;
	x2Format: string;
	tooltipLabelFormat: string;
	screenReaderFormat: string;
	tooltipTitle?: string;
	formatValue: (value: number) => string;
	/** Accessible name of the chart. */
	label: string;
	onPointClick?: (row: ChartRow, index: number) => void;
	pointActionLabel?: string;
	isPointActionable?: (row: ChartRow, index: number) => boolean;
}

const { margin } = CHART_CONSTANTS;

/**
 * `value` as of the last painted frame: a new value is taken (in a transition) only after the
 * frame showing the rest of the change has been painted; rapid changes keep only the latest.
 */
function useValueAfterPaint<T>(value: T): T {
	const [shown, setShown] = useState(value);
	useEffect(() => {
		let timeout: ReturnType<typeof setTimeout> | undefined;
		const frame = requestAnimationFrame(() => {
			timeout = setTimeout(() => startTransition(() => setShown(value)), 0);
		});
		return () => {
			cancelAnimationFrame(frame);
			clearTimeout(timeout);
		};
	}, [value]);
	return shown;
}

/**
 * The drawing: axes, one path per line series (or bars), the focus marker and the tooltip. One tab
 * stop; arrow keys move between dates; a visually hidden table carries the data for screen readers.
 */
export const D3Chart = memo(function D3Chart({
	data,
	series,
	colors,
	chartType,
	interval,
	width,
	height,
	parseDate,
	valueType,
	yFormat,
	xFormat,
	x2Format,
	tooltipLabelFormat,
	screenReaderFormat,
	tooltipTitle,
	formatValue,
	label,
	onPointClick,
	pointActionLabel,
	isPointActionable,
}: D3ChartProps) {
	const [activeIndex, setActiveIndex] = useState(-1);
	// The screen-reader table (one row per date) follows the first paint, in a transition.
	const [hasTable, setHasTable] = useState(false);
	useEffect(() => startTransition(() => setHasTable(true)), []);
	const svgRef = useRef<SVGSVGElement>(null);
	const innerWidth = Math.max(0, width - margin.left - margin.right);
	const innerHeight = Math.max(0, height - margin.top - margin.bottom);
	const visible = useMemo(() => series.filter((s) => s.visible), [series]);
	// Keyed by the visible series' keys: hovering a legend item (a new `series`) keeps the scales
	// and paths, and only restyles the lines.
	const visibleSignature = visible.map((s) => s.key).join('\u0000');
	const visibleKeys = useMemo(
		() => (visibleSignature === '' ? [] : visibleSignature.split('\u0000')),
		[visibleSignature],
	);
	const focusedKey = series.find((s) => s.focus)?.key;
	const dates = useMemo(() => data.map((row) => row.date), [data]);
	// Keyed by the visible series' keys and labels: hovering a legend item does not redraw it.
	const columnSignature = visible.map((s) => `${s.key}\u0000${s.label}`).join('\u0001');
	const columns = useMemo(
		() =>
			columnSignature.split('\u0001').map((column) => {
				const [key, columnLabel] = column.split('\u0000');
				return { key, label: columnLabel };
			}),
		[columnSignature],
	);
	// The screen-reader table follows data and legend changes once the drawing has been painted.
	const tableInput = useMemo(() => ({ data, columns }), [data, columns]);
	const table = useValueAfterPaint(tableInput);

	const xScale = useMemo(() => getXScale(dates, innerWidth), [dates, innerWidth]);
	const yScale = useMemo(
		() => getYScale(data, visibleKeys, innerHeight),
		[data, visibleKeys, innerHeight],
	);
	const yTicks = useMemo(() => getYTicks(yScale, 4, valueType === 'number'), [yScale, valueType]);
	const yFormatter = useMemo(() => getYFormatter(valueType, yFormat), [valueType, yFormat]);
	const xTicks = useMemo(
		() => getXTicks(dates, width, interval, parseDate),
		[dates, width, interval, parseDate],
	);
	const formatX = useMemo(() => timeFormat(xFormat), [xFormat]);
	const formatX2 = useMemo(() => timeFormat(x2Format), [x2Format]);
	const formatTooltipDate = useMemo(() => timeFormat(tooltipLabelFormat), [tooltipLabelFormat]);
	const formatScreenReaderDate = useMemo(
		() => timeFormat(screenReaderFormat),
		[screenReaderFormat],
	);

	const paths = useMemo(
		() =>
			chartType === 'line'
				? visibleKeys.map((key) => ({ key, d: getLinePath(data, key, xScale, yScale) }))
				: [],
		[chartType, visibleKeys, data, xScale, yScale],
	);

	// Bars grouped by series; the rect elements are made once per drawing, so hovering a legend
	// item only changes the class of a group.
	const barGroups = useMemo(() => {
		if (chartType !== 'bar' || visibleKeys.length === 0) return [];
		const barWidth = Math.max(0, xScale.bandwidth() / visibleKeys.length);
		const zero = yScale(0);
		return visibleKeys.map((key, i) => ({
			key,
			rects: data.map((row) => {
				const y = yScale(getValue(row, key) ?? 0);
				return (
					<rect
						key={row.date}
						className="abacus-chart__bar"
						x={(xScale(row.date) ?? 0) + i * barWidth}
						y={Math.min(y, zero)}
						width={barWidth}
						height={Math.abs(zero - y)}
					/>
				);
			}),
		}));
	}, [chartType, visibleKeys, data, xScale, yScale]);

	// Scrolling hides the tooltip (throttled).
	useEffect(() => {
		const hide = throttle(() => setActiveIndex(-1), CHART_CONSTANTS.tooltipHideThrottleMs);
		window.addEventListener('scroll', hide, { passive: true });
		return () => {
			hide.cancel();
			window.removeEventListener('scroll', hide);
		};
	}, []);

	const onMouseMove = useCallback(
		(event: MouseEvent<SVGSVGElement>) => {
			const box = svgRef.current?.getBoundingClientRect();
			const x = event.clientX - (box?.left ?? 0) - margin.left;
			setActiveIndex(getNearestIndex(x, dates.length, innerWidth));
		},
		[dates.length, innerWidth],
	);

	const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
		const last = dates.length - 1;
		let next: number | null = null;
		if (event.key === 'ArrowRight')
			next = activeIndex < 0 ? 0 : Math.min(last, activeIndex + 1);
		else if (event.key === 'ArrowLeft')
			next = activeIndex < 0 ? last : Math.max(0, activeIndex - 1);
		else if (event.key === 'Home') next = 0;
		else if (event.key === 'End') next = last;
		else if (event.key === 'Escape') next = -1;
		else if (event.key === 'Enter' && onPointClick && data[activeIndex]) {
			event.preventDefault();
			if (!isPointActionable || isPointActionable(data[activeIndex], activeIndex)) {
				onPointClick(data[activeIndex], activeIndex);
			}
			return;
		}
		if (next !== null) {
			event.preventDefault();
			setActiveIndex(next);
		}
	};

	const activeRow = activeIndex >= 0 ? data[activeIndex] : undefined;
	const activeDate = activeRow ? parseDate(activeRow.date) : null;
	const activeX = activeRow ? (xScale(activeRow.date) ?? 0) + xScale.bandwidth() / 2 : 0;
	const tooltipOnLeft = activeX > innerWidth / 2;

	return (
		<div
			className="abacus-chart__body"
			role="group"
			aria-label={label}
			tabIndex={0}
			onKeyDown={onKeyDown}
			onBlur={() => setActiveIndex(-1)}
		>
			<svg
				ref={svgRef}
				className="abacus-chart__svg"
				width={width}
				height={height}
				aria-hidden="true"
				onMouseMove={onMouseMove}
				onMouseLeave={() => setActiveIndex(-1)}
				onClick={
					onPointClick
						? (event) => {
								const box = svgRef.current?.getBoundingClientRect();
								const x = event.clientX - (box?.left ?? 0) - margin.left;
								const index = getNearestIndex(x, dates.length, innerWidth);
								if (
									data[index] &&
									(!isPointActionable || isPointActionable(data[index], index))
								) {
									onPointClick(data[index], index);
								}
							}
						: undefined
				}
				style={onPointClick ? { cursor: 'pointer' } : undefined}
			>
				<g transform={`translate(${margin.left},${margin.top})`}>
					<g className="abacus-chart__y-axis">
						{yTicks.map((tick) => (
							<g key={tick} transform={`translate(0,${yScale(tick)})`}>
								<line className="abacus-chart__grid" x2={innerWidth} />
								<text
									className="abacus-chart__tick-label"
									x={-10}
									dy="0.32em"
									textAnchor="end"
								>
									{yFormatter(tick)}
								</text>
							</g>
						))}
					</g>
					<g className="abacus-chart__x-axis" transform={`translate(0,${innerHeight})`}>
						{xTicks.map((date, index) => {
							const parsed = parseDate(date);
							if (!parsed) return null;
							const previous = index > 0 ? parseDate(xTicks[index - 1]) : null;
							const showSecond =
								!previous ||
								previous.getMonth() !== parsed.getMonth() ||
								previous.getFullYear() !== parsed.getFullYear();
							return (
								<g
									key={date}
									transform={`translate(${(xScale(date) ?? 0) + xScale.bandwidth() / 2},0)`}
								>
									<line className="abacus-chart__tick" y2={6} />
									<text
										className="abacus-chart__tick-label"
										y={20}
										textAnchor="middle"
									>
										{formatX(parsed)}
									</text>
									{showSecond && (
										<text
											className="abacus-chart__tick-label is-secondary"
											y={36}
											textAnchor="middle"
										>
											{formatX2(parsed)}
										</text>
									)}
								</g>
							);
						})}
					</g>
					{paths.map((p) => (
						<path
							key={p.key}
							className={`abacus-chart__line${focusedKey && focusedKey !== p.key ? ' is-faded' : ''}`}
							d={p.d}
							fill="none"
							stroke={colors[p.key]}
							strokeWidth={focusedKey === p.key ? 3 : 2}
						/>
					))}
					{barGroups.map((group) => (
						<g
							key={group.key}
							className={`abacus-chart__bars${focusedKey && focusedKey !== group.key ? ' is-faded' : ''}`}
							fill={colors[group.key]}
						>
							{group.rects}
						</g>
					))}
					{activeRow && (
						<g className="abacus-chart__focus">
							<line
								className="abacus-chart__focus-line"
								x1={activeX}
								x2={activeX}
								y1={0}
								y2={innerHeight}
							/>
							{chartType === 'line' &&
								visible.map((s) => {
									const value = getValue(activeRow, s.key);
									return value === null ? null : (
										<circle
											key={s.key}
											cx={activeX}
											cy={yScale(value)}
											r={4}
											fill={colors[s.key]}
										/>
									);
								})}
						</g>
					)}
				</g>
			</svg>
			{activeRow && (
				<div
					className={`abacus-chart__tooltip${tooltipOnLeft ? ' is-left' : ''}`}
					role="status"
					style={
						tooltipOnLeft
							? { right: width - activeX - margin.left + 12 }
							: { left: activeX + margin.left + 12 }
					}
				>
					<div className="abacus-chart__tooltip-title">
						{tooltipTitle ??
							(activeDate ? formatTooltipDate(activeDate) : activeRow.date)}
					</div>
					<ul className="abacus-chart__tooltip-list">
						{visible.map((s) => {
							const cell = activeRow[s.key];
							const value = getValue(activeRow, s.key);
							const labelDate =
								typeof cell === 'object' && cell.labelDate
									? parseDate(cell.labelDate)
									: null;
							return (
								<li key={s.key} className="abacus-chart__tooltip-item">
									<span
										className="abacus-chart__swatch"
										style={{ backgroundColor: colors[s.key] }}
										aria-hidden="true"
									/>
									<span className="abacus-chart__tooltip-label">
										{labelDate ? formatTooltipDate(labelDate) : s.label}
									</span>
									<span className="abacus-chart__tooltip-value">
										{value === null ? __('N/A', 'abacus') : formatValue(value)}
									</span>
								</li>
							);
						})}
					</ul>
					{onPointClick &&
					pointActionLabel &&
					(!isPointActionable || isPointActionable(activeRow, activeIndex)) ? (
						<div className="abacus-chart__tooltip-action">{pointActionLabel}</div>
					) : null}
				</div>
			)}
			{hasTable && (
				<ScreenReaderTable
					data={table.data}
					columns={table.columns}
					parseDate={parseDate}
					formatDate={formatScreenReaderDate}
					formatValue={formatValue}
					caption={label}
				/>
			)}
		</div>
	);
});

const ScreenReaderTable = memo(function ScreenReaderTable({
	data,
	columns,
	parseDate,
	formatDate,
	formatValue,
	caption,
}: {
	data: ChartRow[];
	columns: Array<{ key: string; label: string }>;
	parseDate: (date: string) => Date | null;
	formatDate: (date: Date) => string;
	formatValue: (value: number) => string;
	caption: string;
}) {
	// The visually hidden box is a div around the table: a table ignores the 1 px height and, as
	// tall as its rows, made the page scroll far below its end.
	return (
		<div className="screen-reader-text">
			<table>
				<caption>{caption}</caption>
				<thead>
					<tr>
						<th scope="col">{__('Date', 'abacus')}</th>
						{columns.map((s) => (
							<th key={s.key} scope="col">
								{s.label}
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{data.map((row) => {
						const parsed = parseDate(row.date);
						return (
							<tr key={row.date}>
								<th scope="row">{parsed ? formatDate(parsed) : row.date}</th>
								{columns.map((s) => {
									const value = getValue(row, s.key);
									return (
										<td key={s.key}>
											{value === null
												? __('N/A', 'abacus')
												: formatValue(value)}
										</td>
									);
								})}
							</tr>
						);
					})}
				</tbody>
			</table>
		</div>
	);
});
