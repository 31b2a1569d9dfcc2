/**
 * The forecast a chart draws: the route's days as the chart's dates (orders whole) with the
 * period's end value, for revenue, orders and net sales by day on the store's unfiltered figures,
 * and the route's buckets by week or month; none by hour, on a filtered report, on another report
 * or figure, or where the route does not show a forecast.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';
import type { ForecastAnswer } from '@abacus/metrics';
import { setSettingsForTests } from '@abacus/settings';
import { getStoreTimeZoneMoment } from '@abacus/date';

import { refreshReports } from '../../../engine/index.js';

import { useChartForecast, type ChartForecastOptions } from '../chart-forecast.js';

jest.setTimeout(60_000);

let asked: string[] = [];

function serve(shown: boolean, metric: ForecastAnswer['metric'] = 'net_revenue'): void {
	asked = [];
	apiFetch.setFetchHandler(async (options: { path?: string }) => {
		const path = options.path ?? '';
		if (!path.startsWith('/wc-analytics/reports/forecast')) return {};
		asked.push(path);
		const interval = /[?&]interval=(\w+)/.exec(path)?.[1] ?? 'day';
		const answer: ForecastAnswer = {
			metric,
			today: '2026-11-29',
			period: { start: '2026-11-01', end: '2026-11-30' },
			shown,
			reason: shown ? 'shown' : 'baseline_better',
			coverage: 80,
			backtest: [],
			actual: shown ? 1000 : null,
			forecast: shown ? { value: 1234.4, lower: 1100.2, upper: 1400.6 } : null,
			days: shown
				? [
						{ date: '2026-11-29', value: 10.4, lower: 8.2, upper: 12.6 },
						{ date: '2026-11-30', value: 11.5, lower: 9.5, upper: 14.5 },
					]
				: [],
			interval: interval === 'week' ? 'week' : 'day',
			intervals:
				shown && interval === 'week'
					? [
							{
								date: '2026-11-23',
								date_end: '2026-11-29',
								actual: 80.5,
								partial: true,
								value: 90.9,
								lower: 88.7,
								upper: 93.1,
							},
							{
								date: '2026-11-30',
								date_end: '2026-11-30',
								actual: 0,
								partial: false,
								value: 11.5,
								lower: 9.5,
								upper: 14.5,
							},
						]
					: [],
		};
		return answer;
	});
}

const base: ChartForecastOptions = {
	endpoint: 'revenue',
	metric: 'net_revenue',
	interval: 'day',
	mode: 'time-comparison',
	query: { period: 'month', compare: 'previous_year' },
};

describe('useChartForecast', () => {
	it('gives the route’s days as the chart’s dates, with the period’s end value', async () => {
		serve(true);
		const { result } = renderHook(() => useChartForecast(base));
		await waitFor(() => expect(result.current).toBeDefined());
		expect(result.current).toEqual({
			points: [
				{ date: '2026-11-29T00:00:00', value: 10.4, lower: 8.2, upper: 12.6 },
				{ date: '2026-11-30T00:00:00', value: 11.5, lower: 9.5, upper: 14.5 },
			],
			coverage: 80,
			// Today (the 29th) is known only in part: the solid line ends the day before.
			knownUntil: '2026-11-28T00:00:00',
			total: { value: 1234.4, lower: 1100.2, upper: 1400.6, date: '2026-11-30' },
		});
		expect(asked[0]).toMatch(/metric=net_revenue/);
	});

	it('gives the route’s weeks by week, each at its first day', async () => {
		serve(true);
		const { result } = renderHook(() =>
			useChartForecast({ ...base, interval: 'week', query: { period: 'month' } }),
		);
		await waitFor(() => expect(result.current).toBeDefined());
		expect(asked[0]).toMatch(/interval=week/);
		expect(result.current?.points).toEqual([
			{ date: '2026-11-23T00:00:00', value: 90.9, lower: 88.7, upper: 93.1 },
			{ date: '2026-11-30T00:00:00', value: 11.5, lower: 9.5, upper: 14.5 },
		]);
		expect(result.current?.total).toEqual({
			value: 1234.4,
			lower: 1100.2,
			upper: 1400.6,
			date: '2026-11-30',
		});
	});

	it('rounds orders to whole ones', async () => {
		serve(true, 'orders_count');
		const { result } = renderHook(() =>
			useChartForecast({
				...base,
				endpoint: 'orders',
				metric: 'orders_count',
				query: { period: 'month', compare: 'previous_period' },
			}),
		);
		await waitFor(() => expect(result.current).toBeDefined());
		expect(result.current?.points.map((p) => [p.value, p.lower, p.upper])).toEqual([
			[10, 8, 13],
			[12, 10, 15],
		]);
		expect(result.current?.total).toEqual({
			value: 1234,
			lower: 1100,
			upper: 1401,
			date: '2026-11-30',
		});
	});

	it('draws none where the route shows none', async () => {
		// Another figure (answers are kept per figure and period).
		serve(false, 'total_sales');
		const { result } = renderHook(() => useChartForecast({ ...base, metric: 'total_sales' }));
		await waitFor(() => expect(asked).toHaveLength(1));
		// The answer has come (the next render): still none.
		await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
		expect(result.current).toBeUndefined();
	});

	it.each<[string, Partial<ChartForecastOptions>]>([
		['by hour', { interval: 'hour' }],
		[
			'on a filtered report',
			{ query: { period: 'month', compare: 'previous_year', filter: 'advanced' } },
		],
		['on another report', { endpoint: 'products' }],
		['for another figure', { metric: 'gross_sales' }],
		['on an item comparison', { mode: 'item-comparison' }],
		[
			'for a range that is over',
			{
				query: {
					period: 'custom',
					compare: 'previous_year',
					after: '2020-10-01',
					before: '2020-10-31',
				},
			},
		],
	])('asks for none and draws none %s', async (_name, change) => {
		serve(true);
		const { result } = renderHook(() => useChartForecast({ ...base, ...change }));
		await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
		expect(result.current).toBeUndefined();
		expect(asked).toEqual([]);
	});
});

describe('useChartForecast inside wp-admin on WooCommerce’s figures', () => {
	afterEach(() => {
		delete (window as unknown as { abacusSettings?: unknown }).abacusSettings;
		setSettingsForTests();
	});

	it('computes this month by week in the page, weeks starting on the store’s first weekday', async () => {
		// A store whose week starts on Sunday.
		const settings = { restRoutes: {}, startOfWeek: 0 };
		(window as unknown as { abacusSettings: unknown }).abacusSettings = settings;
		setSettingsForTests(settings as Parameters<typeof setSettingsForTests>[0]);
		refreshReports();
		asked = [];
		apiFetch.setFetchHandler(async (options: { path?: string }) => {
			const path = options.path ?? '';
			if (
				!path.startsWith('/wc-analytics/reports') &&
				!path.startsWith('/abacus/v1/forecast')
			)
				return {};
			asked.push(path);
			// The plugin's history route: the `days` days before `today`, by metric.
			const query = new URLSearchParams(path.split('?')[1]);
			const days = Number(query.get('days'));
			const first = Date.parse(`${query.get('today') ?? ''}T00:00:00Z`) / 86_400_000 - days;
			const values = {
				net_revenue: [] as number[],
				total_sales: [] as number[],
				orders_count: [] as number[],
			};
			for (let t = first; t < first + days; t++) {
				const value =
					100 *
					[1.4, 1.2, 1, 0.9, 0.8, 0.7, 1][t % 7] *
					(1 + 0.3 * Math.sin((2 * Math.PI * t) / 364)) *
					(1 + t / 40000) *
					(0.92 + ((t * 7919) % 17) / 100);
				values.net_revenue.push(value);
				values.total_sales.push(value);
				values.orders_count.push(value / 50);
			}
			return {
				first_day: new Date(first * 86_400_000).toISOString().slice(0, 10),
				days,
				values,
			};
		});
		const { result } = renderHook(() =>
			useChartForecast({ ...base, interval: 'week', query: { period: 'month' } }),
		);
		await waitFor(() => expect(result.current).toBeDefined(), { timeout: 30_000 });
		expect(asked.some((path) => path.includes('reports/forecast'))).toBe(false);
		// The history in one request to the plugin's route.
		expect(
			asked.filter((path) => path.startsWith('/abacus/v1/forecast/history?')),
		).toHaveLength(1);
		const today = getStoreTimeZoneMoment();
		const monthStart = today.clone().startOf('month').format('YYYY-MM-DD');
		const monthEnd = today.clone().endOf('month').format('YYYY-MM-DD');
		const points = result.current?.points ?? [];
		// The week holding today (from Sunday, or the 1st) and each later one to the month's end.
		const sunday = today.clone().subtract(today.day(), 'days').format('YYYY-MM-DD');
		const first = sunday < monthStart ? monthStart : sunday;
		expect(points[0].date).toBe(`${first}T00:00:00`);
		for (const point of points.slice(1)) {
			expect(new Date(`${point.date.slice(0, 10)}T00:00:00Z`).getUTCDay()).toBe(0);
			expect(point.date.slice(0, 10) <= monthEnd).toBe(true);
		}
		for (const point of points) {
			expect(point.lower).toBeLessThanOrEqual(point.value);
			expect(point.value).toBeLessThanOrEqual(point.upper);
		}
		expect(result.current?.total?.date).toBe(monthEnd);
	});
});
