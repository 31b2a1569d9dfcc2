/**
 * examples/report-extension's callbacks, registered under the same filter names as the example
 * registers them, run through the report's own filter points: its column shows on orders only, its
 * filter on products. (The example's own addFilter calls reach the @wordpress/hooks copy its
 * folder installs, or the app's copy where the example has no node_modules of its own; in wp-admin
 * both are wp.hooks. Either way each callback is registered exactly once here.)
 */
import apiFetch, { type APIFetchOptions } from '@wordpress/api-fetch';
import { addFilter, removeAllFilters, removeFilter } from '@wordpress/hooks';

import {
	applyReportConfigFilters,
	applyReportTableFilter,
	REPORT_TABLE_FILTER,
	reportFilterNames,
} from '../../components/extension-hooks.js';
import { reportConfigs } from '../registry.js';

// @ts-expect-error the example is plain JavaScript without type declarations.
import * as example from '../../../../../examples/report-extension/src/index.js';

const averageItemValue = example.averageItemValue as (order: object) => number;
const getCategoryLabels = example.getCategoryLabels as (
	ids: string,
) => Promise<Array<{ key: number; label: string }>>;

beforeAll(() => {
	removeFilter(REPORT_TABLE_FILTER, 'abacus-report-extension/average-item-value');
	removeFilter(reportFilterNames('products').filters, 'abacus-report-extension/single-category');
	addFilter(
		REPORT_TABLE_FILTER,
		'abacus-report-extension/average-item-value',
		example.addAverageItemValueColumn,
	);
	addFilter(
		reportFilterNames('products').filters,
		'abacus-report-extension/single-category',
		example.addSingleCategoryFilter,
	);
});

afterAll(() => {
	removeAllFilters(REPORT_TABLE_FILTER, 'test');
	removeAllFilters(reportFilterNames('products').filters, 'test');
});

describe('examples/report-extension', () => {
	it('adds Average item value to the orders table, in the store currency', () => {
		const table = applyReportTableFilter({
			endpoint: 'orders',
			headers: [{ key: 'order_number', label: 'Order #' }],
			rows: [[{ display: '#101', value: 101 }], [{ display: '#102', value: 102 }]],
			totals: {},
			summary: [],
			items: {
				data: [
					{ order_id: 101, num_items_sold: 4, net_total: 50 },
					{ order_id: 102, num_items_sold: 0, net_total: 0 },
				],
				totalResults: 2,
			},
		});
		expect(table.headers.map((header) => header.label)).toEqual([
			'Order #',
			'Average item value',
		]);
		expect(table.rows.map((row) => row[1].value)).toEqual([12.5, 0]);
		expect(String(table.rows[0][1].display)).toContain('12.50');
		expect(averageItemValue({ num_items_sold: 3, net_total: 10 })).toBe(3.33);
	});

	it('leaves the products table alone', () => {
		const data = {
			endpoint: 'products',
			headers: [{ key: 'product', label: 'Product' }],
			rows: [[{ display: 'Mug', value: 'Mug' }]],
			totals: {},
			summary: [],
			items: { data: [{ product_id: 1 }], totalResults: 1 },
		};
		expect(applyReportTableFilter(data).headers).toHaveLength(1);
	});

	it('adds Single category to the products Show filter, writing the categories parameter', () => {
		const config = applyReportConfigFilters(reportConfigs.products);
		const entry = config.filters[0].filters.find((item) => item.value === 'select_category');
		expect(entry?.label).toBe('Single category');
		expect(entry?.subFilters?.[0].settings?.param).toBe('categories');
		expect(entry?.subFilters?.[0].component).toBe('Search');
		const orders = applyReportConfigFilters(reportConfigs.orders);
		expect(
			orders.filters.flatMap((filter) => filter.filters).map((item) => item.value),
		).not.toContain('select_category');
	});

	it('names the chosen category through the abacus/items store, once per query', async () => {
		const paths: string[] = [];
		apiFetch.setFetchHandler(async (options: APIFetchOptions) => {
			paths.push(String(options.path ?? options.url));
			const body = JSON.stringify([{ id: 12, name: 'Music' }]);
			// The store asks for the raw answer (parse: false) to read X-WP-Total.
			return {
				ok: true,
				status: 200,
				headers: { get: (name: string) => (/^x-wp-total$/i.test(name) ? '1' : null) },
				text: async () => body,
				json: async () => JSON.parse(body) as unknown,
			};
		});
		await expect(getCategoryLabels('12')).resolves.toEqual([{ key: 12, label: 'Music' }]);
		// Asked again (the filter re-renders): the store answers, no second request.
		await expect(getCategoryLabels('12')).resolves.toEqual([{ key: 12, label: 'Music' }]);
		expect(paths).toEqual([
			expect.stringMatching(
				/^\/wc-analytics\/products\/categories\?(?=.*include=12)(?=.*per_page=100)/,
			),
		]);
	});
});
