/**
 * Every other report page and the Overview: the page loads its tiles and table with the figures
 * the REST API returns for the same range, without errors; screenshots kept as artifacts with
 * ABACUS_E2E_SCREENSHOTS=1.
 */
import type { Page } from 'playwright-core';

import { api, fileBrowser, lastMonthRanges, money, openPage, screenshot } from './helpers.js';

const browser = fileBrowser();
const { query: rangeQuery, api: range } = lastMonthRanges();

async function settled(page: Page): Promise<void> {
	await page.locator('table').last().waitFor({ state: 'visible', timeout: 30000 });
	await page.waitForFunction(
		() => !document.querySelector('.is-placeholder, .is-loading'),
		undefined,
		{ polling: 100, timeout: 30000 },
	);
}

const dated: Array<{
	report: string;
	endpoint: string;
	tile: string;
	key: string;
	type: 'money' | 'count';
}> = [
	{ report: 'orders', endpoint: 'orders', tile: 'Net sales', key: 'net_revenue', type: 'money' },
	{
		report: 'products',
		endpoint: 'products',
		tile: 'Items sold',
		key: 'items_sold',
		type: 'count',
	},
	{
		report: 'variations',
		endpoint: 'variations',
		tile: 'Net sales',
		key: 'net_revenue',
		type: 'money',
	},
	{
		report: 'categories',
		endpoint: 'products',
		tile: 'Net sales',
		key: 'net_revenue',
		type: 'money',
	},
	{ report: 'coupons', endpoint: 'coupons', tile: 'Amount', key: 'amount', type: 'money' },
	{ report: 'taxes', endpoint: 'taxes', tile: 'Total tax', key: 'total_tax', type: 'money' },
	{
		report: 'downloads',
		endpoint: 'downloads',
		tile: 'Downloads',
		key: 'download_count',
		type: 'count',
	},
];

describe('report pages', () => {
	it.each(dated)(
		'$report shows its tiles and table for the range',
		async ({ report, endpoint, tile, key, type }) => {
			const { page, errors } = await openPage(browser(), `/analytics/${report}`, rangeQuery);
			const { body } = await api<{ totals: Record<string, number> }>(
				`/wc-analytics/reports/${endpoint}/stats`,
				{
					...range,
					interval: 'day',
					per_page: 100,
				},
			);
			await settled(page);
			const text = await page.locator('body').innerText();
			expect(text).toContain(tile);
			const value = body.totals[key];
			expect(text).toContain(type === 'money' ? money(value) : value.toLocaleString('en-US'));
			expect(await page.getByRole('alert').count()).toBe(0);
			// Tiles, chart and table summary share one stats request per period (the range and
			// the same range of the year before).
			const statsRequests = await page.evaluate(() =>
				performance
					.getEntriesByType('resource')
					.map((entry) => new URL(entry.name))
					.filter((url) => /\/reports\/[a-z-]+\/stats$/.test(url.pathname))
					.map((url) => `${url.pathname} ${url.searchParams.get('after') ?? ''}`),
			);
			expect(statsRequests).toHaveLength(2);
			expect(new Set(statsRequests).size).toBe(2);
			await screenshot(page, `report-${report}`);
			expect(errors).toEqual([]);
			await page.context().close();
		},
	);

	it('products narrows tiles and table to a single product from the address', async () => {
		const { body: top } = await api<
			Array<{ product_id: number; extended_info: { name: string; variations?: number[] } }>
		>('/wc-analytics/reports/products', {
			...range,
			orderby: 'items_sold',
			order: 'desc',
			per_page: 20,
			extended_info: 'true',
		});
		// The best seller without variations: a variable product's page lists its variations.
		const product = top.find((row) => !row.extended_info.variations?.length);
		if (!product) throw new Error('No product without variations sold in the range.');
		const { body } = await api<{ totals: Record<string, number> }>(
			'/wc-analytics/reports/products/stats',
			{
				...range,
				interval: 'day',
				per_page: 100,
				products: product.product_id,
			},
		);
		const { page, errors } = await openPage(browser(), '/analytics/products', {
			...rangeQuery,
			filter: 'single_product',
			products: String(product.product_id),
		});
		await settled(page);
		const rows = await page.locator('table').last().locator('tbody tr').count();
		expect(rows).toBe(1);
		const text = await page.locator('body').innerText();
		expect(text).toContain(product.extended_info.name);
		expect(text).toContain(money(body.totals.net_revenue));
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('stock lists products without a date range', async () => {
		const { page, errors } = await openPage(browser(), '/analytics/stock');
		const { body, headers } = await api<Array<{ name: string }>>(
			'/wc-analytics/reports/stock',
			{
				orderby: 'stock_status',
				order: 'asc',
				type: 'all',
				per_page: 25,
			},
		);
		await settled(page);
		expect(Number(headers.get('x-wp-total'))).toBeGreaterThan(0);
		expect(await page.locator('body').innerText()).toContain(body[0].name);
		await screenshot(page, 'report-stock');
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('customers lists customers by last activity', async () => {
		const { page, errors } = await openPage(browser(), '/customers');
		const { body } = await api<Array<{ name: string }>>('/wc-analytics/reports/customers', {
			orderby: 'date_last_active',
			order: 'desc',
			per_page: 25,
		});
		await settled(page);
		expect(await page.locator('body').innerText()).toContain(body[0].name);
		await screenshot(page, 'report-customers');
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('Overview', () => {
	it('shows performance indicators and leaderboards', async () => {
		const { page, errors } = await openPage(browser(), '/analytics/overview', rangeQuery);
		await page.getByText('Store performance').waitFor();
		await page.getByText('Leaderboards').waitFor();
		await page.waitForFunction(
			() => !document.querySelector('.is-placeholder, .is-loading'),
			undefined,
			{ polling: 100, timeout: 30000 },
		);
		const { body } = await api<Array<{ stat: string; value: number }>>(
			'/wc-analytics/reports/performance-indicators',
			{
				...range,
				stats: 'revenue/net_revenue',
			},
		);
		expect(await page.locator('body').innerText()).toContain(money(body[0].value));
		await screenshot(page, 'dashboard', 'dashboard');
		expect(errors).toEqual([]);
		await page.context().close();
	});
});
