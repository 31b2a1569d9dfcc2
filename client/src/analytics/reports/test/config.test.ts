import { hasDateRange } from '@abacus/data';

import { matchRoute } from '../../../layout/routes.js';
import { reportConfigs } from '../registry.js';
import type { RowContext } from '../../components/types.js';

const context: RowContext = {
	formatAmount: (value) => `$${Number(value).toFixed(2)}`,
	formatNumber: (value) => String(value),
	formatMetric: (_type, value) => String(value),
	formatDate: (value) => value.slice(0, 10),
	reportLink: (path) => path,
	orderStatuses: { completed: 'Completed' },
	countries: { FR: 'France' },
	query: {},
};

describe('report configs', () => {
	it('give every report a path the router maps back to it', () => {
		for (const [slug, config] of Object.entries(reportConfigs)) {
			expect(config.report).toBe(slug);
			expect(matchRoute(config.path)).toMatchObject({ page: 'report', report: slug });
		}
	});

	it('mark exactly one default sort column and only unique column keys', () => {
		for (const config of Object.values(reportConfigs)) {
			const keys = config.table.columns.map((column) => column.key);
			expect(new Set(keys).size).toBe(keys.length);
			expect(config.table.columns.filter((column) => column.defaultSort)).toHaveLength(1);
		}
	});

	it('leave the date range and chart out of stock and customers only', () => {
		const withoutDates = Object.values(reportConfigs).filter(
			(config) => !hasDateRange(config.endpoint),
		);
		expect(withoutDates.map((config) => config.report).sort()).toEqual(['customers', 'stock']);
		expect(reportConfigs.stock.hasChart).toBe(false);
	});

	it('list the revenue tiles in order', () => {
		expect(reportConfigs.revenue.charts.map((chart) => chart.key)).toEqual([
			'gross_sales',
			'refunds',
			'coupons',
			'net_revenue',
			'taxes',
			'shipping',
			'total_sales',
		]);
	});
});

describe('row cells', () => {
	it('ask reports by interval for every stats field their rows and summary read', () => {
		for (const config of Object.values(reportConfigs)) {
			if (!config.table.isStatsByInterval) continue;
			const read = [
				...config.table.columns.map((column) => column.key).filter((key) => key !== 'date'),
				...config.table.summary.map((item) => item.key),
			];
			expect(config.table.statsFields).toEqual(expect.arrayContaining(read));
		}
	});

	it('render a revenue interval: date from date_start, money from subtotals', () => {
		const row = {
			interval: '2024-03-05',
			date_start: '2024-03-05 00:00:00',
			subtotals: { orders_count: 4, net_revenue: 120.5, refunds: 10 },
		};
		const cells = reportConfigs.revenue.table.columns.map((column) =>
			column.cell(row, context),
		);
		expect(cells[0]).toEqual({ display: '2024-03-05', value: '2024-03-05 00:00:00' });
		expect(cells[1]).toEqual({ display: '4', value: 4, href: '/analytics/orders' });
		const net = reportConfigs.revenue.table.columns.findIndex(
			(column) => column.key === 'net_revenue',
		);
		expect(cells[net]).toEqual({ display: '$120.50', value: 120.5 });
	});

	it("link a revenue day's orders with the page's place and payment filters", () => {
		const row = {
			date_start: '2024-03-05 00:00:00',
			date_end: '2024-03-05 23:59:59',
			subtotals: { orders_count: 4 },
		};
		const orders = reportConfigs.revenue.table.columns.find(
			(column) => column.key === 'orders_count',
		)!;
		const linked = orders.cell(row, {
			...context,
			reportLink: (path, query) => `${path}?${new URLSearchParams(query).toString()}`,
			query: { filter: 'advanced', payment_method_includes: 'paypal', orderby: 'date' },
		});
		const link = new URL(linked.href!, 'https://shop.test/');
		expect(link.pathname).toBe('/analytics/orders');
		expect(link.searchParams.get('filter')).toBe('advanced');
		expect(link.searchParams.get('payment_method_includes')).toBe('paypal');
		expect(link.searchParams.get('after')).toBe('2024-03-05');
		expect(link.searchParams.get('orderby')).toBeNull();
	});

	it('render order products, status labels and customer names', () => {
		const row = {
			order_number: 42,
			status: 'completed',
			extended_info: {
				products: [{ name: 'Mug', quantity: 2 }],
				coupons: [{ code: 'spring' }],
				customer: { first_name: 'Ada', last_name: 'Lovelace' },
			},
		};
		const byKey = Object.fromEntries(
			reportConfigs.orders.table.columns.map((column) => [
				column.key,
				column.cell(row, context).display,
			]),
		);
		expect(byKey.products).toBe('2× Mug');
		expect(byKey.status).toBe('Completed');
		expect(byKey.customer).toBe('Ada Lovelace');
		expect(byKey.coupons).toBe('spring');
	});

	it('list every product of an order for the list cell (first shown, the rest behind +N more)', () => {
		const products = reportConfigs.orders.table.columns.find(
			(column) => column.key === 'products',
		);
		const cell = products?.cell(
			{
				extended_info: {
					products: [
						{ name: 'Hoodie', quantity: 1 },
						{ name: 'Mug', quantity: 2 },
						{ name: 'Cap', quantity: 1 },
					],
				},
			},
			context,
		);
		expect(cell?.list).toEqual(['1× Hoodie', '2× Mug', '1× Cap']);
		// The CSV keeps the whole list.
		expect(cell?.value).toBe('1× Hoodie, 2× Mug, 1× Cap');
	});

	it('show N/A stock for items that do not manage stock', () => {
		const column = reportConfigs.stock.table.columns.find(
			(item) => item.key === 'stock_quantity',
		);
		expect(column?.cell({ manage_stock: false, stock_quantity: 3 }, context)).toEqual({
			display: 'N/A',
			value: null,
		});
		expect(column?.cell({ manage_stock: true, stock_quantity: 3 }, context).display).toBe('3');
	});
});
