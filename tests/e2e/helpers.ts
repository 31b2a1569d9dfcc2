/**
 * Shared helpers of the end-to-end tests: the browser, the server URL, REST calls for expected
 * figures, and screenshots saved to test-results/e2e/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
	chromium,
	type Browser,
	type Download,
	type Locator,
	type Page,
	type Response,
} from 'playwright-core';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';

export const SCREENSHOT_DIR = path.resolve(__dirname, '../../test-results/e2e');

export function baseUrl(): string {
	const url = process.env.ABACUS_E2E_URL;
	if (!url) {
		throw new Error('ABACUS_E2E_URL is not set: run the e2e tests through tests/e2e/run.js.');
	}
	return url;
}

/**
 * The browser of a test file: a connection to its jest worker's Chromium (started once per worker
 * by tests/e2e/global-setup.mjs; `close()` disconnects and closes the file's contexts), or a
 * Chromium of its own when the tests run without that setup.
 */
export async function launch(): Promise<Browser> {
	const endpoint = process.env.ABACUS_E2E_BROWSER;
	const browser = endpoint
		? await chromium.connect(endpoint, { timeout: 60_000 })
		: await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
	// The pages of a failed test are pictured by the environment (tests/e2e/environment.cjs).
	const listed = globalThis as { __abacusBrowsers?: Set<Browser> };
	(listed.__abacusBrowsers ??= new Set()).add(browser);
	browser.on('disconnected', () => listed.__abacusBrowsers?.delete(browser));
	return browser;
}

/**
 * The browser of a test file, launched before its first test (`launch`) and closed after its last:
 * call once at the top of the file; the answer gives the browser once it is launched.
 */
export function fileBrowser(): () => Browser {
	let browser: Browser | undefined;
	beforeAll(async () => {
		browser = await launch();
	});
	afterAll(async () => {
		await browser?.close();
	});
	return () => {
		if (!browser) throw new Error('The browser is not launched yet (use it inside a test).');
		return browser;
	};
}

/** The admin page URL for an in-app path and query. */
export function adminUrl(appPath: string, query: Record<string, string> = {}): string {
	const params = new URLSearchParams({ page: 'abacus', path: appPath, ...query });
	return `${baseUrl()}/wp-admin/admin.php?${params.toString()}`;
}

/**
 * Opens a page `width` px wide (1000 px high, downloads accepted) in a context of its own and
 * collects its uncaught errors.
 */
export async function openPage(
	browser: Browser,
	appPath: string,
	query: Record<string, string> = {},
	width = 1400,
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

/**
 * The text of a finished download (a connected browser keeps its files on its side: the file is
 * saved into a temporary folder, read and removed).
 */
export async function downloadedText(download: Download): Promise<string> {
	const dir = mkdtempSync(path.join(tmpdir(), 'abacus-e2e-download-'));
	try {
		const file = path.join(dir, download.suggestedFilename() || 'download');
		await download.saveAs(file);
		return readFileSync(file, 'utf8');
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** GET a REST route of the server (path under /wp-json, e.g. '/wc-analytics/reports/revenue/stats'). */
export async function api<T>(
	route: string,
	query: Record<string, string | number> = {},
): Promise<{
	body: T;
	headers: Headers;
}> {
	const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
	const response = await fetch(`${baseUrl()}/wp-json${route}?${params.toString()}`);
	if (!response.ok) {
		throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
	}
	return { body: (await response.json()) as T, headers: response.headers };
}

/** Where `ABACUS_SCREENSHOTS=1` writes the README's screenshots. */
export const DOCS_SCREENSHOT_DIR = path.resolve(__dirname, '../../docs/screenshots');

/**
 * Whether the screens a test passes through are pictured into test-results/e2e/:
 * `ABACUS_E2E_SCREENSHOTS=1`, or `ABACUS_SCREENSHOTS=1` (which also rewrites the README's). Off by
 * default, as a picture checks nothing and costs the browser a render and an encoding (a full page
 * at 1440 px: a quarter of a CPU second); the pages of a failed test are pictured whatever this
 * says (tests/e2e/environment.cjs).
 */
export function keepScreenshots(): boolean {
	return process.env.ABACUS_E2E_SCREENSHOTS === '1' || process.env.ABACUS_SCREENSHOTS === '1';
}

/**
 * A full-page screenshot kept as a test artifact (test-results/e2e/<name>.png) when
 * `keepScreenshots()`; with `ABACUS_SCREENSHOTS=1` and `docsName`, the visible part of the page is
 * also written to docs/screenshots/<docsName>.png for the README. `viewport`: the visible part only.
 */
export async function screenshot(
	page: Page,
	name: string,
	docsName?: string,
	{ viewport = false } = {},
): Promise<void> {
	if (!keepScreenshots()) return;
	mkdirSync(SCREENSHOT_DIR, { recursive: true });
	await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: !viewport });
	if (docsName && process.env.ABACUS_SCREENSHOTS === '1') {
		mkdirSync(DOCS_SCREENSHOT_DIR, { recursive: true });
		await page.screenshot({ path: path.join(DOCS_SCREENSHOT_DIR, `${docsName}.png`) });
	}
}

/**
 * A screenshot of one element (test-results/e2e/<name>.png) when `keepScreenshots()`. Without
 * it the element is still waited for (visible and stable) and scrolled into view, as the picture
 * does, so what the test does next meets the page as it would with the picture.
 */
export async function elementScreenshot(element: Locator, name: string): Promise<void> {
	if (!keepScreenshots()) {
		await element.scrollIntoViewIfNeeded();
		return;
	}
	mkdirSync(SCREENSHOT_DIR, { recursive: true });
	await element.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/**
 * en-US money as the default store currency shows it ($1,234.56; -$5.00 for negatives), rounded
 * to the cent as the packages' `numberFormat` rounds (API.md 2.4, as WooCommerce's own script
 * shows its analytics): `Math.round` after shifting the point, so a half cent goes up, toward
 * +∞ (-316.955 → -$316.95, 1.005 → $1.01), and an amount that rounds to zero has no sign.
 */
export function money(value: number): string {
	const shifted = Number(`${value}e+2`);
	const cents = Math.round(Number.isFinite(shifted) ? shifted : value * 100);
	const abs = (Math.abs(cents) / 100).toLocaleString('en-US', {
		minimumFractionDigits: 2,
		maximumFractionDigits: 2,
	});
	return cents < 0 ? `-$${abs}` : `$${abs}`;
}

/** A date as YYYY-MM-DD (UTC). */
export function isoDay(date: Date): string {
	return date.toISOString().slice(0, 10);
}

/** The previous full calendar month (UTC): [first day, last day]. */
export function lastMonth(now = new Date()): [string, string] {
	const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
	const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
	return [isoDay(first), isoDay(last)];
}

/**
 * The previous full calendar month as the app's query takes it (`query`: a custom range compared
 * with the previous year) and as the REST routes take it (`api`: from its first second to its last).
 */
export function lastMonthRanges(now = new Date()): {
	after: string;
	before: string;
	query: { period: string; compare: string; after: string; before: string };
	api: { after: string; before: string };
} {
	const [after, before] = lastMonth(now);
	return {
		after,
		before,
		query: { period: 'custom', compare: 'previous_year', after, before },
		api: { after: `${after}T00:00:00`, before: `${before}T23:59:59` },
	};
}

/**
 * The best-selling product (by items sold) over `range` (REST `after`/`before`), as the products
 * report answers it: with more than one variation (`variable`) or with none (`simple`).
 */
export async function bestSellingProduct<
	T extends { product_id: number; extended_info: { variations?: number[] } },
>(range: { after: string; before: string }, kind: 'variable' | 'simple'): Promise<T> {
	const { body: products } = await api<T[]>('/wc-analytics/reports/products', {
		...range,
		orderby: 'items_sold',
		order: 'desc',
		per_page: 100,
		extended_info: 'true',
	});
	const product = products.find((row) => {
		const variations = (row.extended_info.variations ?? []).length;
		return kind === 'variable' ? variations > 1 : !variations;
	});
	if (!product) {
		throw new Error(`The seeded store sold no ${kind} product last month.`);
	}
	return product;
}

/**
 * A custom range whose previous period has one more (partial) week: a Thursday at least six weeks
 * back to the Sunday 10 days later, two weeks (Monday start), whose previous period (the 11 days
 * before it, Sunday to Wednesday) spans three.
 */
export function weeksWithLongerPrevious(now = new Date()): {
	start: Date;
	end: Date;
	prevStart: Date;
	prevEnd: Date;
} {
	const start = new Date(now);
	start.setUTCDate(start.getUTCDate() - 42);
	while (start.getUTCDay() !== 4) start.setUTCDate(start.getUTCDate() - 1);
	const end = new Date(start);
	end.setUTCDate(end.getUTCDate() + 10);
	const prevEnd = new Date(start);
	prevEnd.setUTCDate(prevEnd.getUTCDate() - 1);
	const prevStart = new Date(start);
	prevStart.setUTCDate(prevStart.getUTCDate() - 11);
	return { start, end, prevStart, prevEnd };
}

/** The server's net sales by week from the first second of `from` to the last of `to`, oldest first. */
export async function weeklyNetSales(
	from: Date,
	to: Date,
): Promise<{
	totals: { net_revenue: number };
	intervals: Array<{ date_start: string; subtotals: { net_revenue: number } }>;
}> {
	return (
		await api<{
			totals: { net_revenue: number };
			intervals: Array<{ date_start: string; subtotals: { net_revenue: number } }>;
		}>('/wc-analytics/reports/revenue/stats', {
			after: `${isoDay(from)}T00:00:00`,
			before: `${isoDay(to)}T23:59:59`,
			interval: 'week',
			order: 'asc',
			per_page: 100,
		})
	).body;
}

/**
 * Every report page of the app with the Overview, the customers list and the analytics settings
 * (the pages whose address takes a date range).
 */
export const REPORT_PAGES = [
	'/analytics/overview',
	'/analytics/revenue',
	'/analytics/orders',
	'/analytics/products',
	'/analytics/variations',
	'/analytics/categories',
	'/analytics/coupons',
	'/analytics/taxes',
	'/analytics/downloads',
	'/analytics/stock',
	'/customers',
	'/analytics/settings',
] as const;

const LOADING =
	'.abacus-layout__loading, .is-placeholder, .abacus-chart-placeholder, .components-spinner';

/**
 * Waits (30 s for each step) for the app's layout and then until nothing on the page is loading:
 * no layout loader, placeholder, chart placeholder and, unless `spinners` is false, no spinner.
 * The page is asked every 100 ms, as the tests' other waits for a state of the page ask it
 * (`polling: 100`): Playwright's default asks on every animation frame, which keeps the browser
 * drawing frames while it waits (about a tenth of a CPU second per second of waiting).
 */
export async function settled(page: Page, { spinners = true } = {}): Promise<void> {
	await page.waitForSelector('.abacus-layout__content', { timeout: 30000 });
	await page.waitForFunction(
		(selector) => !document.querySelector(selector),
		spinners ? LOADING : LOADING.replace(', .components-spinner', ''),
		{ polling: 100, timeout: 30000 },
	);
}

/** The titles and totals of the report chart's legend, as shown. */
export async function legend(page: Page): Promise<Array<{ title: string; total: string }>> {
	return page.locator('main .abacus-legend__item').evaluateAll((items) =>
		items.map((item) => ({
			title: (item.querySelector('.abacus-legend__title') as HTMLElement).innerText.trim(),
			total: (item.querySelector('.abacus-legend__total') as HTMLElement).innerText.trim(),
		})),
	);
}

/**
 * Shows or hides a report table's column with the mouse, as a person does: opens the table's
 * column menu (again if it closed while the page was still loading), clicks the column's
 * checkbox and waits for the box to change and for the choice to be saved to the user's
 * preferences (the POST to /wp/v2/users/me). A click that changed nothing (the menu was drawn
 * again under the pointer while the page settled: the box as it was and nothing sent) is made
 * again, as a person would, up to three times; a box that changed without the choice being saved
 * fails at once.
 */
export async function chooseColumn(page: Page, column: RegExp, shown: boolean): Promise<void> {
	const toggle = page.getByRole('button', { name: 'Choose which values to display' });
	const item = page.getByRole('menuitemcheckbox', { name: column });
	const openMenu = async (): Promise<void> => {
		for (let attempt = 1; ; attempt++) {
			if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
			try {
				await item.waitFor({ state: 'visible', timeout: 15000 });
				return;
			} catch (error) {
				if (attempt >= 3) throw error;
			}
		}
	};
	await openMenu();
	if ((await item.getAttribute('aria-checked')) === String(shown)) {
		throw new Error(`The column ${String(column)} is already ${shown ? 'shown' : 'hidden'}.`);
	}
	// Every save of the user's preferences from here on (a POST, or PUT, to /wp/v2/users/me).
	let saves = 0;
	const countSave = (response: Response): void => {
		if (response.url().includes('/wp/v2/users/me') && response.request().method() !== 'GET')
			saves += 1;
	};
	/** Waits up to `ms` for a save after the `before`-th; says whether one came. */
	const savedAfter = async (before: number, ms: number): Promise<boolean> => {
		const until = Date.now() + ms;
		while (saves === before && Date.now() < until) await page.waitForTimeout(200);
		return saves > before;
	};
	page.on('response', countSave);
	try {
		for (let click = 1; ; click++) {
			const before = saves;
			await item.click();
			if (await savedAfter(before, 20000)) break;
			await openMenu();
			if ((await item.getAttribute('aria-checked')) === String(shown)) {
				// The box changed: its save may only be slow.
				if (await savedAfter(before, 60000)) break;
				throw new Error(
					`The column ${String(column)} was ${shown ? 'shown' : 'hidden'} but the choice was not saved (no POST to /wp/v2/users/me).`,
				);
			}
			if (click >= 3) {
				throw new Error(
					`Three clicks on the column ${String(column)} changed nothing and saved nothing.`,
				);
			}
			console.warn(
				`chooseColumn: click ${click} on ${String(column)} changed nothing; again.`,
			);
		}
	} finally {
		page.off('response', countSave);
	}
	await page.waitForFunction(
		({ name, value }) =>
			Array.from(document.querySelectorAll('[role="menuitemcheckbox"]')).some(
				(box) =>
					new RegExp(name).test(box.textContent ?? '') &&
					box.getAttribute('aria-checked') === value,
			),
		{ name: column.source, value: String(shown) },
		{ polling: 100, timeout: 30000 },
	);
}

/**
 * A demo server of a test's own, in a child process: `options` is the source of startServer's
 * options object (it may hold functions, e.g. an import pace), with the client build of this run.
 * Resolves with its address once it listens; `stop()` ends it.
 */
export async function startOwnServer(
	options: string,
	what: string,
): Promise<{ url: string; stop: () => void }> {
	const script = `
		const { startServer } = await import(${JSON.stringify(path.resolve(__dirname, '../../server/build/index.js'))});
		const server = await startServer({
			...${options},
			port: 0, quiet: true,
			buildDir: process.env.ABACUS_E2E_BUILD_DIR || undefined,
		});
		console.log('URL ' + server.url);
		process.on('SIGTERM', async () => { await server.close(); process.exit(0); });
	`;
	const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', script], {
		cwd: path.resolve(__dirname, '../..'),
		env: process.env,
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const url = await new Promise<string>((resolve, reject) => {
		let out = '';
		child.stdout?.on('data', (chunk: Buffer) => {
			out += chunk.toString();
			const m = /URL (\S+)/.exec(out);
			if (m) resolve(m[1].replace(/\/$/, ''));
		});
		child.on('exit', (code) => reject(new Error(`The ${what} server exited (${code}).`)));
	});
	return { url, stop: () => child.kill('SIGTERM') };
}
