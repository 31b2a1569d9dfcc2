/**
 * The breakdown reports end to end on the demo store: Places and Payment methods show the
 * server's figures in their tiles and table, the table sorts, groups by billing state, compares
 * two checked values as chart lines, downloads as CSV; every breakdown page opens from the menu.
 * Screenshots at 1440 and 390 px wide go to /tmp/b23-*.png.
 */
import { readFileSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';

import { adminUrl, api, launch, lastMonth, money } from './helpers.js';

interface Item {
	id: number;
	key: string;
	label: string;
	orders_count: number;
	net_revenue: number;
}
interface Stats {
	totals: Record<string, number>;
}

let browser: Browser;
const [after, before] = lastMonth();
const range = { period: 'custom', compare: 'previous_year', after, before };
const apiRange = { after: `${after}T00:00:00`, before: `${before}T23:59:59` };

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	await browser?.close();
});

async function open(
	appPath: string,
	query: Record<string, string>,
	width = 1440,
): Promise<{ page: Page; errors: string[] }> {
	const context = await browser.newContext({
		viewport: { width, height: 1000 },
		acceptDownloads: true,
	});
	const page = await context.newPage();
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	await page.goto(adminUrl(appPath, query));
	return { page, errors };
}

async function settle(page: Page): Promise<void> {
	await page.locator('.abacus-summary__item').first().waitFor();
	await page.waitForFunction(() => !document.querySelector('.is-placeholder'));
}

async function tileValue(page: Page, label: string): Promise<string> {
	const tile = page.locator('.abacus-summary__item', {
		has: page.locator('.abacus-summary__item-label', { hasText: new RegExp(`^${label}$`) }),
	});
	await tile.first().waitFor();
	return (await tile.first().locator('.abacus-summary__item-value').innerText()).trim();
}

describe('Places report', () => {
	it('shows the server’s figures, sorts, groups by state and downloads CSV (1440 px)', async () => {
		const { page, errors } = await open('/analytics/places', range);
		await settle(page);
		const stats = (
			await api<Stats>('/wc-analytics/reports/places/stats', {
				...apiRange,
				interval: 'day',
				per_page: 100,
			})
		).body;
		await expect(tileValue(page, 'Net sales')).resolves.toBe(money(stats.totals.net_revenue));
		await expect(tileValue(page, 'Orders')).resolves.toBe(
			stats.totals.orders_count.toLocaleString('en-US'),
		);
		const items = (
			await api<Item[]>('/wc-analytics/reports/places', { ...apiRange, per_page: 100 })
		).body;
		const table = page.getByRole('table').last();
		await expect(table.innerText()).resolves.toContain('United States (US)');
		await expect(table.innerText()).resolves.toContain(money(items[0].net_revenue));
		const ranking = page.getByRole('region', { name: 'Places by net sales' });
		const bars = ranking.getByRole('listitem');
		await expect(bars.first().innerText()).resolves.toContain('United States (US)');
		await expect(bars.count()).resolves.toBe(Math.min(10, items.length));
		await page.screenshot({ path: '/tmp/b23-places-1440.png', fullPage: true });

		// Sort by orders, fewest first.
		await page.goto(
			adminUrl('/analytics/places', { ...range, orderby: 'orders_count', order: 'asc' }),
		);
		await settle(page);
		const ascending = [...items].sort((a, b) => a.orders_count - b.orders_count);
		await expect(
			page.getByRole('table').last().locator('tbody tr').first().innerText(),
		).resolves.toContain(ascending[0].orders_count.toLocaleString('en-US'));

		// Group by billing state.
		await page.goto(adminUrl('/analytics/places', { ...range, group_by: 'billing_state' }));
		await settle(page);
		await expect(page.getByRole('table').last().innerText()).resolves.toContain(
			'United States (US) — CA',
		);
		await page.screenshot({ path: '/tmp/b23-places-states-1440.png', fullPage: true });

		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'Download' }).click(),
		]);
		const csv = readFileSync((await download.path()) as string, 'utf8')
			.trim()
			.split('\n');
		expect(csv[0]).toContain('Place');
		expect(csv[0]).toContain('Net sales');
		expect(csv.join('\n')).toContain('United States (US) — CA');
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('looks right at 390 px', async () => {
		const { page, errors } = await open('/analytics/places', range, 390);
		await settle(page);
		await page.screenshot({ path: '/tmp/b23-places-390.png', fullPage: true });
		const overflow = await page.evaluate(
			() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
		);
		expect(overflow).toBeLessThanOrEqual(0);
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('Payment methods report', () => {
	it('compares two payment methods as chart lines', async () => {
		const items = (
			await api<Item[]>('/wc-analytics/reports/payment-methods', {
				...apiRange,
				per_page: 100,
			})
		).body;
		const stripe = items.find((i) => i.key === 'stripe') as Item;
		const paypal = items.find((i) => i.key === 'paypal') as Item;
		const { page, errors } = await open('/analytics/payment-methods', {
			...range,
			filter: 'compare-payment-methods',
			payment_methods: `${stripe.id},${paypal.id}`,
		});
		await settle(page);
		const legend = page.locator('.abacus-chart, .abacus-report-chart').first();
		await expect(legend.innerText()).resolves.toContain('Credit card (Stripe)');
		await expect(legend.innerText()).resolves.toContain('PayPal');
		await page.screenshot({ path: '/tmp/b23-payments-compare-1440.png', fullPage: true });
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('drill-down', () => {
	it('opens the orders paid with a method from its order count', async () => {
		const items = (
			await api<Item[]>('/wc-analytics/reports/payment-methods', {
				...apiRange,
				per_page: 100,
			})
		).body;
		const paypal = items.find((i) => i.key === 'paypal') as Item;
		const { page, errors } = await open('/analytics/payment-methods', range);
		await settle(page);
		const row = page.getByRole('table').last().locator('tr', { hasText: 'PayPal' });
		await row.getByRole('link', { name: String(paypal.orders_count) }).click();
		await page.waitForURL(/path=%2Fanalytics%2Forders/);
		const url = new URL(page.url()).searchParams;
		expect(url.get('payment_method_includes')).toBe('paypal');
		expect(url.get('after')).toBe(after);
		await settle(page);
		await expect(tileValue(page, 'Orders')).resolves.toBe(String(paypal.orders_count));
		await expect(page.getByText('Payment method').first().isVisible()).resolves.toBe(true);
		await page.screenshot({ path: '/tmp/b23-drill-orders-1440.png', fullPage: true });
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('inside WordPress without the Abacus engine', () => {
	it('explains that the page needs the engine and how to connect it', async () => {
		const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
		const page = await context.newPage();
		// The plugin's page names its own REST routes; the standalone page does not.
		await page.addInitScript(() => {
			let value: Record<string, unknown> | undefined;
			Object.defineProperty(window, 'abacusSettings', {
				configurable: true,
				get: () => value,
				set: (next: Record<string, unknown>) => {
					value = { ...next, restRoutes: {} };
				},
			});
		});
		const requests: string[] = [];
		page.on('request', (request) => {
			if (request.url().includes('/reports/shipping-methods')) requests.push(request.url());
		});
		await page.goto(adminUrl('/analytics/shipping-methods', range));
		await page.getByText('This report needs the Abacus engine').waitFor();
		await page.screenshot({ path: '/tmp/b23-needs-engine-390.png', fullPage: true });
		expect(requests).toEqual([]);
		await context.close();
	});
});

describe('every breakdown page', () => {
	it.each([
		['payment-methods', 'Payment methods'],
		['shipping-methods', 'Shipping methods'],
		['origins', 'Order origin'],
		['places', 'Places'],
	])('opens %s from the menu with its tiles', async (slug, title) => {
		const { page, errors } = await open('/analytics/overview', range);
		await page.getByRole('link', { name: title, exact: true }).first().click();
		await page.waitForURL(new RegExp(`path=%2Fanalytics%2F${slug}`));
		await settle(page);
		await expect(tileValue(page, 'Net sales')).resolves.toMatch(/^\$/);
		await page.screenshot({ path: `/tmp/b23-${slug}-menu-1440.png`, fullPage: true });
		expect(errors).toEqual([]);
		await page.context().close();
	});
});
