/**
 * The focus marker at the date under the pointer or chosen with the keyboard: a vertical line and,
 * on a line chart, a dot on each line that has a value there.
 */
export function ChartFocus({
	x,
	height,
	points,
	colors,
}: {
	x: number;
	height: number;
	points: Array<{ key: string; y: number }>;
	colors: Record<string, string>;
}) {
	return (
		<g className="abacus-chart__focus">
			<line className="abacus-chart__focus-line" x1={x} x2={x} y1={0} y2={height} />
			{points.map((point) => (
				<circle key={point.key} cx={x} cy={point.y} r={4} fill={colors[point.key]} />
			))}
		</g>
	);
}
