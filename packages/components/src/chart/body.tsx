import {
	startTransition,
	useEffect,
	useRef,
	useState,
	type KeyboardEvent,
	type MouseEvent,
} from 'react';

import { throttle } from '@wordpress/compose';

import { useDrawing, type DrawingInput } from './drawing.js';
import { ChartFocus } from './focus.js';
import { ChartSeries } from './series.js';
import { ChartTooltip } from './tooltip.js';
import { CHART_CONSTANTS, getNearestIndex, type ChartRow } from './utils/index.js';
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
	...input
}: ChartBodyProps) {
	const drawing = useDrawing(input);
	const { data, columns, chartType, width, height, label, formatValue } = drawing.input;
	const [activeIndex, setActiveIndex] = useState(-1);
	// The screen-reader table follows the first paint, then each new drawing once it is painted.
	const [hasTable, setHasTable] = useState(false);
	useEffect(() => startTransition(() => setHasTable(true)), []);
	const tableDrawing = useValueAfterPaint(drawing);
	const svgRef = useRef<SVGSVGElement>(null);

	// Scrolling hides the tooltip (throttled).
	useEffect(() => {
		const hide = throttle(() => setActiveIndex(-1), CHART_CONSTANTS.tooltipHideThrottleMs);
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

	const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
		if (event.key === 'Enter' && onPointClick && data[activeIndex]) {
			event.preventDefault();
			if (canOpen(activeIndex)) onPointClick(data[activeIndex], activeIndex);
			return;
		}
		const next = getKeyboardIndex(event.key, activeIndex, data.length);
		if (next !== null) {
			event.preventDefault();
			setActiveIndex(next);
		}
	};

	const activeRow = activeIndex >= 0 ? data[activeIndex] : undefined;
	const activeX = activeRow ? getBandCenter(drawing.xScale, activeRow.date) : 0;
	const activeDate = activeRow ? drawing.parseDate(activeRow.date) : null;
	const placement = getTooltipPlacement(activeX, drawing.innerWidth, width);

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
				onMouseMove={(event) => setActiveIndex(indexAt(event))}
				onMouseLeave={() => setActiveIndex(-1)}
				onClick={
					onPointClick
						? (event) => {
								const index = indexAt(event);
								if (canOpen(index)) onPointClick(data[index], index);
							}
						: undefined
				}
				style={onPointClick ? { cursor: 'pointer' } : undefined}
			>
				<g transform={`translate(${margin.left},${margin.top})`}>
					{drawing.yAxis}
					{drawing.xAxis}
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
			{activeRow && (
				<ChartTooltip
					title={
						tooltipTitle ??
						(activeDate ? drawing.formatTooltipDate(activeDate) : activeRow.date)
					}
					lines={getTooltipLines(
						activeRow,
						columns,
						drawing.parseDate,
						drawing.formatTooltipDate,
					)}
					colors={colors}
					formatValue={formatValue}
					actionLabel={
						onPointClick && canOpen(activeIndex) ? pointActionLabel : undefined
					}
					isLeft={placement.isLeft}
					style={placement.style}
				/>
			)}
			{hasTable && tableDrawing.table}
		</div>
	);
}
