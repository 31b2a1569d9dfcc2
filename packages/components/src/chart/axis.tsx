import type { XAxisTick, YAxisTick } from './utils/pieces.js';

/** The y axis: a grid line across the drawing and a label at each tick. */
export function YAxis({ ticks, width }: { ticks: YAxisTick[]; width: number }) {
	return (
		<g className="abacus-chart__y-axis">
			{ticks.map((tick) => (
				<g key={tick.value} transform={`translate(0,${tick.y})`}>
					<line className="abacus-chart__grid" x2={width} />
					<text className="abacus-chart__tick-label" x={-10} dy="0.32em" textAnchor="end">
						{tick.label}
					</text>
				</g>
			))}
		</g>
	);
}

/** The x axis, under the drawing: a tick mark and a label at each tick, a second line at a new month. */
export function XAxis({ ticks, height }: { ticks: XAxisTick[]; height: number }) {
	return (
		<g className="abacus-chart__x-axis" transform={`translate(0,${height})`}>
			{ticks.map((tick) => (
				<g key={tick.date} transform={`translate(${tick.x},0)`}>
					<line className="abacus-chart__tick" y2={6} />
					<text className="abacus-chart__tick-label" y={20} textAnchor="middle">
						{tick.label}
					</text>
					{tick.secondLabel !== null && (
						<text
							className="abacus-chart__tick-label is-secondary"
							y={36}
							textAnchor="middle"
						>
							{tick.secondLabel}
						</text>
					)}
				</g>
			))}
		</g>
	);
}
