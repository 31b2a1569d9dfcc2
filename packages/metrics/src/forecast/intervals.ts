/**
 * Prediction intervals and the back-test of the forecast method, both from the store's own
 * history: an interval is the point forecast times the spread of actual ÷ forecast over the
 * forecasts the method would have made in the year before (each day an origin), for the same
 * horizon (a split conformal interval: no assumption on the shape of the noise).
 */
import {
	type DailyHistory,
	lastFourWeekdays,
	MIN_HISTORY_DAYS,
	pointForecast,
	type Predictor,
	quantile,
	sameDaysLastYear,
} from './method.js';

/** Fewest past forecasts an interval is calibrated on. */
export const MIN_CALIBRATION = 28;
/** Past origins an interval is calibrated on (the year before the forecast). */
export const CALIBRATION_ORIGINS = 364;
/** Days ahead a forecast may reach (bounded work: a year and a day). */
export const MAX_FORECAST_DAYS = 367;

export interface Estimate {
	value: number;
	lower: number;
	upper: number;
}

/** A range of days relative to the origin: [from, to). */
export interface Segment {
	from: number;
	to: number;
}

export interface IntervalForecast {
	/** Each day's forecast, origin .. origin + days − 1. */
	days: Estimate[];
	/** Each asked segment's sum. */
	segments: Estimate[];
}

function sumOf(values: Float64Array, from: number, to: number): number {
	let total = 0;
	for (let i = from; i < to; i++) total += values[i];
	return total;
}

function bounds(ratios: number[], coverage: number): [number, number] {
	ratios.sort((a, b) => a - b);
	const tail = (1 - coverage) / 2;
	return [quantile(ratios, tail), quantile(ratios, 1 - tail)];
}

function scaled(value: number, [low, high]: [number, number]): Estimate {
	const a = value * low;
	const b = value * high;
	return { value, lower: Math.min(a, b), upper: Math.max(a, b) };
}

/**
 * Forecasts `days` days from `origin` with a `coverage` interval for each day and for each
 * segment's sum, or null when the history is too short for the method or its calibration.
 */
export function forecastWithIntervals(
	history: DailyHistory,
	origin: number,
	days: number,
	segments: readonly Segment[] = [],
	coverage = 0.8,
): IntervalForecast | null {
	if (days < 1 || days > MAX_FORECAST_DAYS) return null;
	const point = pointForecast(history, origin, days);
	if (!point) return null;
	const first = Math.max(MIN_HISTORY_DAYS, origin - days - CALIBRATION_ORIGINS + 1);
	const last = origin - days;
	if (last - first + 1 < MIN_CALIBRATION) return null;
	const dayRatios: number[] = [];
	const segmentRatios: number[][] = segments.map(() => []);
	for (let c = first; c <= last; c++) {
		const past = pointForecast(history, c, days);
		if (!past) continue;
		for (let i = 0; i < days; i++) {
			if (past[i] > 0) dayRatios.push((history.values[c + i] ?? 0) / past[i]);
		}
		segments.forEach((segment, s) => {
			const predicted = sumOf(past, segment.from, segment.to);
			if (predicted > 0) {
				segmentRatios[s].push(history.sum(c + segment.from, c + segment.to) / predicted);
			}
		});
	}
	if (dayRatios.length < MIN_CALIBRATION) return null;
	const dayBounds = bounds(dayRatios, coverage);
	return {
		days: Array.from(point, (value) => scaled(value, dayBounds)),
		segments: segments.map((segment, s) => {
			const value = sumOf(point, segment.from, segment.to);
			return segmentRatios[s].length >= MIN_CALIBRATION
				? scaled(value, bounds(segmentRatios[s], coverage))
				: scaled(value, dayBounds);
		}),
	};
}

export interface BacktestScore {
	/** Mean absolute percentage error of the horizon's sum, in % (null: no origin scored). */
	mape: number | null;
}

export interface Backtest {
	horizon: number;
	/** Origins scored (each day of the last year whose horizon had ended and a positive sum). */
	origins: number;
	method: BacktestScore & {
		/** Share of origins whose actual sum lay inside the 80 % interval, in %. */
		coverage: number | null;
	};
	sameDaysLastYear: BacktestScore;
	lastFourWeekdays: BacktestScore;
}

function horizonSums(
	history: DailyHistory,
	predictor: Predictor,
	from: number,
	to: number,
	horizon: number,
): Map<number, number> {
	const sums = new Map<number, number>();
	for (let o = from; o <= to; o++) {
		const predicted = predictor(history, o, horizon);
		if (predicted) sums.set(o, sumOf(predicted, 0, horizon));
	}
	return sums;
}

const mape = (errors: number[]): number | null =>
	errors.length ? (100 * errors.reduce((a, b) => a + b, 0)) / errors.length : null;

/**
 * Back-test over rolling origins: every day of the `originDays` before the end of the history
 * whose `horizon` days are known is an origin; each predictor forecasts the horizon's sum from
 * the days before it, scored on the same origins (those where all three could forecast and the
 * actual sum is positive). The method's interval at each origin is calibrated on earlier origins
 * only (those whose horizon had ended by then).
 */
export function backtest(
	history: DailyHistory,
	horizon: number,
	coverage = 0.8,
	originDays = 365,
): Backtest {
	const n = history.length;
	const lastOrigin = n - horizon;
	const firstOrigin = Math.max(0, n - originDays);
	const calibrationStart = Math.max(
		MIN_HISTORY_DAYS,
		firstOrigin - horizon - CALIBRATION_ORIGINS,
	);
	const method = horizonSums(history, pointForecast, calibrationStart, lastOrigin, horizon);
	const lastYear = horizonSums(history, sameDaysLastYear, firstOrigin, lastOrigin, horizon);
	const lastWeeks = horizonSums(history, lastFourWeekdays, firstOrigin, lastOrigin, horizon);
	// The calibration window of each origin, kept sorted as it slides by one day.
	const ratioAt = (o: number): number | null => {
		const predicted = method.get(o);
		return predicted !== undefined && predicted > 0
			? history.sum(o, o + horizon) / predicted
			: null;
	};
	const window: number[] = [];
	const insert = (ratio: number): void => {
		let low = 0;
		let high = window.length;
		while (low < high) {
			const mid = (low + high) >> 1;
			if (window[mid] < ratio) low = mid + 1;
			else high = mid;
		}
		window.splice(low, 0, ratio);
	};
	const remove = (ratio: number): void => {
		const at = window.indexOf(ratio);
		if (at >= 0) window.splice(at, 1);
	};
	let windowFrom = calibrationStart;
	let windowTo = calibrationStart - 1;
	const tail = (1 - coverage) / 2;
	const errors = { method: [] as number[], lastYear: [] as number[], lastWeeks: [] as number[] };
	let covered = 0;
	let withInterval = 0;
	for (let o = firstOrigin; o <= lastOrigin; o++) {
		// Calibrated on [o − horizon − 363, o − horizon]: forecasts whose horizon had ended.
		const from = Math.max(calibrationStart, o - horizon - CALIBRATION_ORIGINS + 1);
		while (windowTo < o - horizon) {
			windowTo += 1;
			const ratio = ratioAt(windowTo);
			if (ratio !== null && windowTo >= windowFrom) insert(ratio);
		}
		while (windowFrom < from) {
			const ratio = ratioAt(windowFrom);
			if (ratio !== null && windowFrom <= windowTo) remove(ratio);
			windowFrom += 1;
		}
		const predicted = method.get(o);
		const year = lastYear.get(o);
		const weeks = lastWeeks.get(o);
		const actual = history.sum(o, o + horizon);
		if (predicted === undefined || year === undefined || weeks === undefined || actual <= 0)
			continue;
		errors.method.push(Math.abs(actual - predicted) / actual);
		errors.lastYear.push(Math.abs(actual - year) / actual);
		errors.lastWeeks.push(Math.abs(actual - weeks) / actual);
		if (window.length >= MIN_CALIBRATION) {
			const interval = scaled(predicted, [
				quantile(window, tail),
				quantile(window, 1 - tail),
			]);
			withInterval += 1;
			if (actual >= interval.lower && actual <= interval.upper) covered += 1;
		}
	}
	return {
		horizon,
		origins: errors.method.length,
		method: {
			mape: mape(errors.method),
			coverage: withInterval ? (100 * covered) / withInterval : null,
		},
		sameDaysLastYear: { mape: mape(errors.lastYear) },
		lastFourWeekdays: { mape: mape(errors.lastWeeks) },
	};
}

/** Horizons the back-test scores (a week and a month). */
export const BACKTEST_HORIZONS = [7, 30] as const;
/** Fewest scored origins per horizon for a verdict (a quarter of the year). */
export const MIN_BACKTEST_ORIGINS = 90;

export interface Verdict {
	/** Whether forecasts are shown for this store and metric. */
	shown: boolean;
	/** Why not: too little history, or a baseline did as well. */
	reason: 'shown' | 'short_history' | 'baseline_better';
	backtests: Backtest[];
}

/**
 * Whether the method earns its place on this history: at both horizons, enough origins scored and
 * a lower MAPE than each baseline.
 */
export function verdict(history: DailyHistory, coverage = 0.8): Verdict {
	const backtests = BACKTEST_HORIZONS.map((h) => backtest(history, h, coverage));
	if (backtests.some((b) => b.origins < MIN_BACKTEST_ORIGINS || b.method.mape === null)) {
		return { shown: false, reason: 'short_history', backtests };
	}
	const beats = backtests.every(
		(b) =>
			(b.method.mape as number) < (b.sameDaysLastYear.mape ?? Infinity) &&
			(b.method.mape as number) < (b.lastFourWeekdays.mape ?? Infinity),
	);
	return { shown: beats, reason: beats ? 'shown' : 'baseline_better', backtests };
}
