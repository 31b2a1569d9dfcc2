/**
 * The dimension filters: their inputs offer the values the store has (the breakdown rows over all
 * time, with the store's titles), picked values show by name, every breakdown grouping links its
 * order counts to the orders behind them, and the Revenue and Customers reports send the filters.
 */
import apiFetch from '@wordpress/api-fetch';
import { getFilterQuery } from '@abacus/data';

import { config as customersConfig } from '../../customers/config.js';
import { activeDimensionFilters, config as revenueConfig } from '../../revenue/config.js';
import type { RowContext } from '../../../components/types.js';
import { breakdownConfig } from '../config.js';
import {
	dimensionOrderFilters,
	placeLabels,
	searchStates,
	withoutDimensionFilters,
} from '../order-filters.js';
import { config as ordersConfig } from '../../orders/config.js';

jest.mock('@wordpress/api-fetch', () => {
	const fetch = jest.fn();
	return Object.assign(fetch, { use: jest.fn(), createNonceMiddleware: jest.fn() });
});

const mockFetch = apiFetch as unknown as jest.Mock;

const ROWS: Record<string, Array<{ id: number; key: string; label: string }>> = {
	'payment-methods': [
		{ id: 1, key: 'stripe', label: 'Card (Stripe)' },
		{ id: 2, key: 'mollie_wc_gateway_ideal', label: 'iDEAL' },
		{ id: 3, key: 'cod', label: '' },
		{ id: 4, key: '', label: '' },
	],
	places: [
		{ id: 5, key: 'US:CA', label: '' },
		{ id: 6, key: 'GB:', label: '' },
		{ id: 7, key: ':', label: '' },
	],
};

beforeEach(() => {
	mockFetch.mockReset();
	mockFetch.mockImplementation(({ path }: { path: string }) => {
		const slug = /reports\/([a-z-]+)\?/.exec(path)?.[1] ?? '';
		return Promise.resolve(ROWS[slug] ?? []);
	});
	window.abacusSettings = {
		dataEndpoints: {
			countries: [
				{
					code: 'US',
					name: 'United States (US)',
					states: [{ code: 'CA', name: 'California' }],
				},
				{ code: 'GB', name: 'United Kingdom (UK)', states: [] },
			],
		},
	} as unknown as typeof window.abacusSettings;
});

afterEach(() => {
	delete window.abacusSettings;
});

describe('dimension filter inputs', () => {
	it('offer the payment methods the store has, by its titles, over all time', async () => {
		const input = dimensionOrderFilters().payment_method.input;
		expect(input.component).toBe('Search');
		const all = await input.loadOptions?.('');
		expect(all).toEqual([
			{ value: 'stripe', label: 'Card (Stripe)' },
			{ value: 'mollie_wc_gateway_ideal', label: 'iDEAL' },
			// no title: the known name
			{ value: 'cod', label: 'Cash on delivery' },
		]);
		await expect(input.loadOptions?.('ide')).resolves.toEqual([
			{ value: 'mollie_wc_gateway_ideal', label: 'iDEAL' },
		]);
		const path = String(mockFetch.mock.calls[0][0].path);
		expect(path).toContain('/wc-analytics/reports/payment-methods?');
		expect(path).toContain('per_page=-1');
		expect(path).toContain('after=2000-01-01T00%3A00%3A00');
		expect(path).toContain('status_is=any');
	});

	it('name picked values, also ones the store no longer has', async () => {
		const labels = dimensionOrderFilters().payment_method.input.getLabels;
		await expect(labels?.('mollie_wc_gateway_ideal,paypal,acme')).resolves.toEqual([
			{ key: 'mollie_wc_gateway_ideal', label: 'iDEAL' },
			{ key: 'paypal', label: 'PayPal' },
			{ key: 'acme', label: 'acme' },
		]);
	});

	it('name places by country and state', async () => {
		const input = dimensionOrderFilters().shipping_state.input;
		await expect(input.loadOptions?.('calif')).resolves.toEqual([
			{ value: 'US:CA', label: 'United States (US) — California' },
		]);
		await expect(input.loadOptions?.('')).resolves.toEqual([
			{ value: 'US:CA', label: 'United States (US) — California' },
			{ value: 'GB:', label: 'United Kingdom (UK) — no region' },
		]);
		await expect(placeLabels('US,US:CA')).resolves.toEqual([
			{ key: 'US', label: 'United States (US)' },
			{ key: 'US:CA', label: 'United States (US) — California' },
		]);
		await expect(searchStates('cali')).resolves.toEqual([
			{ value: 'US:CA', label: 'United States (US) — California' },
		]);
	});

	it("ask WordPress for nothing when WooCommerce's own analytics answer", async () => {
		window.abacusSettings = { restRoutes: {} } as typeof window.abacusSettings;
		await expect(dimensionOrderFilters().campaign.input.loadOptions?.('spr')).resolves.toEqual(
			[],
		);
		expect(mockFetch).not.toHaveBeenCalled();
	});

	it('offer the values with the most orders when the store has too many for one answer', async () => {
		mockFetch.mockImplementation(({ path }: { path: string }) =>
			path.includes('per_page=-1')
				? Promise.reject({
						code: 'rest_too_many_rows',
						message: 'Too many rows',
						data: { status: 400 },
					})
				: // a paged answer is read raw (body and paging headers)
					Promise.resolve({
						status: 200,
						headers: new Map([['x-wp-total', '1']]),
						text: () =>
							Promise.resolve(
								JSON.stringify([{ id: 9, key: 'black-friday', label: '' }]),
							),
					}),
		);
		await expect(dimensionOrderFilters().campaign.input.loadOptions?.('fri')).resolves.toEqual([
			{ value: 'black-friday', label: 'black-friday' },
		]);
		expect(String(mockFetch.mock.calls.at(-1)?.[0].path)).toContain('per_page=100');
	});

	it('the places table names states too', () => {
		const column = breakdownConfig('places', 'shipping_state').table.columns.find(
			(c) => c.key === 'label',
		);
		const context = { countries: { US: 'United States (US)' } } as unknown as RowContext;
		expect(column?.cell({ key: 'US:CA' }, context).display).toBe(
			'United States (US) — California',
		);
		expect(column?.cell({ key: 'US:ZZ' }, context).display).toBe('United States (US) — ZZ');
	});

	it('show no values when the request fails', async () => {
		mockFetch.mockImplementation(() => Promise.reject(new Error('offline')));
		await expect(dimensionOrderFilters().device.input.loadOptions?.('')).resolves.toEqual([]);
	});
});

describe('drill-down from every grouping', () => {
	const context: RowContext = {
		formatAmount: String,
		formatNumber: String,
		formatMetric: (_type, value) => String(value),
		formatDate: String,
		reportLink: (path: string, query: Record<string, string>) =>
			`${path}?${new URLSearchParams(query).toString()}`,
		orderStatuses: {},
		countries: {},
		query: {},
	};
	it.each([
		['origins', 'origin', 'organic:google', 'origin_includes=organic%3Agoogle'],
		['origins', 'source_type', 'utm', 'origin_type_includes=utm'],
		['origins', 'campaign', 'spring-sale', 'campaign_includes=spring-sale'],
		['origins', 'device', 'Mobile', 'device_includes=Mobile'],
		['places', 'billing_country', 'US', 'country_includes=US'],
		['places', 'billing_state', 'US:CA', 'state_includes=US%3ACA'],
		['places', 'shipping_country', 'GB', 'shipping_country_includes=GB'],
		['places', 'shipping_state', 'US:NY', 'shipping_state_includes=US%3ANY'],
		['places', 'shipping_state', 'GB:', 'shipping_state_includes=GB%3A'],
	] as const)('%s by %s: %s', (slug, groupBy, key, filter) => {
		const column = breakdownConfig(slug, groupBy).table.columns.find(
			(c) => c.key === 'orders_count',
		);
		expect(column?.cell({ key, orders_count: 3 }, context).href).toBe(
			`/analytics/orders?filter=advanced&${filter}&refunds=none`,
		);
		expect(column?.cell({ key: '', orders_count: 3 }, context).href).toBeUndefined();
	});

	it('no link for orders without an address', () => {
		const column = breakdownConfig('places', 'shipping_state').table.columns.find(
			(c) => c.key === 'orders_count',
		);
		expect(column?.cell({ key: ':', orders_count: 3 }, context).href).toBeUndefined();
	});
});

describe('reports sending the filters', () => {
	it('Revenue sends its advanced filters to revenue stats', () => {
		const query = getFilterQuery({
			endpoint: 'revenue',
			query: {
				filter: 'advanced',
				payment_method_includes: 'paypal,stripe',
				country_excludes: 'US',
				match: 'any',
			},
			filters: revenueConfig.filters,
			advancedFilters: revenueConfig.advancedFilters,
		});
		expect(query).toEqual({
			match: 'any',
			payment_method_includes: 'paypal,stripe',
			country_excludes: 'US',
		});
	});

	it('Customers send a state filter', () => {
		const query = getFilterQuery({
			endpoint: 'customers',
			query: { filter: 'advanced', state_includes: 'US:CA' },
			filters: customersConfig.filters,
			advancedFilters: customersConfig.advancedFilters,
		});
		expect(query).toEqual({ match: 'all', state_includes: 'US:CA' });
	});

	it('a day of a filtered Revenue page links to the orders with the same filters', () => {
		expect(
			activeDimensionFilters({
				filter: 'advanced',
				match: 'any',
				payment_method_includes: 'paypal',
				state_excludes: 'US:CA',
				period: 'month',
			}),
		).toEqual({
			filter: 'advanced',
			match: 'any',
			payment_method_includes: 'paypal',
			state_excludes: 'US:CA',
		});
		expect(activeDimensionFilters({ payment_method_includes: 'paypal' })).toEqual({});
		expect(activeDimensionFilters({ filter: 'advanced' })).toEqual({});
	});

	it("with WooCommerce's own analytics, no report offers a filter it would ignore", () => {
		const revenue = withoutDimensionFilters(revenueConfig);
		expect(revenue.advancedFilters).toBeUndefined();
		expect(revenue.filters).toEqual([]);
		const orders = withoutDimensionFilters(ordersConfig);
		expect(Object.keys(orders.advancedFilters?.filters ?? {})).toEqual([
			'status',
			'product',
			'variation',
			'coupon',
			'customer_type',
			'refunds',
			'attribute',
			'tax_rate',
		]);
		expect(orders.filters.map((f) => f.filters.map((e) => e.value))).toEqual(
			ordersConfig.filters.map((f) => f.filters.map((e) => e.value)),
		);
	});
});
