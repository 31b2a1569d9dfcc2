/**
 * A compact chart of net sales by day: this week so far (a solid line) against the same days last
 * week (a dashed line). An image to assistive technology, described in words.
 */
import type { ReactElement } from 'react';
import { __, sprintf } from '@wordpress/i18n';

export interface SparklineProps {
	/** This week's values, one per day so far. */
	current: number[];
	/** Last week's values, one per day (to the same time). */
	previous: number[];
	/** What the chart shows, in words (its accessible name). */
	description: string;
}

const WIDTH = 280;
const HEIGHT = 56;
const PAD = 4;

function points(values: number[], max: number, min: number): string {
	const span = max - min || 1;
	const step = (WIDTH - PAD * 2) / 6;
	return values
		.map((value, index) => {
			const x = PAD + index * step;
			const y = PAD + (HEIGHT - PAD * 2) * (1 - (value - min) / span);
			return `${x.toFixed(1)},${y.toFixed(1)}`;
		})
		.join(' ');
}

export function Sparkline({ current, previous, description }: SparklineProps): ReactElement {
	const all = [...current, ...previous, 0];
	const max = Math.max(...all);
	const min = Math.min(...all);
	return (
		<svg
			className="abacus-dw__chart"
			role="img"
			aria-label={description}
			viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
			preserveAspectRatio="none"
			focusable="false"
		>
			<title>{description}</title>
			{previous.length > 1 && (
				<polyline
					className="abacus-dw__chart-previous"
					points={points(previous, max, min)}
					fill="none"
				/>
			)}
			{current.length > 1 && (
				<polyline
					className="abacus-dw__chart-current"
					points={points(current, max, min)}
					fill="none"
				/>
			)}
			{current.length === 1 && (
				<circle
					className="abacus-dw__chart-dot"
					cx={PAD}
					cy={points(current, max, min).split(',')[1]}
					r={3}
				/>
			)}
		</svg>
	);
}

/** The chart's description: each day's value this week and last week. */
export function describeChart(
	days: Array<{ label: string; current: string | null; previous: string | null }>,
): string {
	const parts = days.map(({ label, current, previous }) =>
		current === null
			? /* translators: 1: weekday, 2: last week's net sales that day. */
				sprintf(__('%1$s: last week %2$s', 'abacus'), label, previous ?? '—')
			: /* translators: 1: weekday, 2: this week's net sales that day, 3: last week's. */
				sprintf(
					__('%1$s: %2$s (last week %3$s)', 'abacus'),
					label,
					current,
					previous ?? '—',
				),
	);
	/* translators: %s: each day's net sales, separated by semicolons. */
	return sprintf(
		__('Net sales by day, this week against last week. %s', 'abacus'),
		parts.join('; '),
	);
}
