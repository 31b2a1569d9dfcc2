/**
 * Forecasts on the demo server in Chromium: the Revenue report for the month to date shows, under
 * its tiles, total sales and net sales by the month's last day with the 80 % range the
 * server's forecast route answers, or that there is not enough history where the route's
 * back-test said so (each figure is judged on its own); choosing another tile with the mouse keeps it; a past month
 * shows none; the Overview shows all three. At 1440 and 390 px (no sideways scrolling), screenshots
 * in test-results/e2e with ABACUS_E2E_SCREENSHOTS=1.
 *
 * The charts' forecast (a dashed line and its 80 % band over the rest of the month) on a store of
 * its own whose history earns a forecast (20,000 orders: the shared 1,000-order store has too little,
 * and its charts draw none; with 5,000 the revenue forecasts beat the average of the last four
 * same weekdays by less than a point at a 7-day horizon, and lost to it when the store was
 * generated at some hours of some days, since the generated history starts at the time of day it is
 * made): the route's figures in the tooltip by mouse and keyboard and in the
 * chart's description, a note added on a forecast date with the mouse, the Overview's charts; and
 * by week and by month, for a range reaching into the future, each week's or month's forecast (its
 * days so far plus the forecast of the rest) on the chart's own weeks and months, at 1440 and 390 px
 * (where the tooltip sits under the plot, not over its line).
 */

import type { Browser, Locator, Page } from 'playwright-core';

import {
	adminUrl,
	api,
	elementScreenshot,
	launch,
	lastMonth,
	money,
	screenshot,
	startOwnServer,
} from './helpers.js';

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
		{ polling: 100, timeout: 60_000 },
	);
	return (await section.locator('li').allInnerTexts()).map((text) => text.trim());
}

/**
 * Waits until the page has had every answer it asked for (the notes of the days the forecast adds
 * come after the forecast itself): a chart redrawn by a late answer drops the day the keyboard had
 * reached, and its tooltip with it, so the keys are pressed on the settled chart.
 */
async function answersIn(page: Page): Promise<void> {
	await page.waitForLoadState('networkidle', { timeout: 30_000 });
}

/**
 * Moves the mouse onto (x, y) of the page, from a little to its left, until the chart's tooltip
 * shows, and returns its text, read once while it shows: a scroll still settling from the
 * keyboard's focus hides the pointer's tooltip (as it should for a page moving under a still
 * pointer), and a user moves the mouse again.
 */
async function hoverTooltip(page: Page, tooltip: Locator, x: number, y: number): Promise<string> {
	for (let attempt = 1; attempt <= 10; attempt++) {
		await page.mouse.move(x - 20, y);
		await page.mouse.move(x, y, { steps: 2 });
		const text = await tooltip
			.waitFor({ state: 'visible', timeout: 3000 })
			.then(() => tooltip.innerText({ timeout: 3000 }))
			.catch(() => '');
		if (text) return text;
	}
	throw new Error('No tooltip after hovering 10 times');
}

/**
 * Presses `key` on the focused chart until its tooltip shows: on a busy machine an answer can
 * still come after the network fell quiet and redraw the chart, dropping the date the key had
 * reached (and its tooltip); the key is then pressed again on the redrawn chart (a few times at most).
 */
async function pressOnChart(body: Locator, key: string): Promise<void> {
	const tooltip = body.locator('.abacus-chart__tooltip');
	for (let attempt = 0; attempt < 4; attempt++) {
		await body.focus();
		await body.page().keyboard.press(key);
		const shown = await tooltip.waitFor({ timeout: 10_000 }).then(
			() => true,
			() => false,
		);
		if (shown) return;
	}
	throw new Error(`${key} on the chart showed no tooltip`);
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
						`${label} by ${longDay(answer.period.end)} ${format(answer.forecast.value)} (80 % likely between ${format(answer.forecast.lower)} and ${format(answer.forecast.upper)})`,
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

interface DayForecast {
	date: string;
	value: number;
	lower: number;
	upper: number;
}

/**
 * A store of its own whose history earns a forecast of every metric the charts draw one for, by a
 * margin (20,000 orders over two years: at a 7-day horizon the revenue forecasts' error is about
 * 10-12 % against 14-16 % for the best baseline, whatever the time of day the store is made).
 */
function startForecastServer(): Promise<{ url: string; stop: () => void }> {
	return startOwnServer('{ orders: 20000, seed: 1 }', 'forecast');
}

/** The month of today (UTC, the store's zone): first and last day. */
function thisMonth(): [string, string] {
	const today = new Date();
	const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
	const end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
	return [start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
}

/** A day as the chart's tooltip writes it: November 30, 2026. */
const longDay = (day: string) =>
	new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
		month: 'long',
		day: 'numeric',
		year: 'numeric',
		timeZone: 'UTC',
	});

describe('the forecast on the charts', () => {
	let server: { url: string; stop: () => void } | undefined;
	beforeAll(async () => {
		server = await startForecastServer();
	}, 120_000);
	afterAll(() => server?.stop());

	async function routeForecast(metric: string) {
		const [start, end] = thisMonth();
		const response = await fetch(
			`${server?.url}/wp-json/wc-analytics/reports/forecast?${new URLSearchParams({
				metric,
				after: `${start}T00:00:00`,
				before: `${end}T23:59:59`,
			}).toString()}`,
		);
		return (await response.json()) as Forecast & { days: DayForecast[] };
	}

	async function openOwn(appPath: string, width: number, query: Record<string, string> = {}) {
		const context = await browser.newContext({ viewport: { width, height: 900 } });
		const page = await context.newPage();
		const errors: string[] = [];
		page.on('pageerror', (error) => errors.push(error.message));
		const params = new URLSearchParams({ page: 'abacus', path: appPath, ...MONTH, ...query });
		await page.goto(`${server?.url}/wp-admin/admin.php?${params.toString()}`);
		return { page, errors };
	}

	it.each([
		[1440, 'total_sales', 'Total sales'],
		[390, 'net_revenue', 'Net sales'],
	])(
		'the Revenue chart draws the route’s forecast as a dashed line and band at %i px (%s)',
		async (width, metric, label) => {
			const answer = await routeForecast(metric);
			// This store's history earns a forecast (the route's back-test).
			expect(answer.shown).toBe(true);
			// The report opens on gross sales, which has no forecast: at 1440 px the tile is chosen
			// with the mouse (the gross sales chart draws none); on the phone the address names it.
			const { page, errors } = await openOwn(
				'/analytics/revenue',
				width,
				width < 1000 ? { chart: metric } : {},
			);
			if (width >= 1000) {
				await page.locator('main .abacus-chart__body').first().waitFor();
				await forecastLines(page);
				await expect(page.locator('main .abacus-chart__forecast').count()).resolves.toBe(0);
				await page
					.getByRole('link', { name: new RegExp(`^${label}`) })
					.first()
					.click();
				await page.waitForURL(new RegExp(`chart=${metric}`));
			}
			const chart = page.locator('main .abacus-chart__body').first();
			const line = chart.locator('.abacus-chart__forecast-line');
			await line.waitFor();
			await expect(line.getAttribute('stroke-dasharray')).resolves.toBe('6 4');
			const band = chart.locator('.abacus-chart__forecast-band');
			const bandBox = await band.boundingBox();
			// A band that is seen: some height and width on the page.
			expect(bandBox?.height ?? 0).toBeGreaterThan(2);
			expect(bandBox?.width ?? 0).toBeGreaterThan(2);
			// The chart's description tells the month's end value with its range.
			const described = await chart.getAttribute('aria-describedby');
			const description = await page.evaluate(
				(ids) =>
					(ids ?? '')
						.split(' ')
						.map((id) => document.getElementById(id)?.textContent ?? '')
						.join(' '),
				described,
			);
			const total = answer.forecast as { value: number; lower: number; upper: number };
			expect(description).toContain(
				`Forecast: ${money(total.lower)} to ${money(total.upper)} by ${longDay(answer.period.end)} (about ${money(total.value)}, 80 % likely).`,
			);
			// Keyboard: End reaches the month's last day, whose tooltip gives its forecast.
			const last = answer.days[answer.days.length - 1];
			await answersIn(page);
			await pressOnChart(chart, 'End');
			const tooltip = page.locator('main .abacus-chart__tooltip');
			await expect(tooltip.innerText()).resolves.toContain(longDay(last.date));
			await expect(
				tooltip.locator('.abacus-chart__tooltip-forecast').innerText(),
			).resolves.toMatch(
				`${money(last.value)} (${money(last.lower)} to ${money(last.upper)})`,
			);
			await screenshot(page, `forecast-chart-keyboard-${width}`);
			await elementScreenshot(
				page.locator('main .abacus-chart').first(),
				`forecast-chart-card-${width}`,
			);
			await page.keyboard.press('Escape');
			// The keyboard's tooltip closed before the mouse comes (on a busy machine the mouse's
			// tooltip otherwise opened and was closed by the Escape handled after it).
			await tooltip.waitFor({ state: 'hidden' });
			// Nothing wider than the window.
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
			);
			expect(overflow).toBeLessThanOrEqual(0);
			if (width === 1440) {
				// Mouse: the month's last day (right end of the chart), hovered, then a note added
				// there with a click: its marker joins the forecast.
				const svg = chart.locator('svg');
				const box = await svg.boundingBox();
				if (!box) throw new Error('the chart has no box');
				const x = box.x + box.width - 30 - 4;
				// Its text read once while it shows (read twice, the settling scroll hid it in
				// between in a fresh clone on 2026-12-01).
				const hovered = await hoverTooltip(page, tooltip, x, box.y + box.height / 2);
				expect(hovered).toContain(longDay(last.date));
				expect(hovered).toContain('Forecast (80 % likely)');
				await screenshot(page, 'forecast-chart-hover-1440', 'forecast-chart');
				await page.mouse.click(x, box.y + box.height / 2);
				const menuOrDialog = page
					.getByRole('dialog', { name: 'Add a note' })
					.or(page.getByRole('button', { name: 'Add a note' }));
				await menuOrDialog.first().waitFor();
				if (await page.getByRole('button', { name: 'Add a note' }).count()) {
					await page.getByRole('button', { name: 'Add a note' }).click();
				}
				const dialog = page.getByRole('dialog', { name: 'Add a note' });
				await dialog.waitFor();
				await expect(dialog.getByLabel('First day').inputValue()).resolves.toBe(last.date);
				await dialog.getByLabel('Note', { exact: true }).fill('Month-end sale');
				await dialog.getByRole('button', { name: 'Add note' }).click();
				await dialog.waitFor({ state: 'detached' });
				await chart.locator('.abacus-chart__annotation').first().waitFor();
				await page.mouse.move(x, box.y + box.height / 2);
				await expect(tooltip.innerText()).resolves.toContain('Month-end sale');
				await expect(line.count()).resolves.toBe(1);
				await elementScreenshot(
					page.locator('main .abacus-chart').first(),
					'forecast-chart-note-1440',
				);
			}
			expect(errors).toEqual([]);
			await page.context().close();
		},
		180_000,
	);

	it('a range reaching into the future: the current line stops at the last whole day, the forecast goes on', async () => {
		const dayOf = (offset: number) =>
			new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
		const { page, errors } = await openOwn('/analytics/revenue', 1440, {
			period: 'custom',
			after: dayOf(-10),
			before: dayOf(5),
			chart: 'net_revenue',
		});
		const chart = page.locator('main .abacus-chart__body').first();
		await chart.locator('.abacus-chart__forecast-line').waitFor();
		// Ten days drawn (ten days ago to yesterday): not today, known only in part, nor the zeros
		// of the days to come.
		const current = await chart.locator('.abacus-chart__line').first().getAttribute('d');
		expect(current?.match(/[ML]/g)).toHaveLength(10);
		await answersIn(page);
		await pressOnChart(chart, 'End');
		const tooltip = page.locator('main .abacus-chart__tooltip');
		await expect(tooltip.innerText()).resolves.toContain(longDay(dayOf(5)));
		await expect(tooltip.innerText()).resolves.toContain('Forecast (80 % likely)');
		await elementScreenshot(
			page.locator('main .abacus-chart').first(),
			'forecast-chart-future-1440',
		);
		expect(errors).toEqual([]);
		await page.context().close();
	}, 120_000);

	it.each([
		['week', 1440],
		['week', 390],
		['month', 1440],
		['month', 390],
	] as const)(
		'a range reaching into the future by %s: each bucket’s forecast on the chart, by mouse and keyboard at %i px',
		async (interval, width) => {
			const today = new Date().toISOString().slice(0, 10);
			const shift = (day: string, days: number) =>
				new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000)
					.toISOString()
					.slice(0, 10);
			const monthStart = (offset: number) => {
				const now = new Date();
				return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
					.toISOString()
					.slice(0, 10);
			};
			// Five weeks back to four ahead; or two months back to the end of two months ahead.
			const [after, before] =
				interval === 'week'
					? [shift(today, -35), shift(today, 27)]
					: [monthStart(-2), shift(monthStart(3), -1)];
			const response = await fetch(
				`${server?.url}/wp-json/wc-analytics/reports/forecast?${new URLSearchParams({
					metric: 'net_revenue',
					after: `${after}T00:00:00`,
					before: `${before}T23:59:59`,
					interval,
				}).toString()}`,
			);
			const answer = (await response.json()) as Forecast & {
				interval: string;
				intervals: Array<DayForecast & { date_end: string; partial: boolean }>;
			};
			expect(answer.shown).toBe(true);
			expect(answer.interval).toBe(interval);
			// The bucket holding today (partly known unless it starts today) and those after it.
			expect(answer.intervals[0].date <= today).toBe(true);
			expect(answer.intervals[0].date_end >= today).toBe(true);
			expect(answer.intervals.length).toBeGreaterThan(interval === 'week' ? 3 : 2);
			const { page, errors } = await openOwn('/analytics/revenue', width, {
				period: 'custom',
				after,
				before,
				interval,
				// By week, compared with the nine weeks before: the same dates a year earlier start
				// on another weekday, and when that adds a week (a range opened on a Monday) the
				// chart has a row past the range's last week, where End would go.
				compare: interval === 'week' ? 'previous_period' : 'previous_year',
				chart: 'net_revenue',
			});
			const chart = page.locator('main .abacus-chart__body').first();
			const line = chart.locator('.abacus-chart__forecast-line');
			await line.waitFor();
			await expect(line.getAttribute('stroke-dasharray')).resolves.toBe('6 4');
			// From the last bucket before the forecast's first, through each bucket's forecast.
			const d = (await line.getAttribute('d')) ?? '';
			expect(d.match(/[ML]/g)).toHaveLength(answer.intervals.length + 1);
			const bandBox = await chart.locator('.abacus-chart__forecast-band').boundingBox();
			expect(bandBox?.height ?? 0).toBeGreaterThan(2);
			expect(bandBox?.width ?? 0).toBeGreaterThan(2);
			const text = (b: DayForecast) =>
				`${money(b.value)} (${money(b.lower)} to ${money(b.upper)})`;
			// The screen-reader table gives every bucket's forecast. It follows the drawing a paint
			// later (hundreds of rows are not drawn with the report's first frame): its forecast
			// column is waited for, then read.
			await chart
				.locator('table th', { hasText: 'Forecast' })
				.waitFor({ state: 'attached', timeout: 30_000 });
			const table = (await chart.locator('table').textContent()) ?? '';
			for (const bucket of answer.intervals) expect(table).toContain(text(bucket));
			const tooltip = page.locator('main .abacus-chart__tooltip');
			const tooltipForecast = tooltip.locator('.abacus-chart__tooltip-forecast');
			const last = answer.intervals[answer.intervals.length - 1];
			const title = (day: string) =>
				interval === 'week'
					? `Week of ${longDay(day)}`
					: new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
							month: 'long',
							year: 'numeric',
							timeZone: 'UTC',
						});
			// Keyboard: End reaches the last bucket, the arrows the one holding today.
			await answersIn(page);
			await pressOnChart(chart, 'End');
			await expect(tooltip.innerText()).resolves.toContain(title(last.date));
			await expect(tooltipForecast.innerText()).resolves.toContain(text(last));
			for (let i = 1; i < answer.intervals.length; i++)
				await page.keyboard.press('ArrowLeft');
			const current = answer.intervals[0];
			await expect(tooltip.innerText()).resolves.toContain(title(current.date));
			await expect(tooltipForecast.innerText()).resolves.toContain(text(current));
			const plot = await chart.boundingBox();
			const tipBox = await tooltip.boundingBox();
			if (!plot || !tipBox) throw new Error('the chart or its tooltip has no box');
			if (width < 500) {
				// On the phone the tooltip is under the plot: the line and the band stay seen.
				expect(tipBox.y).toBeGreaterThanOrEqual(plot.y + plot.height - 1);
			}
			await screenshot(page, `forecast-chart-${interval}-keyboard-${width}`);
			await page.keyboard.press('Escape');
			// Mouse: the last bucket, at the right end of the plot.
			const box = await chart.locator('svg').boundingBox();
			if (!box) throw new Error('the chart has no box');
			const hovered = await hoverTooltip(
				page,
				tooltip,
				box.x + box.width - 34,
				box.y + box.height / 2,
			);
			expect(hovered).toContain(title(last.date));
			expect(hovered).toContain(text(last));
			await elementScreenshot(
				page.locator('main .abacus-chart').first(),
				`forecast-chart-${interval}-${width}`,
			);
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
			);
			expect(overflow).toBeLessThanOrEqual(0);
			expect(errors).toEqual([]);
			await page.context().close();
		},
		180_000,
	);

	it('the Overview draws it on the net sales and orders charts, not on items sold', async () => {
		const { page, errors } = await openOwn('/', 1440);
		const charts = page.locator('.abacus-dashboard__charts .abacus-chart');
		await charts.nth(2).locator('.abacus-chart__body').waitFor();
		await charts.nth(0).locator('.abacus-chart__forecast-line').waitFor();
		await charts.nth(1).locator('.abacus-chart__forecast-line').waitFor();
		await expect(charts.nth(2).locator('.abacus-chart__forecast').count()).resolves.toBe(0);
		// The orders chart's tooltip gives whole orders.
		const orders = await routeForecast('orders_count');
		const last = orders.days[orders.days.length - 1];
		await answersIn(page);
		await pressOnChart(charts.nth(1).locator('.abacus-chart__body'), 'End');
		await expect(
			charts.nth(1).locator('.abacus-chart__tooltip-forecast').innerText(),
		).resolves.toContain(`${count(last.value)} (${count(last.lower)} to ${count(last.upper)})`);
		await screenshot(page, 'forecast-overview-charts-1440');
		expect(errors).toEqual([]);
		await page.context().close();
	}, 120_000);

	it('the shared store’s chart draws a forecast only where the route shows one', async () => {
		// The total sales chart (the report opens on gross sales, which never has one). Whether
		// the shared store's history earns a forecast depends on the day: both answers are checked.
		const { page } = await open('/analytics/revenue', { ...MONTH, chart: 'total_sales' }, 1440);
		await forecastLines(page);
		await page.locator('main .abacus-chart__body').first().waitFor();
		const answer = await expected('total_sales');
		// The chart draws its forecast after its own figures: counted once every answer is in and,
		// when the route shows one, once it is drawn (on a busy machine the drawing comes later).
		await answersIn(page);
		if (answer.shown) await page.locator('main .abacus-chart__forecast').first().waitFor();
		expect(await page.locator('main .abacus-chart__forecast').count()).toBe(
			answer.shown ? 1 : 0,
		);
		await page.context().close();
	}, 120_000);
});
