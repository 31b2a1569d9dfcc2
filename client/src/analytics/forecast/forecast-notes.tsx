/**
 * Under the summary tiles of the revenue and orders reports and the Overview's indicators: for
 * revenue, orders and net sales, the forecast of the period's end value with its 80 % interval,
 * or that there is not enough history to forecast it (the method did not beat both naive
 * baselines on this store's history, or the history is too short).
 */
import { Button } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { findMetric, type ForecastMetric } from '@abacus/metrics';

import { refreshReports } from '../../engine/index.js';
import { useDefaultDateRange } from '../components/use-default-date-range.js';
import { useReportContext } from '../components/use-report-context.js';
import { forecastPeriodOf, type ForecastPeriod } from './period.js';
import { useForecast } from './use-forecast.js';
import './style.scss';

interface Props {
	metrics: readonly ForecastMetric[];
	query: Record<string, unknown>;
}

function ForecastLine({
	metric,
	period,
	query,
}: {
	metric: ForecastMetric;
	period: ForecastPeriod;
	query: Record<string, unknown>;
}) {
	const state = useForecast(metric, period);
	const context = useReportContext(query);
	const label = findMetric('revenue', metric)?.label ?? metric;
	const type = metric === 'orders_count' ? 'number' : 'currency';
	if (!state || state.status === 'loading') {
		return (
			<li className="abacus-forecast__line is-loading" aria-busy="true">
				{sprintf(
					/* translators: %s: a figure, e.g. Net sales */
					__('%s: forecasting…', 'abacus'),
					label,
				)}
			</li>
		);
	}
	if (state.status === 'error') {
		return (
			<li className="abacus-forecast__line is-error">
				{sprintf(
					/* translators: %s: a figure, e.g. Net sales */
					__('%s: the forecast could not be loaded.', 'abacus'),
					label,
				)}{' '}
				<Button variant="link" onClick={refreshReports}>
					{__('Retry', 'abacus')}
				</Button>
			</li>
		);
	}
	const { answer } = state;
	if (!answer.shown || !answer.forecast) {
		return (
			<li className="abacus-forecast__line is-unavailable">
				{sprintf(
					/* translators: %s: a figure, e.g. Net sales */
					__('%s: not enough history to forecast this period.', 'abacus'),
					label,
				)}
			</li>
		);
	}
	// Orders are whole.
	const format = (value: number) =>
		context.formatMetric(type, metric === 'orders_count' ? Math.round(value) : value);
	return (
		<li className="abacus-forecast__line is-shown">
			<span className="abacus-forecast__label">
				{sprintf(
					/* translators: 1: a figure, e.g. Net sales; 2: the period's last day */
					__('%1$s by %2$s', 'abacus'),
					label,
					context.formatDate(`${answer.period.end}T00:00:00`),
				)}
			</span>{' '}
			<strong className="abacus-forecast__value">{format(answer.forecast.value)}</strong>{' '}
			<span className="abacus-forecast__range">
				{sprintf(
					/* translators: 1: lower end of the range; 2: upper end of the range */
					__('(80 %% likely between %1$s and %2$s)', 'abacus'),
					format(answer.forecast.lower),
					format(answer.forecast.upper),
				)}
			</span>
		</li>
	);
}

export function ForecastNotes({ metrics, query }: Props) {
	const defaultDateRange = useDefaultDateRange();
	const context = useReportContext(query);
	const period = forecastPeriodOf(query, defaultDateRange);
	if (!period || !metrics.length) return null;
	return (
		<section className="abacus-forecast" aria-label={__('Forecast', 'abacus')}>
			<h3 className="abacus-forecast__title">
				{sprintf(
					/* translators: 1: first day; 2: last day of the period */
					__('Forecast for %1$s – %2$s', 'abacus'),
					context.formatDate(`${period.start}T00:00:00`),
					context.formatDate(`${period.end}T00:00:00`),
				)}
			</h3>
			<ul className="abacus-forecast__lines">
				{metrics.map((metric) => (
					<ForecastLine key={metric} metric={metric} period={period} query={query} />
				))}
			</ul>
		</section>
	);
}
