/**
 * Notes on charts and forecasts in wp-admin (WordPress 6.8 + WooCommerce 10), as a store manager
 * in Chromium at 1440 and 390 px, on a store with more than two years of daily orders (the bulk
 * seeded one of seed-bulk.test.ts, whose stack this suite runs in):
 * - on WooCommerce's own figures: Analytics › Revenue for the month to date, a note added from the
 *   chart with the keyboard (a date chosen with the arrow keys, Enter, "Add a note") and one with
 *   the mouse (a date clicked, "Add a note"); their markers, their text in the tooltip (hover and
 *   focus) and in the chart's description; "Show notes (N)" hides and shows them; the forecast
 *   lines under the tiles and the chart's dashed forecast line with its band, whose description
 *   tells the same end-of-period value and range; the Overview's forecasts and charts. Orders
 *   always earn a forecast on this store; total and net sales beat the back-test's baselines on
 *   some days and not on others (the store's history ends on the day the test runs), so each of
 *   them shows its forecast or says there is not enough history, and its chart draws it or not;
 * - with the Abacus engine chosen: the same, the forecast asked of the engine's route (its
 *   figures on the page), the notes still the plugin's own (stored by WordPress whatever engine
 *   serves the figures, README "Notes on charts"), and the forecast's known part of the period
 *   (`actual`) equal to the total sales tile of those days.
 * Screenshots in test-results/wordpress/notes-forecast-*.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import {
	chromium,
	type Browser,
	type BrowserContext,
	type Page,
	type Request,
} from 'playwright-core';

import { engineGet, type EngineStack } from '../engine/stack.js';
import { signInOnce, SHOP_MANAGER } from './harness.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';
import { askedAddresses } from '../support/engine-batch.js';

const ARTIFACTS = path.resolve(__dirname, '../../test-results/wordpress');
const MONTH = { period: 'month', compare: 'previous_year' };

type Mode = 'woocommerce' | 'engine';

interface ForecastAnswer {
	shown: boolean;
	reason: string;
	today: string;
	period: { start: string; end: string };
	/** The period's known days (null when no forecast is shown). */
	actual: number | null;
	forecast: { value: number; lower: number; upper: number } | null;
	days: Array<{ date: string; value: number; lower: number; upper: number }>;
}

/** en-US money as the store shows it ($1,234.56). */
function money(value: number): string {
	const abs = Math.abs(value).toLocaleString('en-US', {
		minimumFractionDigits: 2,
		maximumFractionDigits: 2,
	});
	return value < 0 ? `-$${abs}` : `$${abs}`;
}

/** A day as the chart writes it: November 30, 2026. */
function longDay(day: string): string {
	return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
		month: 'long',
		day: 'numeric',
		year: 'numeric',
		timeZone: 'UTC',
	});
}

/** November 30, 2026 → 2026-11-30. */
function isoDay(long: string): string {
	const parsed = new Date(`${long} 00:00:00 UTC`);
	return Number.isNaN(parsed.getTime())
		? `not a day: ${long}`
		: parsed.toISOString().slice(0, 10);
}

const amount = '(-?\\$[\\d,]+\\.\\d{2})';
/** A day as the forecast lines write it: in the store's date format (November 30, 2026). */
const DAY_TEXT = '[A-Z][a-z]+ \\d{1,2}, \\d{4}';
/** A shown forecast line: "Total sales by 2026-11-30 $1,234.56 (80 % likely between … and …)". */
const SHOWN = new RegExp(
	`^(Total sales|Net sales|Orders) by (${DAY_TEXT}) (-?\\$?[\\d,]+(?:\\.\\d{2})?) \\(80 % likely between (-?\\$?[\\d,]+(?:\\.\\d{2})?) and (-?\\$?[\\d,]+(?:\\.\\d{2})?)\\)$`,
);
const number = (text: string) => Number(text.replace(/[$,]/g, ''));

export function notesAndForecastSuite(
	stackOf: () => EngineStack,
	startEngine: () => Promise<{ url: string; token: () => string }>,
): void {
	describe('notes on charts and forecasts in wp-admin', () => {
		let browser: Browser;
		/** Every note text added so far (they are the store's, shared by both modes). */
		const added: string[] = [];
		/** The forecast lines seen on WooCommerce's figures, per width. */
		const wooLines = new Map<number, string[]>();

		beforeAll(async () => {
			mkdirSync(ARTIFACTS, { recursive: true });
			browser = await chromium.launch({
				executablePath: CHROMIUM_PATH,
				args: CHROMIUM_ARGS,
			});
		}, 120000);

		afterAll(async () => {
			await browser?.close();
		});

		function adminUrl(appPath: string, query: Record<string, string> = {}): string {
			const params = new URLSearchParams({ page: 'abacus', path: appPath, ...query });
			return `${stackOf().url}/wp-admin/admin.php?${params.toString()}`;
		}

		/**
		 * The store manager through wp-login.php once (and the Dashboard it opens), then each new
		 * window with the cookies that login gave.
		 */
		let signIn: ReturnType<typeof signInOnce> | undefined;

		/**
		 * The browser context of each width, kept from test to test: a page of a new context
		 * fetched and compiled every script of wp-admin again (its cache empty), about a second
		 * of Chromium's CPU more. Each test still opens a page of its own.
		 */
		const contexts = new Map<number, BrowserContext>();

		async function open(
			width: number,
		): Promise<{ page: Page; errors: string[]; requests: Request[] }> {
			const kept = contexts.get(width);
			const context =
				kept ?? (await browser.newContext({ viewport: { width, height: 1000 } }));
			contexts.set(width, context);
			const page = await context.newPage();
			const errors: string[] = [];
			const requests: Request[] = [];
			page.on('pageerror', (error) => errors.push(error.message));
			page.on('request', (request) => requests.push(request));
			if (!kept) {
				signIn ??= signInOnce(stackOf().url);
				await signIn(page, SHOP_MANAGER);
			}
			return { page, errors, requests };
		}

		async function shot(page: Page, name: string): Promise<void> {
			await page.screenshot({
				path: path.join(ARTIFACTS, `notes-forecast-${name}.png`),
				fullPage: true,
			});
		}

		/** Runs `step`; when it fails, the page as it was is kept beside the screenshots. */
		async function failureShot<T>(
			page: Page,
			name: string,
			step: () => Promise<T>,
		): Promise<T> {
			try {
				return await step();
			} catch (error) {
				await shot(page, `failed-${name}`).catch(() => undefined);
				throw error;
			}
		}

		/** The forecast lines under the tiles, once none is loading. */
		async function forecastLines(page: Page): Promise<string[]> {
			const section = page.getByRole('region', { name: 'Forecast' });
			await section.waitFor({ timeout: 120000 });
			await page.waitForFunction(
				() => !document.querySelector('.abacus-forecast__line.is-loading'),
				undefined,
				{ timeout: 120000 },
			);
			return (await section.locator('li').allInnerTexts()).map((text) => text.trim());
		}

		/** The chart's accessible description (every element it names). */
		async function description(page: Page): Promise<string> {
			const ids = await page
				.locator('#root .abacus-chart__body')
				.first()
				.getAttribute('aria-describedby');
			return page.evaluate(
				(list) =>
					(list ?? '')
						.split(' ')
						.map((id) => document.getElementById(id)?.textContent ?? '')
						.join(' '),
				ids,
			);
		}

		/** Every answer the page asked for is in (a late one redraws the chart). */
		async function settled(page: Page): Promise<void> {
			await page.waitForFunction(
				() =>
					!document.querySelector(
						'#root .is-placeholder, .abacus-forecast__line.is-loading',
					),
				undefined,
				{ timeout: 120000 },
			);
			await page.waitForLoadState('networkidle', { timeout: 60000 });
		}

		/** After Enter or a click on a date: "Add a note" in the date's menu, or its dialog. */
		async function addNoteDialog(page: Page, by: 'keyboard' | 'mouse') {
			const dialog = page.getByRole('dialog', { name: 'Add a note' });
			const item = page.getByRole('button', { name: 'Add a note' });
			await dialog.or(item).first().waitFor({ timeout: 30000 });
			if (!(await dialog.isVisible())) {
				if (by === 'keyboard') {
					await page.keyboard.press('ArrowDown');
					await expect(
						page.evaluate(() => document.activeElement?.textContent ?? ''),
					).resolves.toBe('Add a note');
					await page.keyboard.press('Enter');
				} else {
					await item.click();
				}
			}
			await dialog.waitFor();
			return dialog;
		}

		/**
		 * Revenue for the month to date, the `metric` chart: forecast lines, dashed line and band,
		 * two notes added (keyboard, then mouse), their markers and texts, the toggle. Returns the
		 * forecast lines under the tiles.
		 */
		async function revenuePage(
			page: Page,
			width: number,
			mode: Mode,
			errors: string[],
		): Promise<string[]> {
			await page.goto(adminUrl('/analytics/revenue', MONTH));
			const lines = await forecastLines(page);
			expect(lines).toHaveLength(2);
			// Each line gives the month's last day, the value and its 80 % range around it, or
			// says there is not enough history (the back-test, on this store's days up to
			// today, did not beat both baselines: it depends on the day the test runs).
			const title = await page.locator('.abacus-forecast__title').innerText();
			const [, first, last] =
				new RegExp(`^Forecast for (${DAY_TEXT}) – (${DAY_TEXT})$`).exec(title.trim()) ?? [];
			const [start, end] = [isoDay(first ?? ''), isoDay(last ?? '')];
			expect(start).toMatch(/^\d{4}-\d{2}-01$/);
			const shown = new Map<string, RegExpExecArray>();
			for (const label of ['Total sales', 'Net sales']) {
				const text = lines.find((line) => line.startsWith(label)) ?? '';
				const match = SHOWN.exec(text);
				if (!match) {
					expect(text).toBe(`${label}: not enough history to forecast this period.`);
					continue;
				}
				shown.set(label, match);
				const [, , day, value, lower, upper] = match;
				expect(isoDay(day)).toBe(end);
				expect(number(lower)).toBeLessThanOrEqual(number(value));
				expect(number(value)).toBeLessThanOrEqual(number(upper));
			}
			// The chart of a figure with a forecast (at 1440 px the tile chosen with the mouse; on a
			// phone the address names it); the report opens on gross sales, which has none.
			const label =
				shown.has('Total sales') || !shown.has('Net sales') ? 'Total sales' : 'Net sales';
			const metric = label === 'Total sales' ? 'total_sales' : 'net_revenue';
			await page.locator('#root .abacus-chart__body').first().waitFor();
			if (width >= 1000) {
				await page
					.getByRole('link', { name: new RegExp(`^${label}`) })
					.first()
					.click();
				await page.waitForURL(new RegExp(`chart=${metric}`));
			} else {
				await page.goto(adminUrl('/analytics/revenue', { ...MONTH, chart: metric }));
				await forecastLines(page);
			}
			const chart = page.locator('#root .abacus-chart__body').first();
			const line = chart.locator('.abacus-chart__forecast-line');
			const tooltip = page.locator('#root .abacus-chart__tooltip');
			const mine = shown.get(label);
			if (mine) {
				await line.waitFor({ timeout: 60000 });
				await expect(line.getAttribute('stroke-dasharray')).resolves.toBe('6 4');
				const band = await chart.locator('.abacus-chart__forecast-band').boundingBox();
				expect(band?.height ?? 0).toBeGreaterThan(2);
				expect(band?.width ?? 0).toBeGreaterThan(2);
				// The chart's description tells the tile's forecast of this figure.
				const [, , , value, lower, upper] = mine;
				await settled(page);
				await expect(description(page)).resolves.toContain(
					`Forecast: ${lower} to ${upper} by ${longDay(end)} (about ${value}, 80 % likely).`,
				);
				// Keyboard: the month's last day gives its forecast in the tooltip.
				await chart.focus();
				await page.keyboard.press('End');
				await expect(tooltip.innerText()).resolves.toContain(longDay(end));
				await expect(
					tooltip.locator('.abacus-chart__tooltip-forecast').innerText(),
				).resolves.toMatch(new RegExp(`${amount} \\(${amount} to ${amount}\\)`));
			} else {
				// Neither figure earned a forecast today: the chart draws none (the Overview's
				// orders chart shows one below).
				await settled(page);
				await expect(line.count()).resolves.toBe(0);
				await expect(description(page)).resolves.not.toContain('Forecast:');
				await chart.focus();
			}
			await shot(page, `${mode}-revenue-forecast-${width}`);
			await page.getByRole('region', { name: 'Forecast' }).screenshot({
				path: path.join(ARTIFACTS, `notes-forecast-${mode}-forecast-lines-${width}.png`),
			});

			// Keyboard: a day of the month's first days (one per run, each its own), Enter,
			// "Add a note", typed, Enter.
			const toggleName = /^Show notes \((\d+)\)$/;
			const before = added.length;
			const steps = before / 2;
			const wanted = new Date(Date.parse(`${start}T00:00:00Z`) + steps * 86400000)
				.toISOString()
				.slice(0, 10);
			const keyText = `Newsletter sent (${mode}, ${width} px, keyboard)`;
			const toKeyDay = async () => {
				await page.keyboard.press('Home');
				for (let i = 0; i < steps; i += 1) await page.keyboard.press('ArrowRight');
			};
			await toKeyDay();
			// That day, or on the first days of a month (fewer days so far than runs) the last day
			// the chart has: the arrows stop there.
			const focused = await tooltip.locator('.abacus-chart__tooltip-title').innerText();
			const keyDay = isoDay(/[A-Z][a-z]+ \d{1,2}, \d{4}/.exec(focused)?.[0] ?? focused);
			expect(keyDay >= start && keyDay <= wanted).toBe(true);
			await expect(tooltip.innerText()).resolves.toContain(longDay(keyDay));
			await page.keyboard.press('Enter');
			let dialog = await addNoteDialog(page, 'keyboard');
			await expect(dialog.getByLabel('First day').inputValue()).resolves.toBe(keyDay);
			await dialog.getByLabel('Note', { exact: true }).focus();
			await page.keyboard.type(keyText);
			await page.keyboard.press('Enter');
			await dialog.waitFor({ state: 'detached' });
			added.push(keyText);
			// The focus is back on the chart; the note is in the first day's tooltip.
			await page.getByRole('button', { name: `Show notes (${before + 1})` }).waitFor();
			await expect(
				chart.evaluate((element) => element === document.activeElement),
			).resolves.toBe(true);
			await settled(page);
			await chart.focus();
			await toKeyDay();
			// (A day with more notes than its tooltip lists says how many more, as below.)
			const keyTip = await tooltip.innerText();
			if (!keyTip.includes(keyText)) expect(keyTip).toMatch(/and \d+ more notes?/);

			// Mouse: a day near the middle of the chart, hovered (its date in the tooltip), clicked,
			// "Add a note".
			const svg = chart.locator('svg').first();
			const box = await svg.boundingBox();
			if (!box) throw new Error('the chart has no box');
			const x = box.x + box.width * 0.45;
			const y = box.y + box.height / 2;
			await page.mouse.move(x, y);
			const hovered = await tooltip.locator('.abacus-chart__tooltip-title').innerText();
			const day = isoDay(/[A-Z][a-z]+ \d{1,2}, \d{4}/.exec(hovered)?.[0] ?? hovered);
			const mouseText = `Price change <b>5%</b> (${mode}, ${width} px, mouse)`;
			await page.mouse.click(x, y);
			dialog = await addNoteDialog(page, 'mouse');
			await expect(dialog.getByLabel('First day').inputValue()).resolves.toBe(day);
			await dialog.getByLabel('Note', { exact: true }).fill(mouseText);
			await dialog.getByRole('button', { name: 'Add note' }).click();
			await dialog.waitFor({ state: 'detached' });
			added.push(mouseText);
			await page.getByRole('button', { name: `Show notes (${before + 2})` }).waitFor();
			await settled(page);
			// The markers of every note of the month, the new ones' text on hover, as text.
			await expect(
				chart.locator('.abacus-chart__annotation').count(),
			).resolves.toBeGreaterThanOrEqual(2);
			await page.mouse.move(x, y);
			// On the first days of a month every run notes the same few days: a day with more notes
			// than its tooltip lists says how many more (the description below lists them all).
			const tip = await tooltip.innerText();
			if (!tip.includes(mouseText)) expect(tip).toMatch(/and \d+ more notes?/);
			await expect(tooltip.locator('b').count()).resolves.toBe(0);
			const described = await description(page);
			expect(described).toMatch(/\d+ notes? on these dates:/);
			expect(described).toContain(keyText);
			expect(described).toContain(mouseText);
			await shot(page, `${mode}-revenue-notes-${width}`);
			await page
				.locator('#root .abacus-chart')
				.first()
				.screenshot({
					path: path.join(ARTIFACTS, `notes-forecast-${mode}-revenue-chart-${width}.png`),
				});

			// The toggle hides the markers and shows them again (each saved as a preference).
			const toggle = page.getByRole('button', { name: toggleName });
			const count = Number(toggleName.exec(await toggle.innerText())?.[1]);
			expect(count).toBe(before + 2);
			await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
			const hidden = page.waitForResponse((r) => /users(\/|%2F)me/.test(r.url()));
			await toggle.click();
			await chart.locator('.abacus-chart__annotation').first().waitFor({ state: 'detached' });
			await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('false');
			await hidden;
			// The forecast stays as it was without the notes.
			await expect(line.count()).resolves.toBe(mine ? 1 : 0);
			await shot(page, `${mode}-revenue-notes-hidden-${width}`);
			const shownAgain = page.waitForResponse((r) => /users(\/|%2F)me/.test(r.url()));
			await toggle.click();
			await chart.locator('.abacus-chart__annotation').first().waitFor();
			await shownAgain;

			// Nothing wider than the window.
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
			);
			expect(overflow).toBeLessThanOrEqual(0);
			expect(errors).toEqual([]);
			return lines;
		}

		/** The Overview for the month to date: three forecasts, the notes and forecast on its charts. */
		async function overviewPage(page: Page, width: number, mode: Mode): Promise<void> {
			await page.goto(adminUrl('/analytics/overview', MONTH));
			const lines = await forecastLines(page);
			expect(lines).toHaveLength(3);
			// Orders always earn a forecast on this store (its back-test beats both baselines by far);
			// the money figures have it or say there is not enough history.
			expect(lines.find((text) => text.startsWith('Orders'))).toMatch(SHOWN);
			for (const label of ['Total sales', 'Net sales']) {
				const text = lines.find((line) => line.startsWith(label)) ?? '';
				if (!SHOWN.test(text)) {
					expect(text).toBe(`${label}: not enough history to forecast this period.`);
				}
			}
			const netShown = SHOWN.test(lines.find((line) => line.startsWith('Net sales')) ?? '');
			// The charts: net sales, orders, items sold; the orders chart draws the forecast.
			const charts = page.locator('#root .abacus-dashboard__charts .abacus-chart');
			await charts.nth(2).locator('.abacus-chart__body').waitFor({ timeout: 60000 });
			const ordersLine = charts.nth(1).locator('.abacus-chart__forecast-line');
			// Drawn (attached with a path): on a month's last day the line runs from yesterday to today
			// and may be flat, which Playwright counts as not visible (an empty box).
			await ordersLine.waitFor({ state: 'attached', timeout: 60000 });
			await expect(ordersLine.getAttribute('d')).resolves.toMatch(
				/^M[\d.]+,[\d.]+L[\d.]+,[\d.]+/,
			);
			await expect(ordersLine.getAttribute('stroke-dasharray')).resolves.toBe('6 4');
			const band = await charts.nth(1).locator('.abacus-chart__forecast-band').boundingBox();
			expect(band?.height ?? 0).toBeGreaterThan(2);
			expect(band?.width ?? 0).toBeGreaterThan(2);
			await charts
				.first()
				.locator('.abacus-chart__annotation')
				.first()
				.waitFor({ timeout: 60000 });
			await page
				.getByRole('button', { name: `Show notes (${added.length})` })
				.first()
				.waitFor();
			await settled(page);
			await expect(
				charts.nth(0).locator('.abacus-chart__forecast-line').count(),
			).resolves.toBe(netShown ? 1 : 0);
			await expect(
				charts.nth(2).locator('.abacus-chart__forecast-line').count(),
			).resolves.toBe(0);
			await settled(page);
			await shot(page, `${mode}-overview-${width}`);
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
			);
			expect(overflow).toBeLessThanOrEqual(0);
		}

		describe("on WooCommerce's figures", () => {
			it.each([1440, 390])(
				'Revenue and the Overview at %i px: notes by keyboard and mouse, the forecast',
				async (width) => {
					const { page, errors, requests } = await open(width);
					const lines = await failureShot(page, `woocommerce-${width}`, () =>
						revenuePage(page, width, 'woocommerce', errors),
					);
					wooLines.set(width, lines);
					await overviewPage(page, width, 'woocommerce');
					// The page computed the forecast from WooCommerce's revenue stats: no forecast
					// route asked (WordPress has none); their history of 800 days read once for
					// the tab, in one request to the plugin's route (which asks revenue stats
					// inside WordPress), the Overview after the Revenue report asking nothing.
					const urls = requests.map((r) => r.url());
					expect(urls.filter((u) => /reports(\/|%2F)forecast/.test(u))).toEqual([]);
					expect(
						urls.some((u) =>
							/wc-analytics(\/|%2F)reports(\/|%2F)revenue(\/|%2F)stats/.test(u),
						),
					).toBe(true);
					const history = urls.filter((u) =>
						/abacus(\/|%2F)v1(\/|%2F)forecast(\/|%2F)history/.test(u),
					);
					expect(history).toHaveLength(1);
					expect(new URL(history[0]).searchParams.get('days')).toBe('800');
					expect(errors).toEqual([]);
					await page.close();
				},
				600000,
			);
		});

		describe('with the Abacus engine chosen', () => {
			let engine: { url: string; token: () => string };

			beforeAll(async () => {
				engine = await startEngine();
			}, 900000);

			it.each([1440, 390])(
				'Revenue and the Overview at %i px: the engine’s forecast, the notes still the store’s',
				async (width) => {
					const { page, errors, requests } = await open(width);
					const lines = await failureShot(page, `engine-${width}`, () =>
						revenuePage(page, width, 'engine', errors),
					);
					const title = await page.locator('.abacus-forecast__title').innerText();
					const [, first, last] =
						new RegExp(`^Forecast for (${DAY_TEXT}) – (${DAY_TEXT})$`).exec(
							title.trim(),
						) ?? [];
					const [start, end] = [isoDay(first ?? ''), isoDay(last ?? '')];
					// Each line says what the engine's route answers.
					for (const [metric, label] of [
						['total_sales', 'Total sales'],
						['net_revenue', 'Net sales'],
					]) {
						const answer = await engineGet<ForecastAnswer>(
							engine.url,
							engine.token(),
							'wc-analytics/reports/forecast',
							{ metric, after: `${start}T00:00:00`, before: `${end}T23:59:59` },
						);
						const f = answer.shown ? answer.forecast : null;
						expect(lines).toContain(
							f
								? `${label} by ${longDay(end)} ${money(f.value)} (80 % likely between ${money(f.lower)} and ${money(f.upper)})`
								: `${label}: not enough history to forecast this period.`,
						);
					}
					// Asked of the engine, with the page's token; the notes of WordPress.
					// (A page's report GETs go to the engine as one request: each of its paths.)
					const forecastAsked = requests.filter((r) =>
						askedAddresses(r.url()).some((url) => /reports\/forecast/.test(url)),
					);
					expect(forecastAsked.length).toBeGreaterThan(0);
					for (const request of forecastAsked) {
						expect(request.url().startsWith(`${engine.url}/wp-json/`)).toBe(true);
						expect((await request.allHeaders()).authorization).toMatch(/^Bearer /);
					}
					const notesSaved = requests.filter(
						(r) =>
							r.method() === 'POST' &&
							/abacus(\/|%2F)v1(\/|%2F)annotations/.test(r.url()),
					);
					expect(notesSaved).toHaveLength(2);
					for (const request of notesSaved) {
						expect(request.url().startsWith(stackOf().url)).toBe(true);
					}
					// The same store, the same method: the forecasts WooCommerce's figures gave.
					expect(lines).toEqual(wooLines.get(width));

					// What the forecast counts as known (the period's days before today) is what
					// the total sales tile shows for those days.
					const answer = await engineGet<ForecastAnswer>(
						engine.url,
						engine.token(),
						'wc-analytics/reports/forecast',
						{
							metric: 'total_sales',
							after: `${start}T00:00:00`,
							before: `${end}T23:59:59`,
						},
					);
					// Not shown (the method did not beat both baselines on this day's history):
					// nothing is counted as known, and the page said so above.
					if (!answer.shown) expect(answer.actual).toBeNull();
					const yesterday = new Date(Date.parse(`${answer.today}T00:00:00Z`) - 86400000)
						.toISOString()
						.slice(0, 10);
					if (answer.actual !== null && yesterday >= start) {
						await page.goto(
							adminUrl('/analytics/revenue', {
								period: 'custom',
								compare: 'previous_year',
								after: start,
								before: yesterday,
								// On a phone the summary shows the chosen figure's tile only.
								chart: 'total_sales',
							}),
						);
						const tile = page
							.locator('#root .abacus-summary__item-inner')
							.filter({
								has: page.locator('.abacus-summary__item-label', {
									hasText: /^Total sales$/,
								}),
							})
							.locator('.abacus-summary__item-value');
						await tile.first().waitFor({ timeout: 60000 });
						await settled(page);
						await expect(tile.first().innerText()).resolves.toBe(money(answer.actual));
					} else if (answer.actual !== null) {
						expect(answer.actual).toBe(0);
					}
					await overviewPage(page, width, 'engine');
					expect(errors).toEqual([]);
					await page.close();
				},
				600000,
			);
		});
	});
}
