/**
 * Forecasts of a store's daily figures (revenue, orders, net sales) for the rest of a period, with
 * an 80 % interval, and the back-test verdict that decides whether they are shown. One module for
 * the server's `abacus/v1/forecast` route and the wp-admin page (which runs it on the history the
 * revenue stats route answers). Dates are store-local days, `YYYY-MM-DD`.
 */
export { DailyHistory, pointForecast, sameDaysLastYear, lastFourWeekdays } from './method.js';
export { MIN_HISTORY_DAYS } from './method.js';
export {
	backtest,
	verdict,
	forecastWithIntervals,
	BACKTEST_HORIZONS,
	MAX_FORECAST_DAYS,
	MIN_BACKTEST_ORIGINS,
} from './intervals.js';
export type { Backtest, BacktestScore, Estimate, Segment, Verdict } from './intervals.js';
export { FORECAST_INTERVALS, isForecastInterval, periodBuckets } from './buckets.js';
export type { DayBucket, ForecastInterval } from './buckets.js';

export {
	FORECAST_METRICS,
	isForecastMetric,
	HISTORY_DAYS,
	dayNumber,
	dayText,
	periodProblem,
	forecastPeriod,
} from './period.js';
export type {
	ForecastMetric,
	PeriodForecastInput,
	BucketForecast,
	PeriodForecast,
} from './period.js';
export { forecastAnswer } from './answer.js';
export type { ForecastAnswer, ForecastEstimate } from './answer.js';
