import { getIntervalBuckets } from '@abacus/date';

import {
	DailyHistory,
	dayNumber,
	dayText,
	forecastAnswer,
	forecastPeriod,
	periodBuckets,
	verdict,
	type ForecastInterval,
} from '../index.js';

const WEEK = [1.4, 1.2, 1, 0.9, 0.8, 0.7, 1];

/** A seasonal store with deterministic multiplicative noise (a linear congruence). */
function store(days: number): number[] {
	let state = 11;
	const next = (): number => {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
		return state / 4294967296;
	};
	return Array.from({ length: days }, (_, t) => {
		const yearly = 1 + 0.3 * Math.sin((2 * Math.PI * t) / 364);
		return 100 * WEEK[t % 7] * yearly * (1 + t / 1500) * (0.8 + 0.4 * next());
	});
}

const bucketDays = (start: string, end: string, interval: ForecastInterval, startOfWeek = 1) =>
	periodBuckets(dayNumber(start), dayNumber(end), interval, startOfWeek).map((b) => [
		dayText(b.start),
		dayText(b.end),
	]);

describe('periodBuckets', () => {
	it('cuts the period as the revenue stats route does, for every interval and week start', () => {
		const periods: Array<[string, string]> = [
			['2026-11-01', '2026-11-30'],
			['2026-11-18', '2027-02-10'],
			['2025-12-20', '2026-01-12'],
			['2026-01-01', '2026-12-31'],
			['2026-02-15', '2027-02-14'],
		];
		for (const [start, end] of periods) {
			for (const interval of ['week', 'month', 'quarter', 'year'] as const) {
				for (const startOfWeek of [0, 1, 3, 6]) {
					const expected = getIntervalBuckets(
						`${start} 00:00:00`,
						`${end} 23:59:59`,
						interval,
						startOfWeek,
					).map((b) => [b.start.slice(0, 10), b.end.slice(0, 10)]);
					expect([
						interval,
						startOfWeek,
						bucketDays(start, end, interval, startOfWeek),
					]).toEqual([interval, startOfWeek, expected]);
				}
			}
		}
	});

	it('starts weeks on the store’s first weekday and clips the first and last to the period', () => {
		// 2026-11-01 is a Sunday, 2026-11-30 a Monday.
		expect(bucketDays('2026-11-01', '2026-11-30', 'week', 1)).toEqual([
			['2026-11-01', '2026-11-01'],
			['2026-11-02', '2026-11-08'],
			['2026-11-09', '2026-11-15'],
			['2026-11-16', '2026-11-22'],
			['2026-11-23', '2026-11-29'],
			['2026-11-30', '2026-11-30'],
		]);
		expect(bucketDays('2026-11-01', '2026-11-30', 'week', 0)[1]).toEqual([
			'2026-11-08',
			'2026-11-14',
		]);
		expect(bucketDays('2026-11-18', '2027-01-05', 'month')).toEqual([
			['2026-11-18', '2026-11-30'],
			['2026-12-01', '2026-12-31'],
			['2027-01-01', '2027-01-05'],
		]);
	});
});

describe('forecastPeriod by week and month', () => {
	const firstDay = '2024-09-01';
	const today = '2026-11-18';
	const values = store(dayNumber(today) - dayNumber(firstDay));
	const history = new DailyHistory(values);
	const judged = verdict(history);
	const at = (day: string) => dayNumber(day) - dayNumber(firstDay);
	const sum = (from: string, to: string) => history.sum(at(from), at(to) + 1);

	it('gives each week not over its known days plus the forecast of the rest', () => {
		expect(judged.shown).toBe(true);
		const result = forecastPeriod({
			history: values,
			firstDay,
			today,
			periodStart: '2026-11-01',
			periodEnd: '2026-11-30',
			verdict: judged,
			interval: 'week',
			startOfWeek: 1,
		});
		const forecast = result.forecast;
		if (!forecast) throw new Error('no forecast');
		const days = new Map(forecast.days.map((d) => [d.date, d.value]));
		const forecastOf = (from: string, to: string) => {
			let total = 0;
			for (let d = dayNumber(from); d <= dayNumber(to); d++) {
				total += days.get(dayText(d)) as number;
			}
			return total;
		};
		expect(forecast.buckets.map((b) => [b.date, b.end, b.partial])).toEqual([
			['2026-11-16', '2026-11-22', true],
			['2026-11-23', '2026-11-29', false],
			['2026-11-30', '2026-11-30', false],
		]);
		const [current, next, last] = forecast.buckets;
		expect(current.actual).toBeCloseTo(sum('2026-11-16', '2026-11-17'), 6);
		expect(current.value).toBeCloseTo(
			current.actual + forecastOf('2026-11-18', '2026-11-22'),
			6,
		);
		expect(next.actual).toBe(0);
		expect(next.value).toBeCloseTo(forecastOf('2026-11-23', '2026-11-29'), 6);
		expect(last.value).toBeCloseTo(forecastOf('2026-11-30', '2026-11-30'), 6);
		// The buckets and the weeks already over add up to the month's forecast.
		const total = sum('2026-11-01', '2026-11-15') + current.value + next.value + last.value;
		expect(total).toBeCloseTo(forecast.total.value, 6);
		for (const b of forecast.buckets) {
			expect(b.lower).toBeLessThanOrEqual(b.value);
			expect(b.value).toBeLessThanOrEqual(b.upper);
			expect(b.lower).toBeLessThan(b.upper);
			// The known days are certain: the range only spreads the rest.
			expect(b.lower).toBeGreaterThanOrEqual(b.actual);
		}
		// A week's range is calibrated on past weeks' sums, narrower than its days' ranges added.
		let dayWidths = 0;
		for (let d = dayNumber('2026-11-23'); d <= dayNumber('2026-11-29'); d++) {
			const day = forecast.days.find((x) => x.date === dayText(d));
			if (!day) throw new Error(`no forecast of ${dayText(d)}`);
			dayWidths += day.upper - day.lower;
		}
		expect(next.upper - next.lower).toBeLessThan(dayWidths);
	});

	it('starts the weeks on Sunday for a store whose week starts on Sunday', () => {
		const result = forecastPeriod({
			history: values,
			firstDay,
			today,
			periodStart: '2026-11-01',
			periodEnd: '2026-11-30',
			verdict: judged,
			interval: 'week',
			startOfWeek: 0,
		});
		expect(result.forecast?.buckets.map((b) => [b.date, b.end])).toEqual([
			['2026-11-15', '2026-11-21'],
			['2026-11-22', '2026-11-28'],
			['2026-11-29', '2026-11-30'],
		]);
		expect(result.forecast?.buckets[0].actual).toBeCloseTo(sum('2026-11-15', '2026-11-17'), 6);
	});

	it('gives this year by month: the current month partly known, the next forecast', () => {
		const result = forecastPeriod({
			history: values,
			firstDay,
			today,
			periodStart: '2026-01-01',
			periodEnd: '2026-12-31',
			verdict: judged,
			interval: 'month',
		});
		const forecast = result.forecast;
		if (!forecast) throw new Error('no forecast');
		const [november, december] = forecast.buckets;
		expect(forecast.buckets).toHaveLength(2);
		expect([november.date, november.end, november.partial]).toEqual([
			'2026-11-01',
			'2026-11-30',
			true,
		]);
		expect([december.date, december.end, december.partial]).toEqual([
			'2026-12-01',
			'2026-12-31',
			false,
		]);
		expect(november.actual).toBeCloseTo(sum('2026-11-01', '2026-11-17'), 6);
		const rest = forecast.days
			.filter((d) => d.date <= '2026-11-30')
			.reduce((a, d) => a + d.value, 0);
		expect(november.value).toBeCloseTo(november.actual + rest, 6);
		expect(november.value + december.value + sum('2026-01-01', '2026-10-31')).toBeCloseTo(
			forecast.total.value,
			6,
		);
		expect(december.lower).toBeLessThan(december.value);
		expect(december.upper).toBeGreaterThan(december.value);
	});

	it('answers the buckets in the route’s answer, by day unless asked', () => {
		const base = {
			history: values,
			firstDay,
			today,
			periodStart: '2026-11-01',
			periodEnd: '2026-11-30',
			verdict: judged,
		};
		const byDay = forecastAnswer('total_sales', base);
		expect(byDay.interval).toBe('day');
		expect(byDay.intervals).toEqual(
			byDay.days.map((d) => ({ ...d, date_end: d.date, actual: 0, partial: false })),
		);
		const byMonth = forecastAnswer('total_sales', { ...base, interval: 'month' });
		expect(byMonth.interval).toBe('month');
		expect(byMonth.intervals).toHaveLength(1);
		expect(byMonth.intervals[0]).toMatchObject({
			date: '2026-11-01',
			date_end: '2026-11-30',
			partial: true,
			value: byMonth.forecast?.value,
			lower: byMonth.forecast?.lower,
			upper: byMonth.forecast?.upper,
		});
	});
});
