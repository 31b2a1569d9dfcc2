/**
 * The answer of `GET wc-analytics/reports/forecast`, built in one place for the server's route and
 * for the wp-admin page that computes it on WooCommerce's figures.
 */
import type { ForecastInterval } from './buckets.js';
import type { Backtest, Verdict } from './intervals.js';
import { forecastPeriod, type ForecastMetric, type PeriodForecastInput } from './period.js';

export interface ForecastEstimate {
	value: number;
	lower: number;
	upper: number;
}

export interface ForecastAnswer {
	metric: ForecastMetric;
	today: string;
	period: { start: string; end: string };
	/** Whether a forecast is shown (the method beat both baselines on this store's history). */
	shown: boolean;
	reason: 'shown' | 'short_history' | 'baseline_better';
	/** The interval's coverage, in %. */
	coverage: number;
	backtest: Array<{
		horizon_days: number;
		origins: number;
		mape: {
			forecast: number | null;
			same_days_last_year: number | null;
			last_four_weekdays: number | null;
		};
		coverage: number | null;
	}>;
	/** The period's known days (null when not shown). */
	actual: number | null;
	/** The period's end value with its interval (null when not shown). */
	forecast: ForecastEstimate | null;
	days: Array<ForecastEstimate & { date: string }>;
	/** The interval `intervals` are bucketed by (`day` unless asked). */
	interval: ForecastInterval;
	/**
	 * Each bucket of the period by `interval` whose last day is today or later, as the revenue
	 * stats route cuts it (`date`: its first day, the chart's x position; `date_end`: its last):
	 * `actual` its known days, `value` those plus the forecast of the rest, `lower`/`upper` the
	 * interval of that sum; `partial` when some of its days are known. Empty when not shown.
	 */
	intervals: Array<
		ForecastEstimate & { date: string; date_end: string; actual: number; partial: boolean }
	>;
}

const round = (value: number): number => Math.round(value * 100) / 100;
const pct = (value: number | null): number | null =>
	value === null ? null : Math.round(value * 10) / 10;

function backtestBody(backtests: Backtest[]): ForecastAnswer['backtest'] {
	return backtests.map((b) => ({
		horizon_days: b.horizon,
		origins: b.origins,
		mape: {
			forecast: pct(b.method.mape),
			same_days_last_year: pct(b.sameDaysLastYear.mape),
			last_four_weekdays: pct(b.lastFourWeekdays.mape),
		},
		coverage: pct(b.method.coverage),
	}));
}

/** The route's answer for a metric and period (`input.verdict` from the caller's cache). */
export function forecastAnswer(
	metric: ForecastMetric,
	input: PeriodForecastInput & { verdict: Verdict },
): ForecastAnswer {
	const result = forecastPeriod(input);
	const forecast = result.forecast;
	return {
		metric,
		today: input.today,
		period: { start: input.periodStart, end: input.periodEnd },
		shown: forecast !== undefined,
		reason: forecast ? 'shown' : result.verdict.shown ? 'short_history' : result.verdict.reason,
		coverage: 80,
		backtest: backtestBody(result.verdict.backtests),
		actual: forecast ? round(forecast.actual) : null,
		forecast: forecast
			? {
					value: round(forecast.total.value),
					lower: round(forecast.total.lower),
					upper: round(forecast.total.upper),
				}
			: null,
		days: (forecast?.days ?? []).map((d) => ({
			date: d.date,
			value: round(d.value),
			lower: round(d.lower),
			upper: round(d.upper),
		})),
		interval: input.interval ?? 'day',
		intervals: (forecast?.buckets ?? []).map((b) => ({
			date: b.date,
			date_end: b.end,
			actual: round(b.actual),
			partial: b.partial,
			value: round(b.value),
			lower: round(b.lower),
			upper: round(b.upper),
		})),
	};
}
