/**
 * A report page's first view: the figures its tiles, chart and table show when it opens are asked
 * for before it is drawn (by the same requests the page makes), so that it is drawn once, with
 * them, and asks for none of them again.
 */
import { act, render, screen, within } from '@testing-library/react';
import { select } from '@wordpress/data';
import type { AnySelect } from '@abacus/data';

import { waitForFirstView } from '../../../base/first-view.js';
import { stubApiFetch, type Call } from '../../../screens/test/harness.js';
import RevenueReport from '../revenue/index.js';
import ProductsReport from '../products/index.js';

jest.setTimeout(30000);

const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'];

function statsAnswer(call: Call) {
	const previous = (call.query.get('after') ?? '').startsWith('2025');
	const days = DAYS.map((day) => (previous ? day.replace('2026', '2025') : day));
	const subtotals = (n: number) => ({
		gross_sales: 100 * n,
		refunds: 0,
		coupons: 0,
		net_revenue: 90 * n,
		taxes: 10 * n,
		shipping: 5 * n,
		total_sales: 105 * n,
		orders_count: n,
	});
	return {
		body: {
			totals: subtotals(previous ? 2 : 6),
			intervals: days.map((day, index) => ({
				interval: day,
				date_start: `${day} 00:00:00`,
				date_start_gmt: `${day} 00:00:00`,
				date_end: `${day} 23:59:59`,
				date_end_gmt: `${day} 23:59:59`,
				subtotals: subtotals(previous ? 1 : index + 1),
			})),
		},
		headers: { 'X-WP-Total': String(days.length), 'X-WP-TotalPages': '1' },
	};
}

function productsAnswer() {
	return {
		body: [
			{
				product_id: 7,
				items_sold: 4,
				net_revenue: 120,
				orders_count: 3,
				extended_info: { name: 'Blue mug', sku: 'MUG-1', stock_status: 'instock' },
			},
		],
		headers: { 'X-WP-Total': '1', 'X-WP-TotalPages': '1' },
	};
}

/** The page's requests, answered; the report requests listed. */
function stubStore(): Call[] {
	const calls = stubApiFetch((call) => {
		if (call.route.endsWith('/stats')) return statsAnswer(call);
		if (call.route.endsWith('reports/products')) return productsAnswer();
		return { body: [] };
	});
	return calls;
}

const reportCalls = (calls: Call[]) =>
	calls
		.filter((call) => call.route.includes('/reports/'))
		.map((call) => `${call.route}?${call.query.toString()}`);

const QUERY = {
	period: 'custom',
	after: '2026-03-01',
	before: '2026-03-03',
	compare: 'previous_year',
};

describe('a report’s first view', () => {
	it('draws the revenue page once, with its figures, asking for nothing again', async () => {
		const calls = stubStore();
		const firstView = RevenueReport.firstView;
		expect(firstView).toBeDefined();
		await waitForFirstView(firstView!, QUERY, 10_000);
		const asked = reportCalls(calls);
		expect(asked.length).toBeGreaterThan(0);
		expect(firstView!(select as unknown as AnySelect, QUERY)).toBe(true);

		render(<RevenueReport path="/analytics/revenue" query={QUERY} />);
		// Drawn with its figures at once: no placeholder in the tiles or the table.
		expect(document.querySelector('.is-placeholder')).toBeNull();
		const table = document.querySelector<HTMLElement>('.abacus-table__table');
		expect(table).not.toBeNull();
		expect(within(table!).getAllByRole('row').length).toBeGreaterThan(DAYS.length);
		// The chart's table for screen readers follows the first paint.
		expect(await screen.findByText('March 3, 2026')).toBeInTheDocument();
		await act(async () => {
			await new Promise((resolve) => setTimeout(resolve, 50));
		});
		// The page's own report requests were the first view's.
		expect(reportCalls(calls)).toEqual(asked);
	});

	it('draws the products page once, with its rows', async () => {
		const calls = stubStore();
		const query = { ...QUERY, orderby: 'items_sold' };
		await waitForFirstView(ProductsReport.firstView!, query, 10_000);
		const asked = reportCalls(calls);
		render(<ProductsReport path="/analytics/products" query={query} />);
		expect(document.querySelector('.is-placeholder')).toBeNull();
		expect(screen.getByText('Blue mug')).toBeInTheDocument();
		await act(async () => {
			await new Promise((resolve) => setTimeout(resolve, 50));
		});
		expect(reportCalls(calls)).toEqual(asked);
	});
});
