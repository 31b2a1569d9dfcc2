/**
 * The metric layer reads its words from the shared catalogue (@abacus/metrics): the labels,
 * formats and definitions the REST answers and the admin page carry are those of REST §6.13 and
 * of the tiles, whatever the catalogue's layout.
 */
import { findMetric, getMetric } from '@abacus/metrics';

import type { RunningServer } from '../../index.js';
import { get, startFixtureServer } from '../../reports/test/fixtures.js';
import {
	COUPON_METRICS,
	DOWNLOAD_METRICS,
	metricDefinitions,
	ORDER_LINE_METRICS,
	ORDER_METRICS,
	PRODUCT_METRICS,
	REPORT_METRICS,
	TAX_METRICS,
	type Metric,
} from '../index.js';

const shape = (set: Record<string, Metric>) =>
	Object.fromEntries(
		Object.values(set).map((m) => [m.key, `${m.label} | ${m.type} | ${m.format}`]),
	);

describe('metric words from the catalogue', () => {
	it('keeps each metric set its labels, rounding and format', () => {
		expect(shape(ORDER_METRICS)).toEqual({
			orders_count: 'Orders | int | number',
			num_items_sold: 'Items sold | int | number',
			total_sales: 'Total sales | float | currency',
			refunds: 'Returns | float | currency',
			taxes: 'Taxes | float | currency',
			shipping: 'Shipping | float | currency',
			net_revenue: 'Net sales | float | currency',
			total_customers: 'Customers | int | number',
			coupons: 'Coupons | float | currency',
			coupons_count: 'Coupons used | int | number',
			products: 'Products | int | number',
			gross_sales: 'Gross sales | float | currency',
			avg_items_per_order: 'Average items per order | float | number',
			avg_order_value: 'Average order value | float | currency',
		});
		expect(shape(ORDER_LINE_METRICS)).toEqual(
			Object.fromEntries(
				Object.keys(ORDER_LINE_METRICS).map((key) => [key, shape(ORDER_METRICS)[key]]),
			),
		);
		expect(shape(PRODUCT_METRICS)).toEqual({
			items_sold: 'Products sold | int | number',
			net_revenue: 'Net sales | float | currency',
			orders_count: 'Orders | int | number',
			products_count: 'Products | int | number',
			variations_count: 'Variations | int | number',
		});
		expect(shape(COUPON_METRICS)).toEqual({
			amount: 'Net discount amount | float | currency',
			coupons_count: 'Coupons | int | number',
			orders_count: 'Discounted orders | int | number',
		});
		expect(shape(TAX_METRICS)).toEqual({
			tax_codes: 'Tax codes | int | number',
			total_tax: 'Total tax | float | currency',
			order_tax: 'Order tax | float | currency',
			shipping_tax: 'Shipping tax | float | currency',
			orders_count: 'Orders | int | number',
		});
		expect(shape(DOWNLOAD_METRICS)).toEqual({ download_count: 'Downloads | int | number' });
	});

	it("gives the admin page each report's definitions, as the client's catalogue reads them", () => {
		const definitions = metricDefinitions();
		expect(Object.keys(definitions)).toEqual(Object.keys(REPORT_METRICS));
		for (const [report, set] of Object.entries(definitions)) {
			for (const [key, definition] of Object.entries(set)) {
				expect(definition).toBe(findMetric(report, key)?.definition);
			}
		}
		expect(definitions.revenue.net_revenue).toBe(
			'Sales after discounts and refunds, without taxes and shipping.',
		);
		expect(definitions.coupons.amount).toBe('Discounts given with coupons.');
		expect(definitions.taxes.orders_count).toBe(getMetric('taxes', 'orders_count').definition);
	});
});

describe('performance indicators over HTTP', () => {
	let server: RunningServer;
	beforeAll(async () => {
		server = await startFixtureServer({
			orders: [
				{
					id: 1,
					date: '2021-06-01 10:00:00',
					status: 'completed',
					customer: 1,
					lines: [{ product: 2, qty: 1, net: 10 }],
				},
			],
		});
	}, 120_000);
	afterAll(async () => {
		await server?.close();
	});

	it('names and formats every allowed indicator as REST §6.13 does', async () => {
		const allowed = await get<Array<{ stat: string; label: string }>>(
			server,
			'/wc-analytics/reports/performance-indicators/allowed',
		);
		expect(allowed.body.map((i) => `${i.stat} ${i.label}`)).toEqual([
			'revenue/total_sales Total sales',
			'revenue/net_revenue Net sales',
			'orders/orders_count Orders',
			'orders/avg_order_value Average order value',
			'products/items_sold Products sold',
			'revenue/refunds Returns',
			'coupons/orders_count Discounted orders',
			'coupons/amount Net discount amount',
			'taxes/total_tax Total tax',
			'taxes/order_tax Order tax',
			'taxes/shipping_tax Shipping tax',
			'revenue/shipping Shipping',
			'downloads/download_count Downloads',
			'revenue/gross_sales Gross sales',
			'variations/items_sold Variations Sold',
		]);
		const values = await get<Array<{ stat: string; format: string }>>(
			server,
			'/wc-analytics/reports/performance-indicators?after=2021-06-01T00:00:00&before=2021-06-30T23:59:59&stats=revenue/net_revenue,orders/orders_count,orders/avg_order_value,coupons/amount',
		);
		expect(values.body.map((i) => `${i.stat} ${i.format}`)).toEqual([
			'revenue/net_revenue currency',
			'orders/orders_count number',
			'orders/avg_order_value currency',
			'coupons/amount currency',
		]);
	}, 60_000);
});
