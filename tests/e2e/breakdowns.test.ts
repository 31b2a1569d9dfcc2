/**
 * The breakdown reports end to end on the demo store: Places and Payment methods show the
 * server's figures in their tiles and table, the table sorts, groups by billing state, compares
 * two checked values as chart lines, downloads as CSV; an order count of a shipping state opens
 * those orders; Revenue filtered by payment method and country with the mouse shows the server's
 * filtered figures; every breakdown page opens from the menu.
 * Screenshots at 1440 and 390 px wide go to test-results/e2e/breakdowns-*.png with
 * ABACUS_E2E_SCREENSHOTS=1.
 */
import { mkdirSync } from 'node:fs';

import type { Page } from 'playwright-core';

import {
	adminUrl,
	api,
	downloadedText,
	fileBrowser,
	lastMonthRanges,
	money,
	openPage,
	screenshot,
} from './helpers.js';

interface Item {
	id: number;
	key: string;
	label: string;
	orders_count: number;
	net_revenue: number;
}
interface Interval {
	date_start: string;
	subtotals: Record<string, number>;
}
interface Stats {
	totals: Record<string, number>;
	intervals: Interval[];
}

/** 'October 5, 2026' of '2026-10-05 00:00:00' (the table's date format). */
function longDate(date: string): string {
	const [y, m, d] = date.slice(0, 10).split('-').map(Number);
	return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
		month: 'long',
		day: 'numeric',
		year: 'numeric',
		timeZone: 'UTC',
	});
}

const browser = fileBrowser();
const { after, query: range, api: apiRange } = lastMonthRanges();

beforeAll(() => {
	mkdirSync('/tmp/h23f', { recursive: true });
});

/** Opens the app at `appPath` with `query`, `width` px wide. */
function open(
	appPath: string,
	query: Record<string, string>,
	width = 1440,
): Promise<{ page: Page; errors: string[] }> {
	return openPage(browser(), appPath, query, width);
}

async function settle(page: Page): Promise<void> {
	await page.locator('.abacus-summary__item').first().waitFor();
	await page.waitForFunction(() => !document.querySelector('.is-placeholder'), undefined, {
		polling: 100,
	});
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
		await screenshot(page, 'breakdowns-places-1440');

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
			'United States (US) — California',
		);
		await screenshot(page, 'breakdowns-places-states-1440');

		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'Download' }).click(),
		]);
		const csv = (await downloadedText(download)).trim().split('\n');
		expect(csv[0]).toContain('Place');
		expect(csv[0]).toContain('Net sales');
		expect(csv.join('\n')).toContain('United States (US) — California');
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('looks right at 390 px', async () => {
		const { page, errors } = await open('/analytics/places', range, 390);
		await settle(page);
		await screenshot(page, 'breakdowns-places-390');
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
		await screenshot(page, 'breakdowns-payments-compare-1440');
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
		await screenshot(page, 'breakdowns-drill-orders-1440');
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('drill-down from a shipping state', () => {
	it.each([1440, 390])(
		'Places by shipping state → an order count opens those orders (%i px)',
		async (width) => {
			const states = (
				await api<Item[]>('/wc-analytics/reports/places', {
					...apiRange,
					group_by: 'shipping_state',
					per_page: 100,
				})
			).body;
			const ca = states.find((s) => s.key === 'US:CA') as Item;
			expect(ca.orders_count).toBeGreaterThan(0);
			const { page, errors } = await open(
				'/analytics/places',
				{ ...range, group_by: 'shipping_state' },
				width,
			);
			await settle(page);
			const row = page
				.getByRole('table')
				.last()
				.locator('tr', { hasText: 'United States (US) — California' });
			const link = row.getByRole('link', { name: ca.orders_count.toLocaleString('en-US') });
			await link.scrollIntoViewIfNeeded();
			await screenshot(page, `breakdowns-places-shipping-state-${width}`, undefined, {
				viewport: true,
			});
			await link.click();
			await page.waitForURL(/path=%2Fanalytics%2Forders/);
			const url = new URL(page.url()).searchParams;
			expect(url.get('shipping_state_includes')).toBe('US:CA');
			expect(url.get('after')).toBe(after);
			await settle(page);
			await expect(tileValue(page, 'Orders')).resolves.toBe(
				ca.orders_count.toLocaleString('en-US'),
			);
			// The filter line names the state, not its key.
			const card = page.locator('.abacus-advanced-filters');
			await card.getByText('United States (US) — California').waitFor();
			await expect(card.innerText()).resolves.not.toContain('US:CA');
			// The table lists exactly those orders.
			const orders = await api<Array<{ order_number: number }>>(
				'/wc-analytics/reports/orders',
				{
					...apiRange,
					shipping_state_includes: 'US:CA',
					refunds: 'none',
					per_page: 25,
					orderby: 'date',
					order: 'desc',
				},
			);
			expect(Number(orders.headers.get('x-wp-total'))).toBe(ca.orders_count);
			const table = page.getByRole('table').last();
			const text = await table.innerText();
			for (const order of orders.body.slice(0, 5))
				expect(text).toContain(String(order.order_number));
			await screenshot(page, `breakdowns-orders-of-shipping-state-${width}`);
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
			);
			expect(overflow).toBeLessThanOrEqual(0);
			expect(errors).toEqual([]);
			await page.context().close();
		},
	);
});

describe('Revenue filtered by payment method and country', () => {
	it.each([1440, 390])(
		'adds the filters with the mouse; figures follow (%i px)',
		async (width) => {
			const { page, errors } = await open('/analytics/revenue', range, width);
			await settle(page);
			await page.locator('.abacus-filter-picker__dropdown button').first().click();
			await page.getByRole('button', { name: 'Advanced filters' }).click();
			const card = page.locator('.abacus-advanced-filters');
			await card.waitFor();
			await card.getByRole('button', { name: 'Add a Filter' }).click();
			await page.getByRole('menuitem', { name: 'Payment method' }).click();
			const method = card.getByRole('combobox', { name: 'Search payment methods' });
			await method.click();
			await method.pressSequentially('pay');
			// The store's own gateways, by their titles.
			const paypal = card.locator('[role="listbox"] [role="option"]', { hasText: 'PayPal' });
			await paypal.click();
			await card.getByRole('button', { name: 'Add a Filter' }).click();
			await page.getByRole('menuitem', { name: 'Billing country' }).click();
			const country = card.getByRole('combobox', { name: 'Search countries' });
			await country.click();
			await country.pressSequentially('united');
			await card
				.locator('[role="listbox"] [role="option"]', { hasText: 'United States (US)' })
				.click();
			await screenshot(page, `breakdowns-revenue-filters-${width}`);
			await card.getByRole('button', { name: 'Filter', exact: true }).click();
			await page.waitForURL(/payment_method_includes=paypal/);
			const url = new URL(page.url()).searchParams;
			expect(url.get('country_includes')).toBe('US');
			await settle(page);
			const [filtered, all] = await Promise.all(
				[
					{ payment_method_includes: 'paypal', country_includes: 'US' },
					{} as Record<string, string>,
				].map(
					async (filters) =>
						(
							await api<Stats>('/wc-analytics/reports/revenue/stats', {
								...apiRange,
								interval: 'day',
								per_page: 100,
								...filters,
							})
						).body,
				),
			);
			expect(filtered.totals.gross_sales).toBeLessThan(all.totals.gross_sales);
			await expect(tileValue(page, 'Gross sales')).resolves.toBe(
				money(filtered.totals.gross_sales),
			);
			// The lines show names, not keys.
			await expect(card.innerText()).resolves.toContain('PayPal');
			await expect(card.innerText()).resolves.toContain('United States (US)');
			await screenshot(page, `breakdowns-revenue-filtered-${width}`);
			// A day's order count opens the orders behind it: the filters go along.
			const day = filtered.intervals.find((i) => i.subtotals.orders_count > 0) as Interval;
			const dayRow = page
				.getByRole('table')
				.last()
				.locator('tr', { hasText: longDate(day.date_start) });
			await dayRow.getByRole('link', { name: String(day.subtotals.orders_count) }).click();
			await page.waitForURL(/path=%2Fanalytics%2Forders/);
			const drill = new URL(page.url()).searchParams;
			expect(drill.get('payment_method_includes')).toBe('paypal');
			expect(drill.get('country_includes')).toBe('US');
			await settle(page);
			await expect(tileValue(page, 'Orders')).resolves.toBe(
				String(day.subtotals.orders_count),
			);
			expect(errors).toEqual([]);
			await page.context().close();
		},
	);
});

describe('inside WordPress without the Abacus engine', () => {
	it('explains that the page needs the engine and how to connect it', async () => {
		const context = await browser().newContext({ viewport: { width: 390, height: 900 } });
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
		await screenshot(page, 'breakdowns-needs-engine-390');
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
		await screenshot(page, `breakdowns-${slug}-menu-1440`);
		expect(errors).toEqual([]);
		await page.context().close();
	});
});
