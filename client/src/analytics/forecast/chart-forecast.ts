/**
 * The forecast a report or Overview chart draws (dashed line and band over the rest of the
 * period): revenue, orders or net sales by day, week, month, quarter or year (each bucket not over:
 * its known days plus the forecast of the rest), for a range that ends today or later, on the
 * store's unfiltered figures (the forecast is the store's), where the forecast is shown (the
 * tiles' line says when there is not enough history). The same answer the tiles' forecast reads.
 */
import { useMemo } from 'react';
import type { ChartForecast, ChartInterval } from '@abacus/components';
import {
	dayNumber,
	dayText,
	type ForecastAnswer,
	isForecastInterval,
	isForecastMetric,
} from '@abacus/metrics';

import { useDefaultDateRange } from '../components/use-default-date-range.js';
import { forecastPeriodOf } from './period.js';
import { useForecast } from './use-forecast.js';

/** Report stats endpoints whose figures are the store's revenue stats. */
const FORECAST_ENDPOINTS: readonly string[] = ['revenue', 'orders'];

export interface ChartForecastOptions {
	/** The report's stats endpoint. */
	endpoint: string | undefined;
	/** The chart's figure (the selected tile). */
	metric: string | undefined;
	interval: ChartInterval;
	mode: 'time-comparison' | 'item-comparison';
	query: Record<string, unknown>;
}

/** Whether the query narrows the report to some orders (then the store's forecast does not fit it). */
function isFiltered(query: Record<string, unknown>): boolean {
	const filter = query.filter;
	return filter !== undefined && filter !== '' && filter !== 'all';
}

/** The chart's forecast (undefined: none drawn). Chart dates are `YYYY-MM-DDT00:00:00`. */
export function useChartForecast({
	endpoint,
	metric,
	interval,
	mode,
	query,
}: ChartForecastOptions): ChartForecast | undefined {
	const defaultDateRange = useDefaultDateRange();
	const applies =
		!!endpoint &&
		FORECAST_ENDPOINTS.includes(endpoint) &&
		isForecastMetric(metric) &&
		isForecastInterval(interval) &&
		mode === 'time-comparison' &&
		!isFiltered(query);
	const period = applies ? forecastPeriodOf(query, defaultDateRange) : null;
	const state = useForecast(
		isForecastMetric(metric) ? metric : 'total_sales',
		period,
		isForecastInterval(interval) ? interval : 'day',
	);
	const answer = state?.status === 'done' ? state.answer : null;
	return useMemo<ChartForecast | undefined>(() => {
		// By day the days; by week, month… each bucket at its first day (the chart's x position).
		const points: ForecastAnswer['days'] | undefined =
			answer?.interval && answer.interval !== 'day' ? answer.intervals : answer?.days;
		if (!answer || !answer.shown || !answer.forecast || !points || points.length === 0)
			return undefined;
		// Orders are whole.
		const whole = answer.metric === 'orders_count';
		const round = (value: number) => (whole ? Math.round(value) : value);
		return {
			points: points.map((day) => ({
				date: `${day.date}T00:00:00`,
				value: round(day.value),
				lower: round(day.lower),
				upper: round(day.upper),
			})),
			coverage: answer.coverage,
			// The solid line ends at the last whole day or bucket before the forecast: today, or
			// the week or month holding it, is known only in part (drawn, it would drop beside its
			// forecast), and the days to come of a range reaching into the future have no values.
			knownUntil: `${dayText(dayNumber(points[0].date) - 1)}T00:00:00`,
			total: {
				value: round(answer.forecast.value),
				lower: round(answer.forecast.lower),
				upper: round(answer.forecast.upper),
				date: answer.period.end,
			},
		};
	}, [answer]);
}
