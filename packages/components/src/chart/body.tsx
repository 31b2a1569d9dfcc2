import {
	startTransition,
	useEffect,
	useId,
	useMemo,
	useRef,
	useState,
	type KeyboardEvent,
	type MouseEvent,
} from 'react';

import { throttle } from '@wordpress/compose';
import { __ } from '@wordpress/i18n';

import {
	AnnotationsDescription,
	ChartAnnotationMarkers,
	DateMenu,
	TooltipNotes,
	type DateMenuAction,
} from './annotations.js';

import { useDrawing, type DrawingInput } from './drawing.js';
import { ChartFocus } from './focus.js';
import { ChartForecastMarks, forecastSentence, TooltipForecast } from './forecast.js';
import { ChartSeries } from './series.js';
import { ChartTooltip } from './tooltip.js';
import { CHART_CONSTANTS, getNearestIndex, type ChartRow } from './utils/index.js';
import { annotationsAt, placeAnnotations, type ChartAnnotation } from './utils/annotations.js';
import { forecastAt } from './utils/forecast.js';
import {
	getBandCenter,
	getFocusPoints,
	getKeyboardIndex,
	getTooltipLines,
	getTooltipPlacement,
} from './utils/pieces.js';

export interface ChartBodyProps extends DrawingInput {
	/** Colour of each series key. */
	colors: Record<string, string>;
	/** The series hovered or focused in the legend: its line is thicker, the others fade. */
	focusedKey?: string;
	tooltipTitle?: string;
	onPointClick?: (row: ChartRow, index: number) => void;
	pointActionLabel?: string;
	isPointActionable?: (row: ChartRow, index: number) => boolean;
	/** The point action's name in the date menu (when a date offers more than one action). */
	pointActionName?: string;
	/** Notes to mark on the dates they cover (none when absent). */
	annotations?: readonly ChartAnnotation[];
	/** Called with a date's row when a person chooses to add a note there. */
	onAddAnnotation?: (row: ChartRow, index: number) => void;
	/** The tooltip's line when adding a note is what a click or Enter does. */
	addAnnotationActionLabel?: string;
}

const { margin } = CHART_CONSTANTS;

/** Runs `update` in a transition once the frame under way has been painted; returns a cancel. */
function afterPaint(update: () => void): () => void {
	let timeout: ReturnType<typeof setTimeout> | undefined;
	const frame = requestAnimationFrame(() => {
		timeout = setTimeout(() => startTransition(update), 0);
	});
	return () => {
		cancelAnimationFrame(frame);
		clearTimeout(timeout);
	};
}

/**
 * `value` as of the last painted frame: a new value is taken (in a transition) only after the
 * frame showing the rest of the change has been painted; rapid changes keep only the latest.
 */
function useValueAfterPaint<T>(value: T): T {
	const [shown, setShown] = useState(value);
	useEffect(() => afterPaint(() => setShown(value)), [value]);
	return shown;
}

/**
 * The chart's body: the drawing (axes and series, kept while its input is equal), the focus marker
 * and the tooltip of the date under the pointer or chosen with the keyboard, and the screen-reader
 * table. One tab stop: arrow keys, Home and End move between dates, Escape leaves, Enter opens the
 * date (`onPointClick`); scrolling the page hides the tooltip.
 */
export function ChartBody({
	colors,
	focusedKey,
	tooltipTitle,
	onPointClick,
	pointActionLabel,
	isPointActionable,
	pointActionName,
	annotations,
	onAddAnnotation,
	addAnnotationActionLabel,
	...input
}: ChartBodyProps) {
	const drawing = useDrawing(input);
	const { data, columns, chartType, width, height, label, formatValue } = drawing.input;
	const [activeIndex, setActiveIndex] = useState(-1);
	const [menuIndex, setMenuIndex] = useState<number | null>(null);
	const bodyRef = useRef<HTMLDivElement>(null);
	const descriptionId = useId();
	const forecastId = useId();
	const { interval } = drawing.input;
	const placed = useMemo(
		() => (annotations ? placeAnnotations(data, annotations, interval) : []),
		[data, annotations, interval],
	);
	const formatDay = (day: string): string => {
		const date = drawing.parseDate(day);
		return date ? drawing.formatTooltipDate(date) : day;
	};
	// The screen-reader table follows the first paint (a year by day is a table of hundreds of
	// rows: drawn with the chart, it held the report's first frame back), then each new drawing
	// once it is painted.
	const [hasTable, setHasTable] = useState(false);
	useEffect(() => afterPaint(() => setHasTable(true)), []);
	const tableDrawing = useValueAfterPaint(drawing);
	const svgRef = useRef<SVGSVGElement>(null);

	// Whether the tooltip follows the keyboard (the focused date) rather than the pointer.
	const byKeyboard = useRef(false);
	// Scrolling hides the pointer's tooltip (throttled): the page moved under a still pointer. A
	// tooltip of the keyboard's date stays (focusing the chart scrolls it into view, and that
	// scroll's event may come after the first key).
	useEffect(() => {
		const hide = throttle(() => {
			if (!byKeyboard.current) setActiveIndex(-1);
		}, CHART_CONSTANTS.tooltipHideThrottleMs);
		window.addEventListener('scroll', hide, { passive: true });
		return () => {
			hide.cancel();
			window.removeEventListener('scroll', hide);
		};
	}, []);

	const canOpen = (index: number) =>
		!!data[index] && (!isPointActionable || isPointActionable(data[index], index));
	const indexAt = (event: MouseEvent<SVGSVGElement>) => {
		const box = svgRef.current?.getBoundingClientRect();
		const x = event.clientX - (box?.left ?? 0) - margin.left;
		return getNearestIndex(x, data.length, drawing.innerWidth);
	};

	/** What a click or Enter on a date may do there. */
	const actionsAt = (index: number): DateMenuAction[] => {
		const row = data[index];
		if (!row) return [];
		const actions: DateMenuAction[] = [];
		if (onPointClick && canOpen(index)) {
			actions.push({
				key: 'open',
				label: pointActionName ?? __('Open', 'abacus'),
				run: () => onPointClick(row, index),
			});
		}
		if (onAddAnnotation) {
			actions.push({
				key: 'add-note',
				label: __('Add a note', 'abacus'),
				run: () => onAddAnnotation(row, index),
			});
		}
		return actions;
	};
	/** One action runs at once; more open the date's menu. */
	const activate = (index: number) => {
		const actions = actionsAt(index);
		if (actions.length === 1) actions[0].run();
		else if (actions.length > 1) setMenuIndex(index);
	};
	const hasActions = !!onPointClick || !!onAddAnnotation;

	const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
		// Keys pressed in the date menu are the menu's.
		if (event.target !== event.currentTarget) return;
		if (event.key === 'Enter' && hasActions && data[activeIndex]) {
			event.preventDefault();
			activate(activeIndex);
			return;
		}
		const next = getKeyboardIndex(event.key, activeIndex, data.length);
		if (next !== null) {
			event.preventDefault();
			byKeyboard.current = true;
			setActiveIndex(next);
		}
	};

	const activeRow = activeIndex >= 0 ? data[activeIndex] : undefined;
	const activeX = activeRow ? getBandCenter(drawing.xScale, activeRow.date) : 0;
	const activeDate = activeRow ? drawing.parseDate(activeRow.date) : null;
	const placement = getTooltipPlacement(activeX, drawing.innerWidth, width);
	const menuRow = menuIndex !== null ? data[menuIndex] : undefined;
	const menuDate = menuRow ? drawing.parseDate(menuRow.date) : null;
	const menuPlacement = menuRow
		? getTooltipPlacement(
				getBandCenter(drawing.xScale, menuRow.date),
				drawing.innerWidth,
				width,
			)
		: null;
	const activeNotes = activeIndex >= 0 ? annotationsAt(placed, activeIndex) : [];
	const { forecast } = drawing.input;
	const { forecastKey } = drawing.input;
	const forecastColor = (forecastKey && colors[forecastKey]) || '#1e1e1e';
	const activeForecast =
		activeIndex >= 0 ? forecastAt(drawing.forecastPoints, activeIndex) : undefined;
	const hasForecast = !!forecast && drawing.forecastPaths !== null;
	const describedBy =
		[annotations ? descriptionId : '', hasForecast ? forecastId : '']
			.filter(Boolean)
			.join(' ') || undefined;
	let actionLabel: string | undefined;
	if (onPointClick && canOpen(activeIndex)) actionLabel = pointActionLabel;
	else if (onAddAnnotation) {
		actionLabel =
			addAnnotationActionLabel ?? __('Click or press Enter to add a note', 'abacus');
	}

	return (
		<div
			className="abacus-chart__body"
			role="group"
			aria-label={label}
			aria-describedby={describedBy}
			tabIndex={0}
			ref={bodyRef}
			onKeyDown={onKeyDown}
			onBlur={(event) => {
				if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
					setActiveIndex(-1);
				}
			}}
		>
			<svg
				ref={svgRef}
				className="abacus-chart__svg"
				width={width}
				height={height}
				aria-hidden="true"
				onMouseMove={(event) => {
					byKeyboard.current = false;
					setActiveIndex(indexAt(event));
				}}
				onMouseLeave={() => setActiveIndex(-1)}
				onClick={hasActions ? (event) => activate(indexAt(event)) : undefined}
				style={hasActions ? { cursor: 'pointer' } : undefined}
			>
				<g transform={`translate(${margin.left},${margin.top})`}>
					{drawing.yAxis}
					{drawing.xAxis}
					{placed.length > 0 && (
						<ChartAnnotationMarkers
							placed={placed}
							data={data}
							xScale={drawing.xScale}
							height={drawing.innerHeight}
							activeIndex={activeIndex}
						/>
					)}
					{drawing.forecastPaths && (
						<ChartForecastMarks paths={drawing.forecastPaths} color={forecastColor} />
					)}
					<ChartSeries marks={drawing.marks} colors={colors} focusedKey={focusedKey} />
					{activeRow && (
						<ChartFocus
							x={activeX}
							height={drawing.innerHeight}
							points={
								chartType === 'line'
									? getFocusPoints(
											activeRow,
											columns.map((column) => column.key),
											drawing.yScale,
										)
									: []
							}
							colors={colors}
						/>
					)}
				</g>
			</svg>
			{activeRow && menuIndex === null && (
				<ChartTooltip
					title={
						tooltipTitle ??
						(activeDate ? drawing.formatTooltipDate(activeDate) : activeRow.date)
					}
					lines={
						// A date only the forecast reaches has no values to list.
						columns.some((column) => column.key in activeRow)
							? getTooltipLines(
									activeRow,
									columns,
									drawing.parseDate,
									drawing.formatTooltipDate,
								)
							: []
					}
					colors={colors}
					formatValue={formatValue}
					actionLabel={actionLabel}
					forecast={
						activeForecast && forecast ? (
							<TooltipForecast
								point={activeForecast}
								coverage={forecast.coverage}
								color={forecastColor}
								formatValue={formatValue}
							/>
						) : undefined
					}
					notes={
						activeNotes.length > 0 ? (
							<TooltipNotes notes={activeNotes} formatDay={formatDay} />
						) : undefined
					}
					isLeft={placement.isLeft}
					style={placement.style}
				/>
			)}
			{menuRow && menuIndex !== null && menuPlacement && (
				<DateMenu
					title={menuDate ? drawing.formatTooltipDate(menuDate) : menuRow.date}
					actions={actionsAt(menuIndex).map((action) => ({
						...action,
						// The chart gets the focus back first, so a dialog the action opens
						// returns it there.
						run: () => {
							bodyRef.current?.focus();
							action.run();
						},
					}))}
					onClose={(refocus) => {
						setMenuIndex(null);
						if (refocus) bodyRef.current?.focus();
					}}
					style={menuPlacement.style}
				/>
			)}
			{annotations && (
				<AnnotationsDescription id={descriptionId} placed={placed} formatDay={formatDay} />
			)}
			{hasForecast && forecast && (
				<div id={forecastId} className="screen-reader-text">
					{forecastSentence(forecast, drawing.forecastPoints, formatValue, formatDay)}
				</div>
			)}
			{hasTable && tableDrawing.table}
		</div>
	);
}
