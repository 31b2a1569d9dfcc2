/**
 * The catalogue's words and directions are what users see on every report: these tests fail when
 * a label, a definition, a value type or a trend direction changes.
 */
import { setLocaleData } from '@wordpress/i18n';

import {
	findIndicator,
	findMetric,
	getMetric,
	isMetricReport,
	METRIC_REPORTS,
	metricDefinitions,
	metricsFor,
	performanceIndicators,
	type Metric,
} from '../index.js';

const pick = (metrics: Metric[], field: keyof Metric) =>
	Object.fromEntries(metrics.map((m) => [m.key, m[field]]));

describe('labels', () => {
	it('names the revenue and orders metrics as the tiles and REST §6.13 do', () => {
		expect(pick(metricsFor('revenue'), 'label')).toEqual({
			orders_count: 'Orders',
			num_items_sold: 'Items sold',
			total_sales: 'Total sales',
			refunds: 'Returns',
			taxes: 'Taxes',
			shipping: 'Shipping',
			net_revenue: 'Net sales',
			total_customers: 'Customers',
			coupons: 'Coupons',
			coupons_count: 'Coupons used',
			products: 'Products',
			gross_sales: 'Gross sales',
			avg_items_per_order: 'Average items per order',
			avg_order_value: 'Average order value',
		});
		expect(metricsFor('orders')).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ key: 'net_revenue', label: 'Net sales' }),
			]),
		);
	});

	it("names the item reports' metrics", () => {
		for (const report of ['products', 'variations', 'categories'] as const) {
			expect(pick(metricsFor(report), 'label')).toEqual({
				items_sold: 'Items sold',
				net_revenue: 'Net sales',
				orders_count: 'Orders',
				products_count: 'Products',
				variations_count: 'Variations',
			});
		}
		expect(pick(metricsFor('coupons'), 'label')).toEqual({
			orders_count: 'Discounted orders',
			amount: 'Amount',
			coupons_count: 'Coupons',
		});
		expect(pick(metricsFor('taxes'), 'label')).toEqual({
			total_tax: 'Total tax',
			order_tax: 'Order tax',
			shipping_tax: 'Shipping tax',
			orders_count: 'Orders',
			tax_codes: 'Tax codes',
		});
		expect(pick(metricsFor('downloads'), 'label')).toEqual({ download_count: 'Downloads' });
		expect(pick(metricsFor('stock'), 'label')).toEqual({
			products: 'Products',
			outofstock: 'Out of stock',
			lowstock: 'Low stock',
			instock: 'In stock',
			onbackorder: 'On backorder',
		});
	});

	it('says some metrics differently in table headers', () => {
		expect(getMetric('coupons', 'amount').columnLabel).toBe('Amount discounted');
		expect(getMetric('coupons', 'orders_count').columnLabel).toBe('Orders');
		expect(getMetric('customers', 'avg_order_value').columnLabel).toBe('AOV');
		expect(getMetric('customers', 'total_spend').columnLabel).toBe('Total spend');
		expect(getMetric('revenue', 'net_revenue').columnLabel).toBe('Net sales');
	});

	it('writes the table summary words, singular and plural', () => {
		expect(getMetric('orders', 'orders_count').summaryLabel(1)).toBe('order');
		expect(getMetric('orders', 'orders_count').summaryLabel(2)).toBe('orders');
		expect(getMetric('revenue', 'net_revenue').summaryLabel(2)).toBe('net sales');
		expect(getMetric('variations', 'variations_count').summaryLabel(1)).toBe('variation sold');
		expect(getMetric('taxes', 'tax_codes').summaryLabel(3)).toBe('tax codes');
		expect(getMetric('coupons', 'amount').summaryLabel(3)).toBe('amount discounted');
		expect(getMetric('customers', 'avg_total_spend').summaryLabel(3)).toBe(
			'average lifetime spend',
		);
		expect(getMetric('stock', 'onbackorder').summaryLabel(3)).toBe('on backorder');
		// Without words of its own, the label.
		expect(getMetric('orders', 'avg_order_value').summaryLabel(3)).toBe('Average order value');
	});
});

describe('value types', () => {
	it('writes money as currency, counts as numbers and averages as averages', () => {
		expect(pick(metricsFor('revenue'), 'type')).toEqual({
			orders_count: 'number',
			num_items_sold: 'number',
			total_sales: 'currency',
			refunds: 'currency',
			taxes: 'currency',
			shipping: 'currency',
			net_revenue: 'currency',
			total_customers: 'number',
			coupons: 'currency',
			coupons_count: 'number',
			products: 'number',
			gross_sales: 'currency',
			avg_items_per_order: 'average',
			avg_order_value: 'currency',
		});
		expect(getMetric('coupons', 'amount').type).toBe('currency');
		expect(getMetric('taxes', 'total_tax').type).toBe('currency');
		expect(getMetric('products', 'items_sold').type).toBe('number');
		expect(getMetric('customers', 'avg_orders_count').type).toBe('average');
	});
});

describe('trend direction', () => {
	it('counts fewer returns and smaller discounts as good news, more of the rest', () => {
		const down = METRIC_REPORTS.flatMap((report) =>
			metricsFor(report)
				.filter((m) => m.trend === 'down')
				.map((m) => `${report}/${m.key}`),
		);
		expect(down).toEqual([
			'revenue/refunds',
			'revenue/coupons',
			'orders/refunds',
			'orders/coupons',
			'customers/avg_days_to_second_order',
			'customers/median_days_to_second_order',
			'stock/outofstock',
			'stock/lowstock',
			'payment-methods/refunds',
			'shipping-methods/refunds',
			'origins/refunds',
			'places/refunds',
			'profit/cost',
			'profit/items_without_cost',
		]);
		expect(getMetric('revenue', 'refunds').isReverseTrend).toBe(true);
		expect(getMetric('revenue', 'net_revenue')).toMatchObject({
			trend: 'up',
			isReverseTrend: false,
		});
		// A coupon report's discount amount is its subject, not a cost: up is good there.
		expect(getMetric('coupons', 'amount').isReverseTrend).toBe(false);
	});
});

describe('definitions', () => {
	it("says what each tile's figure counts, in the metric layer's words", () => {
		expect(getMetric('revenue', 'net_revenue').definition).toBe(
			'Sales after discounts and refunds, without taxes and shipping.',
		);
		expect(getMetric('revenue', 'refunds').definition).toBe(
			'Money refunded to customers (a positive amount).',
		);
		expect(getMetric('products', 'net_revenue').definition).toBe(
			'Line totals after discounts and refunds, without taxes and shipping.',
		);
		expect(getMetric('coupons', 'orders_count').definition).toBe('Orders that used a coupon.');
		expect(getMetric('taxes', 'orders_count').definition).toBe('Orders charged this tax.');
		expect(getMetric('downloads', 'download_count').definition).toBe('Files downloaded.');
	});

	it('gives every metric a definition ending in a full stop', () => {
		for (const report of METRIC_REPORTS) {
			for (const metric of metricsFor(report)) {
				expect(metric.definition).toMatch(/^[A-Z].*\.$/);
			}
		}
	});

	it('lists report → key → definition', () => {
		const definitions = metricDefinitions(['coupons']);
		expect(definitions).toEqual({
			coupons: {
				orders_count: 'Orders that used a coupon.',
				amount: 'Discounts given with coupons.',
				coupons_count: 'Distinct coupons used.',
			},
		});
		expect(Object.keys(metricDefinitions())).toEqual(METRIC_REPORTS);
	});
});

describe('look-ups', () => {
	it('finds a metric by strings from elsewhere, and nothing for unknown or inherited names', () => {
		expect(findMetric('orders', 'avg_order_value')?.label).toBe('Average order value');
		expect(findMetric('orders', 'nope')).toBeUndefined();
		expect(findMetric('nope', 'net_revenue')).toBeUndefined();
		expect(findMetric('revenue', '__proto__')).toBeUndefined();
		expect(findMetric('revenue', 'toString')).toBeUndefined();
		expect(findMetric('__proto__', 'net_revenue')).toBeUndefined();
		expect(isMetricReport('constructor')).toBe(false);
		expect(isMetricReport('taxes')).toBe(true);
		expect(() => getMetric('revenue', 'nope' as 'refunds')).toThrow(
			'Unknown metric revenue/nope',
		);
	});

	it('lists the performance indicators with their labels in the API order (REST §6.13)', () => {
		expect(
			performanceIndicators().map((i) => [i.stat, i.metric.indicatorLabel, i.metric.type]),
		).toEqual([
			['revenue/total_sales', 'Total sales', 'currency'],
			['revenue/net_revenue', 'Net sales', 'currency'],
			['orders/orders_count', 'Orders', 'number'],
			['orders/avg_order_value', 'Average order value', 'currency'],
			['products/items_sold', 'Products sold', 'number'],
			['revenue/refunds', 'Returns', 'currency'],
			['coupons/orders_count', 'Discounted orders', 'number'],
			['coupons/amount', 'Net discount amount', 'currency'],
			['taxes/total_tax', 'Total tax', 'currency'],
			['taxes/order_tax', 'Order tax', 'currency'],
			['taxes/shipping_tax', 'Shipping tax', 'currency'],
			['revenue/shipping', 'Shipping', 'currency'],
			['downloads/download_count', 'Downloads', 'number'],
			['revenue/gross_sales', 'Gross sales', 'currency'],
			['variations/items_sold', 'Variations Sold', 'number'],
		]);
		expect(findIndicator('variations/items_sold')?.label).toBe('Items sold');
		expect(findIndicator('revenue/refunds')?.isReverseTrend).toBe(true);
		expect(findIndicator('jetpack/stats/visitors')).toBeUndefined();
		expect(findIndicator('net_revenue')).toBeUndefined();
	});
});

describe('translations', () => {
	afterEach(() => setLocaleData({ '': {} }, 'abacus'));

	it('translates when read, so translations loaded after the import apply', () => {
		setLocaleData(
			{
				'': { domain: 'abacus', plural_forms: 'nplurals=2; plural=n != 1;' },
				'Net sales': ['Nettoumsatz'],
				'Sales after discounts and refunds, without taxes and shipping.': [
					'Umsatz nach Rabatten und Erstattungen, ohne Steuern und Versand.',
				],
				order: ['Bestellung', 'Bestellungen'],
			},
			'abacus',
		);
		const metric = getMetric('revenue', 'net_revenue');
		expect(metric.label).toBe('Nettoumsatz');
		expect(metric.definition).toBe(
			'Umsatz nach Rabatten und Erstattungen, ohne Steuern und Versand.',
		);
		expect(getMetric('orders', 'orders_count').summaryLabel(2)).toBe('Bestellungen');
	});
});

describe('breakdown reports', () => {
	it('name the same figures in the four reports, each with its own count of values and orders', () => {
		for (const report of [
			'payment-methods',
			'shipping-methods',
			'origins',
			'places',
		] as const) {
			expect(metricsFor(report).map((m) => m.key)).toEqual([
				'orders_count',
				'net_revenue',
				'refunds',
				'avg_order_value',
				'net_revenue_share',
				'shipping',
				'new_customers',
				'values',
			]);
			expect(getMetric(report, 'net_revenue_share')).toMatchObject({
				type: 'percent',
				columnLabel: 'Share',
			});
		}
		expect(getMetric('payment-methods', 'values').summaryLabel(2)).toBe('payment methods');
		expect(getMetric('places', 'values').summaryLabel(1)).toBe('place');
		expect(getMetric('shipping-methods', 'orders_count').definition).toMatch(/shipping method/);
		expect(getMetric('origins', 'new_customers').definition).toMatch(/first order/);
	});
});

describe('lifetime value and cohorts (issue 23)', () => {
	it('names and defines the Customers lifetime figures and the cohort figures', () => {
		expect(getMetric('customers', 'avg_lifetime_value')).toMatchObject({
			label: 'Average lifetime value',
			type: 'currency',
		});
		expect(getMetric('customers', 'repeat_rate').type).toBe('percent');
		expect(getMetric('customers', 'avg_days_to_second_order').isReverseTrend).toBe(true);
		expect(getMetric('customers', 'avg_days_to_second_order').definition).toMatch(
			/first order to their second/,
		);
		expect(getMetric('customers', 'retention').definition).toMatch(/period 0 is always 100/);
		expect(getMetric('customers', 'cumulative_value').definition).toMatch(/cohort's size/);
	});
});
