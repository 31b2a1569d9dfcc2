/**
 * The Revenue report end to end: tiles, chart and table show what the REST API returns for the
 * same range; the period, sort and page come from the address; CSV download; malformed addresses.
 */

import type { Browser, Page } from 'playwright-core';

import {
	adminUrl,
	api,
	chooseColumn,
	downloadedText,
	lastMonth,
	launch,
	money,
	openPage,
	screenshot,
} from './helpers.js';

interface Stats {
	totals: Record<string, number>;
	intervals: Array<{ date_start: string; subtotals: Record<string, number> }>;
}

const TILES: Array<[string, string]> = [
	['gross_sales', 'Gross sales'],
	['refunds', 'Returns'],
	['coupons', 'Coupons'],
	['net_revenue', 'Net sales'],
	['taxes', 'Taxes'],
	['shipping', 'Shipping'],
	['total_sales', 'Total sales'],
];

let browser: Browser;
const [after, before] = lastMonth();
const rangeQuery = { period: 'custom', compare: 'previous_year', after, before };

function statsQuery(from: string, to: string, extra: Record<string, string | number> = {}) {
	return {
		after: `${from}T00:00:00`,
		before: `${to}T23:59:59`,
		interval: 'day',
		order: 'asc',
		per_page: 100,
		...extra,
	};
}

async function tileTexts(page: Page): Promise<string> {
	const list = page
		.locator('.abacus-summary-list, [aria-label="Performance Indicators"]')
		.first();
	await list.waitFor({ state: 'visible' });
	await page.waitForFunction(
		() => !document.querySelector('.is-placeholder, .is-loading'),
		undefined,
		{ polling: 100, timeout: 30000 },
	);
	return list.innerText();
}

async function tableRows(page: Page): Promise<string[][]> {
	const table = page.locator('table').last();
	await table.waitFor({ state: 'visible' });
	// Loaded: no placeholder or loading state left and the rows are there.
	await page.waitForFunction(
		() =>
			!document.querySelector('.is-loading, .is-placeholder') &&
			document.querySelectorAll('table tbody tr').length > 0,
		undefined,
		{ polling: 100, timeout: 60000 },
	);
	return table
		.locator('tbody tr')
		.evaluateAll((rows) =>
			rows.map((row) =>
				Array.from(row.querySelectorAll('th, td')).map((cell) =>
					(cell.textContent ?? '').trim(),
				),
			),
		);
}

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	await browser?.close();
});

describe('Revenue report', () => {
	it('shows tiles, chart and table that agree with the REST API for the same range', async () => {
		const { page, errors } = await openPage(browser, '/analytics/revenue', rangeQuery);
		const { body: stats, headers } = await api<Stats>(
			'/wc-analytics/reports/revenue/stats',
			statsQuery(after, before),
		);
		const text = await tileTexts(page);
		for (const [key, label] of TILES) {
			expect(text).toContain(label);
			expect(text).toContain(money(stats.totals[key]));
		}
		// The chart is drawn for the selected (first) tile: its title and the period totals in its legend.
		const chart = page.locator('.abacus-chart').first();
		await chart.waitFor({ state: 'visible' });
		await expect(chart.locator('.abacus-chart__title').innerText()).resolves.toBe(
			'Gross sales',
		);
		const { body: previous } = await api<Stats>(
			'/wc-analytics/reports/revenue/stats',
			statsQuery(
				`${Number(after.slice(0, 4)) - 1}${after.slice(4)}`,
				`${Number(before.slice(0, 4)) - 1}${before.slice(4)}`,
			),
		);
		const chartText = await chart.innerText();
		expect(chartText).toContain(money(stats.totals.gross_sales));
		expect(chartText).toContain(money(previous.totals.gross_sales));

		const rows = await tableRows(page);
		const days = Number(headers.get('x-wp-total'));
		expect(rows.length).toBe(Math.min(25, days));
		// Newest day first: its net sales match the API's last interval.
		const lastDay = stats.intervals[stats.intervals.length - 1];
		expect(rows[0].join(' ')).toContain(money(lastDay.subtotals.net_revenue));
		expect(await page.locator('body').innerText()).toContain(money(stats.totals.net_revenue));
		await screenshot(page, 'revenue', 'revenue');
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('changes the figures when the period in the address changes', async () => {
		const { page } = await openPage(browser, '/analytics/revenue', {
			period: 'last_year',
			compare: 'previous_year',
		});
		const year = new Date().getUTCFullYear() - 1;
		const { body: stats } = await api<Stats>(
			'/wc-analytics/reports/revenue/stats',
			statsQuery(`${year}-01-01`, `${year}-12-31`, { interval: 'month' }),
		);
		const text = await tileTexts(page);
		expect(text).toContain(money(stats.totals.net_revenue));
		expect(text).toContain(money(stats.totals.gross_sales));
		await page.context().close();
	});

	it('sorts and paginates the table through the address', async () => {
		const { page } = await openPage(browser, '/analytics/revenue', rangeQuery);
		await tableRows(page);
		await page
			.getByRole('button', { name: /Net sales/ })
			.first()
			.click();
		await page.waitForURL(/orderby=net_revenue/);
		const { body: sorted } = await api<Stats>(
			'/wc-analytics/reports/revenue/stats',
			statsQuery(after, before, {
				orderby: 'net_revenue',
				order: new URL(page.url()).searchParams.get('order') ?? 'desc',
				per_page: 25,
			}),
		);
		const rows = await tableRows(page);
		expect(rows[0].join(' ')).toContain(money(sorted.intervals[0].subtotals.net_revenue));

		const { body: all, headers } = await api<Stats>(
			'/wc-analytics/reports/revenue/stats',
			statsQuery(after, before),
		);
		const days = Number(headers.get('x-wp-total'));
		expect(all.intervals.length).toBe(days);
		if (days > 25) {
			// Every day of the range came with the chart: the next page needs no request.
			const statsRequests: string[] = [];
			page.on('request', (request) => {
				if (request.url().includes('/reports/revenue/stats')) {
					statsRequests.push(request.url());
				}
			});
			await page.getByRole('button', { name: /Next Page/i }).click();
			await page.waitForURL(/paged=2/);
			const second = await tableRows(page);
			expect(second.length).toBe(days - 25);
			expect(statsRequests).toEqual([]);
		}
		await screenshot(page, 'revenue-sorted');
		await page.context().close();
	});

	it('downloads the table as CSV', async () => {
		const { page } = await openPage(browser, '/analytics/revenue', {
			...rangeQuery,
			per_page: '100',
		});
		const { body: stats } = await api<Stats>(
			'/wc-analytics/reports/revenue/stats',
			statsQuery(after, before),
		);
		await tableRows(page);
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'Download' }).click(),
		]);
		expect(download.suggestedFilename()).toMatch(/^revenue_.*\.csv$/);
		const csv = (await downloadedText(download)).trim().split('\n');
		expect(csv[0]).toContain('Date');
		expect(csv[0]).toContain('Net sales');
		expect(csv.length - 1).toBe(stats.intervals.length);
		const lastDay = stats.intervals[stats.intervals.length - 1];
		expect(csv.join('\n')).toContain(String(lastDay.subtotals.net_revenue));
		await page.context().close();
	});

	it('shows the defaults, not an error, for a malformed address', async () => {
		const { page, errors } = await openPage(browser, '/analytics/revenue', {
			period: 'fortnight',
			compare: 'someday',
			after: '2020-13-45',
			paged: '-4',
			per_page: 'lots',
			orderby: 'drop table',
			order: 'sideways',
			chart: 'nope',
			interval: 'eon',
		});
		const text = await tileTexts(page);
		expect(text).toContain('Net sales');
		expect(await page.getByRole('alert').count()).toBe(0);
		const rows = await tableRows(page);
		expect(rows.length).toBeGreaterThan(0);
		await screenshot(page, 'revenue-malformed');
		expect(errors).toEqual([]);
		await page.context().close();
	});

	it('draws the chart of the tile picked from the summary', async () => {
		const { page } = await openPage(browser, '/analytics/revenue', rangeQuery);
		const { body: stats } = await api<Stats>(
			'/wc-analytics/reports/revenue/stats',
			statsQuery(after, before),
		);
		await tileTexts(page);
		await page
			.getByRole('link', { name: /Net sales/ })
			.first()
			.click();
		await page.waitForURL(/chart=net_revenue/);
		const chart = page.locator('.abacus-chart').first();
		await expect(chart.locator('.abacus-chart__title').innerText()).resolves.toBe('Net sales');
		expect(await chart.innerText()).toContain(money(stats.totals.net_revenue));
		await page.context().close();
	});

	it('remembers hidden columns for the user', async () => {
		const { page } = await openPage(browser, '/analytics/revenue', rangeQuery);
		await tableRows(page);
		await chooseColumn(page, /Taxes/, false);
		await page.keyboard.press('Escape');
		await page.reload();
		await tableRows(page);
		const headers = await page.locator('table thead th').allInnerTexts();
		expect(headers.join('|')).not.toContain('Taxes');
		expect(headers.join('|')).toContain('Shipping');
		// Show it again for the other tests.
		await chooseColumn(page, /Taxes/, true);
		await page.context().close();
	});

	it('shows an error with Retry when a request fails, and recovers', async () => {
		const browserContext = await browser.newContext({
			viewport: { width: 1400, height: 1000 },
		});
		const page = await browserContext.newPage();
		let failing = true;
		await page.route('**/wc-analytics/reports/revenue/stats**', (route) =>
			failing
				? route.fulfill({
						status: 500,
						contentType: 'application/json',
						body: JSON.stringify({
							code: 'db_down',
							message: 'The database is away.',
							data: { status: 500 },
						}),
					})
				: route.continue(),
		);
		await page.goto(adminUrl('/analytics/revenue', rangeQuery));
		const alert = page.getByRole('alert').first();
		await alert.waitFor();
		expect(await page.getByRole('button', { name: 'Retry' }).count()).toBeGreaterThan(0);
		await screenshot(page, 'revenue-error');
		failing = false;
		await page.getByRole('button', { name: 'Retry' }).first().click();
		const { body: stats } = await api<Stats>(
			'/wc-analytics/reports/revenue/stats',
			statsQuery(after, before),
		);
		expect(await tileTexts(page)).toContain(money(stats.totals.net_revenue));
		await browserContext.close();
	});

	it('shows a helpful not-found page for an unknown path', async () => {
		const { page } = await openPage(browser, '/analytics/nowhere');
		await expect(page.getByText('Page not found').first().isVisible()).resolves.toBe(true);
		expect(page.url()).toContain(adminUrl('/analytics/nowhere').split('?')[0]);
		await page.context().close();
	});
});
