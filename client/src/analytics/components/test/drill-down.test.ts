import { getQueryArgs } from '@wordpress/url';

import { intervalOrdersQuery, ordersFilterFor } from '../drill-down.js';
import { reportConfigs } from '../../reports/registry.js';
import type { RowContext } from '../types.js';

const context: RowContext = {
	formatAmount: (value) => `$${Number(value).toFixed(2)}`,
	formatNumber: (value) => String(value),
	formatMetric: (_type, value) => String(value),
	formatDate: (value) => value.slice(0, 10),
	reportLink: (path, query) =>
		`admin.php?${new URLSearchParams({ page: 'abacus', ...query, path }).toString()}`,
	orderStatuses: {},
	countries: {},
	query: {},
};

function ordersCell(report: keyof typeof reportConfigs, row: Record<string, unknown>) {
	const column = reportConfigs[report].table.columns.find((c) => c.key === 'orders_count');
	if (!column) throw new Error(`${report} has no orders column`);
	return column.cell(row, context);
}

describe('drill-down to orders', () => {
	it('keeps the filters each report can express in the orders report', () => {
		expect(ordersFilterFor('revenue', { period: 'year', chart: 'net_revenue' })).toEqual({});
		expect(ordersFilterFor('products', {})).toEqual({});
		expect(
			ordersFilterFor('products', { filter: 'single_product', products: '12', paged: '3' }),
		).toEqual({ filter: 'advanced', product_includes: '12' });
		expect(
			ordersFilterFor('products', { filter: 'compare-products', products: '4,9' }),
		).toEqual({ filter: 'advanced', product_includes: '4,9' });
		expect(
			ordersFilterFor('variations', {
				filter: 'compare-variations',
				variations: '31,32',
			}),
		).toEqual({ filter: 'advanced', variation_includes: '31,32' });
		expect(ordersFilterFor('coupons', { filter: 'single_coupon', coupons: '7' })).toEqual({
			filter: 'advanced',
			coupon_includes: '7',
		});
		expect(ordersFilterFor('taxes', { filter: 'compare-taxes', taxes: '1,2' })).toEqual({
			filter: 'advanced',
			tax_rate_includes: '1,2',
		});
		// The orders report keeps its own filters, not the view (paging, sorting, dates).
		expect(
			ordersFilterFor('orders', {
				filter: 'advanced',
				status_is: 'refunded',
				match: 'any',
				paged: '2',
				orderby: 'date',
				period: 'month',
				after: '2026-01-01',
			}),
		).toEqual({ filter: 'advanced', status_is: 'refunded', match: 'any' });
	});

	it('offers no drill-down where the orders report cannot count the same orders', () => {
		expect(ordersFilterFor('downloads', {})).toBeNull();
		expect(ordersFilterFor('customers', {})).toBeNull();
		expect(ordersFilterFor('categories', { filter: 'single_category', categories: '3' })).toBe(
			null,
		);
		expect(ordersFilterFor('products', { filter: 'advanced', attribute_is: 'x' })).toBeNull();
		// Garbage ids are not carried over.
		expect(
			ordersFilterFor('products', { filter: 'single_product', products: '<b>,-1' }),
		).toBeNull();
	});

	it('turns an interval into a custom range of its days, keeping the comparison', () => {
		expect(
			intervalOrdersQuery(
				{ filter: 'advanced', product_includes: '12' },
				{ date_start: '2026-03-02 00:00:00', date_end: '2026-03-08 23:59:59' },
				{ compare: 'previous_period' },
			),
		).toEqual({
			filter: 'advanced',
			product_includes: '12',
			period: 'custom',
			compare: 'previous_period',
			after: '2026-03-02',
			before: '2026-03-08',
		});
		// An hour opens its day.
		expect(
			intervalOrdersQuery(
				{},
				{ date_start: '2026-03-02 13:00:00', date_end: '2026-03-02 13:59:59' },
				{},
			),
		).toEqual({ period: 'custom', after: '2026-03-02', before: '2026-03-02' });
	});

	it("links each row's order count to that item's orders", () => {
		const product = getQueryArgs(
			ordersCell('products', { product_id: 12, orders_count: 5 }).href ?? '',
		);
		expect(product).toMatchObject({
			path: '/analytics/orders',
			filter: 'advanced',
			product_includes: '12',
		});
		expect(
			getQueryArgs(ordersCell('coupons', { coupon_id: 7, orders_count: 2 }).href ?? ''),
		).toMatchObject({ coupon_includes: '7' });
		expect(
			getQueryArgs(
				ordersCell('variations', { variation_id: 31, orders_count: 2 }).href ?? '',
			),
		).toMatchObject({ variation_includes: '31' });
		expect(
			getQueryArgs(ordersCell('taxes', { tax_rate_id: 2, orders_count: 2 }).href ?? ''),
		).toMatchObject({ tax_rate_includes: '2' });
		const interval = getQueryArgs(
			ordersCell('revenue', {
				date_start: '2026-03-02 00:00:00',
				date_end: '2026-03-02 23:59:59',
				subtotals: { orders_count: 4 },
			}).href ?? '',
		);
		expect(interval).toMatchObject({
			path: '/analytics/orders',
			period: 'custom',
			after: '2026-03-02',
			before: '2026-03-02',
		});
		// Nothing to open behind a zero.
		expect(ordersCell('products', { product_id: 12, orders_count: 0 }).href).toBeUndefined();
		expect(ordersCell('products', { product_id: 12, orders_count: 0 }).display).toBe('0');
	});
});
