import {
	backtest,
	DailyHistory,
	dayNumber,
	dayText,
	forecastPeriod,
	forecastWithIntervals,
	lastFourWeekdays,
	periodProblem,
	pointForecast,
	sameDaysLastYear,
	verdict,
} from '../index.js';

/** A deterministic generator of standard normal noise (Box-Muller on a linear congruence). */
function noise(seed: number): () => number {
	let state = seed >>> 0;
	const next = (): number => {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
		return (state + 0.5) / 4294967296;
	};
	return () => Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next());
}

const WEEK = [1.4, 1.2, 1, 0.9, 0.8, 0.7, 1];

/** Weekly shape, a yearly wave, growth and multiplicative noise of `sd`. */
function store(days: number, sd: number, seed = 7): number[] {
	const z = noise(seed);
	return Array.from({ length: days }, (_, t) => {
		const yearly = 1 + 0.3 * Math.sin((2 * Math.PI * t) / 364);
		const growth = 1 + t / 1500;
		return 100 * WEEK[t % 7] * yearly * growth * Math.max(0.05, 1 + sd * z());
	});
}

describe('pointForecast', () => {
	it('forecasts a constant series as that constant', () => {
		const history = new DailyHistory(Array(100).fill(50));
		const f = pointForecast(history, 100, 10) as Float64Array;
		expect(Array.from(f)).toEqual(Array(10).fill(50));
	});

	it('needs eight weeks of history', () => {
		const history = new DailyHistory(Array(55).fill(5));
		expect(pointForecast(history, 55, 7)).toBeNull();
		expect(pointForecast(new DailyHistory(Array(56).fill(5)), 56, 7)).not.toBeNull();
	});

	it('repeats the weekday shape of a series with a weekly pattern', () => {
		const values = Array.from({ length: 70 }, (_, t) => 10 * WEEK[t % 7]);
		const f = pointForecast(new DailyHistory(values), 70, 14) as Float64Array;
		for (let i = 0; i < 14; i++) expect(f[i]).toBeCloseTo(10 * WEEK[(70 + i) % 7], 6);
	});

	it('follows last year’s shape scaled to this year’s level', () => {
		// Last year four weeks at double the rest; this year the level is 1.5 times last year's.
		const values = Array.from({ length: 364 + 84 }, (_, t) => {
			const base = t < 364 ? 100 : 150;
			return t >= 100 && t < 128 ? 2 * base : base;
		});
		const f = pointForecast(new DailyHistory(values), 364 + 84, 40) as Float64Array;
		// Day 364 + 114: its 28 days a year earlier are last year's high weeks: level 150 × 2.
		expect(f[30]).toBeCloseTo(300, 6);
		// Day 364 + 84: the 28 days around its day a year earlier are flat.
		expect(f[0]).toBeCloseTo(150, 6);
	});

	it('carries a growing trend when there is no year of history', () => {
		const values = Array.from({ length: 84 }, (_, t) => 100 + t);
		const f = pointForecast(new DailyHistory(values), 84, 35) as Float64Array;
		// The same weekday a week later is higher, for four weeks; then the trend is held.
		expect(f[7]).toBeGreaterThan(f[0]);
		expect(f[21]).toBeGreaterThan(f[14]);
		expect(f[34]).toBeCloseTo(f[27], 6);
	});
});

describe('baselines', () => {
	const values = Array.from({ length: 400 }, (_, t) => t);
	const history = new DailyHistory(values);
	it('same days last year are the days 364 earlier', () => {
		expect(Array.from(sameDaysLastYear(history, 400, 3) as Float64Array)).toEqual([36, 37, 38]);
		expect(sameDaysLastYear(new DailyHistory(values.slice(0, 300)), 300, 3)).toBeNull();
	});
	it('the last four same weekdays are averaged', () => {
		// Day 400 is a weekday like days 393, 386, 379 and 372.
		expect((lastFourWeekdays(history, 400, 1) as Float64Array)[0]).toBe(
			(393 + 386 + 379 + 372) / 4,
		);
	});
});

describe('intervals and the back-test', () => {
	it('covers about 80 % of a noisy seasonal series', () => {
		const values = store(800, 0.25);
		const scores = backtest(new DailyHistory(values), 7);
		expect(scores.origins).toBeGreaterThan(300);
		expect(scores.method.coverage).toBeGreaterThan(70);
		expect(scores.method.coverage).toBeLessThan(90);
	});

	it('each day’s interval holds its forecast and widens with the noise', () => {
		const quiet = forecastWithIntervals(new DailyHistory(store(500, 0.05)), 500, 7, [
			{ from: 0, to: 7 },
		]);
		const noisy = forecastWithIntervals(new DailyHistory(store(500, 0.4)), 500, 7, [
			{ from: 0, to: 7 },
		]);
		if (!quiet || !noisy) throw new Error('no forecast');
		for (const day of quiet.days) {
			expect(day.lower).toBeLessThanOrEqual(day.value);
			expect(day.upper).toBeGreaterThanOrEqual(day.value);
		}
		const width = (e: { value: number; lower: number; upper: number }) =>
			(e.upper - e.lower) / e.value;
		expect(width(noisy.segments[0])).toBeGreaterThan(2 * width(quiet.segments[0]));
	});

	it('beats both baselines on a growing seasonal store', () => {
		const judged = verdict(new DailyHistory(store(800, 0.2)));
		expect(judged.reason).toBe('shown');
		for (const b of judged.backtests) {
			expect(b.method.mape).toBeLessThan(b.sameDaysLastYear.mape as number);
			expect(b.method.mape).toBeLessThan(b.lastFourWeekdays.mape as number);
		}
	});

	it('says the history is short under a year and a quarter', () => {
		expect(verdict(new DailyHistory(store(200, 0.2))).reason).toBe('short_history');
	});

	it('is not shown where a baseline does as well (a series repeating last year exactly)', () => {
		const year = store(364, 0.5, 3);
		const judged = verdict(new DailyHistory([...year, ...year, ...year]));
		expect(judged.shown).toBe(false);
		expect(judged.reason).toBe('baseline_better');
	});
});

describe('forecastPeriod', () => {
	const firstDay = '2024-09-01';
	const today = '2026-11-28';
	const values = store(dayNumber(today) - dayNumber(firstDay), 0.1);

	it('adds the known days to the forecast of the rest of the month', () => {
		const result = forecastPeriod({
			history: values,
			firstDay,
			today,
			periodStart: '2026-11-01',
			periodEnd: '2026-11-30',
		});
		expect(result.verdict.shown).toBe(true);
		const forecast = result.forecast;
		if (!forecast) throw new Error('no forecast');
		const start = dayNumber('2026-11-01') - dayNumber(firstDay);
		const known = values.slice(start).reduce((a, b) => a + b, 0);
		expect(forecast.actual).toBeCloseTo(known, 6);
		expect(forecast.days.map((d) => d.date)).toEqual([
			'2026-11-28',
			'2026-11-29',
			'2026-11-30',
		]);
		const rest = forecast.days.reduce((a, d) => a + d.value, 0);
		expect(forecast.total.value).toBeCloseTo(known + rest, 6);
		expect(forecast.total.lower).toBeLessThan(forecast.total.value);
		expect(forecast.total.upper).toBeGreaterThan(forecast.total.value);
	});

	it('forecasts a future period from its first day', () => {
		const result = forecastPeriod({
			history: values,
			firstDay,
			today,
			periodStart: '2026-12-01',
			periodEnd: '2026-12-31',
		});
		expect(result.forecast?.actual).toBe(0);
		expect(result.forecast?.days).toHaveLength(31);
		expect(result.forecast?.days[0].date).toBe('2026-12-01');
	});

	it('answers only the verdict when the method did not earn its place', () => {
		const result = forecastPeriod({
			history: values.slice(-100),
			firstDay: dayText(dayNumber(today) - 100),
			today,
			periodStart: '2026-11-01',
			periodEnd: '2026-11-30',
		});
		expect(result.verdict.reason).toBe('short_history');
		expect(result.forecast).toBeUndefined();
	});

	it('names what is wrong with a period', () => {
		const base = { history: [], firstDay, today };
		expect(
			periodProblem({ ...base, periodStart: '2026-11-01', periodEnd: '2026-11-27' }),
		).toMatch(/over/);
		expect(
			periodProblem({ ...base, periodStart: '2026-11-01', periodEnd: '2028-01-01' }),
		).toMatch(/at most 367 days/);
		expect(
			periodProblem({ ...base, periodStart: '2026-02-30', periodEnd: '2026-12-01' }),
		).toMatch(/YYYY-MM-DD/);
	});
});
