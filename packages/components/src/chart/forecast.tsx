import { __, sprintf } from '@wordpress/i18n';

import { forecastText } from './screen-reader-table.js';
import type { ChartForecast, ForecastPaths, PlacedForecastPoint } from './utils/forecast.js';

/**
 * The forecast's marks: the interval's shaded band and the dashed line of the projected values,
 * in the colour of the series it continues. Decorative (the SVG is hidden from screen readers):
 * the tooltip, the chart's description and the screen-reader table carry the figures.
 */
export function ChartForecastMarks({ paths, color }: { paths: ForecastPaths; color: string }) {
	return (
		<g className="abacus-chart__forecast">
			<path className="abacus-chart__forecast-band" d={paths.band} fill={color} />
			<path
				className="abacus-chart__forecast-line"
				d={paths.line}
				stroke={color}
				fill="none"
				strokeDasharray="6 4"
			/>
		</g>
	);
}

/**
 * The sentence of the chart's accessible description about its forecast: the period's end value
 * with its interval when the caller gives it, else the dates the dashed line covers.
 */
export function forecastSentence(
	forecast: ChartForecast,
	placed: readonly PlacedForecastPoint[],
	formatValue: (value: number) => string,
	formatDay: (day: string) => string,
): string {
	const { total, coverage } = forecast;
	const first = placed[0];
	const last = placed[placed.length - 1];
	const dates =
		first && last
			? first.date === last.date
				? formatDay(first.date)
				: sprintf(
						/* translators: 1: first date, 2: last date */
						__('%1$s to %2$s', 'abacus'),
						formatDay(first.date),
						formatDay(last.date),
					)
			: '';
	const drawn = sprintf(
		/* translators: 1: the dates the forecast covers; 2: the interval's coverage, e.g. 80 */
		__(
			'The dashed line is the forecast of %1$s, the shaded band its %2$d %% likely range.',
			'abacus',
		),
		dates,
		coverage,
	);
	if (!total) return drawn;
	return `${sprintf(
		/* translators: 1: lower end; 2: upper end of the range; 3: the period's last day; 4: the projected value; 5: the interval's coverage, e.g. 80 */
		__('Forecast: %1$s to %2$s by %3$s (about %4$s, %5$d %% likely).', 'abacus'),
		formatValue(total.lower),
		formatValue(total.upper),
		formatDay(total.date),
		formatValue(total.value),
		coverage,
	)} ${drawn}`;
}

/** The forecast of the focused date, in the tooltip. */
export function TooltipForecast({
	point,
	coverage,
	color,
	formatValue,
}: {
	point: PlacedForecastPoint;
	coverage: number;
	color: string;
	formatValue: (value: number) => string;
}) {
	return (
		<div className="abacus-chart__tooltip-forecast">
			<span
				className="abacus-chart__forecast-swatch"
				style={{ borderColor: color }}
				aria-hidden="true"
			/>
			<span className="abacus-chart__tooltip-label">
				{sprintf(
					/* translators: %d: the interval's coverage, e.g. 80 */
					__('Forecast (%d %% likely)', 'abacus'),
					coverage,
				)}
			</span>
			<span className="abacus-chart__tooltip-value">{forecastText(point, formatValue)}</span>
		</div>
	);
}
