import { render, screen } from '@testing-library/react';
import apiFetch from '@wordpress/api-fetch';

import { breakdownConfig, breakdownLabel } from '../config.js';
import { createBreakdownPage } from '../page.js';

jest.mock('@wordpress/api-fetch', () => {
	const fetch = jest.fn(() => Promise.resolve([]));
	return Object.assign(fetch, { use: jest.fn(), createNonceMiddleware: jest.fn() });
});

const countries = { countries: { US: 'United States (US)', GB: 'United Kingdom (UK)' } };

describe('breakdown labels', () => {
	it('names payment and shipping methods by their titles, or says there is none', () => {
		expect(
			breakdownLabel('payment-methods', { key: 'stripe', label: 'Credit card' }, countries),
		).toBe('Credit card');
		expect(breakdownLabel('payment-methods', { key: '', label: '' }, countries)).toBe(
			'No payment method',
		);
		expect(breakdownLabel('shipping-methods', { key: '', label: '' }, countries)).toBe(
			'Nothing shipped',
		);
	});

	it('names origins as WooCommerce does', () => {
		const origin = (key: string, groupBy = '') =>
			breakdownLabel('origins', { key, label: '' }, countries, groupBy);
		expect(origin('organic:google')).toBe('Organic: google');
		expect(origin('utm:newsletter')).toBe('Source: newsletter');
		expect(origin('referral:facebook.com')).toBe('Referral: facebook.com');
		expect(origin('typein')).toBe('Direct');
		expect(origin('admin')).toBe('Web admin');
		expect(origin('')).toBe('No attribution recorded');
		expect(origin('', 'campaign')).toBe('No campaign');
		expect(origin('Mobile', 'device')).toBe('Mobile');
	});

	it('names places by country and region', () => {
		const place = (key: string) => breakdownLabel('places', { key, label: '' }, countries);
		expect(place('US')).toBe('United States (US)');
		expect(place('US:CA')).toBe('United States (US) — CA');
		expect(place('GB:')).toBe('United Kingdom (UK) — no region');
		expect(place('ZZ')).toBe('ZZ');
		expect(place('')).toBe('No address');
	});
});

describe('breakdown configs', () => {
	it('gives each report its tiles, from the metric catalogue, with definitions', () => {
		const keys = (slug: Parameters<typeof breakdownConfig>[0]) =>
			breakdownConfig(slug).charts.map((chart) => chart.key);
		expect(keys('payment-methods')).toEqual([
			'orders_count',
			'net_revenue',
			'refunds',
			'avg_order_value',
		]);
		expect(keys('shipping-methods')).toContain('shipping');
		expect(keys('origins')).toContain('new_customers');
		expect(keys('places')).toContain('new_customers');
		for (const chart of breakdownConfig('places').charts) expect(chart.definition).toBeTruthy();
		expect(breakdownConfig('places').filters.map((f) => f.param)).toEqual([
			'filter',
			'group_by',
		]);
		expect(breakdownConfig('payment-methods').comparisonSegment).toBe('payment_method');
	});
});

describe('order counts', () => {
	const context = {
		formatAmount: String,
		formatNumber: String,
		formatMetric: (_type: string, value: unknown) => String(value),
		formatDate: String,
		reportLink: (path: string, query: Record<string, string>) =>
			`${path}?${new URLSearchParams(query).toString()}`,
		orderStatuses: {},
		countries: {},
		query: {},
	};
	it('link to the orders of a method, and not for orders without one', () => {
		const column = breakdownConfig('shipping-methods').table.columns.find(
			(c) => c.key === 'orders_count',
		);
		expect(column?.cell({ key: 'flat_rate', orders_count: 3 }, context).href).toBe(
			'/analytics/orders?filter=advanced&shipping_method_includes=flat_rate&refunds=none',
		);
		expect(column?.cell({ key: '', orders_count: 4 }, context).href).toBeUndefined();
	});
});

describe('inside WordPress with WooCommerce’s figures', () => {
	afterEach(() => {
		delete window.abacusSettings;
	});

	it('explains that the report needs the Abacus engine, and asks WordPress for nothing', () => {
		window.abacusSettings = { restRoutes: {} };
		const Page = createBreakdownPage('places');
		render(<Page path="/analytics/places" query={{}} />);
		expect(screen.getByText('This report needs the Abacus engine')).toBeTruthy();
		expect(screen.getByRole('link', { name: 'Open Analytics settings' })).toBeTruthy();
		expect(apiFetch).not.toHaveBeenCalled();
	});
});
