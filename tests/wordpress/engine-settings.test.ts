/**
 * The plugin uses the Abacus engine, in WordPress 6.8 + WooCommerce 10 with an Abacus server on a
 * loopback port as the engine (this store's URL and a shared secret): in Analytics › Settings the
 * administrator chooses "Abacus engine" with the mouse, a bad address and an unreachable engine
 * are said clearly, Test connection succeeds, Save; the revenue report is then served by the
 * engine (its requests go to the engine's URL with the token and no cookie, and its tiles show
 * the engine's figures). With the engine stopped the page says it is unreachable and "Use
 * WooCommerce's figures" serves the page from WordPress.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import {
	ADMIN,
	SHOP_MANAGER,
	SUBSCRIBER,
	signInOnce,
	pluginZip,
	restApiKey,
	startWordPress,
	type WordPressSite,
} from './harness.js';
import { ARTIFACTS, describeWhenReady, launchChromium, ROOT } from './helpers.js';
import {
	REPORTS_CAPABILITY,
	signEngineToken,
	verifyEngineToken,
} from '../../server/src/engine-auth/token.js';
import { isoDay, money } from '../e2e/helpers.js';
import { connect } from '../engine/stack.js';
import { batchAnswers } from '../support/engine-batch.js';
import { freePort, startEngine, type EngineProcess } from '../support/engine-process.js';

const describeIfReady = describeWhenReady('engine');
const SECRET = 'engine-test-secret-0123456789abcdef';

const today = new Date();
const AFTER = isoDay(new Date(today.getTime() - 60 * 86400000));
const BEFORE = isoDay(today);

interface Seen {
	url: string;
	status: number;
	authorization: string | null;
	cookie: string | null;
	nonce: string | null;
	body: unknown;
}

describeIfReady('the Abacus engine in WordPress', () => {
	let site: WordPressSite;
	let engine: EngineProcess | null = null;
	let browser: Browser;
	let tmp: string;

	beforeAll(async () => {
		tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-engine-'));
		const zip = pluginZip(tmp);
		// WordPress's safe HTTP calls refuse an address on this machine or an unusual port (the
		// engine here is on 127.0.0.1 at a random port): a test must-use plugin lets this site call
		// it, with WordPress's own filters, while the option engine_test_allow_loopback is set.
		const allowLoopback = path.join(tmp, 'allow-loopback-engine.php');
		writeFileSync(
			allowLoopback,
			`<?php
// Test only: WordPress may call an engine on 127.0.0.1 at any port while engine_test_allow_loopback is set.
add_filter( 'http_request_host_is_external', function ( $external, $host ) {
	return $external || ( get_option( 'engine_test_allow_loopback' ) && '127.0.0.1' === $host );
}, 10, 2 );
add_filter( 'http_allowed_safe_ports', function ( $ports, $host, $url ) {
	if ( get_option( 'engine_test_allow_loopback' ) && '127.0.0.1' === $host ) {
		$ports[] = (int) wp_parse_url( $url, PHP_URL_PORT );
	}
	return $ports;
}, 10, 3 );
`,
		);
		site = await startWordPress(zip, {
			contentFiles: { 'mu-plugins/abacus-test-allow-loopback-engine.php': allowLoopback },
		});
		site.php("update_option( 'engine_test_allow_loopback', 1 );");
		// The engine as a store owner sets it up: a read-only REST API key made in WooCommerce,
		// `connect` registers the store with it and the shared secret and copies the store now
		// (--sync), then the built Abacus server (server/build, which npm test's typecheck step
		// builds; ABACUS_ENGINE_ROOT names another checkout's) serves it on a loopback port.
		const engineRoot = process.env.ABACUS_ENGINE_ROOT
			? path.resolve(process.env.ABACUS_ENGINE_ROOT)
			: ROOT;
		const keys = restApiKey(site);
		const database = path.join(tmp, 'engine.duckdb');
		const connected = connect(site.url, keys, {
			db: database,
			engineSecret: SECRET,
			args: ['--sync'],
			cwd: engineRoot,
		});
		expect(connected).toContain(`Registered ${site.url}`);
		// The store is on 127.0.0.1: the engine reaches it only when allowed. An hour between
		// rounds: a saved setting that reaches it sooner came by the notice.
		engine = await startEngine(
			['--db', database, '--allow-private-stores', '--sync-interval', '3600'],
			{ cwd: engineRoot },
		);
		browser = await launchChromium();
	}, 600000);

	afterAll(async () => {
		await browser?.close();
		await stopEngine();
		await site?.close();
		if (tmp) rmSync(tmp, { recursive: true, force: true });
	});

	/** Page errors and console errors seen, printed when a test fails. */
	const problems: string[] = [];

	afterEach(async () => {
		if (problems.length > 0) console.log(`Browser errors:\n${problems.join('\n')}`);
		problems.length = 0;
	});

	async function stopEngine(): Promise<void> {
		const running = engine;
		engine = null;
		await running?.stop(10000);
	}

	/** Each user through wp-login.php once, then with the cookies that login gave. */
	let signIn: ReturnType<typeof signInOnce> | undefined;

	/**
	 * The browser context of each user and width, kept from test to test: a page of a new context
	 * fetched and compiled every script of wp-admin again (its cache empty), about a second of
	 * Chromium's CPU more.
	 */
	const contexts = new Map<string, BrowserContext>();

	/**
	 * A new page of `width` signed in as `user` (through wp-login.php the first time), in the kept
	 * context of that user and width.
	 */
	async function logIn(
		width: number,
		user: { user: string; password: string } = ADMIN,
	): Promise<Page> {
		const key = `${user.user} ${width}`;
		const kept = contexts.get(key);
		const context = kept ?? (await browser.newContext({ viewport: { width, height: 1000 } }));
		contexts.set(key, context);
		const page = await context.newPage();
		page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
		page.on('console', (message) => {
			// External assets (blocked in the test store) are not Abacus's.
			if (message.type() === 'error' && !message.text().includes('ERR_NAME_NOT_RESOLVED')) {
				problems.push(`console: ${message.text()}`);
			}
		});
		if (!kept) {
			signIn ??= signInOnce(site.url);
			await signIn(page, user);
		}
		return page;
	}

	function adminUrl(appPath: string, query: Record<string, string> = {}): string {
		const params = new URLSearchParams({ page: 'abacus', path: appPath, ...query });
		return `${site.url}/wp-admin/admin.php?${params.toString()}`;
	}

	/** Every answer to a report request, from the engine or from WordPress. */
	function watchReports(page: Page): Seen[] {
		const seen: Seen[] = [];
		page.on('response', async (response) => {
			const url = response.url();
			if (!/wc-analytics(\/|%2F)(reports|leaderboards)/.test(url)) return;
			if (response.request().method() === 'OPTIONS') return;
			let headers: Record<string, string>;
			try {
				headers = await response.request().allHeaders();
			} catch {
				// The page was closed (the test went on) while this answer came in: nothing
				// left to record, and a rejection here would fail whichever test runs then.
				return;
			}
			let body: unknown = null;
			try {
				body = await response.json();
			} catch {
				body = null;
			}
			const sent = {
				authorization: headers.authorization ?? null,
				cookie: headers.cookie ?? null,
				nonce: headers['x-wp-nonce'] ?? null,
			};
			// The report GETs of one task go to the engine as one request: each path is seen
			// with its own answer, as if asked alone.
			const inBatch = batchAnswers(url, response.status(), body);
			if (inBatch) {
				for (const answer of inBatch) seen.push({ ...answer, ...sent });
				return;
			}
			seen.push({ url, status: response.status(), ...sent, body });
		});
		return seen;
	}

	async function waitForTiles(page: Page): Promise<string[]> {
		await page.waitForFunction(
			() =>
				document.querySelectorAll('.abacus-summary__item-value').length > 0 &&
				!document.querySelector('#root .abacus-summary .is-placeholder'),
			undefined,
			{ timeout: 60000 },
		);
		return page.locator('.abacus-summary__item-value').allInnerTexts();
	}

	it('chooses the engine in Settings with the mouse and serves the revenue report from it', async () => {
		const page = await logIn(1440);
		await page.goto(adminUrl('/analytics/settings'));
		const card = page.locator('section.abacus-engine');
		await card.getByRole('heading', { name: 'Analytics engine' }).waitFor({ timeout: 60000 });
		await expect(card.getByLabel('WooCommerce (built in)').isChecked()).resolves.toBe(true);
		await card.getByLabel('Abacus engine').click();

		// A bad address: said on the field, nothing saved.
		const address = card.getByLabel('Engine address');
		await address.click();
		await address.fill('analytics example');
		await card.getByLabel('Shared secret').click();
		await card.getByLabel('Shared secret').fill(SECRET);
		await card.getByRole('button', { name: 'Save engine settings' }).click();
		await expect(address.getAttribute('aria-invalid')).resolves.toBe('true');
		await card.getByText('is not a web address').waitFor();
		const saved = site.php("echo wp_json_encode( get_option( 'abacus_engine', null ) );");
		expect(saved.trim()).toBe('null');

		// An unreachable engine: Test connection says so.
		const closed = await freePort();
		await address.fill(`http://127.0.0.1:${closed}`);
		await card.getByRole('button', { name: 'Test connection' }).click();
		await card
			.getByText(`The engine at http://127.0.0.1:${closed} could not be reached`)
			.waitFor({
				timeout: 30000,
			});

		// The running engine: connected from WordPress and from the browser, then saved.
		await address.fill(engine!.url);
		await card.getByRole('button', { name: 'Test connection' }).click();
		await card.getByText('Connected: the engine at').waitFor({ timeout: 30000 });
		await card.getByRole('button', { name: 'Save engine settings' }).click();
		await card
			.getByText('Saved: the report pages now get their figures from the Abacus engine.')
			.waitFor();
		expect(
			JSON.parse(site.php("echo wp_json_encode( get_option( 'abacus_engine' ) );")),
		).toEqual({
			mode: 'abacus',
			url: engine!.url,
		});
		expect(site.php("echo get_option( 'abacus_engine_secret' );").trim()).toBe(SECRET);
		// The secret never comes back to the browser.
		const html = await page.content();
		expect(html.includes(SECRET)).toBe(false);
		await page.getByRole('heading', { name: 'Sync' }).waitFor();
		// The Sync panel: the engine's status of this store, copied by connect.
		const sync = page.locator('section.abacus-sync');
		await sync.getByRole('heading', { name: site.url }).waitFor({ timeout: 30000 });
		const facts = Object.fromEntries(
			await sync
				.locator('.abacus-sync__fact')
				.evaluateAll((items) =>
					items.map((item) => [
						item.querySelector('dt')?.textContent ?? '',
						item.querySelector('dd')?.textContent ?? '',
					]),
				),
		) as Record<string, string>;
		expect(Number((facts.Orders ?? '').replace(/,/g, ''))).toBeGreaterThan(0);
		expect(facts['Last success']).not.toBe('Never');
		expect(facts['Last error']).toBe('None');
		await page.screenshot({
			path: path.join(ARTIFACTS, 'engine-settings-1440.png'),
			fullPage: true,
		});

		// The revenue report, served by the engine.
		const seen = watchReports(page);
		await page.goto(
			adminUrl('/analytics/revenue', {
				period: 'custom',
				compare: 'previous_year',
				after: AFTER,
				before: BEFORE,
			}),
		);
		const tiles = await waitForTiles(page);
		const engineStats = seen.filter((s) =>
			s.url.startsWith(`${engine!.url}/wp-json/wc-analytics/reports/revenue/stats`),
		);
		expect(engineStats.length).toBeGreaterThan(0);
		expect(seen.filter((s) => s.url.startsWith(site.url))).toEqual([]);
		for (const answer of engineStats) {
			expect(answer.status).toBe(200);
			expect(answer.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
			expect(answer.cookie).toBeNull();
			expect(answer.nonce).toBeNull();
		}
		const current = engineStats.find((s) =>
			new URL(s.url).searchParams.get('after')?.startsWith(AFTER),
		);
		const totals = (current?.body as { totals: Record<string, number> }).totals;
		expect(tiles[0]).toBe(money(totals.gross_sales));
		await expect(page.locator('#root [role="alert"]').count()).resolves.toBe(0);
		await page.screenshot({
			path: path.join(ARTIFACTS, 'engine-revenue-1440.png'),
			fullPage: true,
		});

		// The Overview: its indicators and leaderboards come from the engine too.
		const before = seen.length;
		await page.goto(
			adminUrl('/analytics/overview', {
				period: 'custom',
				compare: 'previous_year',
				after: AFTER,
				before: BEFORE,
			}),
		);
		await page.waitForLoadState('networkidle');
		await page.waitForFunction(
			() => !document.querySelector('#root .is-placeholder, #root .components-spinner'),
			undefined,
			{ timeout: 60000 },
		);
		const overview = seen.slice(before);
		for (const route of ['reports/performance-indicators', 'leaderboards']) {
			const answers = overview.filter((s) =>
				s.url.startsWith(`${engine!.url}/wp-json/wc-analytics/${route}?`),
			);
			expect([route, answers.length > 0]).toEqual([route, true]);
			expect(answers.map((a) => a.status).filter((status) => status !== 200)).toEqual([]);
		}
		expect(overview.filter((s) => s.url.startsWith(site.url)).map((s) => s.url)).toEqual([]);
		await expect(page.locator('#root [role="alert"]').count()).resolves.toBe(0);
		await page.screenshot({
			path: path.join(ARTIFACTS, 'engine-overview-1440.png'),
			fullPage: true,
		});
		await page.close();

		const phone = await logIn(390);
		const phoneSeen = watchReports(phone);
		await phone.goto(
			adminUrl('/analytics/revenue', {
				period: 'custom',
				compare: 'previous_year',
				after: AFTER,
				before: BEFORE,
			}),
		);
		await waitForTiles(phone);
		expect(phoneSeen.some((s) => s.url.startsWith(engine!.url) && s.status === 200)).toBe(true);
		await phone.screenshot({
			path: path.join(ARTIFACTS, 'engine-revenue-390.png'),
			fullPage: true,
		});
		await phone.goto(adminUrl('/analytics/settings'));
		await phone.getByRole('heading', { name: 'Sync' }).waitFor({ timeout: 60000 });
		await phone.waitForTimeout(1000);
		await phone.screenshot({
			path: path.join(ARTIFACTS, 'engine-settings-390.png'),
			fullPage: true,
		});
		await phone.close();
	});

	it('a date type saved in Settings reaches the engine at once, and the page says when the figures follow it', async () => {
		// The engine's own view of its settings, asked with a page token of this store.
		const settingsOnEngine = async () => {
			const now = Math.floor(Date.now() / 1000);
			const token = signEngineToken(
				{
					store: site.url,
					sub: 1,
					cap: REPORTS_CAPABILITY,
					iat: now,
					exp: now + 600,
					aud: engine!.url,
				},
				SECRET,
			);
			const response = await fetch(`${engine!.url}/wp-json/abacus/v1/sync`, {
				headers: { Authorization: `Bearer ${token}` },
			});
			expect(response.status).toBe(200);
			const body = (await response.json()) as {
				stores: Array<{
					settings: { pending: boolean; lastChange: { names: string[] } | null } | null;
				}>;
			};
			return body.stores[0].settings;
		};
		const before = site.php("echo get_option( 'woocommerce_date_type', '' );").trim();
		const target = before === 'date_completed' ? 'date_created' : 'date_completed';
		const label = target === 'date_completed' ? 'Date completed' : 'Date created';
		const page = await logIn(1440);
		try {
			await page.goto(adminUrl('/analytics/settings'));
			const dateType = page.getByLabel('Date type');
			await dateType.waitFor({ timeout: 60000 });
			await dateType.selectOption({ label });
			await page.getByRole('button', { name: 'Save settings' }).click();
			await page.getByText('Your settings have been successfully saved.').waitFor();
			// Rounds are an hour apart: only the plugin's notice brings the change this soon.
			let seen = await settingsOnEngine();
			for (
				let i = 0;
				i < 240 && !seen?.lastChange?.names.includes('woocommerce_date_type');
				i++
			) {
				await new Promise((resolve) => setTimeout(resolve, 500));
				seen = await settingsOnEngine();
			}
			expect(seen?.lastChange?.names).toContain('woocommerce_date_type');
			const change = JSON.parse(
				site.php("echo wp_json_encode( get_option( 'abacus_engine_settings_change' ) );"),
			) as { at: string; notified: boolean; outcome: string };
			expect(change).toMatchObject({ notified: true, outcome: 'HTTP 202' });
			// The page says it, then that the figures follow the saved settings.
			await page
				.locator('.abacus-engine-recomputing')
				.getByText(/Recomputing|The figures now follow the settings you saved\./)
				.first()
				.waitFor({ timeout: 60000 });
			await page
				.getByText('The figures now follow the settings you saved.')
				.waitFor({ timeout: 60000 });
			await page.screenshot({
				path: path.join(ARTIFACTS, 'engine-settings-recomputed-1440.png'),
				fullPage: true,
			});
			// A page opened after the save carries it, and finds the engine done.
			await page.goto(adminUrl('/analytics/revenue'));
			await waitForTiles(page);
			const carried = await page.evaluate(
				() =>
					(
						window as unknown as {
							abacusSettings?: { engine?: { settingsChange?: unknown } };
						}
					).abacusSettings?.engine?.settingsChange ?? null,
			);
			expect(carried).toEqual({ at: change.at, notified: true });
			await expect(page.locator('.abacus-engine-recomputing').count()).resolves.toBe(0);
		} finally {
			await page.close();
			site.php(
				before === ''
					? "delete_option( 'woocommerce_date_type' );"
					: `update_option( 'woocommerce_date_type', '${before}' );`,
			);
		}
	});

	it("Test connection speaks in the plugin's own words; only an administrator changes the engine", async () => {
		const admin = await logIn(1440);
		// The engine refuses a token signed with another secret: the plugin's explanation, with the
		// status code, never the engine's own text.
		const wrong = await rest(admin, 'POST', '/abacus/v1/engine/test', {
			url: engine!.url,
			secret: 'another-secret-0123456789abcdef',
		});
		expect([wrong.status, wrong.body.code]).toEqual([400, 'abacus_engine_refused']);
		expect(wrong.body.message).toBe(
			`The engine at ${engine!.url} refused this store's token (HTTP status 401): the shared secret is not the one the engine was given for this store, or the engine address here is not the one it is reached at.`,
		);
		// A cloud's metadata address is never called.
		const metadata = await rest(admin, 'POST', '/abacus/v1/engine/test', {
			url: 'http://169.254.169.254',
		});
		expect([metadata.status, metadata.body.code]).toEqual([
			400,
			'abacus_engine_address_refused',
		]);
		expect(String(metadata.body.message)).toContain('link-local');
		// Without the site's allowance, WordPress's safe call refuses the loopback engine.
		site.php("update_option( 'engine_test_allow_loopback', 0 );");
		try {
			const local = await rest(admin, 'POST', '/abacus/v1/engine/test', {
				url: engine!.url,
			});
			expect([local.status, local.body.code]).toEqual([400, 'abacus_engine_address_refused']);
			expect(String(local.body.message)).toContain(
				`WordPress does not call ${engine!.url}: the address is on this server's own or a private network`,
			);
		} finally {
			site.php("update_option( 'engine_test_allow_loopback', 1 );");
		}
		expect((await rest(admin, 'GET', '/abacus/v1/engine')).body.canManage).toBe(true);
		await admin.close();

		// A shop manager (manage_woocommerce, not manage_options) sees the engine but cannot move it.
		const before = site.php(
			"echo wp_json_encode( array( get_option( 'abacus_engine' ), get_option( 'abacus_engine_secret' ) ) );",
		);
		const manager = await logIn(1440, SHOP_MANAGER);
		const read = await rest(manager, 'GET', '/abacus/v1/engine');
		expect(read.status).toBe(200);
		expect(read.body).toMatchObject({ mode: 'abacus', url: engine!.url, canManage: false });
		for (const data of [
			{ url: 'https://collector.example' },
			{ secret: 'a-secret-of-the-managers-choice-0123' },
			{ mode: 'woocommerce' },
		]) {
			const answer = await rest(manager, 'POST', '/abacus/v1/engine', data);
			expect([answer.status, answer.body.code]).toEqual([403, 'abacus_engine_admin_only']);
			expect(answer.body.message).toBe(
				"Only an administrator can change the analytics engine's address or secret (it needs the manage_options capability). Ask an administrator of this site.",
			);
		}
		const elsewhere = await rest(manager, 'POST', '/abacus/v1/engine/test', {
			url: 'https://collector.example',
		});
		expect([elsewhere.status, elsewhere.body.code]).toEqual([403, 'abacus_engine_admin_only']);
		expect(
			site.php(
				"echo wp_json_encode( array( get_option( 'abacus_engine' ), get_option( 'abacus_engine_secret' ) ) );",
			),
		).toBe(before);
		// The saved engine may still be tested.
		const saved = await rest(manager, 'POST', '/abacus/v1/engine/test', { url: engine!.url });
		expect([saved.status, saved.body.ok]).toEqual([200, true]);

		// The card is read-only for them: no secret field, no Save.
		await manager.goto(adminUrl('/analytics/settings'));
		const card = manager.locator('section.abacus-engine');
		await card
			.getByText("Only an administrator can change the analytics engine's address or secret.")
			.waitFor({ timeout: 60000 });
		await expect(card.getByLabel('Engine address').inputValue()).resolves.toBe(engine!.url);
		await expect(
			card.getByLabel('Engine address').getAttribute('readonly'),
		).resolves.not.toBeNull();
		await expect(card.getByLabel('Abacus engine').isDisabled()).resolves.toBe(true);
		await expect(card.getByLabel('Shared secret').count()).resolves.toBe(0);
		await expect(
			card.getByRole('button', { name: 'Save engine settings' }).count(),
		).resolves.toBe(0);
		await manager.screenshot({
			path: path.join(ARTIFACTS, 'engine-settings-manager-1440.png'),
			fullPage: true,
		});
		await manager.close();
	});

	it("says when the engine is unreachable and serves WooCommerce's figures on request", async () => {
		await stopEngine();
		const page = await logIn(1440);
		const seen = watchReports(page);
		await page.goto(
			adminUrl('/analytics/revenue', {
				period: 'custom',
				compare: 'previous_year',
				after: AFTER,
				before: BEFORE,
			}),
		);
		const alert = page.locator('.abacus-engine-notice[role="alert"]');
		await alert.waitFor({ timeout: 60000 });
		await expect(alert.innerText()).resolves.toMatch(/The Abacus engine is unreachable/);
		await page.screenshot({
			path: path.join(ARTIFACTS, 'engine-unreachable-1440.png'),
			fullPage: true,
		});
		await alert.getByRole('button', { name: "Use WooCommerce's figures" }).click();
		await page.locator('.abacus-engine-notice[role="status"]').waitFor();
		await waitForTiles(page);
		const fromWordPress = seen.filter(
			(s) => s.url.startsWith(site.url) && /reports(\/|%2F)revenue(\/|%2F)stats/.test(s.url),
		);
		expect(fromWordPress.length).toBeGreaterThan(0);
		expect(fromWordPress.every((s) => s.status === 200)).toBe(true);
		await expect(page.locator('.abacus-engine-notice[role="alert"]').count()).resolves.toBe(0);
		await page.screenshot({
			path: path.join(ARTIFACTS, 'engine-fallback-1440.png'),
			fullPage: true,
		});
		await page.close();
	});
	/** A REST call as the logged-in user of `page`, with WordPress's REST nonce. */
	async function rest(
		page: Page,
		method: 'GET' | 'POST',
		route: string,
		data?: unknown,
	): Promise<{ status: number; body: Record<string, unknown> }> {
		const nonce = await (
			await page.request.get(`${site.url}/wp-admin/admin-ajax.php?action=rest-nonce`)
		).text();
		const response = await page.request.fetch(`${site.url}/?rest_route=${route}`, {
			method,
			headers: { 'X-WP-Nonce': nonce.trim(), 'Content-Type': 'application/json' },
			data: data === undefined ? undefined : JSON.stringify(data),
		});
		return {
			status: response.status(),
			body: (await response.json()) as Record<string, unknown>,
		};
	}

	it('keeps the secret on the server, refuses bad values, and signs tokens the engine accepts', async () => {
		const page = await logIn(1440);
		// The page carries a token for this store and user that verifies with the shared secret.
		await page.goto(adminUrl('/analytics/settings'));
		const pageEngine = (await page.evaluate(
			() =>
				(window as unknown as { abacusSettings: { engine: unknown } }).abacusSettings
					.engine,
		)) as { url: string; store: string; token: string; expires: number };
		expect(pageEngine.store).toBe(site.url);
		// Its audience is the engine address saved in the settings.
		const fromPage = verifyEngineToken(
			pageEngine.token,
			{ id: site.url, secret: SECRET },
			pageEngine.url,
		);
		expect(fromPage).toMatchObject({ ok: true, claims: { store: site.url, sub: 1 } });
		const claims = fromPage.ok ? fromPage.claims : null;
		expect(claims && claims.exp - claims.iat).toBe(900);
		// An administrator may manage WooCommerce: the token lets the Profit page record costs.
		expect(claims?.scope).toEqual(['edit_costs']);

		const read = await rest(page, 'GET', '/abacus/v1/engine');
		expect(read.status).toBe(200);
		expect(read.body).toMatchObject({
			mode: 'abacus',
			secretSet: true,
			secretEnd: SECRET.slice(-4),
		});
		expect(JSON.stringify(read.body).includes(SECRET)).toBe(false);

		for (const [data, code] of [
			[{ url: 'ftp://analytics.example' }, 'abacus_engine_invalid_url'],
			[{ url: 'https://user:pw@analytics.example' }, 'abacus_engine_invalid_url'],
			[{ secret: 'short' }, 'abacus_engine_invalid_secret'],
			[{ mode: 'elsewhere' }, 'rest_invalid_param'],
			[{ mode: 'abacus', colour: 'red' }, 'rest_invalid_param'],
		] as const) {
			const answer = await rest(page, 'POST', '/abacus/v1/engine', data);
			expect([answer.status, answer.body.code]).toEqual([400, code]);
			expect(String(answer.body.message).length).toBeGreaterThan(15);
		}
		// Nothing half-saved: the engine choice is as it was.
		expect((await rest(page, 'GET', '/abacus/v1/engine')).body).toEqual(read.body);

		// A renewed token verifies too; a shop manager gets one, a subscriber does not.
		const renewed = await rest(page, 'POST', '/abacus/v1/engine/token');
		expect(
			verifyEngineToken(
				String(renewed.body.token),
				{ id: site.url, secret: SECRET },
				pageEngine.url,
			),
		).toMatchObject({ ok: true });
		// Without WordPress's nonce the renewal route does not know the user.
		const noNonce = await page.request.post(`${site.url}/?rest_route=/abacus/v1/engine/token`);
		expect(noNonce.status()).toBe(401);
		await page.close();
		const manager = await logIn(1440, SHOP_MANAGER);
		const managerToken = await rest(manager, 'POST', '/abacus/v1/engine/token');
		expect(managerToken.status).toBe(200);
		expect(
			verifyEngineToken(
				String(managerToken.body.token),
				{ id: site.url, secret: SECRET },
				pageEngine.url,
			),
		).toMatchObject({ ok: true, claims: { scope: ['edit_costs'] } });
		await manager.close();
		const reader = await logIn(1440, SUBSCRIBER);
		for (const [method, route] of [
			['POST', '/abacus/v1/engine/token'],
			['GET', '/abacus/v1/engine'],
			['POST', '/abacus/v1/engine/test'],
		] as const) {
			expect((await rest(reader, method, route, {})).status).toBe(403);
		}
		await reader.close();
	});

	it("deleting the plugin removes every abacus_* key and leaves WooCommerce's Downloads columns", async () => {
		const out = JSON.parse(
			site
				.php(
					`require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
$user = get_user_by( 'login', 'manager' )->ID;
update_user_meta( $user, 'woocommerce_admin_downloads_report_columns', '["date"]' );
update_user_meta( $user, 'woocommerce_admin_stock_report_columns', '["sku"]' );
update_user_meta( $user, 'abacus_favorites', array( 'payments' ) );
update_user_meta( $user, 'abacus_other_preference', 'x' );
update_option( 'abacus_other_option', 'x' );
update_option( 'abacus_payments_not_now', array( 'x' ) );
$before = array( get_option( 'abacus_engine' ) !== false, get_option( 'abacus_engine_secret' ) !== false );
uninstall_plugin( 'abacus/plugin.php' );
global $wpdb;
echo wp_json_encode( array(
	'before' => $before,
	'options' => $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE 'abacus\\_%'" ),
	'meta' => $wpdb->get_col( "SELECT meta_key FROM {$wpdb->usermeta} WHERE user_id = " . (int) $user . " AND ( meta_key LIKE 'abacus\\_%' OR meta_key LIKE 'woocommerce\\_admin\\_%\\_report\\_columns' )" ),
) );`,
				)
				.trim()
				.split('\n')
				.pop() ?? '{}',
		) as { before: boolean[]; options: string[]; meta: string[] };
		expect(out.before).toEqual([true, true]);
		expect(out.options).toEqual([]);
		// WooCommerce's own Downloads report columns stay; Abacus's stock report columns go.
		expect(out.meta).toEqual(['woocommerce_admin_downloads_report_columns']);
	});
});
