/**
 * Drill-down and tile definitions end to end: a chart date (by keyboard and by mouse) and a row's
 * order count open the orders behind them, with the same filters and that interval's dates; a tile
 * explains its metric in the metric layer's words.
 */
import type { Browser, Page } from 'playwright-core';

import { adminUrl, api, launch, lastMonth, openPage } from './helpers.js';

interface Stats {
	totals: Record<string, number>;
	intervals: Array<{ date_start: string; date_end: string; subtotals: Record<string, number> }>;
}

let browser: Browser;
const [after, before] = lastMonth();
const rangeQuery = { period: 'custom', compare: 'previous_year', after, before };

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	await browser?.close();
});

/** The value shown by the summary tile labelled `label`, once the tiles have loaded. */
async function tileValue(page: Page, label: string): Promise<string> {
	const tile = page.locator('.abacus-summary__item', {
		has: page.locator('.abacus-summary__item-label', { hasText: new RegExp(`^${label}$`) }),
	});
	await tile.first().waitFor();
	await page.waitForFunction(() => !document.querySelector('.is-placeholder'), undefined, {
		polling: 100,
	});
	return (await tile.first().locator('.abacus-summary__item-value').innerText()).trim();
}

function queryOf(page: Page): URLSearchParams {
	return new URL(page.url()).searchParams;
}

describe('drill-down', () => {
	it('opens the orders of a chart date chosen by keyboard, and by mouse', async () => {
		const { page, errors } = await openPage(browser, '/analytics/revenue', {
			...rangeQuery,
			interval: 'day',
			chart: 'net_revenue',
		});
		const { body } = await api<Stats>('/wc-analytics/reports/revenue/stats', {
			after: `${after}T00:00:00`,
			before: `${before}T23:59:59`,
			interval: 'day',
			order: 'asc',
			per_page: 100,
		});
		const chart = page.getByRole('group', { name: 'Net sales' });
		await chart.waitFor();
		await page.waitForFunction(() => !document.querySelector('.is-placeholder'), undefined, {
			polling: 100,
		});
		await chart.focus();
		await page.keyboard.press('ArrowRight');
		await page.keyboard.press('ArrowRight');
		await page.locator('.abacus-chart__tooltip-action').waitFor();
		// Enter opens the date's menu (its orders, or a note); focus is on its first item.
		await page.keyboard.press('Enter');
		await expect(
			page
				.getByRole('button', { name: 'See these orders' })
				.evaluate((button) => button === document.activeElement),
		).resolves.toBe(true);
		await page.keyboard.press('Enter');
		await page.waitForURL(/path=%2Fanalytics%2Forders/);
		const second = body.intervals[1];
		const query = queryOf(page);
		expect(query.get('period')).toBe('custom');
		expect(query.get('after')).toBe(second.date_start.slice(0, 10));
		expect(query.get('before')).toBe(second.date_end.slice(0, 10));
		expect(query.get('compare')).toBe('previous_year');
		await expect(tileValue(page, 'Orders')).resolves.toBe(
			String(second.subtotals.orders_count),
		);

		await page.goBack();
		const svg = page.locator('.abacus-chart__svg');
		await svg.waitFor();
		await page.waitForFunction(() => !document.querySelector('.is-placeholder'), undefined, {
			polling: 100,
		});
		const box = await svg.boundingBox();
		if (!box) throw new Error('the chart has no box');
		// The last date sits at the right end of the drawing.
		await page.mouse.click(box.x + box.width - 20, box.y + box.height / 2);
		await page.getByRole('button', { name: 'See these orders' }).click();
		await page.waitForURL(/path=%2Fanalytics%2Forders/);
		const last = body.intervals[body.intervals.length - 1];
		expect(queryOf(page).get('after')).toBe(last.date_start.slice(0, 10));
		await expect(tileValue(page, 'Orders')).resolves.toBe(String(last.subtotals.orders_count));
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it("opens a product's orders from its order count, keeping the dates", async () => {
		const { page, errors } = await openPage(browser, '/analytics/products', rangeQuery);
		// The report table is the page's last table (the chart carries one for screen readers).
		const link = page
			.locator('table')
			.last()
			.locator('tbody tr')
			.first()
			.locator('td a[href*="product_includes"]');
		await link.waitFor();
		const count = (await link.innerText()).trim();
		await link.click();
		await page.waitForURL(/path=%2Fanalytics%2Forders/);
		const query = queryOf(page);
		expect(query.get('filter')).toBe('advanced');
		expect(query.get('product_includes')).toMatch(/^\d+$/);
		expect(query.get('after')).toBe(after);
		expect(query.get('before')).toBe(before);
		const { body } = await api<Stats>('/wc-analytics/reports/orders/stats', {
			after: `${after}T00:00:00`,
			before: `${before}T23:59:59`,
			product_includes: query.get('product_includes') as string,
		});
		expect(String(body.totals.orders_count)).toBe(count.replace(/,/g, ''));
		await expect(tileValue(page, 'Orders')).resolves.toBe(count);
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('tile definitions', () => {
	it("explain a tile's metric on demand in the metric layer's words", async () => {
		const { page } = await openPage(browser, '/analytics/revenue', rangeQuery);
		const definition = page.getByText(
			'Sales after discounts and refunds, without taxes and shipping.',
		);
		await expect(definition.isVisible()).resolves.toBe(false);
		await page.getByText('What is this?').first().waitFor();
		await page.locator('summary', { hasText: '(Net sales)' }).click();
		await definition.waitFor();
		// The tile's link was not followed: still the revenue report, same chart.
		expect(queryOf(page).get('path')).toBe('/analytics/revenue');
		await page.context().close();
	});

	it('explain tiles from the metric catalogue when the page carries no definitions (WordPress)', async () => {
		const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
		// The WordPress plugin prints no metricDefinitions: take them out of the page's settings.
		await context.addInitScript(() => {
			let settings: unknown;
			Object.defineProperty(window, 'abacusSettings', {
				configurable: true,
				get: () => settings,
				set: (value: Record<string, unknown>) => {
					delete value.metricDefinitions;
					settings = value;
				},
			});
		});
		const page = await context.newPage();
		await page.goto(adminUrl('/analytics/orders', rangeQuery));
		await page.locator('summary', { hasText: '(Average items per order)' }).click();
		await page.getByText('Items sold divided by orders.').waitFor();
		expect(
			await page.evaluate(
				() =>
					'metricDefinitions' in
					((window as { abacusSettings?: object }).abacusSettings ?? {}),
			),
		).toBe(false);
		await context.close();
	});
});
