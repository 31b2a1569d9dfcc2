/**
 * Abacus inside a real store: WordPress 6.8.8 + WooCommerce 10.0.2 (HPOS, a seeded store, its
 * analytics tables filled), the plugin installed from its zip. In Chromium, logged in:
 * - every Abacus route loads the build/wp flavour with no page error, no console error from
 *   Abacus and no REST answer of 4xx/5xx; WordPress's menu highlights the current sub-page;
 * - the tiles equal WooCommerce's own REST answers for the same query, to the cent; a date preset,
 *   an advanced filter, paging, sorting, product search and comparison, and the CSV download agree
 *   with WooCommerce's server;
 * - the Overview shows the indicators and leaderboards WooCommerce allows;
 * - a saved view survives a reload and a new login; favourites live in abacus/v1;
 * - saving the analytics settings keeps WooCommerce's options as saved;
 * - a shop manager sees the pages, a subscriber is refused;
 * - deleting the plugin removes Abacus's data only;
 * - a de_DE translation reaches the entry and the lazily loaded chunks, with the store's euros;
 * - the abacus-* script handles are registered on every admin page, and the example extension
 *   (examples/report-extension) adds its column to the orders report and its filter to the
 *   products report.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	readdirSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

import {
	ADMIN,
	SHOP_MANAGER,
	SITE_TITLE,
	SUBSCRIBER,
	signInOnce,
	missingPrerequisite,
	pluginZip,
	startWordPress,
	type WordPressSite,
} from './harness.js';
import { lastJson } from './helpers.js';
import { buildReportExtension } from '../support/report-extension.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';

const root = path.resolve(__dirname, '../..');
const buildRoot = process.env.ABACUS_BUILD_ROOT
	? path.resolve(process.env.ABACUS_BUILD_ROOT)
	: path.join(root, 'build');
const missing = missingPrerequisite();
if (missing) console.warn(`Skipping the WordPress plugin test: ${missing}`);
const describeIfReady = missing ? describe.skip : describe;
const ARTIFACTS = path.join(root, 'test-results', 'wordpress');

/** Every Abacus screen: the reports, the dashboard, settings and the helper screens. */
const ROUTES = [
	'/analytics/overview',
	'/analytics/revenue',
	'/analytics/orders',
	'/analytics/products',
	'/analytics/variations',
	'/analytics/categories',
	'/analytics/profit',
	'/analytics/coupons',
	'/analytics/taxes',
	'/analytics/downloads',
	'/analytics/payment-methods',
	'/analytics/shipping-methods',
	'/analytics/origins',
	'/analytics/places',
	'/analytics/order-times',
	'/analytics/cohorts',
	'/analytics/stock',
	'/customers',
	'/analytics/settings',
	'/inbox',
	'/reviews',
	'/stock-update',
	'/payments',
	'/onboarding',
	'/settings/general',
];

function isoDay(date: Date): string {
	return date.toISOString().slice(0, 10);
}

/** The seeded orders' range: the last 95 days up to today. */
const today = new Date();
const AFTER = isoDay(new Date(today.getTime() - 95 * 86400000));
const BEFORE = isoDay(today);
const RANGE_QUERY = { period: 'custom', compare: 'previous_year', after: AFTER, before: BEFORE };
const REST_RANGE = { after: `${AFTER}T00:00:00`, before: `${BEFORE}T23:59:59` };
/** The same days a year before (the page's `compare=previous_year`). */
function yearBefore(day: string): string {
	const monthDay = day.slice(4) === '-02-29' ? '-02-28' : day.slice(4);
	return `${Number(day.slice(0, 4)) - 1}${monthDay}`;
}
const PREVIOUS_YEAR_RANGE = {
	after: `${yearBefore(AFTER)}T00:00:00`,
	before: `${yearBefore(BEFORE)}T23:59:59`,
};

function money(value: number): string {
	const abs = Math.abs(value).toLocaleString('en-US', {
		minimumFractionDigits: 2,
		maximumFractionDigits: 2,
	});
	return value < 0 ? `-$${abs}` : `$${abs}`;
}

interface Watch {
	pageErrors: string[];
	consoleErrors: string[];
	failedRest: string[];
}

describeIfReady('Abacus in WordPress 6.8 + WooCommerce 10', () => {
	let site: WordPressSite;
	let browser: Browser;
	let tmp: string;
	const timings: Record<string, number> = {};

	beforeAll(async () => {
		const t0 = Date.now();
		tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-zip-'));
		const zip = pluginZip(tmp);
		timings.zip = (Date.now() - t0) / 1000;
		site = await startWordPress(zip, {
			contentFiles: {
				...germanTranslation(tmp),
				...reportExtensionFiles(),
				'mu-plugins/abacus-test-exports.php': path.join(
					__dirname,
					'php/mu-plugin-exports.php',
				),
			},
		});
		Object.assign(timings, site.timings);
		browser = await chromium.launch({
			executablePath: CHROMIUM_PATH,
			args: CHROMIUM_ARGS,
		});
		mkdirSync(ARTIFACTS, { recursive: true });
	}, 600000);

	afterAll(async () => {
		await browser?.close();
		await site?.close();
		if (tmp) rmSync(tmp, { recursive: true, force: true });
		console.log(`WordPress step timings (s): ${JSON.stringify(timings)}`);
	});

	/** Each user through wp-login.php once, then with the cookies that login gave. */
	let signIn: ReturnType<typeof signInOnce> | undefined;

	/**
	 * The browser context of each user and width, kept from test to test: a page of a new context
	 * fetched and compiled every script of wp-admin again (its cache starts empty), about a second
	 * of Chromium's CPU more than a page of a context that has them. Each test still opens its
	 * own page (the app's session storage is the page's).
	 */
	const contexts = new Map<string, BrowserContext>();

	/**
	 * A new page of `width` signed in as `user`: in the kept context of that user and width
	 * (signed in through wp-login.php the first time), or with `fresh` in a new context signed in
	 * through the form again. The `context` it returns closes that page, or the new context.
	 */
	async function logIn(
		user: { user: string; password: string },
		width = 1440,
		options: { fresh?: boolean } = {},
	): Promise<{ context: Pick<BrowserContext, 'close'>; page: Page; watch: Watch }> {
		const key = `${user.user} ${width}`;
		const kept = options.fresh ? undefined : contexts.get(key);
		const context =
			kept ??
			(await browser.newContext({
				viewport: { width, height: 1000 },
				acceptDownloads: true,
			}));
		if (!kept && !options.fresh) {
			contexts.set(key, context);
			context.once('close', () => {
				if (contexts.get(key) === context) contexts.delete(key);
			});
		}
		const page = await context.newPage();
		const watch: Watch = { pageErrors: [], consoleErrors: [], failedRest: [] };
		page.on('pageerror', (error) => watch.pageErrors.push(error.message));
		page.on('console', (message) => {
			if (message.type() !== 'error') return;
			const where = message.location().url;
			if (where.includes('/plugins/abacus/') || /abacus/i.test(message.text())) {
				watch.consoleErrors.push(`${message.text()} (${where})`);
			}
		});
		page.on('response', (response) => {
			const url = response.url();
			if (
				(url.includes('/wp-json/') || url.includes('rest_route=')) &&
				response.status() >= 400
			) {
				watch.failedRest.push(`${response.status()} ${response.request().method()} ${url}`);
			}
		});
		if (!kept) {
			signIn ??= signInOnce(site.url);
			await signIn(page, user, options);
		}
		return { context: options.fresh ? context : { close: () => page.close() }, page, watch };
	}

	function adminUrl(appPath: string, query: Record<string, string> = {}): string {
		const params = new URLSearchParams({ page: 'abacus', path: appPath, ...query });
		return `${site.url}/wp-admin/admin.php?${params.toString()}`;
	}

	/** The REST nonce each page's user was given (WordPress's nonces last 12 hours and more). */
	const nonces = new WeakMap<Page, string>();

	/** WordPress's REST nonce for the logged-in user of `page` (admin-ajax's rest-nonce action). */
	async function restNonce(page: Page): Promise<string> {
		const known = nonces.get(page);
		if (known) return known;
		const response = await page.request.get(
			`${site.url}/wp-admin/admin-ajax.php?action=rest-nonce`,
		);
		const nonce = response.ok() ? (await response.text()).trim() : '';
		if (nonce) nonces.set(page, nonce);
		return nonce;
	}

	/** A REST GET as the logged-in user of `page` (cookie + the page's REST nonce). */
	async function rest<T>(
		page: Page,
		route: string,
		query: Record<string, string | number> = {},
	): Promise<T> {
		const nonce = await restNonce(page);
		const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
		const response = await page.request.get(`${site.url}/wp-json${route}?${params}`, {
			headers: { 'X-WP-Nonce': nonce },
		});
		if (!response.ok()) throw new Error(`${route} answered ${response.status()}`);
		return (await response.json()) as T;
	}

	/** Waits until the app has rendered and nothing is loading. */
	async function settled(page: Page): Promise<void> {
		await page.waitForFunction(
			() => (document.getElementById('root')?.children.length ?? 0) > 0,
			undefined,
			{ timeout: 30000 },
		);
		await page.waitForFunction(
			() =>
				!document.querySelector(
					'#root .abacus-summary .is-placeholder, #root table .is-placeholder:not(.abacus-product-image), #root .is-loading, #root .components-spinner',
				),
			undefined,
			{ timeout: 30000 },
		);
	}

	/** Summary tiles of the page: label → value text. */
	async function tiles(page: Page): Promise<Record<string, string>> {
		return page
			.locator('.abacus-summary__item')
			.evaluateAll((items) =>
				Object.fromEntries(
					items.map((item) => [
						item.querySelector('.abacus-summary__item-label')?.textContent?.trim() ??
							'',
						item.querySelector('.abacus-summary__item-value')?.textContent?.trim() ??
							'',
					]),
				),
			);
	}

	test('every Abacus route loads the wp flavour with no error and no failed REST call', async () => {
		const { context, page, watch } = await logIn(ADMIN);
		const notes: string[] = [];
		/** The chunk files each page fetched (by file name, whatever their query), and how often. */
		const chunkRequests = new Map<string, number>();
		const chunkFile = (url: string): string => new URL(url).pathname.replace(/^.*\//, '');
		page.on('request', (request) => {
			if (!request.url().includes('/plugins/abacus/build/wp/chunks/')) return;
			const file = chunkFile(request.url());
			chunkRequests.set(file, (chunkRequests.get(file) ?? 0) + 1);
		});
		for (const route of ROUTES) {
			chunkRequests.clear();
			await page.goto(adminUrl(route));
			try {
				await settled(page);
			} catch {
				notes.push(`${route}: still loading after 30 s`);
				await page.screenshot({
					path: path.join(ARTIFACTS, `loading${route.replace(/\//g, '-')}.png`),
				});
			}
			// Let late requests (lazy chunks, resolvers) finish.
			await page.waitForLoadState('networkidle');
			const scripts = await page
				.locator('script[src*="/plugins/abacus/"]')
				.evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).src));
			if (!scripts.some((src) => src.includes('/build/wp/index.js'))) {
				notes.push(`${route}: build/wp/index.js not loaded`);
			}
			// The app's first script (settings, stores, the first view's requests) is printed before
			// the components' script (Abacus's build of the @wordpress/components it uses), which
			// takes the longest of the page's scripts to run; WordPress's whole components script
			// is not loaded at all.
			const order = await page
				.locator('script[src]')
				.evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).src));
			const startAt = order.findIndex((src) => src.includes('/build/wp/start.js'));
			const componentsAt = order.findIndex((src) =>
				src.includes('/build/wp-packages/wp-components.js'),
			);
			if (startAt === -1 || componentsAt === -1 || startAt > componentsAt) {
				notes.push(
					`${route}: build/wp/start.js at ${startAt}, Abacus's components at ${componentsAt}`,
				);
			}
			const wordpressComponents = order.filter((src) =>
				/\/wp-includes\/js\/dist\/components(\.min)?\.js|load-scripts\.php\?[^#]*wp-components/.test(
					decodeURIComponent(src),
				),
			);
			if (wordpressComponents.length > 0) {
				notes.push(`${route}: WordPress's components script loaded`);
			}
			// Nor WordPress's date script, which carries every zone of the database (783 kB):
			// @wordpress/date comes from Abacus's build (abacus-wp-date).
			const wordpressDate = order.filter((src) =>
				/\/wp-includes\/js\/dist\/date(\.min)?\.js|load-scripts\.php\?[^#]*wp-date/.test(
					decodeURIComponent(src),
				),
			);
			if (wordpressDate.length > 0) notes.push(`${route}: WordPress's date script loaded`);
			if (!order.some((src) => src.includes('/build/wp-packages/wp-date.js'))) {
				notes.push(`${route}: build/wp-packages/wp-date.js not loaded`);
			}
			if (scripts.some((src) => src.includes('/build/standalone/'))) {
				notes.push(`${route}: standalone bundle loaded`);
			}
			// The page's own chunks are preloaded from its head, at the address the app then loads
			// them from: each chunk file is fetched once (a wrong address would fetch it twice).
			const preloaded = await page
				.locator('head link[rel="preload"][href*="/plugins/abacus/build/wp/chunks/"]')
				.evaluateAll((nodes) => nodes.map((n) => (n as HTMLLinkElement).href));
			const twice = [...chunkRequests.entries()].filter(([, count]) => count > 1);
			if (twice.length) notes.push(`${route}: chunks fetched twice: ${twice.join(' ')}`);
			const notFetched = preloaded.filter((href) => !chunkRequests.has(chunkFile(href)));
			if (notFetched.length)
				notes.push(`${route}: preloads not fetched: ${notFetched.join(' ')}`);
			if (
				route.startsWith('/analytics/') &&
				!preloaded.some((href) => href.endsWith('.js'))
			) {
				notes.push(`${route}: no chunk preloaded`);
			}
			// WordPress's emoji script is left out of Abacus's pages (plugin.php).
			if (await page.evaluate(() => '_wpemojiSettings' in window))
				notes.push(`${route}: WordPress's emoji script printed`);
			const alerts = await page.locator('#root [role="alert"]').allInnerTexts();
			if (alerts.some((text) => text.trim()))
				notes.push(`${route}: alert ${alerts.join(' | ')}`);
		}
		// React and @wordpress/* come from WordPress.
		const fromWordPress = await page
			.locator('script[src*="/wp-includes/js/dist/vendor/react"]')
			.count();
		expect(fromWordPress).toBeGreaterThan(0);
		expect(notes).toEqual([]);
		// Only Abacus's pages: WordPress's own pages keep their emoji script.
		await page.goto(`${site.url}/wp-admin/options-general.php`);
		expect(await page.evaluate(() => '_wpemojiSettings' in window)).toBe(true);
		expect(watch.pageErrors).toEqual([]);
		expect(watch.consoleErrors).toEqual([]);
		expect(watch.failedRest).toEqual([]);
		// And PHP logged no notice, warning or error from the plugin (WP_DEBUG_LOG is on).
		const log = path.join(site.root, 'debug.log');
		const fromAbacus = existsSync(log)
			? readFileSync(log, 'utf8')
					.split('\n')
					.filter((line) => line.includes('/plugins/abacus/'))
			: [];
		expect(fromAbacus).toEqual([]);
		await context.close();
		// 25 page loads in wp-admin: minutes on a busy two-core machine.
	}, 600000);

	test("WordPress's menu has one Abacus menu and highlights the current sub-page", async () => {
		const { context, page } = await logIn(ADMIN);
		await page.goto(adminUrl('/analytics/revenue'));
		const menu = page.locator('#toplevel_page_abacus');
		await expect(menu.locator('.wp-menu-name').innerText()).resolves.toBe('Abacus');
		const current = menu.locator('.wp-submenu li.current a');
		await expect(current.innerText()).resolves.toBe('Revenue');
		await expect(current.getAttribute('aria-current')).resolves.toBe('page');
		await page.goto(adminUrl('/analytics/stock'));
		await expect(
			page.locator('#toplevel_page_abacus .wp-submenu li.current a').innerText(),
		).resolves.toBe('Stock');
		// Changing page inside the app (no reload: an Overview tile's link) moves the highlight too.
		await page.goto(adminUrl('/analytics/overview', RANGE_QUERY));
		await settled(page);
		await page.evaluate(() => {
			(window as unknown as { abacusNoReload?: boolean }).abacusNoReload = true;
		});
		await page
			.locator('#root .abacus-summary a[href*="path=%2Fanalytics%2Frevenue"]:visible')
			.first()
			.click();
		await page.waitForURL(/path=%2Fanalytics%2Frevenue/);
		await expect(
			page.evaluate(
				() => (window as unknown as { abacusNoReload?: boolean }).abacusNoReload === true,
			),
		).resolves.toBe(true);
		await expect(
			page.locator('#toplevel_page_abacus .wp-submenu li.current a').innerText(),
		).resolves.toBe('Revenue');
		await page.goto(`${site.url}/wp-admin/admin.php?page=abacus`);
		await expect(
			page.locator('#toplevel_page_abacus .wp-submenu li.current a').innerText(),
		).resolves.toBe('Overview');
		// The app's page title names the site's store.
		const settings = await page.evaluate(
			() =>
				(window as unknown as { abacusSettings?: { siteTitle?: string } }).abacusSettings
					?.siteTitle,
		);
		expect(settings).toBe(SITE_TITLE);
		await context.close();
	});

	test('the tiles, chart legends and table rows of revenue, orders, products, categories, coupons and taxes equal WooCommerce’s own REST answers to the cent', async () => {
		const { context, page, watch } = await logIn(ADMIN);
		const statusLabels = JSON.parse(
			site.php('echo wp_json_encode( wc_get_order_statuses() );'),
		) as Record<string, string>;
		const problems: string[] = [];
		const compared: string[] = [];
		for (const check of reportChecks(statusLabels)) {
			const { report } = check;
			const [current, previous, expectedRows] = await Promise.all([
				rest<{ totals: Record<string, number> }>(
					page,
					`/wc-analytics/reports/${check.stats}/stats`,
					{
						...REST_RANGE,
						interval: 'day',
						per_page: 100,
					},
				),
				rest<{ totals: Record<string, number> }>(
					page,
					`/wc-analytics/reports/${check.stats}/stats`,
					{
						...PREVIOUS_YEAR_RANGE,
						interval: 'day',
						per_page: 100,
					},
				),
				check.table.byInterval
					? rest<{ intervals: WcRow[] }>(
							page,
							`/wc-analytics/reports/${check.table.endpoint}/stats`,
							{
								...REST_RANGE,
								...check.table.query,
								interval: 'day',
								per_page: 100,
							},
						).then((answer) => answer.intervals)
					: rest<WcRow[]>(page, `/wc-analytics/reports/${check.table.endpoint}`, {
							...REST_RANGE,
							...check.table.query,
							per_page: 100,
						}),
			]);
			await page.goto(adminUrl(`/analytics/${report}`, { ...RANGE_QUERY, per_page: '100' }));
			await settled(page);

			// The tiles: each the period's total.
			const shown = await tiles(page);
			for (const [label, key, format] of check.tiles) {
				if (!(label in shown)) {
					problems.push(`${report}: no "${label}" tile`);
					continue;
				}
				compared.push(`${report}/tile/${label}`);
				const expected = formatAs(format, current.totals[key]);
				if (shown[label] !== expected) {
					problems.push(
						`${report} tile "${label}": shows ${shown[label]}, WooCommerce says ${expected}`,
					);
				}
			}

			// The chart of each tile (a click on the tile, no reload): its legend totals are the
			// current period's and the previous year's totals.
			for (const [index, [label, key, format]] of check.tiles.entries()) {
				if (index > 0) {
					await page
						.locator('.abacus-summary__item')
						.filter({
							has: page.locator('.abacus-summary__item-label', {
								hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`),
							}),
						})
						.first()
						.click();
					await page.waitForURL(new RegExp(`chart=${key}`));
				}
				await page.waitForFunction(
					(title) =>
						document.querySelector('.abacus-chart__title')?.textContent === title &&
						document.querySelectorAll('.abacus-legend__item').length === 2,
					label,
					{ timeout: 30000 },
				);
				const legend = await page.locator('.abacus-legend__item').evaluateAll((items) =>
					items.map((item) => ({
						title:
							item.querySelector('.abacus-legend__title')?.textContent?.trim() ?? '',
						total:
							item.querySelector('.abacus-legend__total')?.textContent?.trim() ?? '',
					})),
				);
				// An average is written with two decimals on the chart (the tile rounds it).
				const legendFormat = format === 'average' ? 'average2' : format;
				const expected = [
					{ title: /^Custom \(/, total: formatAs(legendFormat, current.totals[key]) },
					{
						title: /^Previous Year \(/,
						total: formatAs(legendFormat, previous.totals[key]),
					},
				];
				compared.push(`${report}/chart/${label}`);
				expected.forEach((want, i) => {
					if (
						!want.title.test(legend[i]?.title ?? '') ||
						legend[i]?.total !== want.total
					) {
						problems.push(
							`${report} chart "${label}" legend ${i + 1}: ${legend[i]?.title} ${legend[i]?.total}, WooCommerce says ${want.total}`,
						);
					}
				});
			}

			// The table: every row, the compared columns' texts as WooCommerce's rows give them.
			const table = page.locator('#root table').last();
			const headers = (
				await table
					.locator('thead th')
					.evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()))
			).map((text) => text.replace(/[▼▲]?Sort by .*$/, '').trim());
			const rows = await tableRows(page);
			const indexes = check.table.columns.map(([header]) => headers.indexOf(header));
			check.table.columns.forEach(([header], i) => {
				if (indexes[i] < 0)
					problems.push(
						`${report} table: no "${header}" column in ${headers.join(' | ')}`,
					);
			});
			const shownRows = rows.map((row) => indexes.map((i) => row[i] ?? '').join(' | '));
			const wanted = expectedRows.map((row) =>
				check.table.columns.map(([, cell]) => cell(row)).join(' | '),
			);
			compared.push(`${report}/table/${wanted.length} rows`);
			if (rows.length !== expectedRows.length) {
				problems.push(
					`${report} table: ${rows.length} rows, WooCommerce answers ${expectedRows.length}`,
				);
			}
			const missing = [...wanted];
			for (const row of shownRows) {
				const at = missing.indexOf(row);
				if (at >= 0) missing.splice(at, 1);
				else problems.push(`${report} table row "${row}" is not among WooCommerce's rows`);
			}
			for (const row of missing)
				problems.push(`${report} table lacks WooCommerce's row "${row}"`);
		}
		console.log(`Compared with WooCommerce: ${compared.join(', ')}`);
		expect(problems).toEqual([]);
		expect(compared.filter((c) => c.includes('/table/')).length).toBe(6);
		expect(watch.pageErrors).toEqual([]);
		expect(watch.failedRest).toEqual([]);
		await context.close();
	}, 300000);

	test('customers and stock tables list what WooCommerce lists', async () => {
		const { context, page } = await logIn(ADMIN);
		const customers = await rest<Array<{ name: string }>>(
			page,
			'/wc-analytics/reports/customers',
			{ per_page: 100, orderby: 'date_last_active', order: 'desc' },
		);
		expect(customers.length).toBeGreaterThan(0);
		await page.goto(adminUrl('/customers'));
		await settled(page);
		const customerText = await page.locator('#root table').last().innerText();
		for (const customer of customers.slice(0, 5)) expect(customerText).toContain(customer.name);

		const stock = await rest<Array<{ name: string; stock_quantity: number | null }>>(
			page,
			'/wc-analytics/reports/stock',
			{ per_page: 100, type: 'all', orderby: 'stock_status', order: 'asc' },
		);
		await page.goto(adminUrl('/analytics/stock', { type: 'all' }));
		await settled(page);
		const stockText = await page.locator('#root table').last().innerText();
		for (const product of stock.slice(0, 8)) expect(stockText).toContain(product.name);
		await context.close();
	}, 120000);

	/** The rows of the page's last table, cell texts. */
	async function tableRows(page: Page): Promise<string[][]> {
		const table = page.locator('#root table').last();
		await table.waitFor({ state: 'visible', timeout: 30000 });
		await settled(page);
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

	test("filters, comparison, sorting, paging and CSV against WooCommerce's server", async () => {
		const { context, page, watch } = await logIn(ADMIN);
		const problems: string[] = [];

		// An advanced filter from the address: completed orders only.
		const completed = await rest<{ totals: Record<string, number> }>(
			page,
			'/wc-analytics/reports/orders/stats',
			{ ...REST_RANGE, interval: 'day', per_page: 100, status_is: 'completed' },
		);
		await page.goto(
			adminUrl('/analytics/orders', {
				...RANGE_QUERY,
				filter: 'advanced',
				status_is: 'completed',
			}),
		);
		await settled(page);
		const filtered = await tiles(page);
		if (filtered.Orders !== String(completed.totals.orders_count)) {
			problems.push(
				`completed orders: shows ${filtered.Orders}, WooCommerce says ${completed.totals.orders_count}`,
			);
		}
		if (filtered['Net sales'] !== money(completed.totals.net_revenue)) {
			problems.push(
				`completed net sales: shows ${filtered['Net sales']}, WooCommerce says ${money(completed.totals.net_revenue)}`,
			);
		}

		// A date preset from the picker: last month, compared with the previous period. Opened on
		// a preset: without one the page would take the custom range this tab last chose.
		await page.goto(adminUrl('/analytics/revenue', { period: 'month' }));
		await settled(page);
		await page.locator('.abacus-date-range-filter-picker__dropdown button').first().click();
		const picker = page.locator('.abacus-date-range-filter-picker__content');
		await picker.waitFor();
		await picker.getByLabel('Last Month').check();
		await picker.getByLabel('Previous Period').check();
		await picker.getByRole('button', { name: 'Update' }).click();
		await page.waitForURL(/period=last_month/);
		await settled(page);
		const firstOfLast = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
		const lastOfLast = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
		const lastMonthStats = await rest<{ totals: Record<string, number> }>(
			page,
			'/wc-analytics/reports/revenue/stats',
			{
				after: `${isoDay(firstOfLast)}T00:00:00`,
				before: `${isoDay(lastOfLast)}T23:59:59`,
				interval: 'day',
				per_page: 100,
			},
		);
		const lastMonthTiles = await tiles(page);
		if (lastMonthTiles['Net sales'] !== money(lastMonthStats.totals.net_revenue)) {
			problems.push(
				`last month net sales: shows ${lastMonthTiles['Net sales']}, WooCommerce says ${money(lastMonthStats.totals.net_revenue)}`,
			);
		}

		// Paging: the second page of the orders table is WooCommerce's second page.
		const pageTwo = await page.request.get(
			`${site.url}/wp-json/wc-analytics/reports/orders?${new URLSearchParams({
				...REST_RANGE,
				orderby: 'date',
				order: 'desc',
				per_page: '25',
				page: '2',
			})}`,
			{ headers: { 'X-WP-Nonce': await restNonce(page) } },
		);
		const secondOrders = (await pageTwo.json()) as Array<{ order_number: string }>;
		const total = Number(pageTwo.headers()['x-wp-total']);
		await page.goto(adminUrl('/analytics/orders', RANGE_QUERY));
		await tableRows(page);
		await page.getByRole('button', { name: /Next Page/i }).click();
		await page.waitForURL(/paged=2/);
		const shownSecond = await tableRows(page);
		if (shownSecond.length !== Math.min(25, total - 25)) {
			problems.push(
				`orders page 2: ${shownSecond.length} rows, WooCommerce has ${total - 25}`,
			);
		}
		if (!shownSecond[0]?.join(' ').includes(secondOrders[0]?.order_number)) {
			problems.push(
				`orders page 2 starts with ${shownSecond[0]?.join(' | ')}, WooCommerce with order ${secondOrders[0]?.order_number}`,
			);
		}

		// Sorting: products by net sales, highest first, as WooCommerce orders them.
		const byNet = await rest<Array<{ net_revenue: number; extended_info: { name: string } }>>(
			page,
			'/wc-analytics/reports/products',
			{
				...REST_RANGE,
				orderby: 'net_revenue',
				order: 'desc',
				per_page: 25,
				extended_info: 'true',
			},
		);
		await page.goto(
			adminUrl('/analytics/products', {
				...RANGE_QUERY,
				orderby: 'net_revenue',
				order: 'desc',
			}),
		);
		const productRows = await tableRows(page);
		byNet.forEach((product, index) => {
			const row = productRows[index]?.join(' | ') ?? '';
			if (
				!row.includes(product.extended_info.name) ||
				!row.includes(money(product.net_revenue))
			) {
				problems.push(
					`products row ${index + 1}: ${row}; WooCommerce: ${product.extended_info.name} ${money(product.net_revenue)}`,
				);
			}
		});

		// Comparison: two products found with the search box (WooCommerce's product search);
		// the table then lists exactly those two.
		await page.goto(
			adminUrl('/analytics/products', { ...RANGE_QUERY, filter: 'compare-products' }),
		);
		const card = page.locator('.abacus-compare-filter');
		await card.waitFor();
		const search = card.getByRole('combobox', { name: 'Search for products to compare' });
		for (const text of ['Hood', 'Post']) {
			await search.fill(text);
			const option = card.locator('[role="listbox"] [role="option"]').first();
			await option.waitFor({ timeout: 20000 });
			await option.click();
		}
		await card.getByRole('button', { name: 'Compare' }).click();
		await page.waitForURL(/products=\d+(%2C|,)\d+/);
		const compared = await tableRows(page);
		if (compared.length !== 2) problems.push(`comparison: ${compared.length} rows, not 2`);
		for (const name of ['Hoodie', 'Poster']) {
			if (!compared.some((row) => row.join(' ').includes(name))) {
				problems.push(`comparison lacks ${name}`);
			}
		}

		// CSV of the products table: one line per product WooCommerce reports.
		await page.goto(adminUrl('/analytics/products', { ...RANGE_QUERY, per_page: '100' }));
		await tableRows(page);
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			page.getByRole('button', { name: 'Download' }).click(),
		]);
		const csv = readFileSync((await download.path()) as string, 'utf8')
			.trim()
			.split('\n');
		if (csv.length - 1 !== byNet.length) {
			problems.push(`CSV: ${csv.length - 1} products, WooCommerce reports ${byNet.length}`);
		}
		for (const product of byNet) {
			if (!csv.some((line) => line.includes(product.extended_info.name))) {
				problems.push(`CSV lacks ${product.extended_info.name}`);
			}
		}

		expect(problems).toEqual([]);
		expect(watch.pageErrors).toEqual([]);
		expect(watch.failedRest).toEqual([]);
		await context.close();
	}, 240000);

	/** Runs WooCommerce's due report-export jobs, as WP-cron would; returns how many ran. */
	function runExportJobs(): number {
		return Number(
			site
				.php(
					`$hooks = array_values( Automattic\\WooCommerce\\Admin\\ReportExporter::get_scheduler_actions() );
$ran   = 0;
for ( $round = 0; $round < 10; $round++ ) {
	$due = array();
	foreach ( $hooks as $hook ) {
		$due = array_merge( $due, as_get_scheduled_actions( array( 'hook' => $hook, 'status' => ActionScheduler_Store::STATUS_PENDING, 'per_page' => 100 ), 'ids' ) );
	}
	if ( ! $due ) break;
	sort( $due );
	foreach ( $due as $id ) {
		ActionScheduler::runner()->process_action( $id, 'WP-cron (Abacus test)' );
		++$ran;
	}
}
echo $ran;`,
				)
				.trim(),
		);
	}

	test('whole-report export: started from the orders page, built by WooCommerce, downloaded and e-mailed with WooCommerce’s rows', async () => {
		const { context, page, watch } = await logIn(ADMIN);
		site.php("delete_option( 'abacus_test_mails' );");
		// Every order WooCommerce reports for the page's range (more than the table's 25 a page).
		const expected = await rest<
			Array<{ order_number: string; net_total: number; num_items_sold: number }>
		>(page, '/wc-analytics/reports/orders', {
			...REST_RANGE,
			orderby: 'date',
			order: 'desc',
			per_page: 100,
		});
		expect(expected.length).toBeGreaterThan(25);
		const wanted = expected
			.map(
				(row) =>
					`${row.order_number} | ${Number(row.net_total).toFixed(2)} | ${row.num_items_sold}`,
			)
			.sort();
		const rowsOf = (csv: string): string[] => {
			const [header, ...lines] = parseCsv(csv.replace(/^\uFEFF/, ''));
			const at = (name: string) => header.indexOf(name);
			expect(header).toEqual(expect.arrayContaining(['Order #', 'Net Sales', 'Items sold']));
			return lines
				.filter((line) => line.length > 1)
				.map(
					(line) =>
						`${line[at('Order #')]} | ${Number(line[at('Net Sales')]).toFixed(2)} | ${line[at('Items sold')]}`,
				)
				.sort();
		};

		const mailedLinks = (): Map<string, string> => {
			const mails = JSON.parse(
				site.php("echo wp_json_encode( get_option( 'abacus_test_mails', array() ) );"),
			) as Array<{ to: string | string[]; subject: string; message: string }>;
			const adminEmail = site.php("echo get_user_by( 'login', 'admin' )->user_email;").trim();
			const links = new Map<string, string>();
			for (const mail of mails) {
				const link = /href="([^"]*action=woocommerce_admin_download_report_csv[^"]*)"/.exec(
					mail.message,
				)?.[1];
				const id = /filename=wc-orders-report-export-(\w+)/.exec(link ?? '')?.[1];
				if (
					link &&
					id &&
					[mail.to].flat().includes(adminEmail) &&
					/Orders/i.test(mail.subject)
				) {
					links.set(id, link.replace(/&amp;/g, '&'));
				}
			}
			return links;
		};
		/** Clicks the orders table's Download; returns the export WooCommerce started. */
		const startExport = async (): Promise<string> => {
			await page.goto(adminUrl('/analytics/orders', RANGE_QUERY));
			await tableRows(page);
			const [started] = await Promise.all([
				page.waitForResponse(
					(response) =>
						response.request().method() === 'POST' &&
						/reports(\/|%2F)orders(\/|%2F)export/.test(response.url()),
				),
				page.getByRole('button', { name: 'Download' }).click(),
			]);
			const { export_id: exportId } = (await started.json()) as { export_id: string };
			expect(exportId).toMatch(/^\w+$/);
			// The page follows WooCommerce's export job: 0 % until WP-cron runs it.
			const progress = page.getByRole('group', { name: 'Preparing the Orders report file' });
			await progress.waitFor({ timeout: 30000 });
			await expect(
				progress.getByRole('progressbar').getAttribute('aria-valuenow'),
			).resolves.toBe('0');
			return exportId;
		};

		// 1. The user starts the export and leaves the page: the file comes by e-mail (the client
		// asks WooCommerce for it); its link, opened by the logged-in user, gives every order.
		const mailedId = await startExport();
		await page.goto(`${site.url}/wp-admin/index.php`);
		expect(runExportJobs()).toBeGreaterThanOrEqual(2);
		const link = mailedLinks().get(mailedId);
		expect(link).toBeDefined();
		const [emailed] = await Promise.all([
			page.waitForEvent('download', { timeout: 30000 }),
			page.goto(link ?? '').catch(() => null),
		]);
		expect(rowsOf(readFileSync((await emailed.path()) as string, 'utf8'))).toEqual(wanted);

		// 2. The user stays on the page: the file arrives by itself when WooCommerce has built it,
		// with every order of the report (not only the page's 25).
		const downloaded = page.waitForEvent('download', { timeout: 60000 });
		const pageId = await startExport();
		await page.screenshot({ path: path.join(ARTIFACTS, 'export-progress-1440.png') });
		expect(runExportJobs()).toBeGreaterThanOrEqual(2);
		const file = await downloaded;
		expect(rowsOf(readFileSync((await file.path()) as string, 'utf8'))).toEqual(wanted);
		await page.getByText('Your Orders report is ready.').first().waitFor({ timeout: 30000 });
		await page.screenshot({ path: path.join(ARTIFACTS, 'export-ready-1440.png') });
		// WooCommerce mailed this one's link too (it serves an export file once: after the page's
		// download the mailed link gives an empty file).
		expect(mailedLinks().has(pageId)).toBe(true);
		expect(watch.pageErrors).toEqual([]);
		expect(watch.failedRest).toEqual([]);
		await context.close();
	}, 180000);

	test('the Overview shows the indicators and leaderboards WooCommerce allows', async () => {
		const { context, page, watch } = await logIn(ADMIN);
		await page.goto(adminUrl('/analytics/overview', RANGE_QUERY));
		await settled(page);
		const [allowed, boards] = await Promise.all([
			rest<Array<{ stat: string; label: string }>>(
				page,
				'/wc-analytics/reports/performance-indicators/allowed',
			),
			rest<Array<{ id: string; label: string }>>(page, '/wc-analytics/leaderboards/allowed'),
		]);
		expect(allowed.length).toBeGreaterThanOrEqual(10);
		expect(boards.length).toBe(4);
		const text = await page.locator('#root').innerText();
		expect(text).not.toContain('No indicators are selected');
		expect(text).not.toContain('No leaderboards are available');
		const shownTiles = await tiles(page);
		expect(Object.keys(shownTiles).length).toBeGreaterThan(0);
		for (const label of Object.keys(shownTiles)) {
			expect(allowed.map((a) => a.label)).toContain(label);
		}
		for (const board of boards) expect(text).toContain(board.label);
		await page.screenshot({ path: path.join(ARTIFACTS, 'overview-1440.png'), fullPage: true });
		expect(watch.pageErrors).toEqual([]);
		expect(watch.failedRest).toEqual([]);
		await context.close();
	}, 120000);

	test("the Overview's allowed indicators and leaderboards are kept: later pages set up no REST server for them, an update asks again", () => {
		/** The settings a page embeds, built in a PHP run of its own, and whether it set up REST. */
		const build = (before = '') =>
			JSON.parse(
				site.php(`wp_set_current_user( get_user_by( 'login', 'admin' )->ID );
${before}
$settings = abacus_build_settings();
$rest     = did_action( 'rest_api_init' );
$route    = rest_do_request( new WP_REST_Request( 'GET', '/abacus/v1/favorites/me' ) );
echo wp_json_encode( array(
	'rest'      => $rest,
	'endpoints' => $settings['dataEndpoints'],
	'favorites' => $settings['preloadedRequests']['/abacus/v1/favorites/me']['body'],
	'route'     => $route->get_data(),
	'renews'    => has_action( 'upgrader_process_complete', 'abacus_renew_data_endpoints' ),
) );`),
			) as {
				rest: number;
				endpoints: {
					performanceIndicators: Array<{ stat: string }>;
					leaderboards: Array<{ id: string }>;
				};
				favorites: string[];
				route: string[];
				renews: number | false;
			};
		site.php(
			"update_user_meta( get_user_by( 'login', 'admin' )->ID, 'abacus_favorites', array( 'analytics-revenue' ) );",
		);
		try {
			// Asked of WooCommerce's REST API the first time (after an update, here).
			const first = build('abacus_renew_data_endpoints();');
			expect(first.rest).toBeGreaterThan(0);
			expect(first.endpoints.performanceIndicators.length).toBeGreaterThanOrEqual(10);
			expect(first.endpoints.leaderboards).toHaveLength(4);
			// The next pages: the same lists, and no REST server set up for the page.
			const later = build();
			expect(later.rest).toBe(0);
			expect(later.endpoints).toEqual(first.endpoints);
			// The favourites embedded are the route's answer.
			expect(later.favorites).toEqual(['analytics-revenue']);
			expect(later.route).toEqual(later.favorites);
			// A plugin, theme or translation update (WordPress's upgrader_process_complete): asked
			// again.
			expect(later.renews).not.toBe(false);
			expect(build('abacus_renew_data_endpoints();').rest).toBeGreaterThan(0);
		} finally {
			site.php(
				"delete_user_meta( get_user_by( 'login', 'admin' )->ID, 'abacus_favorites' );",
			);
		}
	});

	test('favourites are kept by the abacus/v1 route, which checks the nonce and the user', async () => {
		const { context, page } = await logIn(ADMIN);
		await page.goto(adminUrl('/analytics/overview'));
		const nonce = await restNonce(page);
		const route = `${site.url}/wp-json/abacus/v1/favorites/me`;
		const added = await page.request.post(route, {
			headers: { 'X-WP-Nonce': nonce },
			data: { item_id: 'payments' },
		});
		expect(added.status()).toBe(200);
		expect(await added.json()).toEqual(['payments']);
		// Without the nonce, the cookie alone is not enough.
		const noNonce = await page.request.post(route, { data: { item_id: 'reviews' } });
		expect(noNonce.status()).toBe(401);
		const bad = await page.request.post(route, {
			headers: { 'X-WP-Nonce': nonce },
			data: { item_id: '<script>' },
		});
		expect(bad.status()).toBe(400);
		// Abacus's own options: only its names, only valid values.
		const options = `${site.url}/wp-json/abacus/v1/options`;
		const saved = await page.request.post(options, {
			headers: { 'X-WP-Nonce': nonce },
			data: { abacus_payments_not_now: ['woocommerce-payments'] },
		});
		expect(await saved.json()).toEqual({ abacus_payments_not_now: ['woocommerce-payments'] });
		const foreign = await page.request.post(options, {
			headers: { 'X-WP-Nonce': nonce },
			data: { siteurl: 'http://elsewhere.example' },
		});
		expect(foreign.status()).toBe(400);
		expect((await foreign.json()).message).toContain('Unknown options: siteurl');
		const invalid = await page.request.post(options, {
			headers: { 'X-WP-Nonce': nonce },
			data: { abacus_payments_not_now: 'all' },
		});
		expect(invalid.status()).toBe(400);
		const readOptions = await page.request.get(`${options}?options=abacus_payments_not_now`, {
			headers: { 'X-WP-Nonce': nonce },
		});
		expect(await readOptions.json()).toEqual({
			abacus_payments_not_now: ['woocommerce-payments'],
		});
		site.php("delete_option( 'abacus_payments_not_now' );");
		const read = await page.request.get(route, { headers: { 'X-WP-Nonce': nonce } });
		expect(await read.json()).toEqual(['payments']);
		const removed = await page.request.delete(`${route}?item_id=payments`, {
			headers: { 'X-WP-Nonce': nonce },
		});
		expect(await removed.json()).toEqual([]);
		await context.close();

		const subscriber = await logIn(SUBSCRIBER);
		const refused = await subscriber.page.request.get(route, {
			headers: { 'X-WP-Nonce': await restNonce(subscriber.page) },
		});
		expect(refused.status()).toBe(403);
		const refusedOptions = await subscriber.page.request.get(
			`${site.url}/wp-json/abacus/v1/options?options=abacus_payments_not_now`,
			{ headers: { 'X-WP-Nonce': await restNonce(subscriber.page) } },
		);
		expect(refusedOptions.status()).toBe(403);
		await subscriber.context.close();
	});

	test('the forecast reads its history in one request to abacus/v1/forecast/history, whose days are WooCommerce’s revenue stats by day', async () => {
		const { context, page, watch } = await logIn(ADMIN);
		const asked: string[] = [];
		page.on('request', (request) => {
			if (/forecast(\/|%2F)history|revenue(\/|%2F)stats/.test(request.url())) {
				asked.push(request.url());
			}
		});
		// The Revenue report for the month to date (the store's default range) in a new tab: the
		// forecast under the tiles, computed by the page on WooCommerce's figures.
		await page.goto(adminUrl('/analytics/revenue'));
		await settled(page);
		const forecast = page.getByRole('region', { name: 'Forecast' });
		await forecast.waitFor();
		await page.waitForFunction(
			() => !document.querySelector('.abacus-forecast__line.is-loading'),
			undefined,
			{ timeout: 30000 },
		);
		const lines = (await forecast.locator('li').allInnerTexts()).map((text) => text.trim());
		expect(lines).toHaveLength(2);
		for (const line of lines) {
			expect(line).toMatch(
				/^(Total|Net) sales( by [A-Z][a-z]+ \d{1,2}, \d{4} -?\$[\d,]+\.\d{2} \(80 % likely between -?\$[\d,]+\.\d{2} and -?\$[\d,]+\.\d{2}\)|: not enough history to forecast this period\.)$/,
			);
		}
		const history = asked.filter((url) => /forecast(\/|%2F)history/.test(url));
		expect(history).toHaveLength(1);
		const query = new URL(history[0]).searchParams;
		const today = query.get('today') ?? '';
		expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
		expect(query.get('days')).toBe('800');
		// The page's other revenue stats are its chart's: this month and the same month a year
		// before (no pieces of the history).
		const stats = asked.filter((url) => /revenue(\/|%2F)stats/.test(url));
		expect(stats.length).toBeGreaterThan(0);
		const monthStart = `${today.slice(0, 8)}01`;
		for (const url of stats) {
			expect([monthStart, yearBefore(monthStart)]).toContain(
				(new URL(url).searchParams.get('after') ?? '').slice(0, 10),
			);
		}

		// The route's days are WooCommerce's own: its revenue stats by day, asked 100 days at a
		// time for the forecast's three figures, day by day and to the cent.
		interface History {
			first_day: string;
			days: number;
			values: Record<'total_sales' | 'orders_count' | 'net_revenue', number[]>;
		}
		const answer = await rest<History>(page, '/abacus/v1/forecast/history', {
			today,
			days: 800,
		});
		const first = Date.parse(`${today}T00:00:00Z`) / 86400000 - 800;
		const dayOf = (n: number) => new Date(n * 86400000).toISOString().slice(0, 10);
		expect(answer.first_day).toBe(dayOf(first));
		expect(answer.days).toBe(800);
		const metrics = ['total_sales', 'orders_count', 'net_revenue'] as const;
		const expected = Object.fromEntries(
			metrics.map((metric) => [metric, new Array<number>(800).fill(0)]),
		) as History['values'];
		for (let from = 0; from < 800; from += 100) {
			const part = await rest<{
				intervals: Array<{ interval: string; subtotals: Record<string, number> }>;
			}>(page, '/wc-analytics/reports/revenue/stats', {
				interval: 'day',
				order: 'asc',
				per_page: 100,
				after: `${dayOf(first + from)}T00:00:00`,
				before: `${dayOf(first + from + 99)}T23:59:59`,
				'fields[0]': 'total_sales',
				'fields[1]': 'orders_count',
				'fields[2]': 'net_revenue',
			});
			expect(part.intervals).toHaveLength(100);
			for (const interval of part.intervals) {
				const index = Date.parse(`${interval.interval}T00:00:00Z`) / 86400000 - first;
				for (const metric of metrics) expected[metric][index] = interval.subtotals[metric];
			}
		}
		expect(answer.values).toEqual(expected);
		// The store sold on some of those days.
		expect(answer.values.orders_count.some((count) => count > 0)).toBe(true);
		// Fewer days: the last ones, the same figures.
		const week = await rest<History>(page, '/abacus/v1/forecast/history', { today, days: 7 });
		expect(week.first_day).toBe(dayOf(first + 793));
		for (const metric of metrics) {
			expect(week.values[metric]).toEqual(answer.values[metric].slice(793));
		}

		// Parameters within bounds, with errors that say what is wrong.
		const nonce = await restNonce(page);
		const route = `${site.url}/wp-json/abacus/v1/forecast/history`;
		for (const [search, message] of [
			['', 'today'],
			['today=2026-02-30', 'today must be a date written YYYY-MM-DD'],
			['today=30.11.2026', 'today must be a date written YYYY-MM-DD'],
			[`today=${today}&days=801`, 'days must be a whole number from 1 to 800'],
			[`today=${today}&days=0`, 'days must be a whole number from 1 to 800'],
			[`today=${today}&days=7.5`, 'days must be a whole number from 1 to 800'],
		]) {
			const refused = await page.request.get(`${route}?${search}`, {
				headers: { 'X-WP-Nonce': nonce },
			});
			expect([search, refused.status()]).toEqual([search, 400]);
			expect(JSON.stringify(await refused.json())).toContain(message);
		}
		// Without the nonce the cookie alone is not enough; a subscriber may not read it.
		const noNonce = await page.request.get(`${route}?today=${today}`);
		expect(noNonce.status()).toBe(401);
		expect(watch.pageErrors).toEqual([]);
		expect(watch.failedRest).toEqual([]);
		await context.close();
		const subscriber = await logIn(SUBSCRIBER);
		const refused = await subscriber.page.request.get(`${route}?today=${today}`, {
			headers: { 'X-WP-Nonce': await restNonce(subscriber.page) },
		});
		expect(refused.status()).toBe(403);
		await subscriber.context.close();
	}, 120000);

	test("the store pages are in WordPress's Abacus menu, which opens and highlights them", async () => {
		const { context, page, watch } = await logIn(ADMIN);
		await page.goto(adminUrl('/analytics/overview'));
		await settled(page);
		const submenu = page.locator('#toplevel_page_abacus .wp-submenu');
		for (const [label, heading] of [
			['Inbox', 'Inbox'],
			['Reviews', 'Reviews'],
			['Stock update', 'Stock'],
			['Payments', 'Payments'],
			['Store profile', 'Store profile'],
			['Store settings', 'Settings'],
		]) {
			await submenu.getByRole('link', { name: label, exact: true }).click();
			await settled(page);
			await expect(submenu.locator('li.current a').innerText()).resolves.toBe(label);
			await page
				.locator('#root')
				.getByText(heading, { exact: true })
				.first()
				.waitFor({ timeout: 30000 });
		}
		// No second menu inside wp-admin: the app has no navigation of its own there.
		await expect(
			page.locator('#root').getByRole('navigation', { name: 'Menu' }).count(),
		).resolves.toBe(0);
		expect(watch.failedRest).toEqual([]);
		expect(watch.pageErrors).toEqual([]);
		await context.close();
	}, 180000);

	test('a saved view survives a reload and a new login', async () => {
		const first = await logIn(ADMIN);
		await first.page.goto(adminUrl('/analytics/orders', RANGE_QUERY));
		await settled(first.page);
		const saves: string[] = [];
		first.page.on('response', async (response) => {
			if (response.request().method() === 'POST' && response.url().includes('users/me')) {
				saves.push(`${response.status()} ${await response.text().catch(() => '')}`);
			}
		});
		await first.page.getByRole('button', { name: 'Save view' }).click();
		const name = `Quarter orders ${Date.now()}`;
		const field = first.page
			.getByRole('dialog', { name: 'Save view' })
			.getByRole('textbox', { name: 'Name' });
		await field.fill(name);
		await field.press('Enter');
		await first.page
			.getByText(`View “${name}” saved.`, { exact: false })
			.first()
			.waitFor({ timeout: 20000 });
		// Stored as WooCommerce user data, which the plugin allows.
		const stored = site.php(
			"echo get_user_meta( get_user_by( 'login', 'admin' )->ID, 'woocommerce_admin_abacus_saved_views', true );",
		);
		expect({ stored: stored.includes(name), saves }).toMatchObject({ stored: true });
		await first.page.reload();
		await settled(first.page);
		await expect(first.page.getByText(name).count()).resolves.toBeGreaterThan(0);
		await first.context.close();
		const second = await logIn(ADMIN, 1440, { fresh: true });
		await second.page.goto(adminUrl('/analytics/revenue'));
		await settled(second.page);
		await expect(second.page.getByText(name).count()).resolves.toBeGreaterThan(0);
		expect(second.watch.failedRest).toEqual([]);
		await second.context.close();
	}, 120000);

	test("saving the analytics settings keeps WooCommerce's options as saved", async () => {
		const readOptions = () =>
			JSON.parse(
				site.php(
					"echo wp_json_encode( array( 'excluded' => get_option( 'woocommerce_excluded_report_order_statuses' ), 'actionable' => get_option( 'woocommerce_actionable_order_statuses' ), 'range' => get_option( 'woocommerce_default_date_range' ), 'dateType' => get_option( 'woocommerce_date_type' ) ) );",
				),
			) as {
				excluded: string[] | false;
				actionable: string[] | false;
				range: string | false;
				dateType: string | false;
			};
		const before = readOptions();
		const { context, page, watch } = await logIn(ADMIN);
		await page.goto(adminUrl('/analytics/settings'));
		await settled(page);
		const saves: string[] = [];
		page.on('request', (request) => {
			if (
				request.method() === 'POST' &&
				/options|settings/.test(request.url()) &&
				request.url().includes('json')
			) {
				saves.push(request.postData() ?? '');
			}
		});
		// Tick one more excluded status (On hold) and save.
		const onHold = page
			.locator('fieldset')
			.filter({ has: page.locator('legend', { hasText: 'Excluded statuses' }) })
			.getByLabel('On hold');
		await onHold.first().check();
		await page.getByRole('button', { name: 'Save settings' }).click();
		await page
			.getByText('Your settings have been successfully saved.')
			.first()
			.waitFor({ timeout: 20000 });
		await page.screenshot({ path: path.join(ARTIFACTS, 'settings-saved.png'), fullPage: true });
		const after = readOptions();
		// WooCommerce's default when the option was never saved.
		const excludedBefore = before.excluded || ['pending', 'cancelled', 'failed'];
		expect(after.excluded && [...after.excluded].sort()).toEqual(
			[...excludedBefore, 'on-hold'].sort(),
		);
		// The options the user did not change are as they were (not even written).
		expect(after.actionable).toEqual(before.actionable);
		expect(after.range).toEqual(before.range);
		expect(after.dateType).toEqual(before.dateType);
		// Only the changed option went to the server.
		expect(saves.length).toBeGreaterThan(0);
		for (const body of saves) {
			expect(body).not.toContain('woocommerce_actionable_order_statuses');
			expect(body).not.toContain('woocommerce_default_date_range');
		}
		// The settings screen reads back what was saved; WooCommerce's REST answers the same.
		await page.reload();
		await settled(page);
		await expect(onHold.first().isChecked()).resolves.toBe(true);
		const excluded = await rest<{ value: string[] }>(
			page,
			'/wc-analytics/settings/wc_admin/woocommerce_excluded_report_order_statuses',
		);
		expect([...excluded.value].sort()).toEqual([...excludedBefore, 'on-hold'].sort());
		// Put WooCommerce's default back for the other tests.
		site.php("delete_option( 'woocommerce_excluded_report_order_statuses' );");
		expect(watch.failedRest).toEqual([]);
		await context.close();
	}, 120000);

	test('a shop manager sees the pages and a subscriber is refused', async () => {
		const manager = await logIn(SHOP_MANAGER);
		await manager.page.goto(adminUrl('/analytics/revenue', RANGE_QUERY));
		await settled(manager.page);
		expect(Object.keys(await tiles(manager.page)).length).toBeGreaterThan(0);
		// A shop manager may change the analytics settings (WooCommerce's settings group).
		await manager.page.goto(adminUrl('/analytics/settings'));
		await settled(manager.page);
		await manager.page
			.locator('fieldset')
			.filter({ has: manager.page.locator('legend', { hasText: 'Actionable statuses' }) })
			.getByLabel('Completed')
			.first()
			.check();
		await manager.page.getByRole('button', { name: 'Save settings' }).click();
		await manager.page
			.getByText('Your settings have been successfully saved.')
			.first()
			.waitFor({ timeout: 20000 });
		expect(
			JSON.parse(
				site.php(
					"echo wp_json_encode( get_option( 'woocommerce_actionable_order_statuses' ) ); delete_option( 'woocommerce_actionable_order_statuses' );",
				),
			),
		).toEqual(['processing', 'on-hold', 'completed']);
		expect(manager.watch.failedRest).toEqual([]);
		expect(manager.watch.pageErrors).toEqual([]);
		await manager.context.close();

		const reader = await logIn(SUBSCRIBER);
		const response = await reader.page.goto(adminUrl('/analytics/revenue'));
		expect(response?.status()).toBe(403);
		expect(await reader.page.locator('#root').count()).toBe(0);
		await reader.context.close();
	});

	describe('the abacus-* script handles and the example extension', () => {
		const EXTENSION = 'abacus-report-extension/report-extension.php';

		/** Every console error and every 4xx/5xx answer of a page (the extension's included). */
		function watchAll(page: Page): { consoleErrors: string[]; failed: string[] } {
			const found = { consoleErrors: [] as string[], failed: [] as string[] };
			page.on('console', (message) => {
				const where = message.location().url;
				// WordPress's avatars come from gravatar.com, which this offline machine cannot reach.
				const offline =
					message.text().includes('net::ERR_NAME_NOT_RESOLVED') &&
					!where.startsWith(site.url);
				if (message.type() === 'error' && !offline) {
					found.consoleErrors.push(`${message.text()} (${where})`);
				}
			});
			page.on('pageerror', (error) => found.consoleErrors.push(error.message));
			page.on('response', (response) => {
				if (response.status() >= 400) {
					found.failed.push(
						`${response.status()} ${response.request().method()} ${response.url()}`,
					);
				}
			});
			return found;
		}

		beforeAll(() => {
			const activated = site.php(
				`require_once ABSPATH . 'wp-admin/includes/plugin.php';
$result = activate_plugin( '${EXTENSION}' );
echo is_wp_error( $result ) ? $result->get_error_message() : 'active';`,
			);
			expect(activated.trim()).toBe('active');
		});

		afterAll(() => {
			site.php(
				`require_once ABSPATH . 'wp-admin/includes/plugin.php';
deactivate_plugins( '${EXTENSION}' );`,
			);
		});

		test('every admin page registers the abacus-* handles, with their translations and style', () => {
			const { hooked, handles: registered } = JSON.parse(
				site
					.php(
						`wp_set_current_user( 1 );
// Hooked on every admin page (no page condition), as WordPress runs it on admin_enqueue_scripts.
$hooked = has_action( 'admin_enqueue_scripts', 'abacus_register_package_scripts' );
abacus_register_package_scripts();
$found = array();
foreach ( array( 'abacus-settings', 'abacus-metrics', 'abacus-date', 'abacus-navigation', 'abacus-currency', 'abacus-number', 'abacus-csv-export', 'abacus-data', 'abacus-components' ) as $handle ) {
	$script           = wp_scripts()->query( $handle, 'registered' );
	$found[ $handle ] = $script ? array(
		'src'          => $script->src,
		'dependencies' => $script->deps,
		'textdomain'   => $script->textdomain,
	) : null;
}
$style = wp_styles()->query( 'abacus-components', 'registered' );
$found['style'] = $style ? array( 'src' => $style->src, 'rtl' => $style->extra['rtl'] ?? null ) : null;
echo wp_json_encode( array( 'hooked' => $hooked, 'handles' => $found ) );`,
					)
					.trim(),
			) as {
				hooked: number | false;
				handles: Record<
					string,
					{
						src: string;
						dependencies: string[];
						textdomain?: string;
						rtl?: string;
					} | null
				>;
			};
			expect(hooked).toBe(5);
			const packages = [
				'settings',
				'metrics',
				'date',
				'navigation',
				'currency',
				'number',
				'csv-export',
				'data',
				'components',
			];
			for (const name of packages) {
				const script = registered[`abacus-${name}`];
				expect(script?.src).toBe(
					`${site.url}/wp-content/plugins/abacus/build/wp-packages/${name}.js`,
				);
				expect(script?.textdomain).toBe('abacus');
			}
			expect(registered['abacus-data']?.dependencies).toEqual(
				expect.arrayContaining(['abacus-date', 'abacus-navigation', 'wp-data']),
			);
			expect(registered.style?.src).toBe(
				`${site.url}/wp-content/plugins/abacus/build/wp-packages/components.css`,
			);
			expect(registered.style?.rtl).toBe('replace');
			// The zip ships each script, its .asset.php and the style sheets (RTL too).
			const shipped = readdirSync(
				path.join(site.root, 'wp-content/plugins/abacus/build/wp-packages'),
			);
			for (const name of packages) {
				expect(shipped).toEqual(
					expect.arrayContaining([`${name}.js`, `${name}.asset.php`]),
				);
			}
			expect(shipped).toEqual(
				expect.arrayContaining(['components.css', 'components-rtl.css']),
			);
		});

		test('the POT maps the packages’ strings to their abacus-* scripts', () => {
			const pot = readFileSync(path.join(root, 'languages/abacus.pot'), 'utf8');
			const scripts = new Set([...potReferences(pot).values()].flat());
			for (const name of ['components', 'date', 'data', 'metrics']) {
				expect(scripts).toContain(`build/wp-packages/${name}.js`);
			}
		});

		/** A de_DE JSON translation of one script's strings, as WordPress's `make-json` writes it. */
		function writeScriptTranslation(
			file: string,
			domain: string,
			strings: Record<string, string>,
		): void {
			mkdirSync(path.dirname(file), { recursive: true });
			writeFileSync(
				file,
				JSON.stringify({
					domain,
					locale_data: {
						[domain]: {
							'': { domain, lang: 'de_DE' },
							...Object.fromEntries(
								Object.entries(strings).map(([key, value]) => [key, [value]]),
							),
						},
					},
				}),
			);
		}

		test('a de_DE JSON translation of build/wp-packages/components.js reaches the abacus-components handle', () => {
			const script = 'build/wp-packages/components.js';
			const md5 = createHash('md5').update(script).digest('hex');
			const file = path.join(
				site.root,
				`wp-content/languages/plugins/abacus-de_DE-${md5}.json`,
			);
			writeScriptTranslation(file, 'abacus', { Retry: 'Erneut versuchen' });
			try {
				const json = site.php(
					`add_filter( 'determine_locale', function () { return 'de_DE'; } );
abacus_register_package_scripts();
echo (string) load_script_textdomain( 'abacus-components', 'abacus', plugin_dir_path( ABACUS_PLUGIN_FILE ) . 'languages' );`,
				);
				expect(json).toContain('Erneut versuchen');
			} finally {
				rmSync(file, { force: true });
			}
		});

		test("WordPress's de_DE translation of its components script reaches abacus-wp-components, the components Abacus loads instead", () => {
			// As WordPress names the JSON of a core script's strings (text domain default).
			const md5 = createHash('md5').update('wp-includes/js/dist/components.js').digest('hex');
			const file = path.join(site.root, `wp-content/languages/de_DE-${md5}.json`);
			writeScriptTranslation(file, 'messages', { Close: 'Schließen' });
			try {
				const printed = site.php(
					`add_filter( 'determine_locale', function () { return 'de_DE'; } );
abacus_register_package_scripts();
abacus_wp_components_translations( array( 'abacus-wp-components' ) );
echo implode( "\n", (array) wp_scripts()->get_data( 'abacus-wp-components', 'before' ) );`,
				);
				expect(printed).toContain('Schließen');
				expect(printed).toContain('wp.i18n.setLocaleData');
				expect(printed).toContain('"default"');
				// A page that does not print the script does not read the translations.
				const elsewhere = site.php(
					`add_filter( 'determine_locale', function () { return 'de_DE'; } );
abacus_register_package_scripts();
abacus_wp_components_translations( array( 'jquery' ) );
echo implode( "\n", (array) wp_scripts()->get_data( 'abacus-wp-components', 'before' ) );`,
				);
				expect(elsewhere.trim()).toBe('');
			} finally {
				rmSync(file, { force: true });
			}
			// Without a translation nothing is printed before the script.
			const english = site.php(
				`abacus_register_package_scripts();
abacus_wp_components_translations( array( 'abacus-wp-components' ) );
echo implode( "\n", (array) wp_scripts()->get_data( 'abacus-wp-components', 'before' ) );`,
			);
			expect(english.trim()).toBe('');
		});

		test('abacus-wp-date gets the same date settings as WordPress gives its own date script, only on pages that print it', () => {
			// A zone with daylight saving time and a week starting on Monday, without writing them.
			const filters = `add_filter( 'pre_option_timezone_string', function () { return 'America/New_York'; } );
add_filter( 'pre_option_start_of_week', function () { return '1'; } );
add_filter( 'pre_option_time_format', function () { return 'H:i'; } );
// WordPress's scripts registered again, with these options.
$GLOBALS['wp_scripts'] = null;`;
			const printed = lastJson<{ ours: string[]; wordpress: string[]; elsewhere: string[] }>(
				site.php(`${filters}
abacus_register_package_scripts();
abacus_wp_date_settings_inline( array( 'jquery' ) );
$elsewhere = (array) wp_scripts()->get_data( 'abacus-wp-date', 'after' );
abacus_wp_date_settings_inline( array( 'abacus-wp-date' ) );
echo "\n", wp_json_encode( array( 'ours' => array_values( array_filter( (array) wp_scripts()->get_data( 'abacus-wp-date', 'after' ) ) ), 'wordpress' => array_values( array_filter( (array) wp_scripts()->get_data( 'wp-date', 'after' ) ) ), 'elsewhere' => array_values( array_filter( $elsewhere ) ) ) ), "\n";`),
			);
			expect(printed.elsewhere).toEqual([]);
			const settings = (scripts: string[], call: string): Record<string, unknown> => {
				const script = scripts.find((text) => text.includes(call)) ?? '';
				const json = /setSettings\(\s*(\{[\s\S]*\})\s*\);?\s*$/.exec(script)?.[1];
				if (!json) throw new Error(`no ${call} in ${JSON.stringify(scripts)}`);
				return JSON.parse(json) as Record<string, unknown>;
			};
			const ours = settings(printed.ours, 'abacus.wpDate.setSettings');
			const wordpress = settings(printed.wordpress, 'wp.date.setSettings');
			expect(ours).toEqual(wordpress);
			expect(ours).toMatchObject({
				l10n: { startOfWeek: 1 },
				formats: { time: 'H:i' },
				timezone: { string: 'America/New_York' },
			});
		});

		test('the orders report shows the extension’s Average item value column with each order’s value', async () => {
			const { context, page } = await logIn(ADMIN);
			const all = watchAll(page);
			const orders = (await (
				await page.request.get(
					`${site.url}/wp-json/wc-analytics/reports/orders?${new URLSearchParams({
						...REST_RANGE,
						orderby: 'date',
						order: 'desc',
						per_page: '25',
					})}`,
					{ headers: { 'X-WP-Nonce': await restNonce(page) } },
				)
			).json()) as Array<{ order_number: string; net_total: number; num_items_sold: number }>;
			await page.goto(adminUrl('/analytics/orders', RANGE_QUERY));
			const rows = await tableRows(page);
			const headers = await page
				.locator('#root table')
				.last()
				.locator('thead th')
				.evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()));
			const column = headers.findIndex((text) => text.includes('Average item value'));
			const orderColumn = headers.findIndex((text) => /^Order #/.test(text));
			expect(column).toBeGreaterThan(0);
			expect(orderColumn).toBeGreaterThanOrEqual(0);
			expect(rows.length).toBe(Math.min(25, orders.length));
			const mismatches: string[] = [];
			// The table lists WooCommerce's rows in its order (a refund is a row of its own, with
			// its parent's order number and no items sold).
			rows.forEach((row, index) => {
				const order = orders[index];
				const items = Number(order?.num_items_sold) || 0;
				const value =
					items > 0 ? Math.round((Number(order?.net_total) / items) * 100) / 100 : 0;
				if (
					row[orderColumn] !== String(order?.order_number) ||
					row[column] !== money(value)
				) {
					mismatches.push(
						`row ${index + 1}: order ${row[orderColumn]} shows ${row[column]}, WooCommerce has order ${order?.order_number}: ${money(value)}`,
					);
				}
			});
			expect(mismatches).toEqual([]);
			// The extension's script came with the abacus-* handles it depends on, from the zip.
			const sources = await page
				.locator('script[src]')
				.evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).src));
			for (const file of [
				'/plugins/abacus/build/wp-packages/settings.js',
				'/plugins/abacus/build/wp-packages/currency.js',
				'/plugins/abacus/build/wp-packages/data.js',
				'/plugins/abacus/build/wp/index.js',
				'/plugins/abacus-report-extension/build/index.js',
			]) {
				expect(sources.some((src) => src.includes(file))).toBe(true);
			}
			// One copy of the stores: the app and the extension both take @abacus/data from the
			// abacus-data script, so of all the plugins' scripts the page loaded only that one
			// defines the abacus/reports store (a second copy would also log 'already registered').
			const pluginScripts = sources.filter((url) =>
				url.startsWith(`${site.url}/wp-content/plugins/`),
			);
			const bodies = await Promise.all(
				pluginScripts.map(async (src) =>
					(await page.request.get(src, { timeout: 30000 })).text(),
				),
			);
			const definers = pluginScripts
				.filter((_, index) => bodies[index].includes('abacus/reports'))
				.map((src) => new URL(src).pathname);
			expect(definers).toEqual(['/wp-content/plugins/abacus/build/wp-packages/data.js']);
			// What an extension's select( 'abacus/reports' ) sees (through window.abacus.data, as its
			// build reads @abacus/data) is what the page loaded: the orders of the table.
			const seen = await page.evaluate(() => {
				type Selectors = Record<string, (...args: unknown[]) => unknown>;
				const w = window as unknown as {
					abacus: { data: { REPORTS_STORE_NAME: string } };
					wp: { data: { select: (name: string) => Selectors } };
				};
				const name = w.abacus.data.REPORTS_STORE_NAME;
				const reports = w.wp.data.select(name);
				const cached = (
					reports.getCachedResolvers() as Record<
						string,
						| {
								forEach: (
									visit: (value: { status?: string }, args: unknown) => void,
								) => void;
						  }
						| undefined
					>
				).getReportItems;
				// The resolved queries first: a selector called inside forEach may add entries.
				const queries: unknown[][] = [];
				cached?.forEach((value, args) => {
					if (
						Array.isArray(args) &&
						args[0] === 'orders' &&
						value?.status === 'finished'
					) {
						queries.push(args);
					}
				});
				const lists = queries.map((args) => {
					const result = reports.getReportItems.apply(null, args) as {
						data?: Array<{ order_number?: unknown }>;
					};
					return (result.data ?? []).map((row) => String(row.order_number));
				});
				return { name, lists };
			});
			expect(seen.name).toBe('abacus/reports');
			expect(seen.lists).toContainEqual(rows.map((row) => row[orderColumn]));
			// The table with the extension's column, in the 1440 px window.
			const table = page.locator('#root table').last();
			await table.scrollIntoViewIfNeeded();
			await page.screenshot({ path: path.join(ARTIFACTS, 'extension-orders-1440.png') });
			await page.waitForLoadState('networkidle');
			expect(all.consoleErrors).toEqual([]);
			expect(all.failed).toEqual([]);
			await context.close();
		}, 180000);

		test('the CSV the browser makes of the orders table holds the extension’s column', async () => {
			const { context, page } = await logIn(ADMIN);
			const all = watchAll(page);
			// A range whose orders fit in one page of 100: the browser makes the file.
			let range = { ...RANGE_QUERY };
			let restRange = { ...REST_RANGE };
			for (const days of [95, 30, 7, 1]) {
				const after = isoDay(new Date(today.getTime() - (days - 1) * 86400000));
				range = { ...RANGE_QUERY, after };
				restRange = { ...REST_RANGE, after: `${after}T00:00:00` };
				const answer = await page.request.get(
					`${site.url}/wp-json/wc-analytics/reports/orders?${new URLSearchParams({
						...restRange,
						per_page: '1',
					})}`,
					{ headers: { 'X-WP-Nonce': await restNonce(page) } },
				);
				if (Number(answer.headers()['x-wp-total']) <= 100) break;
			}
			const orders = (await (
				await page.request.get(
					`${site.url}/wp-json/wc-analytics/reports/orders?${new URLSearchParams({
						...restRange,
						orderby: 'date',
						order: 'desc',
						per_page: '100',
					})}`,
					{ headers: { 'X-WP-Nonce': await restNonce(page) } },
				)
			).json()) as Array<{ order_number: string; net_total: number; num_items_sold: number }>;
			expect(orders.length).toBeGreaterThan(0);
			await page.goto(adminUrl('/analytics/orders', { ...range, per_page: '100' }));
			expect(await tableRows(page)).toHaveLength(orders.length);
			const [download] = await Promise.all([
				page.waitForEvent('download'),
				page.getByRole('button', { name: 'Download' }).click(),
			]);
			const lines = csvLines(readFileSync((await download.path()) as string, 'utf8'));
			const column = lines[0].indexOf('Average item value');
			const orderColumn = lines[0].findIndex((label) => /^Order #/.test(label));
			expect(column).toBeGreaterThan(0);
			expect(lines).toHaveLength(orders.length + 1);
			const mismatches = lines.slice(1).flatMap((line, index) => {
				const order = orders[index];
				const items = Number(order.num_items_sold) || 0;
				const value =
					items > 0 ? Math.round((Number(order.net_total) / items) * 100) / 100 : 0;
				return line[orderColumn] === String(order.order_number) &&
					Number(line[column]) === value
					? []
					: [
							`line ${index + 2}: ${line.join(',')}; WooCommerce: ${order.order_number} ${value}`,
						];
			});
			expect(mismatches).toEqual([]);
			expect(all.consoleErrors).toEqual([]);
			expect(all.failed).toEqual([]);
			await context.close();
		}, 180000);

		test('the products report’s Show menu has the extension’s Single category filter, which filters the table', async () => {
			const { context, page } = await logIn(ADMIN);
			const all = watchAll(page);
			await page.goto(adminUrl('/analytics/products', RANGE_QUERY));
			await tableRows(page);
			await page.locator('.abacus-filter-picker__dropdown button').first().click();
			await page.getByRole('button', { name: 'Single category' }).click();
			const input = page.getByRole('combobox', { name: 'Type to search for a category' });
			await input.click();
			await input.pressSequentially('Music');
			const option = page.locator('[role="option"]', { hasText: 'Music' }).first();
			await option.waitFor({ timeout: 30000 });
			await option.click();
			await page.waitForURL(/filter=single_category/, { timeout: 30000 });
			const category = new URL(page.url()).searchParams.get('categories');
			expect(category).toMatch(/^\d+$/);
			const expected = (await (
				await page.request.get(
					`${site.url}/wp-json/wc-analytics/reports/products?${new URLSearchParams({
						...REST_RANGE,
						categories: String(category),
						extended_info: '1',
						per_page: '25',
					})}`,
					{ headers: { 'X-WP-Nonce': await restNonce(page) } },
				)
			).json()) as Array<{ extended_info: { name: string } }>;
			const names = expected.map((p) => p.extended_info.name).sort();
			expect(names).toEqual(['Poster', 'Vinyl Album']);
			await settled(page);
			await page.screenshot({ path: path.join(ARTIFACTS, 'extension-products-1440.png') });
			await page.waitForFunction(
				(count) =>
					[...document.querySelectorAll('#root table')]
						.pop()
						?.querySelectorAll('tbody tr').length === count,
				names.length,
				{ timeout: 30000 },
			);
			const shown = (await tableRows(page)).map((row) => row[0]).sort();
			expect(shown).toEqual(names);
			await page.waitForFunction(
				() =>
					document
						.querySelector('.abacus-filter-picker__dropdown button')
						?.textContent?.includes('Music'),
				undefined,
				{ timeout: 30000 },
			);
			await page.screenshot({ path: path.join(ARTIFACTS, 'extension-products-1440.png') });
			await page.waitForLoadState('networkidle');
			expect(all.consoleErrors).toEqual([]);
			expect(all.failed).toEqual([]);
			await context.close();
		}, 180000);

		test('with the extension active, the Abacus pages load and the dashboard has no error', async () => {
			const { context, page, watch } = await logIn(ADMIN);
			const all = watchAll(page);
			for (const route of ['/analytics/overview', '/analytics/revenue', '/customers']) {
				await page.goto(adminUrl(route, RANGE_QUERY));
				await settled(page);
				await page.waitForLoadState('networkidle');
				await expect(page.locator('#root [role="alert"]').count()).resolves.toBe(0);
			}
			await page.goto(`${site.url}/wp-admin/index.php`);
			await page.waitForLoadState('networkidle');
			expect(watch.pageErrors).toEqual([]);
			expect(all.consoleErrors).toEqual([]);
			expect(all.failed).toEqual([]);
			await context.close();
		}, 180000);

		test('screenshot of the orders report with the extension’s column at 390 px', async () => {
			const { context, page } = await logIn(ADMIN, 390);
			await page.goto(adminUrl('/analytics/orders', RANGE_QUERY));
			await tableRows(page);
			await page.screenshot({
				path: path.join(ARTIFACTS, 'extension-orders-390.png'),
				fullPage: true,
			});
			await context.close();
		}, 120000);
	});

	test('screenshots of Abacus inside wp-admin at 1440 and 390 px', async () => {
		for (const width of [1440, 390]) {
			const { context, page } = await logIn(ADMIN, width);
			await page.goto(adminUrl('/analytics/revenue', RANGE_QUERY));
			await settled(page);
			await page.screenshot({ path: path.join(ARTIFACTS, `revenue-${width}.png`) });
			if (width === 1440 && process.env.ABACUS_SCREENSHOTS === '1') {
				await page.screenshot({ path: path.join(root, 'docs/screenshots/wp-admin.png') });
			}
			await context.close();
		}
	}, 120000);

	test("deleting the plugin removes Abacus's data and leaves WooCommerce's", async () => {
		// Runs last but one: it deletes the plugin's data (the German test re-creates nothing).
		const out = site.php(
			`require_once ABSPATH . 'wp-admin/includes/plugin.php';
$user = get_user_by( 'login', 'manager' )->ID;
update_user_meta( $user, 'abacus_favorites', array( 'payments' ) );
update_user_meta( $user, 'woocommerce_admin_abacus_saved_views', '[]' );
update_user_meta( $user, 'woocommerce_admin_revenue_report_columns', '["orders"]' );
update_option( 'abacus_payments_not_now', array( 'x' ) );
update_option( 'woocommerce_excluded_report_order_statuses', array( 'failed' ) );
set_transient( 'abacus_data_endpoints_kept', array( 'leaderboards' => array() ), HOUR_IN_SECONDS );
echo is_uninstallable_plugin( 'abacus/plugin.php' ) ? 'uninstallable' : 'not uninstallable';`,
		);
		expect(out).toBe('uninstallable');
		const after = JSON.parse(
			site.php(
				`require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
$user = get_user_by( 'login', 'manager' )->ID;
uninstall_plugin( 'abacus/plugin.php' );
echo wp_json_encode( array(
	'favorites' => get_user_meta( $user, 'abacus_favorites', true ),
	'views' => get_user_meta( $user, 'woocommerce_admin_abacus_saved_views', true ),
	'wcColumns' => get_user_meta( $user, 'woocommerce_admin_revenue_report_columns', true ),
	'notNow' => get_option( 'abacus_payments_not_now', 'gone' ),
	'excluded' => get_option( 'woocommerce_excluded_report_order_statuses' ),
	'kept' => get_transient( 'abacus_data_endpoints_kept' ),
) );
delete_option( 'woocommerce_excluded_report_order_statuses' );`,
			),
		);
		expect(after).toEqual({
			favorites: '',
			views: '',
			wcColumns: '["orders"]',
			notNow: 'gone',
			excluded: ['failed'],
			kept: false,
		});
	});

	test('German: the de_DE translation reaches the entry and the lazily loaded report chunks, and the chart speaks German in euros', async () => {
		site.php("update_user_meta( get_user_by( 'login', 'admin' )->ID, 'locale', 'de_DE' );");
		const { context, page, watch } = await logIn(ADMIN);
		// The store's currency through WooCommerce's settings API: euros, 1.234,56 €.
		const currency = (values: Record<string, string>) =>
			restNonce(page).then((nonce) =>
				page.request.post(`${site.url}/wp-json/wc/v3/settings/general/batch`, {
					headers: { 'X-WP-Nonce': nonce },
					data: { update: Object.entries(values).map(([id, value]) => ({ id, value })) },
				}),
			);
		const saved = await currency({
			woocommerce_currency: 'EUR',
			woocommerce_currency_pos: 'right_space',
			woocommerce_price_thousand_sep: '.',
			woocommerce_price_decimal_sep: ',',
		});
		expect(saved.status()).toBe(200);
		try {
			await page.goto(adminUrl('/analytics/revenue', RANGE_QUERY));
			await settled(page);
			// The store's currency: euros, German separators, symbol after the amount.
			const { totals } = await rest<{ totals: Record<string, number> }>(
				page,
				'/wc-analytics/reports/revenue/stats',
				{ ...REST_RANGE, interval: 'day', per_page: 100 },
			);
			const euros = (value: number) =>
				`${value
					.toFixed(2)
					.replace('.', ',')
					.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}\u00a0€`;
			const same = (value: string | null | undefined) => value?.replace(/\s/g, ' ');
			const shown = Object.values(await tiles(page));
			expect(shown.map(same)).toContain(same(euros(totals.gross_sales)));
			// The chart: legend, money axis and tooltip in euros; its time axis and tooltip dates in
			// German.
			await expect(
				page.locator('.abacus-legend__total').first().textContent().then(same),
			).resolves.toBe(same(euros(totals.gross_sales)));
			const germanMonths = (style: 'long' | 'short') =>
				Array.from({ length: 12 }, (_, m) =>
					new Intl.DateTimeFormat('de-DE', { month: style, timeZone: 'UTC' }).format(
						Date.UTC(2000, m, 15),
					),
				);
			const yTicks = await page
				.locator('.abacus-chart__y-axis .abacus-chart__tick-label')
				.allTextContents();
			const xTicks = await page
				.locator('.abacus-chart__x-axis .abacus-chart__tick-label')
				.allTextContents();
			const moneyTick = /^-?\d{1,3}(\.\d{3})*(,\d+)?(\s(Mio|Mrd)\.)?\s€$/;
			expect(yTicks.length).toBeGreaterThan(1);
			for (const tick of yTicks) expect(tick).toMatch(moneyTick);
			const months = xTicks.filter((tick) => !/^\d+$/.test(tick));
			expect(months.length).toBeGreaterThan(0);
			for (const month of months) expect(germanMonths('short')).toContain(month);
			// The first interval's tooltip (keyboard: Home on the chart).
			const body = page.locator('.abacus-chart__body');
			await body.focus();
			await page.keyboard.press('Home');
			const tooltip = page.locator('.abacus-chart__tooltip');
			await tooltip.waitFor();
			const [year, month, day] = AFTER.split('-').map(Number);
			// German order: "20. August 2026".
			await expect(
				tooltip.locator('.abacus-chart__tooltip-title').textContent(),
			).resolves.toBe(`${day}. ${germanMonths('long')[month - 1]} ${year}`);
			const values = await tooltip.locator('.abacus-chart__tooltip-value').allTextContents();
			expect(values.length).toBe(2);
			for (const value of values)
				expect(same(value)).toMatch(/^-?\d{1,3}(\.\d{3})*,\d{2} €$/);
			expect(`${yTicks.join(' ')} ${values.join(' ')}`).not.toContain('$');
			await page.screenshot({ path: path.join(ARTIFACTS, 'revenue-de_DE-1440.png') });
			// And on a phone.
			await page.setViewportSize({ width: 390, height: 1000 });
			await page.reload();
			await settled(page);
			await page.locator('.abacus-chart__body').focus();
			await page.keyboard.press('Home');
			await page.locator('.abacus-chart__tooltip').waitFor();
			for (const tick of await page
				.locator('.abacus-chart__y-axis .abacus-chart__tick-label')
				.allTextContents()) {
				expect(tick).toMatch(moneyTick);
			}
			await page.screenshot({
				path: path.join(ARTIFACTS, 'revenue-de_DE-390.png'),
				fullPage: true,
			});
			await page
				.locator('.abacus-chart')
				.screenshot({ path: path.join(ARTIFACTS, 'revenue-de_DE-chart-390.png') });
			// The translation reached the entry and the report's lazily loaded chunk.
			const text = await page.locator('#root').innerText();
			for (const german of Object.values(GERMAN)) expect(text).toContain(german);
			expect(watch.pageErrors).toEqual([]);
		} finally {
			site.php("delete_user_meta( get_user_by( 'login', 'admin' )->ID, 'locale' );");
			const restored = await currency({
				woocommerce_currency: 'USD',
				woocommerce_currency_pos: 'left',
				woocommerce_price_thousand_sep: ',',
				woocommerce_price_decimal_sep: '.',
			});
			expect(restored.status()).toBe(200);
			await context.close();
		}
	}, 180000);
});

/** The strings the German test translates (all in the POT), English → German. */
const GERMAN: Record<string, string> = {
	Revenue: 'Umsatz',
	'Gross sales': 'Bruttoumsatz',
	'Net sales': 'Nettoumsatz',
};

/** A row of a WooCommerce REST answer (a report's list item or a stats interval). */
type WcRow = Record<string, unknown>;

/** A tile (and chart) of a report: its label, WooCommerce's totals key and how it is written. */
type Tile = [label: string, key: string, format: Format];
/** money: $1,234.56; count: 1,234 (up to 2 decimals); average: rounded, as the tiles show averages. */
type Format = 'money' | 'count' | 'average';

/** A value as the page writes it (average2: an average with two decimals, as the chart shows it). */
function formatAs(format: Format | 'average2', value: unknown): string {
	const number = Number(value);
	if (format === 'money') return money(number);
	if (format === 'average') return Math.round(number).toLocaleString('en-US');
	if (format === 'average2') {
		return number.toLocaleString('en-US', {
			minimumFractionDigits: 2,
			maximumFractionDigits: 2,
		});
	}
	return number.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

function field(row: WcRow, pathName: string): unknown {
	return pathName
		.split('.')
		.reduce<unknown>(
			(value, key) =>
				value && typeof value === 'object' ? (value as WcRow)[key] : undefined,
			row,
		);
}

/** A local `YYYY-MM-DD…` date in WordPress's default date format (`F j, Y`); '' for none. */
function wpDate(value: unknown): string {
	const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value ?? ''));
	if (!match) return '';
	const month = new Date(Date.UTC(2000, Number(match[2]) - 1, 1)).toLocaleString('en-US', {
		month: 'long',
		timeZone: 'UTC',
	});
	return `${month} ${Number(match[3])}, ${match[1]}`;
}

const moneyOf = (key: string) => (row: WcRow) => money(Number(field(row, key)));
const countOf = (key: string) => (row: WcRow) => formatAs('count', field(row, key));
const textOf = (key: string) => (row: WcRow) => String(field(row, key) ?? '');

/**
 * The reports whose tiles, chart legends and tables are compared with WooCommerce's REST answers
 * for the same query: the stats endpoint of the tiles and chart, the tiles, and the table's
 * endpoint and query (the page's default order) with, per compared column, its header and the
 * text WooCommerce's row gives.
 */
function reportChecks(statusLabels: Record<string, string>): Array<{
	report: string;
	stats: string;
	tiles: Tile[];
	table: {
		endpoint: string;
		byInterval?: boolean;
		query: Record<string, string>;
		columns: Array<[header: string, cell: (row: WcRow) => string]>;
	};
}> {
	const productTiles: Tile[] = [
		['Items sold', 'items_sold', 'count'],
		['Net sales', 'net_revenue', 'money'],
		['Orders', 'orders_count', 'count'],
	];
	return [
		{
			report: 'revenue',
			stats: 'revenue',
			tiles: [
				['Gross sales', 'gross_sales', 'money'],
				['Returns', 'refunds', 'money'],
				['Coupons', 'coupons', 'money'],
				['Net sales', 'net_revenue', 'money'],
				['Taxes', 'taxes', 'money'],
				['Shipping', 'shipping', 'money'],
				['Total sales', 'total_sales', 'money'],
			],
			table: {
				endpoint: 'revenue',
				byInterval: true,
				query: { orderby: 'date', order: 'desc' },
				columns: [
					['Date', (row) => wpDate(row.date_start)],
					['Orders', countOf('subtotals.orders_count')],
					['Gross sales', moneyOf('subtotals.gross_sales')],
					['Returns', moneyOf('subtotals.refunds')],
					['Coupons', moneyOf('subtotals.coupons')],
					['Net sales', moneyOf('subtotals.net_revenue')],
					['Taxes', moneyOf('subtotals.taxes')],
					['Shipping', moneyOf('subtotals.shipping')],
					['Total sales', moneyOf('subtotals.total_sales')],
				],
			},
		},
		{
			report: 'orders',
			stats: 'orders',
			tiles: [
				['Orders', 'orders_count', 'count'],
				['Net sales', 'net_revenue', 'money'],
				['Average order value', 'avg_order_value', 'money'],
				['Average items per order', 'avg_items_per_order', 'average'],
			],
			table: {
				endpoint: 'orders',
				query: { orderby: 'date', order: 'desc', extended_info: 'true' },
				columns: [
					['Date', (row) => wpDate(row.date_created)],
					['Order #', textOf('order_number')],
					[
						'Status',
						(row) => statusLabels[`wc-${String(row.status)}`] ?? String(row.status),
					],
					[
						'Customer',
						(row) =>
							`${textOf('extended_info.customer.first_name')(row)} ${textOf('extended_info.customer.last_name')(row)}`.trim(),
					],
					[
						'Customer type',
						(row) =>
							({ new: 'New', returning: 'Returning' })[String(row.customer_type)] ??
							'',
					],
					['Items sold', countOf('num_items_sold')],
					[
						'Coupon(s)',
						(row) =>
							((field(row, 'extended_info.coupons') as Array<{ code: string }>) ?? [])
								.map((coupon) => coupon.code)
								.join(', '),
					],
					['Net sales', moneyOf('net_total')],
				],
			},
		},
		{
			report: 'products',
			stats: 'products',
			tiles: productTiles,
			table: {
				endpoint: 'products',
				query: { orderby: 'items_sold', order: 'desc', extended_info: 'true' },
				columns: [
					['Product title', textOf('extended_info.name')],
					['Items sold', countOf('items_sold')],
					['Net sales', moneyOf('net_revenue')],
					['Orders', countOf('orders_count')],
					[
						'Status',
						(row) =>
							({
								instock: 'In stock',
								outofstock: 'Out of stock',
								onbackorder: 'On backorder',
							})[String(field(row, 'extended_info.stock_status'))] ?? '',
					],
					[
						'Stock',
						(row) =>
							field(row, 'extended_info.manage_stock')
								? countOf('extended_info.stock_quantity')(row)
								: 'N/A',
					],
				],
			},
		},
		{
			report: 'categories',
			stats: 'products',
			tiles: productTiles,
			table: {
				endpoint: 'categories',
				query: { orderby: 'items_sold', order: 'desc', extended_info: 'true' },
				columns: [
					['Category', textOf('extended_info.name')],
					['Items sold', countOf('items_sold')],
					['Net sales', moneyOf('net_revenue')],
					['Products', countOf('products_count')],
					['Orders', countOf('orders_count')],
				],
			},
		},
		{
			report: 'coupons',
			stats: 'coupons',
			tiles: [
				['Discounted orders', 'orders_count', 'count'],
				['Amount', 'amount', 'money'],
			],
			table: {
				endpoint: 'coupons',
				query: { orderby: 'orders_count', order: 'desc', extended_info: 'true' },
				columns: [
					['Coupon code', textOf('extended_info.code')],
					['Orders', countOf('orders_count')],
					['Amount discounted', moneyOf('amount')],
					['Created', (row) => wpDate(field(row, 'extended_info.date_created'))],
					['Expires', (row) => wpDate(field(row, 'extended_info.date_expires'))],
					[
						'Type',
						(row) =>
							({
								percent: 'Percentage',
								fixed_cart: 'Fixed cart',
								fixed_product: 'Fixed product',
							})[String(field(row, 'extended_info.discount_type'))] ?? '',
					],
				],
			},
		},
		{
			report: 'taxes',
			stats: 'taxes',
			tiles: [
				['Total tax', 'total_tax', 'money'],
				['Order tax', 'order_tax', 'money'],
				['Shipping tax', 'shipping_tax', 'money'],
				['Orders', 'orders_count', 'count'],
			],
			table: {
				endpoint: 'taxes',
				query: { orderby: 'tax_rate_id', order: 'desc' },
				columns: [
					[
						'Tax code',
						(row) =>
							['country', 'state', 'name', 'priority']
								.map((key) => String(row[key] ?? ''))
								.filter(Boolean)
								.join('-')
								.toUpperCase(),
					],
					['Rate', (row) => `${Number(row.tax_rate).toFixed(2)}%`],
					['Total tax', moneyOf('total_tax')],
					['Order tax', moneyOf('order_tax')],
					['Shipping tax', moneyOf('shipping_tax')],
					['Orders', countOf('orders_count')],
				],
			},
		},
	];
}

/** The rows of a CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF). */
function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let cell = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (quoted) {
			if (char === '"' && text[i + 1] === '"') {
				cell += '"';
				i++;
			} else if (char === '"') quoted = false;
			else cell += char;
		} else if (char === '"') quoted = true;
		else if (char === ',') {
			row.push(cell);
			cell = '';
		} else if (char === '\n' || char === '\r') {
			if (char === '\r' && text[i + 1] === '\n') i++;
			row.push(cell);
			rows.push(row);
			row = [];
			cell = '';
		} else cell += char;
	}
	if (cell || row.length) {
		row.push(cell);
		rows.push(row);
	}
	return rows;
}

/** The POT's entries: msgid → the files its references name. */
function potReferences(pot: string): Map<string, string[]> {
	const out = new Map<string, string[]>();
	for (const block of pot.split(/\n\n/)) {
		const refs = [...block.matchAll(/^#: (.*)$/gm)].flatMap((m) => m[1].split(' '));
		const msgid = /^msgid "((?:[^"\\]|\\.)*)"$/m.exec(block)?.[1];
		if (msgid && !/^msgctxt /m.test(block)) {
			out.set(
				JSON.parse(`"${msgid}"`) as string,
				refs.map((r) => r.replace(/:\d+$/, '')),
			);
		}
	}
	return out;
}

/**
 * The example extension's plugin files (report-extension.php and its build), to copy into
 * wp-content/plugins/abacus-report-extension/. It is built with its own npm scripts
 * (@wordpress/scripts) when its build is missing.
 */
/** The fields of each line of a CSV file (quoted fields may hold commas, quotes and newlines). */
function csvLines(text: string): string[][] {
	const lines: string[][] = [];
	let line: string[] = [];
	let field = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (quoted) {
			if (char === '"' && text[i + 1] === '"') {
				field += '"';
				i++;
			} else if (char === '"') quoted = false;
			else field += char;
		} else if (char === '"') quoted = true;
		else if (char === ',') {
			line.push(field);
			field = '';
		} else if (char === '\n') {
			line.push(field);
			lines.push(line);
			line = [];
			field = '';
		} else if (char !== '\r') field += char;
	}
	if (field !== '' || line.length) lines.push([...line, field]);
	return lines;
}

function reportExtensionFiles(): Record<string, string> {
	const dir = buildReportExtension({ always: false });
	const files: Record<string, string> = {
		'plugins/abacus-report-extension/report-extension.php': path.join(
			dir,
			'report-extension.php',
		),
	};
	for (const name of readdirSync(path.join(dir, 'build'))) {
		files[`plugins/abacus-report-extension/build/${name}`] = path.join(dir, 'build', name);
	}
	return files;
}

/**
 * A small de_DE translation made from the POT as WordPress's `make-json` makes it: one Jed JSON per
 * built script the POT's references name (`build/wp/index.js`, `build/wp/chunks/<name>.js`,
 * `build/wp-packages/<package>.js`),
 * holding the strings referenced from that script, named `abacus-de_DE-<md5 of the script's path
 * in the plugin>.json`, in wp-content/languages/plugins.
 */
function germanTranslation(tmp: string): Record<string, string> {
	const pot = readFileSync(path.join(root, 'languages/abacus.pot'), 'utf8');
	const references = potReferences(pot);
	const byScript = new Map<string, Record<string, string>>();
	for (const [english, german] of Object.entries(GERMAN)) {
		const refs = references.get(english);
		if (!refs) throw new Error(`"${english}" is not in the POT.`);
		for (const script of refs.filter((r) => /^build\/wp(-packages)?\/.+\.js$/.test(r))) {
			byScript.set(script, { ...(byScript.get(script) ?? {}), [english]: german });
		}
	}
	const files: Record<string, string> = {};
	for (const [script, strings] of byScript) {
		const messages: Record<string, string[] | { domain: string; lang: string }> = {
			'': { domain: 'abacus', lang: 'de_DE' },
		};
		for (const [english, german] of Object.entries(strings)) messages[english] = [german];
		const md5 = createHash('md5').update(script).digest('hex');
		const file = path.join(tmp, `abacus-de_DE-${md5}.json`);
		writeFileSync(
			file,
			JSON.stringify({ domain: 'abacus', locale_data: { abacus: messages } }),
		);
		files[`languages/plugins/abacus-de_DE-${md5}.json`] = file;
	}
	return files;
}

describe('the POT', () => {
	test('names the built scripts of every string and keeps translator comments', () => {
		execFileSync('node', ['scripts/make-pot.js'], {
			cwd: root,
			stdio: 'ignore',
			env: { ...process.env, ABACUS_BUILD_ROOT: buildRoot },
		});
		const pot = readFileSync(path.join(root, 'languages/abacus.pot'), 'utf8');
		const references = potReferences(pot);
		// A report's own strings are in its lazily loaded chunk only, not in the entry; its config's
		// (filters, columns) in the app's first script, which asks for its first view (start.js);
		// metric labels are in the abacus-metrics script every report reads (loaded with its
		// translations).
		const loading = references.get('Loading the product…') ?? [];
		expect(
			loading.some((r) => /^build\/wp\/chunks\/report-products\.[0-9a-f]+\.js$/.test(r)),
		).toBe(true);
		expect(loading).not.toContain('build/wp/index.js');
		expect(loading).not.toContain('build/wp/start.js');
		const compare = references.get('Compare products') ?? [];
		expect(compare).toContain('build/wp/start.js');
		expect(compare).not.toContain('build/wp/index.js');
		const gross = references.get('Gross sales') ?? [];
		expect(gross).toContain('build/wp-packages/metrics.js');
		expect(gross.filter((r) => r.startsWith('build/wp/'))).toEqual([]);
		expect(pot).toMatch(
			/#\. translators: %d: seconds waited for the server's answer\.\n#: [^\n]*\nmsgid "The server did not answer within %d seconds\."/,
		);
	});
});

describe('the externals build', () => {
	/** The script handles a built file of the wp flavour reads from window (wp.*, React, abacus.*). */
	function handlesRead(bundle: string): Set<string> {
		const handles = new Set<string>();
		for (const m of bundle.matchAll(
			/window\.wp\.([a-zA-Z0-9]+)|window\["wp"\]\["([a-zA-Z0-9]+)"\]/g,
		)) {
			const name = (m[1] ?? m[2]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
			handles.add(`wp-${name}`);
		}
		if (/window\.React\b|window\["React"\]/.test(bundle)) handles.add('react');
		if (/window\.ReactDOM\b|window\["ReactDOM"\]/.test(bundle)) handles.add('react-dom');
		if (/window\.ReactJSXRuntime\b|window\["ReactJSXRuntime"\]/.test(bundle))
			handles.add('react-jsx-runtime');
		for (const m of bundle.matchAll(
			/window\.abacus\.([a-zA-Z]+)|window\["abacus"\]\["([a-zA-Z]+)"\]/g,
		)) {
			const name = (m[1] ?? m[2]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
			handles.add(`abacus-${name}`);
		}
		return handles;
	}

	const listedIn = (asset: string): string[] =>
		[
			...readFileSync(path.join(buildRoot, 'wp', asset), 'utf8').matchAll(/'([a-z0-9-]+)'/g),
		].map((m) => m[1]);

	test('every WordPress script the wp bundle reads from window is in index.asset.php or start.asset.php', () => {
		// index.js depends on start.js (plugin.php): it may read what start.js's handles give.
		const listed = [...listedIn('index.asset.php'), ...listedIn('start.asset.php')];
		const chunks = readdirSync(path.join(buildRoot, 'wp/chunks'))
			.filter((name) => name.endsWith('.js'))
			.map((name) => path.join(buildRoot, 'wp/chunks', name));
		const bundle = [path.join(buildRoot, 'wp/index.js'), ...chunks]
			.map((f) => readFileSync(f, 'utf8'))
			.join('\n');
		const handles = handlesRead(bundle);
		expect(handles.size).toBeGreaterThan(0);
		for (const handle of handles) expect(listed).toContain(handle);
		// The @abacus packages come from their abacus-* handles: no store or component of its own.
		expect(listed).toEqual(expect.arrayContaining(['abacus-data', 'abacus-components']));
		expect(bundle).not.toContain('abacus/reports');
		// And the bundle does not carry its own copy of React.
		expect(bundle).not.toMatch(
			/react\.production\.min\.js|__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED/,
		);
	});

	test('start.js depends on the scripts it reads and on no components script', () => {
		const listed = listedIn('start.asset.php');
		const handles = handlesRead(readFileSync(path.join(buildRoot, 'wp/start.js'), 'utf8'));
		expect(handles).toContain('wp-data');
		for (const handle of handles) expect(listed).toContain(handle);
		// Printed before the components' scripts: it would otherwise wait for them.
		expect(listed).not.toContain('wp-components');
		expect(listed).not.toContain('abacus-wp-components');
		expect(listed).not.toContain('abacus-components');
	});

	test("the app reads @wordpress/components from Abacus's build of those it uses, not WordPress's", () => {
		const listed = [...listedIn('index.asset.php'), ...listedIn('start.asset.php')];
		expect(listed).toContain('abacus-wp-components');
		expect(listed).not.toContain('wp-components');
	});

	test("the app and the packages read @wordpress/date and moment-timezone from Abacus's build, which carries no zone database", () => {
		const listed = [...listedIn('index.asset.php'), ...listedIn('start.asset.php')];
		const packages = path.join(buildRoot, 'wp-packages');
		const packageListed = (name: string): string[] =>
			[
				...readFileSync(path.join(packages, `${name}.asset.php`), 'utf8').matchAll(
					/'([a-z0-9-]+)'/g,
				),
			].map((m) => m[1]);
		expect(listed).toContain('abacus-wp-date');
		expect(listed).not.toContain('wp-date');
		for (const name of ['date', 'components']) {
			expect(packageListed(name)).toContain('abacus-wp-date');
			expect(packageListed(name)).not.toContain('wp-date');
		}
		// Its moment-timezone loads the store's zone from window.abacusSettings.
		expect(packageListed('wp-date')).toEqual(
			expect.arrayContaining(['abacus-settings', 'moment']),
		);
		expect(packageListed('wp-date')).not.toContain('wp-date');
		const script = readFileSync(path.join(packages, 'wp-date.js'), 'utf8');
		expect(script).toMatch(/\.wpDate\s*=|\["wpDate"\]\s*=/);
		expect(script).toContain('dateI18n');
		// No zone of the database but the store's (which the page embeds).
		expect(script).not.toContain('Africa/Abidjan');
		expect(readFileSync(path.join(packages, 'date.js'), 'utf8')).not.toContain(
			'Moment Timezone',
		);
	});
});
