/**
 * Report tiles, metric columns and summaries say what the metric catalogue says: these fail when
 * a tile's label, value type, trend direction or definition drifts from @abacus/metrics, or when
 * the words users read change.
 */
import { findMetric } from '@abacus/metrics';

import { dashboardCharts } from '../../../dashboard/charts.js';
import { chartMetric, metricColumn, summaryItem } from '../metrics.js';
import { reportConfigs } from '../../reports/registry.js';
import type { RowContext } from '../types.js';

const context = {} as RowContext;

describe('tiles from the catalogue', () => {
	it("give every report tile the catalogue's label, type, direction and definition", () => {
		for (const config of Object.values(reportConfigs)) {
			for (const chart of config.charts) {
				const metric = findMetric(config.report, chart.key);
				expect(metric).toBeDefined();
				expect(chart).toMatchObject({
					label: metric?.label,
					type: metric?.type,
					definition: metric?.definition,
				});
				expect(Boolean(chart.isReverseTrend)).toBe(metric?.isReverseTrend);
			}
		}
	});

	it('show the revenue tiles with the words and directions users know', () => {
		expect(
			reportConfigs.revenue.charts.map((c) => [c.label, c.type, Boolean(c.isReverseTrend)]),
		).toEqual([
			['Gross sales', 'currency', false],
			['Returns', 'currency', true],
			['Coupons', 'currency', true],
			['Net sales', 'currency', false],
			['Taxes', 'currency', false],
			['Shipping', 'currency', false],
			['Total sales', 'currency', false],
		]);
		expect(reportConfigs.revenue.charts[3].definition).toBe(
			'Sales after discounts and refunds, without taxes and shipping.',
		);
		expect(reportConfigs.orders.charts.map((c) => [c.label, c.type, c.orderby])).toEqual([
			['Orders', 'number', undefined],
			['Net sales', 'currency', 'net_total'],
			['Average order value', 'currency', undefined],
			['Average items per order', 'average', undefined],
		]);
		expect(reportConfigs.coupons.charts.map((c) => c.label)).toEqual([
			'Discounted orders',
			'Amount',
		]);
		expect(dashboardCharts().map((c) => c.charts[0].label)).toEqual([
			'Net sales',
			'Orders',
			'Items sold',
		]);
	});
});

describe('columns and summaries from the catalogue', () => {
	it('head metric columns with the column label and format them by value type', () => {
		const amount = metricColumn('coupons', 'amount');
		expect(amount.label).toBe('Amount discounted');
		expect(
			amount.cell({ amount: 2.5 }, { ...context, formatAmount: (v) => `$${String(v)}` })
				.display,
		).toBe('$2.5');
		const items = metricColumn('orders', 'num_items_sold');
		expect(items.label).toBe('Items sold');
		expect(
			items.cell({ num_items_sold: 3 }, { ...context, formatNumber: (v) => `#${String(v)}` })
				.display,
		).toBe('#3');
		const net = reportConfigs.orders.table.columns.find((c) => c.key === 'net_total');
		expect(net?.label).toBe('Net sales');
	});

	it('write the summary row in the catalogue words, singular and plural', () => {
		const orders = summaryItem('orders', 'orders_count');
		expect([orders.type, orders.label(1, context), orders.label(5, context)]).toEqual([
			'number',
			'order',
			'orders',
		]);
		expect(reportConfigs.revenue.table.summary.map((item) => item.label(2, context))).toEqual([
			'orders',
			'gross sales',
			'returns',
			'coupons',
			'net sales',
			'taxes',
			'shipping',
			'total sales',
		]);
		expect(reportConfigs.customers.table.summary.map((item) => item.type)).toEqual([
			'number',
			'average',
			'currency',
			'currency',
		]);
	});

	it('leave the table sort of a tile to the report', () => {
		expect(chartMetric('taxes', 'total_tax', 'total_tax').orderby).toBe('total_tax');
		expect(chartMetric('downloads', 'download_count')).not.toHaveProperty('orderby');
	});
});
