/**
 * Chart follow-ups of issue 18, in Chromium at 1440 px and 390 px wide:
 * - a single variable product draws one line per variation (products/stats `segmentby=variation`),
 *   named as the table names the variation, with the table's figures as legend totals;
 * - revenue, custom range vs previous period by week, when the previous period has one more
 *   (partial) week: that week is drawn at the next position of the x axis, so every figure of the
 *   legend can be found in the chart's tooltip and its screen-reader table.
 */
import type { Page } from 'playwright-core';

import {
	api,
	bestSellingProduct,
	elementScreenshot,
	fileBrowser,
	isoDay,
	lastMonth,
	legend,
	money,
	openPage,
	screenshot,
	settled,
	weeklyNetSales,
	weeksWithLongerPrevious,
} from './helpers.js';

const browser = fileBrowser();

/** The chart's screen-reader table: header cells and body rows. */
async function chartTable(page: Page): Promise<{ head: string[]; rows: string[][] }> {
	await page.waitForSelector('main .abacus-chart .screen-reader-text table tbody tr', {
		state: 'attached',
		timeout: 30000,
	});
	return page.locator('main .abacus-chart .screen-reader-text table').evaluate((table) => ({
		head: Array.from(table.querySelectorAll('thead th')).map((cell) =>
			(cell.textContent ?? '').trim(),
		),
		rows: Array.from(table.querySelectorAll('tbody tr')).map((row) =>
			Array.from(row.querySelectorAll('th, td')).map((cell) =>
				(cell.textContent ?? '').trim(),
			),
		),
	}));
}

function cents(text: string): number {
	const negative = text.startsWith('-');
	const value = Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
	return negative ? -value : value;
}

interface ProductRow {
	product_id: number;
	extended_info: { name: string; variations?: number[] };
}

interface VariationRow {
	variation_id: number;
	items_sold: number;
	net_revenue: number;
	orders_count: number;
	extended_info: { name: string };
}

describe('a single variable product', () => {
	const [after, before] = lastMonth();
	const range = { after: `${after}T00:00:00`, before: `${before}T23:59:59` };

	async function variableProduct(): Promise<{ product: ProductRow; variations: VariationRow[] }> {
		const product = await bestSellingProduct<ProductRow>(range, 'variable');
		const { body: variations } = await api<VariationRow[]>('/wc-analytics/reports/variations', {
			...range,
			orderby: 'net_revenue',
			order: 'desc',
			per_page: 100,
			extended_info: 'true',
			product_includes: product.product_id,
		});
		return { product, variations };
	}

	for (const width of [1440, 390]) {
		it(`draws one line per variation with the table's totals at ${width} px`, async () => {
			const { product, variations } = await variableProduct();
			expect(variations.length).toBeGreaterThan(1);
			const { page, errors } = await openPage(browser(), '/analytics/products', {
				period: 'custom',
				compare: 'previous_year',
				after,
				before,
				filter: 'single_product',
				products: String(product.product_id),
				chart: 'net_revenue',
			});
			await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
			await page.waitForSelector('.abacus-report-table table tbody tr', { timeout: 30000 });
			await settled(page);
			await page.waitForSelector('main .abacus-legend__item', { timeout: 30000 });
			const items = await legend(page);
			// One series per variation the table lists, named as the table names it, with its net sales.
			const expected = variations
				.map((row) => ({ title: row.extended_info.name, total: money(row.net_revenue) }))
				.sort((a, b) => a.title.localeCompare(b.title));
			expect([...items].sort((a, b) => a.title.localeCompare(b.title))).toEqual(expected);
			// Drawn lines: one per visible variation (at most five), not one for the product.
			const lines = await page.locator('main .abacus-chart__line').count();
			expect(lines).toBe(Math.min(5, variations.length));
			const { head, rows } = await chartTable(page);
			expect(head.slice(1).length).toBe(Math.min(5, variations.length));
			for (const title of head.slice(1)) {
				expect(expected.map((item) => item.title)).toContain(title);
			}
			// Each variation's drawn values add up to its legend total.
			head.slice(1).forEach((title, column) => {
				const sum = rows.reduce((total, row) => total + cents(row[column + 1]), 0);
				expect(sum).toBe(cents(expected.find((item) => item.title === title)!.total));
			});
			const widths = await page.evaluate(() => ({
				scroll: document.documentElement.scrollWidth,
				inner: window.innerWidth,
			}));
			expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
			await page.locator('main .abacus-chart').scrollIntoViewIfNeeded();
			await elementScreenshot(
				page.locator('main .abacus-chart'),
				`chart-variations-chart-${width}`,
			);
			await screenshot(page, `chart-variations-${width}`);
			expect(errors).toEqual([]);
			await page.context().close();
		});
	}

	it('items sold and orders: the legend totals are the table’s figures too', async () => {
		const { product, variations } = await variableProduct();
		for (const key of ['items_sold', 'orders_count'] as const) {
			const { page, errors } = await openPage(browser(), '/analytics/products', {
				period: 'custom',
				compare: 'previous_year',
				after,
				before,
				filter: 'single_product',
				products: String(product.product_id),
				chart: key,
			});
			await page.waitForSelector('.abacus-report-table table tbody tr', { timeout: 30000 });
			await settled(page);
			await page.waitForSelector('main .abacus-legend__item', { timeout: 30000 });
			const items = await legend(page);
			const expected = variations
				.map((row) => ({
					title: row.extended_info.name,
					total: row[key].toLocaleString('en-US'),
				}))
				.sort((a, b) => a.title.localeCompare(b.title));
			expect([...items].sort((a, b) => a.title.localeCompare(b.title))).toEqual(expected);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	});

	it('a simple product keeps its one line against the previous year', async () => {
		const simple = await bestSellingProduct<ProductRow>(range, 'simple');
		const { page, errors } = await openPage(browser(), '/analytics/products', {
			period: 'custom',
			compare: 'previous_year',
			after,
			before,
			filter: 'single_product',
			products: String(simple.product_id),
		});
		await settled(page);
		await page.waitForSelector('main .abacus-legend__item', { timeout: 30000 });
		const titles = (await legend(page)).map((item) => item.title);
		expect(titles).toHaveLength(2);
		expect(titles[0]).toMatch(/^Custom/);
		expect(titles[1]).toMatch(/^Previous year/i);
		expect(errors).toEqual([]);
		await page.context().close();
	});
});

describe('revenue by week, custom range vs previous period', () => {
	it('draws the previous period’s extra week: every legend figure is in the chart', async () => {
		// Two weeks whose previous period spans three.
		const { start, end, prevStart, prevEnd } = weeksWithLongerPrevious();
		const current = await weeklyNetSales(start, end);
		const previous = await weeklyNetSales(prevStart, prevEnd);
		expect(previous.intervals.length).toBe(current.intervals.length + 1);

		for (const width of [1440, 390]) {
			const { page, errors } = await openPage(browser(), '/analytics/revenue', {
				period: 'custom',
				compare: 'previous_period',
				after: isoDay(start),
				before: isoDay(end),
				interval: 'week',
				chart: 'net_revenue',
			});
			await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
			await settled(page);
			const items = await legend(page);
			expect(items.map((item) => item.total)).toEqual([
				money(current.totals.net_revenue),
				money(previous.totals.net_revenue),
			]);
			// The screen-reader table: one row per week of the longer period; the current period
			// has no value in the extra week, the previous period's weeks are all there.
			const { rows } = await chartTable(page);
			expect(rows).toHaveLength(previous.intervals.length);
			expect(rows.map((row) => row[2])).toEqual(
				previous.intervals.map((item) => money(item.subtotals.net_revenue)),
			);
			expect(rows.map((row) => row[1])).toEqual([
				...current.intervals.map((item) => money(item.subtotals.net_revenue)),
				'N/A',
			]);
			const sum = rows.reduce((total, row) => total + cents(row[2]), 0);
			expect(sum).toBe(cents(items[1].total));
			// The tooltip of the last position shows the previous period's last week.
			const body = page.locator('main .abacus-chart__body');
			await body.scrollIntoViewIfNeeded();
			await body.focus();
			await page.keyboard.press('End');
			const tooltip = page.locator('main .abacus-chart__tooltip');
			await tooltip.waitFor({ timeout: 10000 });
			const last = previous.intervals[previous.intervals.length - 1];
			const tip = await tooltip.innerText();
			expect(tip).toContain(money(last.subtotals.net_revenue));
			// Named by its own week; the current period has no value there.
			const lastDay = new Date(
				`${last.date_start.slice(0, 10)}T12:00:00Z`,
			).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
			expect(tip).toContain(lastDay);
			expect(tip).toContain('N/A');
			// No current orders to open there: the tooltip does not offer it, Enter stays here.
			expect(tip).not.toContain('see these orders');
			await page.keyboard.press('Enter');
			// Adding a note is all a date without orders offers: its dialog, closed with Escape.
			await page.getByRole('dialog', { name: 'Add a note' }).waitFor();
			await page.keyboard.press('Escape');
			await page.getByRole('dialog', { name: 'Add a note' }).waitFor({ state: 'detached' });
			expect(new URL(page.url()).searchParams.get('path')).toBe('/analytics/revenue');
			await elementScreenshot(
				page.locator('main .abacus-chart'),
				`chart-week-comparison-chart-${width}`,
			);
			await screenshot(page, `chart-week-comparison-${width}`);
			expect(errors).toEqual([]);
			await page.context().close();
		}
	});
});
