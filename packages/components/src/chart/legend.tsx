import clsx from 'clsx';
import { __, sprintf } from '@wordpress/i18n';

import { CHART_CONSTANTS, type ChartSeries } from './utils/index.js';

export interface LegendProps {
	/** The series in legend order. Required. */
	series: ChartSeries[];
	/** Colour of each series key. Required. */
	colors: Record<string, string>;
	/** Called with the key to toggle. */
	onToggle?: (key: string) => void;
	/** Called with the key hovered or focused, or null. */
	onHover?: (key: string | null) => void;
	/** Checkboxes are enabled. Default true. */
	isInteractive?: boolean;
	/** 'row' or 'column'. Default 'row'. */
	direction?: 'row' | 'column';
	/** Formats the totals. */
	formatValue: (value: number) => string;
	/** Label of the totals line (sprintf %d with the series count). Default 'Total %d'. */
	totalLabel?: string;
}

/** Checkbox per series with its total; at most five checked; the last one cannot be unchecked. */
export function Legend({
	series,
	colors,
	onToggle,
	onHover,
	isInteractive = true,
	direction = 'row',
	formatValue,
	totalLabel,
}: LegendProps) {
	const visibleCount = series.filter((s) => s.visible).length;
	const atLimit = visibleCount >= CHART_CONSTANTS.maxVisibleSeries;
	return (
		<div className={clsx('abacus-legend', `is-${direction}`)}>
			<ul className="abacus-legend__list" onMouseLeave={() => onHover?.(null)}>
				{series.map((s) => {
					const isLast = s.visible && visibleCount === 1;
					const isDisabled = !isInteractive || isLast || (!s.visible && atLimit);
					return (
						<li
							key={s.key}
							className={clsx('abacus-legend__item', {
								'is-visible': s.visible,
								'is-focused': s.focus,
							})}
							onMouseEnter={() => onHover?.(s.key)}
						>
							<label className="abacus-legend__label">
								<input
									type="checkbox"
									className="abacus-legend__checkbox"
									checked={s.visible}
									disabled={isDisabled}
									onChange={() => onToggle?.(s.key)}
									onFocus={() => onHover?.(s.key)}
									onBlur={() => onHover?.(null)}
								/>
								<span
									className="abacus-legend__swatch"
									style={{ backgroundColor: colors[s.key] }}
									aria-hidden="true"
								/>
								<span className="abacus-legend__title">{s.label}</span>
								<span className="abacus-legend__total">{formatValue(s.total)}</span>
							</label>
						</li>
					);
				})}
			</ul>
			{totalLabel && (
				<div className="abacus-legend__total-label">
					{/* The label is a caller's sprintf format with one %d. */}
					{sprintf(totalLabel as '%d', series.length)}
				</div>
			)}
			{isInteractive && atLimit && series.length > visibleCount && (
				<p className="abacus-legend__limit" role="status">
					{sprintf(
						/* translators: %d: maximum number of series */ __(
							'You may select up to %d items.',
							'abacus',
						),
						CHART_CONSTANTS.maxVisibleSeries,
					)}
				</p>
			)}
		</div>
	);
}
