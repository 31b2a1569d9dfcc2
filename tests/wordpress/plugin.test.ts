/**
 * Abacus as a WordPress plugin in a real WordPress (Debian's 6.1 with PHP 8.2 and MariaDB):
 * the zip installs and activates, an administrator sees the app render with the injected settings
 * and the Analytics menu, a subscriber is refused, and the externals build asks WordPress only for
 * the scripts its index.asset.php lists.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium, type Browser, type Page } from 'playwright-core';

import {
	ADMIN,
	SITE_TITLE,
	SUBSCRIBER,
	missingPrerequisite,
	startWordPress,
	type WordPressSite,
} from './harness.js';

const root = path.resolve(__dirname, '../..');
const missing = missingPrerequisite();
if (missing) console.warn(`Skipping the WordPress plugin test: ${missing}`);
const describeIfReady = missing ? describe.skip : describe;

describeIfReady('Abacus in a real WordPress', () => {
	let site: WordPressSite;
	let browser: Browser;
	let tmp: string;

	beforeAll(async () => {
		tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-zip-'));
		const zip = path.join(tmp, 'abacus.zip');
		execFileSync('node', ['scripts/plugin-zip.js', '--skip-build', '--out', zip], {
			cwd: root,
			stdio: 'ignore',
		});
		site = await startWordPress(zip);
		browser = await chromium.launch({
			executablePath: '/usr/bin/chromium',
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--no-first-run',
				'--disable-sync',
			],
		});
	});

	afterAll(async () => {
		await browser?.close();
		await site?.close();
		if (tmp) rmSync(tmp, { recursive: true, force: true });
	});

	async function logIn(user: { user: string; password: string }): Promise<Page> {
		const context = await browser.newContext();
		const page = await context.newPage();
		await page.goto(`${site.url}/wp-login.php`);
		await page.fill('#user_login', user.user);
		await page.fill('#user_pass', user.password);
		await Promise.all([page.waitForNavigation(), page.click('#wp-submit')]);
		return page;
	}

	test('an administrator opens Analytics and the app renders with the injected settings', async () => {
		const page = await logIn(ADMIN);
		const errors: string[] = [];
		page.on('pageerror', (error) => errors.push(error.message));
		await page.goto(`${site.url}/wp-admin/admin.php?page=abacus`);

		// The menu and its sub-pages.
		const menu = page.locator('#toplevel_page_abacus');
		await expect(
			menu.getByRole('link', { name: 'Analytics' }).first().isVisible(),
		).resolves.toBe(true);
		for (const label of ['Revenue', 'Orders', 'Customers', 'Settings']) {
			await expect(
				menu.getByRole('link', { name: label, exact: true }).count(),
			).resolves.toBe(1);
		}
		const revenueHref = await menu
			.getByRole('link', { name: 'Revenue', exact: true })
			.getAttribute('href');
		expect(revenueHref).toContain('page=abacus&path=%2Fanalytics%2Frevenue');

		// The settings object and the app.
		const settings = await page.evaluate(() => {
			const s = (window as unknown as { abacusSettings?: Record<string, unknown> })
				.abacusSettings;
			return s
				? {
						siteTitle: s.siteTitle,
						restNonce: s.restNonce,
						restRoot: s.restRoot,
						adminUrl: s.adminUrl,
					}
				: null;
		});
		expect(settings).not.toBeNull();
		expect(settings?.siteTitle).toBe(SITE_TITLE);
		expect(String(settings?.restNonce)).toMatch(/^[0-9a-f]{10}$/);
		// Plain permalinks: WordPress's REST root is the rest_route form, which api-fetch understands.
		expect([`${site.url}/wp-json/`, `${site.url}/index.php?rest_route=/`]).toContain(
			settings?.restRoot,
		);
		expect(settings?.adminUrl).toBe(`${site.url}/wp-admin/`);
		await page.waitForFunction(
			() => (document.getElementById('root')?.children.length ?? 0) > 0,
			undefined,
			{ timeout: 20000 },
		);
		expect(errors).toEqual([]);

		// WordPress 6.1 has no react-jsx-runtime script: the bundled build is used.
		const scripts = await page
			.locator('script[src*="/plugins/abacus/build/"]')
			.evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).src));
		expect(scripts.some((src) => src.includes('/build/standalone/index.js'))).toBe(true);
		expect(scripts.some((src) => src.includes('/build/wp/'))).toBe(false);

		// Without the store plugin, the administrator is told what is missing.
		await expect(
			page.getByText('Abacus needs WooCommerce to be installed and active').count(),
		).resolves.toBe(1);
		await page.screenshot({
			path: path.join(root, 'test-results', 'wordpress-admin.png'),
			fullPage: true,
		});
	});

	test('a subscriber is refused', async () => {
		const page = await logIn(SUBSCRIBER);
		const response = await page.goto(`${site.url}/wp-admin/admin.php?page=abacus`);
		expect(response?.status()).toBe(403);
		await expect(
			page.getByText('Sorry, you are not allowed to access this page.').count(),
		).resolves.toBeGreaterThan(0);
		expect(await page.locator('#root').count()).toBe(0);
	});
});

describe('the externals build', () => {
	test('every WordPress script the wp bundle reads from window is in index.asset.php', () => {
		const asset = readFileSync(path.join(root, 'build/wp/index.asset.php'), 'utf8');
		const listed = [...asset.matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1]);
		const bundle = [path.join(root, 'build/wp/index.js')]
			.map((f) => readFileSync(f, 'utf8'))
			.join('\n');
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
		expect(handles.size).toBeGreaterThan(0);
		for (const handle of handles) expect(listed).toContain(handle);
		// And the bundle does not carry its own copy of React.
		expect(bundle).not.toMatch(
			/react\.production\.min\.js|__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED/,
		);
	});
});
