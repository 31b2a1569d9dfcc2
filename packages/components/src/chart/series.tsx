import { Fragment, type ReactElement } from 'react';

import type { BarRect } from './utils/pieces.js';

/** The drawn marks of one series: its line's path and dots for its lone points, or its bars. */
export interface SeriesMarks {
	key: string;
	path?: string;
	dots?: Array<{ date: string; x: number; y: number }>;
	bars?: ReactElement;
}

/** The rectangles of one series' bars. */
export function Bars({ rects }: { rects: BarRect[] }) {
	return (
		<>
			{rects.map((rect) => (
				<rect
					key={rect.date}
					className="abacus-chart__bar"
					x={rect.x}
					y={rect.y}
					width={rect.width}
					height={rect.height}
				/>
			))}
		</>
	);
}

/**
 * The series: one line (or one group of bars) each, in its colour, with a dot for a point no line
 * reaches; while a legend item is hovered or focused, its line is thicker and the others fade.
 */
export function ChartSeries({
	marks,
	colors,
	focusedKey,
}: {
	marks: SeriesMarks[];
	colors: Record<string, string>;
	focusedKey?: string;
}) {
	const faded = (key: string) => (focusedKey && focusedKey !== key ? ' is-faded' : '');
	return (
		<>
			{marks.map((mark) =>
				mark.path !== undefined ? (
					<Fragment key={mark.key}>
						<path
							className={`abacus-chart__line${faded(mark.key)}`}
							d={mark.path}
							fill="none"
							stroke={colors[mark.key]}
							strokeWidth={focusedKey === mark.key ? 3 : 2}
						/>
						{mark.dots?.map((dot) => (
							<circle
								key={dot.date}
								className={`abacus-chart__dot${faded(mark.key)}`}
								cx={dot.x}
								cy={dot.y}
								r={focusedKey === mark.key ? 4 : 3}
								fill={colors[mark.key]}
							/>
						))}
					</Fragment>
				) : (
					<g
						key={mark.key}
						className={`abacus-chart__bars${faded(mark.key)}`}
						fill={colors[mark.key]}
					>
						{mark.bars}
					</g>
				),
			)}
		</>
	);
}
