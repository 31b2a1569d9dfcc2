/**
 * "When orders come" and "Cohorts" end to end on the demo store: the heat map shows the server's
 * figures (its cells sum to the orders report), reads out a cell reached with the arrow keys, opens
 * that cell's orders with Enter, switches to net sales and downloads the 7 × 24 grid as CSV; the
 * cohort triangle's sizes sum to the new customers of the range, period 0 is 100 %, the week and
 * value switches and the CSV work, the lifetime tiles equal the server's figures (also on
 * Customers); both pages at 390 px keep the page from scrolling sideways. Both open from the menu.
 * Screenshots at 1440 and 390 px go to test-results/e2e/order-times-*.png with
 * ABACUS_E2E_SCREENSHOTS=1.
 */

import type { Page } from 'playwright-core';

import {
	api,
	downloadedText,
	fileBrowser,
	isoDay,
	lastMonthRanges,
	money,
	openPage,
	screenshot,
} from './helpers.js';

interface OrderTimes {
	weekdays: number[];
	cells: Array<{ weekday: number; hour: number; orders_count: number; net_revenue: number }>;
	totals: { orders_count: number; net_revenue: number };
}
interface Cohorts {
	cohorts: Array<{ cohort: string; size: number; retention: Array<number | null> }>;
	totals: { customers: number };
}
interface Lifetime {
	customers: number;
	avg_lifetime_value: number;
	repeat_rate: number;
}

jest.setTimeout(180_000);

const browser = fileBrowser();
const { query: range, api: apiRange } = lastMonthRanges();
const now = new Date();
const yearAgo = isoDay(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 1)));
const today = isoDay(now);
const cohortRange = { period: 'custom', compare: 'previous_year', after: yearAgo, before: today };
const cohortApiRange = { after: `${yearAgo}T00:00:00`, before: `${today}T23:59:59` };
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n: number) => String(n).padStart(2, '0');

/** Opens the app at `appPath` with `query`, `width` px wide. */
function open(
	appPath: string,
	query: Record<string, string>,
	width = 1440,
): Promise<{ page: Page; errors: string[] }> {
	return openPage(browser(), appPath, query, width);
}

/** The value of the summary tile named `label` (its label exactly). */
function tileText(page: Page, label: string): Promise<string> {
	return page
		.locator('.abacus-summary__item')
		.filter({
			has: page.locator('.abacus-summary__item-label', {
				hasText: new RegExp(`^${label}$`),
			}),
		})
		.locator('.abacus-summary__item-value')
		.innerText();
}

describe('When orders come', () => {
	it('shows the server’s grid, reads cells with the keyboard, opens a cell’s orders, CSV (1440 px)', async () => {
		const { page, errors } = await open('/analytics/order-times', range);
		await page.locator('.abacus-heat-map__table').waitFor();
		const times = (await api<OrderTimes>('/wc-analytics/reports/order-times', apiRange)).body;
		const stats = (
			await api<{ totals: Record<string, number> }>('/wc-analytics/reports/orders/stats', {
				...apiRange,
				interval: 'year',
			})
		).body.totals;
		// The grid reconciles with the orders report.
		expect(times.totals.orders_count).toBe(stats.orders_count);
		expect(await page.locator('.abacus-heat-map__cell').count()).toBe(168);
		// The tiles: the orders report's count and net sales, with the comparison period.
		const tileValue = (label: string) => tileText(page, label);
		await page.locator('.abacus-summary__item-value').first().waitFor();
		await expect(tileValue('Orders')).resolves.toBe(stats.orders_count.toLocaleString('en-US'));
		await expect(tileValue('Net sales')).resolves.toBe(money(stats.net_revenue));
		await expect(
			page.locator('.abacus-summary__item-prev').first().innerText(),
		).resolves.toMatch(/^Previous/);
		await expect(page.locator('.abacus-order-times__summary').innerText()).resolves.toContain(
			'time zone',
		);
		// Rows follow the store's week start.
		const rowHeads = await page.locator('.abacus-heat-map__table tbody th').allInnerTexts();
		expect(rowHeads[0]).toContain(WEEKDAYS[times.weekdays[0]].slice(0, 3));
		await screenshot(page, 'order-times-heat-1440');

		// Keyboard: the first cell takes the focus, arrows move, the value is read out.
		await page.locator('.abacus-heat-map__cell[tabindex="0"]').focus();
		for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
		await page.keyboard.press('ArrowDown');
		const weekday = times.weekdays[1];
		const cell = times.cells.find((c) => c.weekday === weekday && c.hour === 3);
		const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
		expect(label).toBe(
			`${WEEKDAYS[weekday]} 03:00–04:00: ${(cell?.orders_count ?? 0).toLocaleString('en-US')}`,
		);
		await expect(page.locator('.abacus-heat-map__tooltip').innerText()).resolves.toContain(
			`${WEEKDAYS[weekday]} 03:00–04:00`,
		);
		await screenshot(page, 'order-times-heat-keyboard', undefined, { viewport: true });

		// Enter on the busiest cell lists its orders.
		const busiest = [...times.cells].sort((a, b) => b.orders_count - a.orders_count)[0];
		const row = times.weekdays.indexOf(busiest.weekday);
		await page.locator(`[data-cell="${row}-${busiest.hour}"]`).focus();
		await page.keyboard.press('Enter');
		const heading = page.locator('#abacus-cell-orders');
		await expect(heading.innerText()).resolves.toBe(
			`Orders on ${WEEKDAYS[busiest.weekday]}, ${pad(busiest.hour)}:00–${pad(busiest.hour + 1)}:00`,
		);
		await page.locator('.abacus-order-times__orders-table tbody tr').first().waitFor();
		expect(await page.locator('.abacus-order-times__orders-table tbody tr').count()).toBe(
			Math.min(10, busiest.orders_count),
		);
		await expect(page.locator('.abacus-order-times__pages').innerText()).resolves.toContain(
			`of ${busiest.orders_count} orders`,
		);
		await screenshot(page, 'order-times-heat-drill');

		// The net sales switch shows money in the store's currency.
		await page
			.getByRole('link', { name: 'Net sales' })
			.or(page.getByRole('button', { name: 'Net sales' }))
			.first()
			.click();
		await page.waitForURL(/metric=net_revenue/);
		await page.locator('.abacus-heat-map__table').waitFor();
		const busiestLabel = await page
			.locator(`[data-cell="${row}-${busiest.hour}"]`)
			.getAttribute('aria-label');
		expect(busiestLabel).toContain(money(busiest.net_revenue));

		// CSV of the 7 × 24 grid.
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'Download CSV' }).click(),
		]);
		const csv = (await downloadedText(download)).replace(/^\ufeff/, '');
		const lines = csv.trim().split('\n');
		expect(lines).toHaveLength(169);
		expect(lines[0]).toBe('Weekday,Hour,Orders,Net sales');
		const csvOrders = lines.slice(1).reduce((s, l) => s + Number(l.split(',')[2]), 0);
		expect(csvOrders).toBe(stats.orders_count);
		expect(errors).toEqual([]);
	});

	it('applies an advanced filter of the orders report', async () => {
		const { page } = await open('/analytics/order-times', {
			...range,
			filter: 'advanced',
			status_is: 'completed',
		});
		await page.locator('.abacus-heat-map__table').waitFor();
		const stats = (
			await api<{ totals: Record<string, number> }>('/wc-analytics/reports/orders/stats', {
				...apiRange,
				interval: 'year',
				status_is: 'completed',
			})
		).body.totals;
		await page.locator('.abacus-summary__item-value').first().waitFor();
		await expect(tileText(page, 'Orders')).resolves.toBe(
			stats.orders_count.toLocaleString('en-US'),
		);
	});

	it('fits 390 px: the grid scrolls inside its box, the page does not', async () => {
		const { page, errors } = await open('/analytics/order-times', range, 390);
		await page.locator('.abacus-heat-map__table').waitFor();
		const widths = await page.evaluate(() => ({
			page: document.documentElement.scrollWidth,
			box: document.querySelector('.abacus-heat-map__scroll')?.scrollWidth ?? 0,
			boxClient: document.querySelector('.abacus-heat-map__scroll')?.clientWidth ?? 0,
		}));
		expect(widths.page).toBeLessThanOrEqual(390);
		expect(widths.box).toBeGreaterThan(widths.boxClient);
		await page.locator('.abacus-heat-map__cell[tabindex="0"]').focus();
		await page.keyboard.press('End');
		await screenshot(page, 'order-times-heat-390');
		expect(errors).toEqual([]);
	});
});

describe('Cohorts', () => {
	it('triangle sizes sum to the new customers; period 0 is 100 %; switches; CSV (1440 px)', async () => {
		const { page, errors } = await open('/analytics/cohorts', cohortRange);
		await page.locator('.abacus-triangle__table').waitFor();
		const cohorts = (
			await api<Cohorts>('/wc-analytics/reports/cohorts', { ...cohortApiRange, periods: 12 })
		).body;
		const newCustomers = (
			await api<{ totals: Record<string, number> }>('/wc-analytics/reports/orders/stats', {
				...cohortApiRange,
				interval: 'year',
				customer_type: 'new',
			})
		).body.totals.total_customers;
		expect(cohorts.totals.customers).toBe(newCustomers);
		const rows = page.locator('.abacus-triangle__table tbody tr');
		expect(await rows.count()).toBe(cohorts.cohorts.length);
		const sizes = await page
			.locator('.abacus-triangle__table tbody tr td:nth-child(2)')
			.allInnerTexts();
		expect(sizes.reduce((s, t) => s + Number(t.replace(/,/g, '')), 0)).toBe(newCustomers);
		const firstPeriod = await page
			.locator('.abacus-triangle__table tbody tr td:nth-child(3)')
			.allInnerTexts();
		for (const [i, text] of firstPeriod.entries()) {
			if (cohorts.cohorts[i].size > 0) expect(text).toBe('100%');
		}
		// Lifetime tiles show the server's figures.
		const life = (
			await api<Lifetime>('/wc-analytics/reports/customers/lifetime', cohortApiRange)
		).body;
		const tile = (label: string) => tileText(page, label);
		await page.locator('.abacus-summary__item-value').first().waitFor();
		await expect(tile('Average lifetime value')).resolves.toBe(money(life.avg_lifetime_value));
		await expect(tile('New customers')).resolves.toBe(newCustomers.toLocaleString('en-US'));
		// The whole-report export: one row per customer of the cohorts.
		const [whole] = await Promise.all([
			page.waitForEvent('download', { timeout: 60_000 }),
			page.getByRole('button', { name: 'Export the whole report' }).click(),
		]);
		const wholeCsv = (await downloadedText(whole)).replace(/^\ufeff/, '');
		expect(wholeCsv.trim().split('\n')).toHaveLength(newCustomers + 1);
		await page.locator('.abacus-cohort-curves svg polyline').first().waitFor();
		await screenshot(page, 'order-times-cohorts-1440');

		// Value per customer, in the store's currency.
		await page.getByRole('link', { name: 'Value per customer' }).click();
		await page.waitForURL(/view=value/);
		await expect(
			page.locator('.abacus-triangle__table tbody tr td:nth-child(3)').first().innerText(),
		).resolves.toMatch(/^\$/);
		// Weekly cohorts.
		await page.getByText('Week', { exact: true }).click();
		await page.waitForURL(/cohort_by=week/);
		// The date range stays as it was.
		expect(new URL(page.url()).searchParams.get('period')).toBe('custom');
		await page.locator('.abacus-triangle__table thead th', { hasText: /^Week 1$/ }).waitFor();
		const weekly = (
			await api<Cohorts>('/wc-analytics/reports/cohorts', {
				...cohortApiRange,
				period: 'week',
			})
		).body;
		expect(await rows.count()).toBe(weekly.cohorts.length);
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'Download CSV' }).click(),
		]);
		const csv = (await downloadedText(download)).replace(/^\ufeff/, '');
		expect(csv.trim().split('\n')).toHaveLength(weekly.cohorts.length + 1);
		expect(errors).toEqual([]);
	});

	it('fits 390 px and opens from the menu', async () => {
		const { page, errors } = await open('/analytics/cohorts', cohortRange, 390);
		await page.locator('.abacus-triangle__table').waitFor();
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
			390,
		);
		await screenshot(page, 'order-times-cohorts-390');
		const { page: menuPage } = await open('/analytics/overview', {});
		await menuPage.getByRole('link', { name: 'Cohorts' }).click();
		await menuPage.locator('.abacus-triangle__table').waitFor();
		await menuPage.getByRole('link', { name: 'When orders come' }).click();
		await menuPage.locator('.abacus-heat-map__table').waitFor();
		expect(errors).toEqual([]);
	});

	it('Customers shows the lifetime tiles of all customers', async () => {
		const { page } = await open('/customers', {});
		const life = (
			await api<Lifetime>('/wc-analytics/reports/customers/lifetime', {
				after: '1970-01-01T00:00:00',
			})
		).body;
		const value = page
			.locator('.abacus-lifetime__tile', { hasText: 'Average lifetime value' })
			.locator('.abacus-lifetime__value');
		await page.waitForFunction(
			(text) =>
				[...document.querySelectorAll('.abacus-lifetime__value')].some(
					(el) => el.textContent?.trim() === text,
				),
			money(life.avg_lifetime_value),
			{ polling: 100, timeout: 30_000 },
		);
		await expect(value.innerText()).resolves.toBe(money(life.avg_lifetime_value));
		await screenshot(page, 'order-times-customers', undefined, { viewport: true });
	});
});
