/**
 * A newcomer inside a real store (WordPress 6.8.8 + WooCommerce 10.0.2, the plugin from its zip),
 * in Chromium with the mouse, at 1440 and 390 px:
 * - no HTML entity is shown as text: Settings › General (currency, countries and states as
 *   WooCommerce names them, "United States (US) dollar (&#36;)"), and a category whose name
 *   WordPress stores as "Shirts &amp; Tops" on the Categories report and the Overview;
 * - the date range chosen on the Overview follows to Revenue opened from WordPress's Abacus menu
 *   (a whole page load), as in WooCommerce's Analytics;
 * - Analytics › Settings under wp-admin's styles: no control of a card overlaps or touches another
 *   (the import's checkbox sat on its select), and the Analytics engine card offers its choice.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

import {
	ADMIN,
	missingPrerequisite,
	pluginZip,
	signInOnce,
	startWordPress,
	type WordPressSite,
} from './harness.js';
import { crowdedControls } from '../e2e/layout-checks.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';

const root = path.resolve(__dirname, '../..');
const missing = missingPrerequisite();
if (missing) console.warn(`Skipping the WordPress labels and dates test: ${missing}`);
const describeIfReady = missing ? describe.skip : describe;
const ARTIFACTS = path.join(root, 'test-results', 'wordpress');

/** An HTML entity left in text: "&#36;", "&#x24;", "&amp;", "&mdash;". */
const ENTITY = /&(#\d+|#x[0-9a-f]+|[a-z]+);/i;

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

describeIfReady('Labels and the date range inside wp-admin', () => {
	let site: WordPressSite;
	let browser: Browser;
	let tmp: string;

	beforeAll(async () => {
		tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-zip-'));
		const zip = pluginZip(tmp);
		site = await startWordPress(zip);
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
	});

	let signIn: ReturnType<typeof signInOnce> | undefined;

	/**
	 * The browser context of each width, kept from test to test: a page of a new context fetched
	 * and compiled every script of wp-admin again (its cache empty), about a second of Chromium's
	 * CPU more.
	 */
	const contexts = new Map<number, BrowserContext>();

	/**
	 * A page of its own at `width`, signed in as the administrator (the form once per file), in
	 * the kept context of that width.
	 */
	async function logIn(width: number): Promise<Page> {
		const kept = contexts.get(width);
		const context = kept ?? (await browser.newContext({ viewport: { width, height: 1000 } }));
		contexts.set(width, context);
		const page = await context.newPage();
		if (!kept) {
			signIn ??= signInOnce(site.url);
			await signIn(page, ADMIN);
		}
		return page;
	}

	function adminUrl(appPath: string, query: Record<string, string> = {}): string {
		const params = new URLSearchParams({ page: 'abacus', path: appPath, ...query });
		return `${site.url}/wp-admin/admin.php?${params.toString()}`;
	}

	async function settled(page: Page): Promise<void> {
		await page.waitForFunction(
			() => (document.getElementById('root')?.children.length ?? 0) > 0,
			undefined,
			{ timeout: 60000 },
		);
		await page.waitForFunction(
			() =>
				!document.querySelector(
					'#root .abacus-summary .is-placeholder, #root .is-loading, #root .components-spinner',
				),
			undefined,
			{ timeout: 60000 },
		);
	}

	/** The app's text, the choices of its selects included. */
	const appText = (page: Page): Promise<string> =>
		page.evaluate(() => {
			const app = document.getElementById('root');
			const options = Array.from(app?.querySelectorAll('option') ?? []).map(
				(option) => option.textContent ?? '',
			);
			return `${app?.innerText ?? ''}\n${options.join('\n')}`;
		});

	const entitiesIn = (text: string): string[] =>
		text.split('\n').filter((line) => ENTITY.test(line));

	it('shows no HTML entity in the labels WordPress and WooCommerce send', async () => {
		const page = await logIn(1440);
		// A category named with "&": WordPress stores it as "Shirts &amp; Tops".
		const nonce = (
			await (
				await page.request.get(`${site.url}/wp-admin/admin-ajax.php?action=rest-nonce`)
			).text()
		).trim();
		const categories = (await (
			await page.request.get(
				`${site.url}/wp-json/wc/v3/products/categories?search=Clothing`,
				{
					headers: { 'X-WP-Nonce': nonce },
				},
			)
		).json()) as Array<{ id: number }>;
		const renamed = await page.request.put(
			`${site.url}/wp-json/wc/v3/products/categories/${categories[0].id}`,
			{ headers: { 'X-WP-Nonce': nonce }, data: { name: 'Shirts & Tops' } },
		);
		expect(renamed.ok()).toBe(true);
		expect(((await renamed.json()) as { name: string }).name).toContain('&amp;');

		await page.goto(adminUrl('/settings/general'));
		const currency = page.getByLabel('Currency', { exact: true });
		await currency.waitFor({ timeout: 60000 });
		await settled(page);
		const settingsText = await appText(page);
		expect(settingsText).toContain('United States (US) dollar ($)');
		expect(entitiesIn(settingsText)).toEqual([]);
		await page.screenshot({ path: path.join(ARTIFACTS, 'labels-settings-general-1440.png') });

		const after = isoDay(new Date(Date.now() - 100 * 86_400_000));
		const before = isoDay(new Date());
		await page.goto(
			adminUrl('/analytics/categories', {
				period: 'custom',
				compare: 'previous_year',
				after,
				before,
			}),
		);
		await page.getByText('Shirts & Tops').first().waitFor({ timeout: 60000 });
		await settled(page);
		expect(entitiesIn(await appText(page))).toEqual([]);
		await page.screenshot({ path: path.join(ARTIFACTS, 'labels-categories-1440.png') });

		await page.goto(adminUrl('/analytics/overview', { period: 'custom', after, before }));
		await settled(page);
		expect(entitiesIn(await appText(page))).toEqual([]);
		await page.close();
	});

	it.each([1440, 390])(
		"keeps the Overview's date range when Revenue is opened from the Abacus menu (%d px)",
		async (width) => {
			const page = await logIn(width);
			const after = isoDay(new Date(Date.now() - 60 * 86_400_000));
			const before = isoDay(new Date(Date.now() - 10 * 86_400_000));
			await page.goto(
				adminUrl('/analytics/overview', {
					period: 'custom',
					compare: 'previous_year',
					after,
					before,
				}),
			);
			await settled(page);
			const revenue = page.locator('#toplevel_page_abacus .wp-submenu a', {
				hasText: /^Revenue$/,
			});
			// WordPress's menu folds behind its toggle on a phone.
			if (!(await revenue.isVisible())) {
				await page.locator('#wp-admin-bar-menu-toggle a').click();
				await page.locator('#toplevel_page_abacus > a').click();
			}
			await expect(revenue.getAttribute('href')).resolves.toContain(`after=${after}`);
			await revenue.click();
			await page.waitForURL(/path=%2Fanalytics%2Frevenue|path=\/analytics\/revenue/, {
				timeout: 60000,
			});
			await settled(page);
			const url = new URL(page.url());
			expect(url.searchParams.get('after')).toBe(after);
			expect(url.searchParams.get('before')).toBe(before);
			expect(url.searchParams.get('period')).toBe('custom');
			const picker = await page.locator('.abacus-filters, #root').first().innerText();
			expect(picker).toContain('Custom');
			await page.screenshot({
				path: path.join(ARTIFACTS, `dates-follow-revenue-${width}.png`),
			});
			await page.close();
		},
	);

	it.each([1440, 390])(
		'keeps the Analytics settings controls apart under wp-admin styles (%d px)',
		async (width) => {
			const page = await logIn(width);
			await page.goto(adminUrl('/analytics/settings'));
			await page.getByText('Skip previously imported customers and orders').waitFor({
				timeout: 60000,
			});
			await page
				.getByRole('radio', { name: 'WooCommerce (built in)' })
				.waitFor({ timeout: 60000 });
			await settled(page);
			expect(await crowdedControls(page, '.abacus-settings__card')).toEqual([]);
			await page.getByLabel('Import historical data').selectOption('days');
			await page.getByLabel('Number of days').waitFor();
			expect(await crowdedControls(page, '.abacus-settings__card')).toEqual([]);
			await page
				.getByLabel('Skip previously imported customers and orders')
				.click({ timeout: 15000 });
			await page.screenshot({
				path: path.join(ARTIFACTS, `settings-layout-${width}.png`),
				fullPage: true,
			});
			await page.close();
		},
	);
});
