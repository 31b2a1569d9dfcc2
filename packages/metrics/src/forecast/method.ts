/**
 * The forecast method on a store's daily history (store-local days, index 0 = the first day).
 * Pure arithmetic on prefix sums: a forecast of h days costs O(h), a back-test of a year of
 * origins a few milliseconds. The method, its assumptions and its back-test are described in
 * server/src/metrics/README.md (Forecasts).
 */

/** Fewest days of history a forecast is made from (eight weeks). */
export const MIN_HISTORY_DAYS = 56;
/** Days the level is the mean of (four whole weeks, so every weekday counts alike). */
export const LEVEL_DAYS = 28;
/** Days of the weekday profile (a year at most, whole weeks). */
export const WEEKDAY_DAYS = 364;
/** The same weekday a year earlier. */
export const YEAR_DAYS = 364;
/** Half-width of the window around the same day last year the yearly shape is read from. */
const YEAR_HALF_WINDOW = 14;
/** A yearly ratio or weekday factor is kept within these bounds (a few odd days cannot explode it). */
const MIN_RATIO = 0.2;
const MAX_RATIO = 5;

const clamp = (x: number): number => Math.min(MAX_RATIO, Math.max(MIN_RATIO, x));

/**
 * A daily series prepared for the forecast: prefix sums of the whole series and of each position
 * modulo 7 (one weekday each, whatever the first day was).
 */
export class DailyHistory {
	readonly length: number;
	private readonly sums: Float64Array;
	private readonly weekdaySums: Float64Array[];

	constructor(readonly values: readonly number[]) {
		this.length = values.length;
		this.sums = new Float64Array(values.length + 1);
		this.weekdaySums = Array.from({ length: 7 }, () => new Float64Array(values.length + 1));
		for (let i = 0; i < values.length; i++) {
			const value = Number.isFinite(values[i]) ? values[i] : 0;
			this.sums[i + 1] = this.sums[i] + value;
			for (let k = 0; k < 7; k++) {
				this.weekdaySums[k][i + 1] = this.weekdaySums[k][i] + (i % 7 === k ? value : 0);
			}
		}
	}

	/** Sum of days [from, to) (clamped to the series). */
	sum(from: number, to: number): number {
		const a = Math.max(0, Math.min(this.length, from));
		const b = Math.max(a, Math.min(this.length, to));
		return this.sums[b] - this.sums[a];
	}

	/** Mean of days [from, to). */
	mean(from: number, to: number): number {
		return to > from ? this.sum(from, to) / (to - from) : 0;
	}

	/** Sum of the days of [from, to) whose position is `k` modulo 7. */
	weekdaySum(k: number, from: number, to: number): number {
		const sums = this.weekdaySums[k];
		return sums[to] - sums[from];
	}
}

/**
 * Point forecasts of days `origin .. origin + days - 1` from the days before `origin` only, or
 * null when there are fewer than MIN_HISTORY_DAYS of them.
 *
 * value(t) = level × weekday(t) × yearly(t), where
 * * level: the mean of the last 28 days (four whole weeks: no weekday weighs more);
 * * weekday(t): the mean of t's weekday over the last whole weeks (up to 52) ÷ the mean of all
 *   their days;
 * * yearly(t), with a year and four weeks of history: the mean of the 28 days around t − 364
 *   ÷ the mean of the 28 days before origin − 364 (the shape of the year, e.g. December or a
 *   summer lull, as a ratio: last year's growth is in the level already, so it is not counted
 *   twice); without that history, the damped trend of the level: (last 28 ÷ the 28 before)
 *   spread per day and held after 28 days.
 */
export function pointForecast(
	history: DailyHistory,
	origin: number,
	days: number,
): Float64Array | null {
	if (origin < MIN_HISTORY_DAYS || origin > history.length || days < 0) return null;
	const level = history.mean(origin - LEVEL_DAYS, origin);
	const weeks = Math.min(Math.floor(origin / 7), WEEKDAY_DAYS / 7);
	const from = origin - weeks * 7;
	const overall = history.mean(from, origin);
	const weekday = new Float64Array(7).fill(1);
	if (overall > 0) {
		for (let k = 0; k < 7; k++) {
			weekday[k] = clamp(history.weekdaySum(k, from, origin) / weeks / overall);
		}
	}
	const out = new Float64Array(days);
	const yearBase = origin - YEAR_DAYS;
	const hasYear = yearBase - LEVEL_DAYS >= 0 && days + YEAR_HALF_WINDOW <= YEAR_DAYS;
	const lastYearLevel = hasYear ? history.mean(yearBase - LEVEL_DAYS, yearBase) : 0;
	const previousLevel = history.mean(origin - 2 * LEVEL_DAYS, origin - LEVEL_DAYS);
	const dailyTrend =
		previousLevel > 0 && level > 0 ? Math.pow(clamp(level / previousLevel), 1 / LEVEL_DAYS) : 1;
	for (let i = 0; i < days; i++) {
		const t = origin + i;
		let shape: number;
		if (hasYear && lastYearLevel > 0) {
			const centre = t - YEAR_DAYS;
			shape = clamp(
				history.mean(centre - YEAR_HALF_WINDOW, centre + YEAR_HALF_WINDOW) / lastYearLevel,
			);
		} else {
			shape = Math.pow(dailyTrend, Math.min(i + 1, LEVEL_DAYS));
		}
		out[i] = level * shape * weekday[t % 7];
	}
	return out;
}

/** Baseline: each day the same weekday 364 days earlier (null without that history). */
export function sameDaysLastYear(
	history: DailyHistory,
	origin: number,
	days: number,
): Float64Array | null {
	if (origin - YEAR_DAYS < 0 || days > YEAR_DAYS || origin > history.length) return null;
	const out = new Float64Array(days);
	for (let i = 0; i < days; i++) out[i] = history.values[origin - YEAR_DAYS + i] ?? 0;
	return out;
}

/** Baseline: each day the mean of the last four same weekdays before the origin. */
export function lastFourWeekdays(
	history: DailyHistory,
	origin: number,
	days: number,
): Float64Array | null {
	if (origin < 28 || origin > history.length) return null;
	const out = new Float64Array(days);
	for (let i = 0; i < days; i++) {
		const first = origin - 7 + (i % 7);
		let total = 0;
		for (let w = 0; w < 4; w++) total += history.values[first - 7 * w] ?? 0;
		out[i] = total / 4;
	}
	return out;
}

export type Predictor = (
	history: DailyHistory,
	origin: number,
	days: number,
) => Float64Array | null;

/** The value below which a share `p` of the sorted numbers lie (linear between neighbours). */
export function quantile(sorted: readonly number[], p: number): number {
	if (!sorted.length) return NaN;
	const position = (sorted.length - 1) * p;
	const below = Math.floor(position);
	const above = Math.min(sorted.length - 1, below + 1);
	return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}
