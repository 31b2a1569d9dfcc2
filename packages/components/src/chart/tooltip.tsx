import type { ReactNode } from 'react';

import { __ } from '@wordpress/i18n';

import type { ChartTooltipLine } from './utils/pieces.js';

/**
 * The tooltip of the focused date: its title (the date), a line per visible series (its swatch,
 * name or own date, and value; 'N/A' where it has none) and, when the date can be opened, what a
 * click or Enter does. A live status, so a screen reader reads it as the arrow keys move.
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
	return (
		<div
			className={`abacus-chart__tooltip${isLeft ? ' is-left' : ''}`}
			role="status"
			style={style}
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
