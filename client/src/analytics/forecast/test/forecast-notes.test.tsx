/**
 * The forecast under the tiles: from the server's route on the Abacus server, computed by the page
 * inside wp-admin with WooCommerce's figures on the revenue stats history the plugin's
 * `abacus/v1/forecast/history` answers in one request; "not enough history" when the method did
 * not earn its place; nothing for a range that is over.
 */
import { render, screen, waitFor } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';
import { getStoreTimeZoneMoment } from '@abacus/date';
import type { ForecastAnswer } from '@abacus/metrics';

import { refreshReports } from '../../../engine/index.js';
import { ForecastNotes } from '../forecast-notes.js';
import { readHistory, type LocalHistory } from '../use-forecast.js';

/** The plugin's `GET abacus/v1/forecast/history` answer. */
interface HistoryAnswer {
	first_day: string;
	days: number;
	values: Record<'total_sales' | 'orders_count' | 'net_revenue', unknown[]>;
}

jest.setTimeout(60_000);

type Handler = (options: { path?: string }) => Promise<unknown>;
let paths: string[] = [];

function serve(handler: Handler): void {
	paths = [];
	apiFetch.setFetchHandler((options: { path?: string }) => {
		// Only the report and forecast history requests (the page also reads its settings).
		const path = options.path ?? '';
		if (path.startsWith('/wc-analytics/reports') || path.startsWith('/abacus/v1/forecast'))
			paths.push(path);
		return handler(options);
	});
}

function answer(shown: boolean): ForecastAnswer {
	return {
		metric: 'net_revenue',
		today: '2026-11-28',
		period: { start: '2026-11-01', end: '2026-11-30' },
		shown,
		reason: shown ? 'shown' : 'baseline_better',
		coverage: 80,
		backtest: [],
		actual: shown ? 1000 : null,
		forecast: shown ? { value: 1234.5, lower: 1100, upper: 1400 } : null,
		days: [],
		interval: 'day',
		intervals: [],
	};
}

const MONTH = { period: 'month', compare: 'previous_year' };

afterEach(() => {
	delete (window as unknown as { abacusSettings?: unknown }).abacusSettings;
});

describe('on the Abacus server', () => {
	it('shows the route’s forecast with its 80 % range', async () => {
		serve(async () => answer(true));
		render(<ForecastNotes metrics={['net_revenue']} query={MONTH} />);
		expect(screen.getByText(/Net sales: forecasting/)).toBeTruthy();
		const line = await screen.findByText('$1,234.50');
		expect(line.closest('li')?.textContent).toMatch(
			/^Net sales by 11\/30\/2026 \$1,234\.50 \(80 % likely between \$1,100\.00 and \$1,400\.00\)$/,
		);
		// Days in the store's date format (m/d/Y where the store sets none), not YYYY-MM-DD.
		expect(screen.getByRole('heading').textContent).toMatch(
			/^Forecast for \d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}$/,
		);
		expect(paths).toHaveLength(1);
		expect(paths[0]).toMatch(/^\/wc-analytics\/reports\/forecast\?metric=net_revenue&after=/);
		// The month to date is forecast to its last day.
		const before = new URLSearchParams(paths[0].split('?')[1]).get('before') ?? '';
		const end = new Date();
		end.setMonth(end.getMonth() + 1, 0);
		expect(before.slice(8, 10)).toBe(String(end.getDate()));
	});

	it('says there is not enough history when the forecast is not shown', async () => {
		serve(async () => answer(false));
		render(
			<ForecastNotes
				metrics={['orders_count']}
				query={{ period: 'week', compare: 'previous_year' }}
			/>,
		);
		expect(
			await screen.findByText('Orders: not enough history to forecast this period.'),
		).toBeTruthy();
	});

	it('says when the forecast could not be loaded', async () => {
		serve(async () => {
			throw new Error('offline');
		});
		render(
			<ForecastNotes
				metrics={['total_sales']}
				query={{ period: 'year', compare: 'previous_year' }}
			/>,
		);
		expect(
			await screen.findByText('Total sales: the forecast could not be loaded.'),
		).toBeTruthy();
	});

	it('asks nothing and shows nothing for a range that is over', () => {
		serve(async () => answer(true));
		const { container } = render(
			<ForecastNotes
				metrics={['net_revenue']}
				query={{ period: 'last_month', compare: 'previous_year' }}
			/>,
		);
		expect(container.textContent).toBe('');
		expect(paths).toEqual([]);
	});
});

describe('inside wp-admin on WooCommerce’s figures', () => {
	/** A day's net sales in revenue stats: a weekly pattern, a yearly wave and noise. */
	function netSales(t: number): number {
		const noise = ((t * 7919) % 17) / 100;
		return (
			100 *
			[1.4, 1.2, 1, 0.9, 0.8, 0.7, 1][t % 7] *
			(1 + 0.3 * Math.sin((2 * Math.PI * t) / 364)) *
			(1 + t / 40000) *
			(0.92 + noise)
		);
	}

	const DAY_MS = 86_400_000;

	/**
	 * The plugin's history route: the `days` days before `today`, each metric's values from the
	 * first (or nothing at all); `change` alters the answer (another first day, a day missing).
	 */
	function history(
		empty: boolean,
		change: (answer: HistoryAnswer) => HistoryAnswer = (answer) => answer,
	): Handler {
		return async ({ path = '' }) => {
			const query = new URLSearchParams(path.split('?')[1]);
			const days = Number(query.get('days'));
			const first = Date.parse(`${query.get('today') ?? ''}T00:00:00Z`) / DAY_MS - days;
			const values = {
				total_sales: [] as number[],
				orders_count: [] as number[],
				net_revenue: [] as number[],
			};
			for (let t = first; t < first + days; t++) {
				const value = empty ? 0 : netSales(t);
				values.net_revenue.push(value);
				values.total_sales.push(value);
				values.orders_count.push(value / 50);
			}
			return change({
				first_day: new Date(first * DAY_MS).toISOString().slice(0, 10),
				days,
				values,
			});
		};
	}

	beforeEach(() => {
		(window as unknown as { abacusSettings: unknown }).abacusSettings = { restRoutes: {} };
		// Each test's store is another: the page reads the history again after a refresh.
		refreshReports();
	});

	it('computes the forecast on the revenue stats history, read in one request to the plugin', async () => {
		serve(history(false));
		render(
			<ForecastNotes
				metrics={['net_revenue']}
				query={{ period: 'quarter', compare: 'previous_year' }}
			/>,
		);
		const line = await screen.findByText(/Net sales by/);
		expect(line.closest('li')?.textContent).toMatch(
			/80 % likely between \$[\d,.]+ and \$[\d,.]+/,
		);
		expect(paths).toHaveLength(1);
		// The page's store day and the method's 800 days (api-fetch adds the user's locale).
		const [route, search] = paths[0].split('?');
		expect(route).toBe('/abacus/v1/forecast/history');
		const query = new URLSearchParams(search);
		expect(query.get('today')).toBe(getStoreTimeZoneMoment().format('YYYY-MM-DD'));
		expect(query.get('days')).toBe('800');
		expect(paths.some((p) => p.includes('reports/forecast'))).toBe(false);
		expect(paths.some((p) => p.includes('revenue/stats'))).toBe(false);
	});

	it('forecasts from the route’s days: each value on its day from today − 800', async () => {
		serve(history(false));
		window.sessionStorage.clear();
		const read = await readHistory('2025-03-01', 0);
		expect(paths).toEqual([
			'/abacus/v1/forecast/history?today=2025-03-01&days=800&_locale=user',
		]);
		expect(read.firstDay).toBe('2022-12-22');
		const first = Date.parse('2022-12-22T00:00:00Z') / DAY_MS;
		for (const index of [0, 1, 400, 799]) {
			expect(read.values.net_revenue[index]).toBe(netSales(first + index));
			expect(read.values.total_sales[index]).toBe(netSales(first + index));
			expect(read.values.orders_count[index]).toBe(netSales(first + index) / 50);
		}
		expect(read.values.net_revenue).toHaveLength(800);
	});

	it.each<[string, (answer: HistoryAnswer) => HistoryAnswer]>([
		['another first day', (a: HistoryAnswer) => ({ ...a, first_day: '2024-09-20' })],
		[
			'a day missing',
			(a: HistoryAnswer) => ({
				...a,
				values: { ...a.values, orders_count: a.values.orders_count.slice(1) },
			}),
		],
		[
			'a value that is not a number',
			(a: HistoryAnswer) => ({
				...a,
				values: { ...a.values, total_sales: [null, ...a.values.total_sales.slice(1)] },
			}),
		],
	])('says the forecast could not be loaded when the route answers %s', async (_name, change) => {
		serve(history(false, change));
		window.sessionStorage.clear();
		render(<ForecastNotes metrics={['total_sales']} query={MONTH} />);
		expect(
			await screen.findByText('Total sales: the forecast could not be loaded.'),
		).toBeTruthy();
		expect(paths).toHaveLength(1);
	});

	it('keeps the day’s history for the tab: a later page of the same day asks nothing', async () => {
		serve(history(false));
		window.sessionStorage.clear();
		const today = '2026-11-28';
		// The first page of the day (the reports not asked again yet) reads and keeps it.
		const first = await readHistory(today, 0);
		expect(paths).toHaveLength(1);
		// A later page: a new page load starts with an empty memory, as another module here.
		let later: LocalHistory | undefined;
		await jest.isolateModulesAsync(async () => {
			const fresh = await import('../use-forecast.js');
			later = await fresh.readHistory(today, 0);
		});
		expect(paths).toHaveLength(1);
		expect(later?.values).toEqual(first.values);
		expect(later?.firstDay).toBe(first.firstDay);
		// The next day, or the reports asked again (Retry, another engine), read it again.
		await readHistory('2026-11-29', 0);
		expect(paths).toHaveLength(2);
		await readHistory(today, 5);
		expect(paths).toHaveLength(3);
	});

	it('says there is not enough history for a store without sales', async () => {
		serve(history(true));
		render(<ForecastNotes metrics={['total_sales']} query={MONTH} />);
		await waitFor(() =>
			expect(
				screen.getByText('Total sales: not enough history to forecast this period.'),
			).toBeTruthy(),
		);
	});
});
