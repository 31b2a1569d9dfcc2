import clsx from 'clsx';

import { __ } from '@wordpress/i18n';

import type { ChartInterval, ChartType } from './utils/index.js';

const INTERVAL_LABELS: Record<ChartInterval, () => string> = {
	hour: () => __('By hour', 'abacus'),
	day: () => __('By day', 'abacus'),
	week: () => __('By week', 'abacus'),
	month: () => __('By month', 'abacus'),
	quarter: () => __('By quarter', 'abacus'),
	year: () => __('By year', 'abacus'),
};

const CHART_TYPES: Array<{ type: ChartType; label: () => string; icon: string }> = [
	{ type: 'line', label: () => __('Line chart', 'abacus'), icon: 'M4 19h16M4 16l5-6 4 3 7-8' },
	{
		type: 'bar',
		label: () => __('Bar chart', 'abacus'),
		icon: 'M4 19h16M7 17V11M12 17V6M17 17v-8',
	},
];

/** The header's controls: the interval select (when intervals are offered) and the type toggle. */
export function ChartControls({
	interval,
	allowedIntervals,
	chartType,
	onIntervalChange,
	onChartTypeChange,
}: {
	interval: ChartInterval;
	allowedIntervals: ChartInterval[];
	chartType: ChartType;
	onIntervalChange: (interval: ChartInterval) => void;
	onChartTypeChange: (chartType: ChartType) => void;
}) {
	return (
		<div className="abacus-chart__controls">
			{allowedIntervals.length > 0 && (
				<label className="abacus-chart__interval">
					<span className="screen-reader-text">{__('Interval', 'abacus')}</span>
					<select
						value={interval}
						onChange={(event) => onIntervalChange(event.target.value as ChartInterval)}
					>
						{allowedIntervals.map((option) => (
							<option key={option} value={option}>
								{INTERVAL_LABELS[option]()}
							</option>
						))}
					</select>
				</label>
			)}
			<div
				className="abacus-chart__types"
				role="group"
				aria-label={__('Chart type', 'abacus')}
			>
				{CHART_TYPES.map(({ type, label, icon }) => (
					<button
						key={type}
						type="button"
						className={clsx('abacus-chart__type-button', {
							'is-active': chartType === type,
						})}
						aria-pressed={chartType === type}
						onClick={() => onChartTypeChange(type)}
					>
						<svg
							className="abacus-chart__type-icon"
							viewBox="0 0 24 24"
							aria-hidden="true"
							focusable="false"
						>
							<path d={icon} />
						</svg>
						<span className="screen-reader-text">{label()}</span>
					</button>
				))}
			</div>
		</div>
	);
}
