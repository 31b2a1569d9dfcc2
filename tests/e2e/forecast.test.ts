/**
 * Forecasts on the demo server in Chromium: the Revenue report for the month to date shows, under
 * its tiles, total sales and net sales by the month's last day with the 80 % range the
 * server's forecast route answers, or that there is not enough history where the route's
 * back-test said so (each figure is judged on its own); choosing another tile with the mouse keeps it; a past month
 * shows none; the Overview shows all three. At 1440 and 390 px (no sideways scrolling), screenshots
 * in test-results/e2e.
 */
import type { Browser, Page } from 'playwright-core';

import { adminUrl, api, launch, lastMonth, money, screenshot } from './helpers.js';

interface Forecast {
	shown: boolean;
	period: { start: string; end: string };
	forecast: { value: number; lower: number; upper: number } | null;
}

let browser: Browser;
const MONTH = { period: 'month', compare: 'previous_year' };
const count = (value: number) => Math.round(value).toLocaleString('en-US');
const FIGURES: Array<[string, string, (value: number) => string]> = [
	['total_sales', 'Total sales', money],
	['orders_count', 'Orders', count],
	['net_revenue', 'Net sales', money],
];

beforeAll(async () => {
	browser = await launch();
});

afterAll(async () => {
	await browser?.close();
});

async function open(appPath: string, query: Record<string, string>, width: number) {
	const context = await browser.newContext({ viewport: { width, height: 900 } });
	const page = await context.newPage();
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	await page.goto(adminUrl(appPath, query));
	return { page, errors };
}

async function expected(metric: string): Promise<Forecast> {
	const today = new Date();
	const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
	const end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
	const { body } = await api<Forecast>('/wc-analytics/reports/forecast', {
		metric,
		after: `${start.toISOString().slice(0, 10)}T00:00:00`,
		before: `${end.toISOString().slice(0, 10)}T23:59:59`,
	});
	return body;
}

async function forecastLines(page: Page): Promise<string[]> {
	const section = page.getByRole('region', { name: 'Forecast' });
	await section.waitFor();
	await page.waitForFunction(
		() => !document.querySelector('.abacus-forecast__line.is-loading'),
		undefined,
		{ timeout: 60_000 },
	);
	return (await section.locator('li').allInnerTexts()).map((text) => text.trim());
}

describe('forecasts on the demo server', () => {
	it.each([1440, 390])(
		'the Revenue report for the month to date shows the route’s forecasts at %i px',
		async (width) => {
			const { page, errors } = await open('/analytics/revenue', MONTH, width);
			const lines = await forecastLines(page);
			// The report's tiles are total sales and net sales (orders are the Orders report's):
			// each says what the route says for it, its forecast or not enough history.
			expect(lines).toHaveLength(2);
			for (const [metric, label, format] of FIGURES.filter(([m]) => m !== 'orders_count')) {
				const answer = await expected(metric);
				if (answer.shown && answer.forecast) {
					expect(lines).toContain(
						`${label} by ${answer.period.end} ${format(answer.forecast.value)} (80 % likely between ${format(answer.forecast.lower)} and ${format(answer.forecast.upper)})`,
					);
				} else {
					expect(lines).toContain(
						`${label}: not enough history to forecast this period.`,
					);
				}
			}
			// Nothing wider than the window.
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
			);
			expect(overflow).toBeLessThanOrEqual(0);
			await screenshot(page, `forecast-revenue-${width}`);
			if (width === 1440) {
				// Another tile chosen with the mouse: the chart changes, the forecasts stay.
				await page
					.getByRole('link', { name: /Net sales/ })
					.first()
					.click();
				await page.waitForURL(/chart=net_revenue/);
				expect(await forecastLines(page)).toEqual(lines);
			}
			expect(errors).toEqual([]);
			await page.context().close();
		},
		120_000,
	);

	it('a past month shows no forecast', async () => {
		const [after, before] = lastMonth();
		const { page } = await open(
			'/analytics/revenue',
			{ period: 'custom', compare: 'previous_year', after, before },
			1440,
		);
		await page.locator('.abacus-summary__item-value').first().waitFor();
		expect(await page.getByRole('region', { name: 'Forecast' }).count()).toBe(0);
		await page.context().close();
	}, 120_000);

	it('the Overview shows revenue, orders and net sales forecasts', async () => {
		const { page, errors } = await open('/', MONTH, 1440);
		const lines = await forecastLines(page);
		expect(lines).toHaveLength(3);
		for (const [metric, label, format] of FIGURES) {
			const answer = await expected(metric);
			const line = lines.find((text) => text.startsWith(label));
			if (answer.shown && answer.forecast)
				expect(line).toContain(format(answer.forecast.value));
			else expect(line).toBe(`${label}: not enough history to forecast this period.`);
		}
		await screenshot(page, 'forecast-overview-1440');
		expect(errors).toEqual([]);
		await page.context().close();
	}, 120_000);
});
