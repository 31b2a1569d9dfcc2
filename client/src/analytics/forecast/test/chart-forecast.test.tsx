/**
 * The forecast a chart draws: the route's days as the chart's dates (orders whole) with the
 * period's end value, for revenue, orders and net sales by day on the store's unfiltered figures;
 * none by week, on a filtered report, on another report or figure, or where the route does not
 * show a forecast.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';
import type { ForecastAnswer } from '@abacus/metrics';

import { useChartForecast, type ChartForecastOptions } from '../chart-forecast.js';

jest.setTimeout(60_000);

let asked: string[] = [];

function serve(shown: boolean, metric: ForecastAnswer['metric'] = 'net_revenue'): void {
	asked = [];
	apiFetch.setFetchHandler(async (options: { path?: string }) => {
		const path = options.path ?? '';
		if (!path.startsWith('/wc-analytics/reports/forecast')) return {};
		asked.push(path);
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
			knownUntil: '2026-11-29T00:00:00',
			total: { value: 1234.4, lower: 1100.2, upper: 1400.6, date: '2026-11-30' },
		});
		expect(asked[0]).toMatch(/metric=net_revenue/);
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
		['by week', { interval: 'week' }],
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
