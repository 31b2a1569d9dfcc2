/**
 * The "Store this week" widget on WordPress's Dashboard, in WordPress 6.8 + WooCommerce 10: an
 * administrator sees its placeholder (the same height as the figures), then today's and this
 * week's figures against the same time last week, equal to WooCommerce's analytics REST answers
 * for the same ranges; the chart is an image described in words; a figure clicked with the mouse
 * opens its Abacus report over the same range; a subscriber (no view_woocommerce_reports) gets no
 * widget and no widget script. Screenshots at 1440 and 390 px.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
	chromium,
	type Browser,
	type BrowserContext,
	type Page,
	type Route,
} from 'playwright-core';

import {
	ADMIN,
	freePort,
	logInAs,
	missingPrerequisite,
	pluginZip,
	restApiKey,
	startWordPress,
	type WordPressSite,
} from './harness.js';
import { connect } from '../engine/stack.js';

const root = path.resolve(__dirname, '../..');
const missing = missingPrerequisite();
if (missing) console.warn(`Skipping the WordPress dashboard widget test: ${missing}`);
const describeIfReady = missing ? describe.skip : describe;
const ARTIFACTS = path.join(root, 'test-results', 'wordpress');
const ENGINE_SECRET = 'widget-engine-secret-0123456789abcdef';
const EDITOR = { user: 'widget-editor', password: 'abacus-widget-editor-password' };

interface Range {
	after: string;
	before: string;
}
interface Totals {
	net_revenue: number;
	orders_count: number;
	avg_order_value: number;
}

/** The test store's currency: US dollars, `$1,234.56`. */
function money(value: number): string {
	const abs = Math.abs(value).toLocaleString('en-US', {
		minimumFractionDigits: 2,
		maximumFractionDigits: 2,
	});
	return value < 0 ? `-$${abs}` : `$${abs}`;
}

describeIfReady('the Dashboard widget in WordPress', () => {
	let site: WordPressSite;
	let browser: Browser;
	let tmp: string;

	beforeAll(async () => {
		tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-widget-'));
		const zip = pluginZip(tmp);
		// Orders reach WooCommerce's analytics tables as they are saved (no scheduled import).
		const immediate = path.join(tmp, 'immediate-import.php');
		writeFileSync(
			immediate,
			"<?php\n// Test only: WooCommerce's analytics import runs as each order is saved.\nadd_filter( 'woocommerce_analytics_disable_action_scheduling', '__return_true' );\n",
		);
		site = await startWordPress(zip, {
			contentFiles: { 'mu-plugins/abacus-test-immediate-import.php': immediate },
		});
		// A paid order earlier today and one at the same time a week ago (the prepared store's
		// orders may be older than this week).
		const made = site.php(`
$product = wc_get_products( array( 'limit' => 1, 'status' => 'publish', 'type' => 'simple', 'orderby' => 'id', 'order' => 'ASC' ) )[0];
$today   = current_datetime()->setTime( 0, 0, 0 )->getTimestamp();
$ids     = array();
foreach ( array( array( 0, 3 ), array( 7, 1 ) ) as $spec ) {
	$when  = max( $today, time() - HOUR_IN_SECONDS ) - $spec[0] * DAY_IN_SECONDS;
	$order = wc_create_order();
	$order->add_product( $product, $spec[1] );
	$order->set_billing_email( 'widget@example.org' );
	$order->calculate_totals();
	$order->set_date_created( $when );
	$order->set_date_paid( $when );
	$order->set_status( 'completed' );
	$order->save();
	$ids[] = $order->get_id();
}
echo wp_json_encode( $ids );`);
		expect(JSON.parse(made.trim().split('\n').pop() ?? '[]')).toHaveLength(2);
		const editor = site.php(`
$id = wp_insert_user( array( 'user_login' => '${EDITOR.user}', 'user_pass' => '${EDITOR.password}', 'user_email' => 'widget-editor@example.org', 'role' => 'editor' ) );
echo is_wp_error( $id ) ? $id->get_error_message() : ( user_can( $id, 'view_woocommerce_reports' ) ? 'can' : 'cannot' );`);
		expect(editor.trim()).toMatch(/cannot$/);
		browser = await chromium.launch({
			executablePath: '/usr/bin/chromium',
			args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
		});
		mkdirSync(ARTIFACTS, { recursive: true });
	}, 600000);

	afterAll(async () => {
		await browser?.close();
		await site?.close();
		if (tmp) rmSync(tmp, { recursive: true, force: true });
	}, 120000);

	async function logIn(
		user: { user: string; password: string },
		width = 1440,
	): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
		const context = await browser.newContext({ viewport: { width, height: 1000 } });
		const page = await context.newPage();
		const errors: string[] = [];
		page.on('pageerror', (error) => errors.push(error.message));
		await logInAs(page, site.url, user);
		return { context, page, errors };
	}

	/** A REST GET as the logged-in user of `page` (cookie and WordPress's REST nonce). */
	async function rest<T>(page: Page, route: string, query: Record<string, string>): Promise<T> {
		const nonce = (
			await (
				await page.request.get(`${site.url}/wp-admin/admin-ajax.php?action=rest-nonce`)
			).text()
		).trim();
		const response = await page.request.get(
			`${site.url}/wp-json${route}?${new URLSearchParams(query)}`,
			{ headers: { 'X-WP-Nonce': nonce } },
		);
		if (!response.ok()) throw new Error(`${route} answered ${response.status()}`);
		return (await response.json()) as T;
	}

	async function totals(page: Page, range: Range): Promise<Totals> {
		const answer = await rest<{ totals: Totals }>(page, '/wc-analytics/reports/revenue/stats', {
			after: range.after,
			before: range.before,
			interval: 'day',
		});
		return answer.totals;
	}

	/** The figures of a section: label → value and the "last week" text. */
	async function figures(
		page: Page,
		section: string,
	): Promise<Record<string, { value: string; previous: string; trend: string }>> {
		return page
			.getByRole('region', { name: section })
			.locator('.abacus-dw__figure')
			.evaluateAll((items) =>
				Object.fromEntries(
					items.map((item) => [
						item.querySelector('.abacus-dw__label')?.textContent?.trim() ?? '',
						{
							value:
								item.querySelector('.abacus-dw__value')?.textContent?.trim() ?? '',
							previous:
								item.querySelector('.abacus-dw__previous')?.textContent?.trim() ??
								'',
							trend:
								item.querySelector('.abacus-dw__trend')?.textContent?.trim() ?? '',
						},
					]),
				),
			);
	}

	test('shows the figures of WooCommerce’s analytics after the page, and links to the reports', async () => {
		const { context, page, errors } = await logIn(ADMIN);
		// The login lands on the Dashboard: leave it, so that only the next load is counted.
		await page.goto('about:blank');
		// Hold the widget's requests until the placeholder has been measured.
		const held: Route[] = [];
		let release: () => void = () => undefined;
		const released = new Promise<void>((resolve) => {
			release = resolve;
		});
		const asked: string[] = [];
		await page.route(/wc-analytics\/reports\//, async (route) => {
			asked.push(route.request().url());
			held.push(route);
			await released;
			await route.continue();
		});
		await page.goto(`${site.url}/wp-admin/`, { waitUntil: 'load' });
		const widget = page.locator('#abacus_dashboard_widget');
		await widget
			.getByRole('heading', { name: 'Store this week' })
			.waitFor({ state: 'visible' });
		const container = page.locator('#abacus-dashboard-widget-root');
		await page.waitForFunction(
			() => document.querySelectorAll('.abacus-dw__skeleton').length > 0,
		);
		// Asked only once the page had loaded: no request ran during it.
		await page.waitForFunction(() => document.readyState === 'complete');
		const placeholderHeight = (await container.boundingBox())?.height ?? 0;
		await widget.screenshot({ path: path.join(ARTIFACTS, 'dashboard-widget-loading.png') });
		release();
		await page.getByRole('region', { name: 'This week so far' }).waitFor({ timeout: 60000 });
		await page.unroute(/wc-analytics\/reports\//);
		const finalHeight = (await container.boundingBox())?.height ?? 0;
		expect(placeholderHeight).toBeGreaterThan(200);
		expect(Math.abs(finalHeight - placeholderHeight)).toBeLessThanOrEqual(2);
		// One round of three requests: the week, the same span last week, the top product.
		expect(asked).toHaveLength(3);
		expect(held).toHaveLength(3);

		const ranges = (await page.evaluate(
			() =>
				(window as unknown as { abacusDashboardWidget: { ranges: unknown } })
					.abacusDashboardWidget.ranges,
		)) as Record<'today' | 'week' | 'lastWeekToday' | 'lastWeek', Range>;
		const labels: Array<[string, keyof Totals, (v: number) => string]> = [
			['Net sales', 'net_revenue', money],
			['Orders', 'orders_count', (v) => v.toLocaleString('en-US')],
			['Average order', 'avg_order_value', money],
		];
		for (const [section, span, previousSpan] of [
			['Today so far', 'today', 'lastWeekToday'],
			['This week so far', 'week', 'lastWeek'],
		] as const) {
			const shown = await figures(page, section);
			const now = await totals(page, ranges[span]);
			const before = await totals(page, ranges[previousSpan]);
			for (const [label, key, format] of labels) {
				expect([label, shown[label].value]).toEqual([label, format(now[key])]);
				expect([label, shown[label].previous]).toEqual([
					label,
					`last week ${format(before[key])}`,
				]);
				if (before[key] === 0 && now[key] > 0) expect(shown[label].trend).toBe('New');
			}
		}
		// Today has this test's order of 3 items, the same day last week its order of 1.
		expect((await figures(page, 'Today so far'))['Orders'].value).not.toBe('0');

		const chart = page.getByRole('img', {
			name: /Net sales by day, this week against last week/,
		});
		await chart.waitFor({ state: 'visible' });
		const top = await rest<Array<{ product_id: number; extended_info: { name: string } }>>(
			page,
			'/wc-analytics/reports/products',
			{
				after: ranges.week.after,
				before: ranges.week.before,
				orderby: 'net_revenue',
				order: 'desc',
				per_page: '1',
				extended_info: 'true',
			},
		);
		expect((await page.locator('.abacus-dw__top-link').textContent())?.trim()).toBe(
			top[0].extended_info.name,
		);

		await widget.screenshot({ path: path.join(ARTIFACTS, 'dashboard-widget-1440.png') });

		// The week's net sales, clicked with the mouse: the Revenue report, week to date.
		const weekSales = page
			.getByRole('region', { name: 'This week so far' })
			.getByRole('link', { name: /^Net sales/ });
		const box = await weekSales.boundingBox();
		if (!box) throw new Error('the week’s net sales link is not on screen');
		await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
		await page.waitForURL((url) => url.searchParams.get('page') === 'abacus', {
			timeout: 60000,
		});
		const landed = new URL(page.url());
		expect(landed.searchParams.get('path')).toBe('/analytics/revenue');
		expect(landed.searchParams.get('period')).toBe('week');
		await page.waitForFunction(
			() =>
				document.querySelectorAll('.abacus-summary__item-value').length > 0 &&
				!document.querySelector('#root .abacus-summary .is-placeholder'),
			undefined,
			{ timeout: 60000 },
		);
		const tile = await page
			.locator('.abacus-summary__item', { hasText: 'Net sales' })
			.first()
			.locator('.abacus-summary__item-value')
			.textContent();
		expect(tile?.trim()).toBe(money((await totals(page, ranges.week)).net_revenue));
		expect(errors).toEqual([]);
		await context.close();
	});

	test('fits a phone’s width', async () => {
		const { context, page, errors } = await logIn(ADMIN, 390);
		await page.goto(`${site.url}/wp-admin/`, { waitUntil: 'load' });
		await page.getByRole('region', { name: 'This week so far' }).waitFor({ timeout: 60000 });
		const widget = page.locator('#abacus_dashboard_widget');
		const widgetBox = await widget.boundingBox();
		expect(widgetBox?.width ?? 0).toBeLessThanOrEqual(390);
		// No figure spills out of its box.
		const spills = await page
			.locator('.abacus-dw__figure')
			.evaluateAll(
				(items) => items.filter((item) => item.scrollWidth > item.clientWidth + 1).length,
			);
		expect(spills).toBe(0);
		await widget.screenshot({ path: path.join(ARTIFACTS, 'dashboard-widget-390.png') });
		expect(errors).toEqual([]);
		await context.close();
	});

	test('with the Abacus engine chosen, the figures come from the engine with the page’s token', async () => {
		// The engine as a store owner sets it up: a read-only REST key, `connect` registers the
		// store with the shared secret and copies it (--sync), the built server serves it.
		const keys = restApiKey(site);
		const database = path.join(tmp, 'engine.duckdb');
		expect(
			connect(site.url, keys, {
				db: database,
				engineSecret: ENGINE_SECRET,
				args: ['--sync'],
			}),
		).toContain(`Registered ${site.url}`);
		const port = await freePort();
		const engine = spawn(
			'node',
			[
				'server/build/cli.js',
				'--db',
				database,
				'--port',
				String(port),
				'--allow-private-stores',
			],
			{ cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
		);
		const engineUrl = `http://127.0.0.1:${port}`;
		try {
			let output = '';
			await new Promise<void>((resolve, reject) => {
				const read = (chunk: Buffer) => {
					output += chunk.toString();
					if (output.includes('Abacus is running at')) resolve();
				};
				engine.stdout?.on('data', read);
				engine.stderr?.on('data', read);
				engine.once('exit', (code) =>
					reject(new Error(`The engine stopped (${code}): ${output}`)),
				);
			});
			site.php(`update_option( 'abacus_engine', array( 'mode' => 'abacus', 'url' => '${engineUrl}' ) );
update_option( 'abacus_engine_secret', '${ENGINE_SECRET}', false );`);

			const { context, page, errors } = await logIn(ADMIN);
			// The login lands on the Dashboard: leave it, so that only the next load is counted.
			await page.goto('about:blank');
			const sent: Array<{
				url: string;
				authorization: string | null;
				cookie: string | null;
			}> = [];
			page.on('request', (request) => {
				if (request.url().includes('/wc-analytics/reports/')) {
					const headers = request.headers();
					sent.push({
						url: request.url(),
						authorization: headers.authorization ?? null,
						cookie: headers.cookie ?? null,
					});
				}
			});
			await page.goto(`${site.url}/wp-admin/`, { waitUntil: 'load' });
			await page
				.getByRole('region', { name: 'This week so far' })
				.waitFor({ timeout: 60000 });
			const settings = (await page.evaluate(
				() =>
					(
						window as unknown as {
							abacusDashboardWidget: { ranges: unknown; engine: { token: string } };
						}
					).abacusDashboardWidget,
			)) as { ranges: Record<'week' | 'lastWeek', Range>; engine: { token: string } };
			expect(sent).toHaveLength(3);
			for (const request of sent) {
				expect(request.url.startsWith(`${engineUrl}/wp-json/wc-analytics/reports/`)).toBe(
					true,
				);
				expect(request.authorization).toBe(`Bearer ${settings.engine.token}`);
				expect(request.cookie).toBeNull();
			}
			// The figures are the engine's answers for the same ranges.
			const fromEngine = async (range: Range): Promise<Totals> => {
				const response = await fetch(
					`${engineUrl}/wp-json/wc-analytics/reports/revenue/stats?${new URLSearchParams({
						after: range.after,
						before: range.before,
						interval: 'day',
					})}`,
					{ headers: { Authorization: `Bearer ${settings.engine.token}` } },
				);
				expect(response.status).toBe(200);
				return ((await response.json()) as { totals: Totals }).totals;
			};
			const week = await fromEngine(settings.ranges.week);
			const lastWeek = await fromEngine(settings.ranges.lastWeek);
			const shown = await figures(page, 'This week so far');
			expect(shown['Net sales'].value).toBe(money(week.net_revenue));
			expect(shown['Orders'].value).toBe(week.orders_count.toLocaleString('en-US'));
			expect(shown['Net sales'].previous).toBe(`last week ${money(lastWeek.net_revenue)}`);
			expect(errors).toEqual([]);
			await context.close();
		} finally {
			site.php("delete_option( 'abacus_engine' ); delete_option( 'abacus_engine_secret' );");
			const exited = new Promise((resolve) => engine.once('exit', resolve));
			engine.kill('SIGTERM');
			await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10000))]);
		}
	}, 600000);

	test('a user who may not view reports gets no widget', async () => {
		// An editor: WordPress's Dashboard, without the store's reports capability (WooCommerce
		// sends a subscriber to the shop's account page instead of wp-admin).
		const { context, page } = await logIn(EDITOR);
		const scripts: string[] = [];
		page.on('request', (request) => scripts.push(request.url()));
		await page.goto(`${site.url}/wp-admin/`, { waitUntil: 'load' });
		await page.locator('#dashboard-widgets').waitFor({ state: 'visible' });
		expect(await page.locator('#abacus_dashboard_widget').count()).toBe(0);
		expect(await page.locator('#abacus-dashboard-widget-root').count()).toBe(0);
		expect(scripts.filter((url) => url.includes('dashboard-widget'))).toEqual([]);
		expect(await page.evaluate(() => 'abacusDashboardWidget' in window)).toBe(false);
		await context.close();
	});
});
