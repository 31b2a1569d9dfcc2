import { addFilter, removeAllFilters } from '@wordpress/hooks';

import {
	applyReportConfigFilters,
	applyReportCurrencyFilter,
	applyReportTableFilter,
	REPORT_CURRENCY_FILTER,
	REPORT_TABLE_FILTER,
	reportFilterNames,
} from '../extension-hooks.js';
import { reportConfigs } from '../../reports/registry.js';

const names = reportFilterNames('products');

afterEach(() => {
	for (const name of [
		REPORT_TABLE_FILTER,
		REPORT_CURRENCY_FILTER,
		names.charts,
		names.filters,
		names.advancedFilters,
		reportFilterNames('orders').advancedFilters,
	]) {
		removeAllFilters(name, 'test');
	}
});

const tableData = {
	endpoint: 'orders',
	headers: [{ key: 'order_number', label: 'Order #' }],
	rows: [[{ display: '#101', value: 101 }], [{ display: '#102', value: 102 }]],
	totals: { orders_count: 2 },
	summary: [{ label: 'orders', value: '2' }],
	items: {
		data: [
			{ order_id: 101, num_items_sold: 2, net_total: 40 },
			{ order_id: 102, num_items_sold: 4, net_total: 10 },
		],
		totalResults: 2,
	},
};

describe('woocommerce_admin_report_table', () => {
	it('adds a WooCommerce-style column built from the REST rows', () => {
		addFilter(REPORT_TABLE_FILTER, 'test/column', (data: typeof tableData) => {
			if (data.endpoint !== 'orders') return data;
			return {
				...data,
				headers: [...data.headers, { key: 'avg_item', label: 'Average item value' }],
				rows: data.rows.map((row, index) => {
					const item = data.items.data[index];
					const value = item.net_total / item.num_items_sold;
					return [...row, { display: value.toFixed(2), value }];
				}),
			};
		});
		const result = applyReportTableFilter(tableData);
		expect(result.headers.map((header) => header.key)).toEqual(['order_number', 'avg_item']);
		expect(result.rows.map((row) => row[1].display)).toEqual(['20.00', '2.50']);
		expect(tableData.headers).toHaveLength(1);
	});

	it('ignores a result whose rows do not match the headers', () => {
		addFilter(REPORT_TABLE_FILTER, 'test/broken', (data: typeof tableData) => ({
			...data,
			headers: [...data.headers, { key: 'x', label: 'X' }],
		}));
		expect(applyReportTableFilter(tableData)).toBe(tableData);
		removeAllFilters(REPORT_TABLE_FILTER, 'test');
		addFilter(REPORT_TABLE_FILTER, 'test/null', () => null);
		expect(applyReportTableFilter(tableData)).toBe(tableData);
	});
});

describe('per-report filters', () => {
	it('returns the same config when no extension hooks in', () => {
		expect(applyReportConfigFilters(reportConfigs.products)).toBe(reportConfigs.products);
	});

	it('adds an advanced filter to products with the Advanced filters entry', () => {
		addFilter(names.advancedFilters, 'test/filter', (advanced: { filters: object }) => ({
			...advanced,
			filters: {
				...advanced.filters,
				stock: {
					labels: {
						add: 'Stock status',
						remove: 'Remove stock status filter',
						rule: 'Select a stock status filter match',
						title: 'Stock status {{rule /}} {{filter /}}',
						filter: 'Select a stock status',
					},
					rules: [{ value: 'is', label: 'Is' }],
					input: {
						component: 'SelectControl',
						options: [{ value: 'instock', label: 'In stock' }],
					},
				},
			},
		}));
		const config = applyReportConfigFilters(reportConfigs.products);
		expect(Object.keys(config.advancedFilters?.filters ?? {})).toEqual(['stock']);
		expect(config.filters[0].filters.map((entry) => entry.value)).toContain('advanced');
		expect(reportConfigs.products.filters[0].filters.map((entry) => entry.value)).not.toContain(
			'advanced',
		);
	});

	it('keeps orders advanced filters and adds no second Advanced filters entry', () => {
		const orders = reportFilterNames('orders');
		addFilter(orders.advancedFilters, 'test/extra', (advanced: { filters: object }) => ({
			...advanced,
			filters: {
				...advanced.filters,
				channel: {
					labels: { add: 'Channel', remove: 'r', rule: 'r', title: 't', filter: 'f' },
					rules: [{ value: 'is', label: 'Is' }],
					input: { component: 'SelectControl', options: [] },
				},
			},
		}));
		const config = applyReportConfigFilters(reportConfigs.orders);
		const own = Object.keys(reportConfigs.orders.advancedFilters?.filters ?? {});
		expect(Object.keys(config.advancedFilters?.filters ?? {})).toEqual([...own, 'channel']);
		const entries = config.filters.flatMap((filter) => filter.filters);
		expect(entries.filter((entry) => entry.value === 'advanced')).toHaveLength(1);
	});

	it('adds a chart and ignores charts without key and label', () => {
		addFilter(names.charts, 'test/chart', (charts: object[]) => [
			...charts,
			{ key: 'gross', label: 'Gross sales', type: 'currency' },
		]);
		expect(applyReportConfigFilters(reportConfigs.products).charts.at(-1)?.key).toBe('gross');
		removeAllFilters(names.charts, 'test');
		addFilter(names.charts, 'test/bad', () => [{ label: 'no key' }]);
		expect(applyReportConfigFilters(reportConfigs.products).charts).toBe(
			reportConfigs.products.charts,
		);
	});
});

describe('woocommerce_admin_report_currency', () => {
	it('passes the settings and the query, and merges the result', () => {
		const seen: unknown[] = [];
		addFilter(REPORT_CURRENCY_FILTER, 'test/currency', (config: object, query: unknown) => {
			seen.push(query);
			return { ...config, code: 'EUR', symbol: '€' };
		});
		const result = applyReportCurrencyFilter(
			{ code: 'USD', symbol: '$', precision: 2 },
			{ currency: 'EUR' },
		);
		expect(result).toEqual({ code: 'EUR', symbol: '€', precision: 2 });
		expect(seen).toEqual([{ currency: 'EUR' }]);
	});
});
