import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from 'react';

import { __ } from '@wordpress/i18n';

import type { ChartTooltipLine } from './utils/pieces.js';

/** Below this width (px) of the chart's plot the tooltip is placed under it, not over it. */
export const NARROW_CHART_WIDTH = 480;

/** Under the plot, across its width: on a narrow chart a floating tooltip would hide its line. */
const BELOW: CSSProperties = { left: 0, right: 0, top: '100%', marginTop: 4, zIndex: 1 };

/**
 * The tooltip of the focused date: its title (the date), a line per visible series (its swatch,
 * name or own date, and value; 'N/A' where it has none) and, when the date can be opened, what a
 * click or Enter does. A live status, so a screen reader reads it as the arrow keys move. Beside
 * the focused date on a wide chart; on a narrow one (a phone) under the plot, across its width, so
 * it covers neither the line nor the forecast.
 */
export function ChartTooltip({
	title,
	lines,
	colors,
	formatValue,
	actionLabel,
	forecast,
	notes,
	isLeft,
	style,
}: {
	title: string;
	lines: ChartTooltipLine[];
	colors: Record<string, string>;
	formatValue: (value: number) => string;
	actionLabel?: string;
	/** The date's forecast (its projected value and range), below the values. */
	forecast?: ReactNode;
	/** The notes on the date (annotations), below the values. */
	notes?: ReactNode;
	isLeft: boolean;
	style: { left: number } | { right: number };
}) {
	const ref = useRef<HTMLDivElement>(null);
	const [below, setBelow] = useState(false);
	// The plot's width is known once the tooltip is in it (its positioned parent); measured
	// again as the tooltip moves (its placement changes), so a resized chart is followed.
	useLayoutEffect(() => {
		const plot = ref.current?.offsetParent;
		const narrow = plot instanceof HTMLElement && plot.clientWidth < NARROW_CHART_WIDTH;
		if (narrow !== below) setBelow(narrow);
	}, [below, style]);
	return (
		<div
			ref={ref}
			className={`abacus-chart__tooltip${below ? ' is-below' : isLeft ? ' is-left' : ''}`}
			role="status"
			style={below ? BELOW : style}
		>
			<div className="abacus-chart__tooltip-title">{title}</div>
			{lines.length > 0 && (
				<ul className="abacus-chart__tooltip-list">
					{lines.map((line) => (
						<li key={line.key} className="abacus-chart__tooltip-item">
							<span
								className="abacus-chart__swatch"
								style={{ backgroundColor: colors[line.key] }}
								aria-hidden="true"
							/>
							<span className="abacus-chart__tooltip-label">{line.label}</span>
							<span className="abacus-chart__tooltip-value">
								{line.value === null
									? __('N/A', 'abacus')
									: formatValue(line.value)}
							</span>
						</li>
					))}
				</ul>
			)}
			{forecast}
			{notes}
			{actionLabel ? <div className="abacus-chart__tooltip-action">{actionLabel}</div> : null}
		</div>
	);
}
