/**
 * The forecast under the tiles: from the server's route on the Abacus server, computed by the page
 * on the revenue stats history inside wp-admin with WooCommerce's figures; "not enough history"
 * when the method did not earn its place; nothing for a range that is over.
 */
import { render, screen, waitFor } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';
import type { ForecastAnswer } from '@abacus/metrics';

import { refreshReports } from '../../../engine/index.js';
import { ForecastNotes } from '../forecast-notes.js';
import { readHistory, type LocalHistory } from '../use-forecast.js';

jest.setTimeout(60_000);

type Handler = (options: { path?: string }) => Promise<unknown>;
let paths: string[] = [];

function serve(handler: Handler): void {
	paths = [];
	apiFetch.setFetchHandler((options: { path?: string }) => {
		// Only the report requests (the page also reads its settings).
		if ((options.path ?? '').startsWith('/wc-analytics/reports'))
			paths.push(options.path ?? '');
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
	/** Revenue stats by day: a weekly pattern, a yearly wave and noise (or nothing at all). */
	function stats(empty: boolean): Handler {
		return async ({ path = '' }) => {
			const query = new URLSearchParams(path.split('?')[1]);
			const after = Date.parse(`${(query.get('after') ?? '').slice(0, 10)}T00:00:00Z`);
			const before = Date.parse(`${(query.get('before') ?? '').slice(0, 10)}T00:00:00Z`);
			const intervals = [];
			for (let ms = after; ms <= before; ms += 86_400_000) {
				const t = ms / 86_400_000;
				const noise = ((t * 7919) % 17) / 100;
				const value = empty
					? 0
					: 100 *
						[1.4, 1.2, 1, 0.9, 0.8, 0.7, 1][t % 7] *
						(1 + 0.3 * Math.sin((2 * Math.PI * t) / 364)) *
						(1 + t / 40000) *
						(0.92 + noise);
				intervals.push({
					interval: new Date(ms).toISOString().slice(0, 10),
					subtotals: { net_revenue: value, total_sales: value, orders_count: value / 50 },
				});
			}
			return { totals: {}, intervals };
		};
	}

	beforeEach(() => {
		(window as unknown as { abacusSettings: unknown }).abacusSettings = { restRoutes: {} };
		// Each test's store is another: the page reads the history again after a refresh.
		refreshReports();
	});

	it('computes the forecast on the revenue stats history (8 requests of 100 days)', async () => {
		serve(stats(false));
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
		expect(paths).toHaveLength(8);
		for (const path of paths) {
			expect(path).toMatch(/^\/wc-analytics\/reports\/revenue\/stats\?interval=day&/);
			expect(path).toContain('per_page=100');
		}
		expect(paths.some((p) => p.includes('reports/forecast'))).toBe(false);
	});

	it('keeps the day’s history for the tab: a later page of the same day asks nothing', async () => {
		serve(stats(false));
		window.sessionStorage.clear();
		const today = '2026-11-28';
		// The first page of the day (the reports not asked again yet) reads and keeps it.
		const first = await readHistory(today, 0);
		expect(paths).toHaveLength(8);
		// A later page: a new page load starts with an empty memory, as another module here.
		let later: LocalHistory | undefined;
		await jest.isolateModulesAsync(async () => {
			const fresh = await import('../use-forecast.js');
			later = await fresh.readHistory(today, 0);
		});
		expect(paths).toHaveLength(8);
		expect(later?.values).toEqual(first.values);
		expect(later?.firstDay).toBe(first.firstDay);
		// The next day, or the reports asked again (Retry, another engine), read it again.
		await readHistory('2026-11-29', 0);
		expect(paths).toHaveLength(16);
		await readHistory(today, 5);
		expect(paths).toHaveLength(24);
	});

	it('says there is not enough history for a store without sales', async () => {
		serve(stats(true));
		render(<ForecastNotes metrics={['total_sales']} query={MONTH} />);
		await waitFor(() =>
			expect(
				screen.getByText('Total sales: not enough history to forecast this period.'),
			).toBeTruthy(),
		);
	});
});
