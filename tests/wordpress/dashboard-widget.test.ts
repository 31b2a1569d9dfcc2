/**
 * The "Store this week" widget on WordPress's Dashboard, in WordPress 6.8 + WooCommerce 10: an
 * administrator sees its placeholder (the same height as the figures); once the page has loaded
 * the widget makes one request (abacus/v1/dashboard-widget, which computes everything on the
 * store) and shows today's and this week's figures against the same time last week, equal to
 * WooCommerce's analytics REST answers for the same ranges; the chart is an image described in
 * words; a figure clicked with the mouse opens its Abacus report over the same range; with the
 * engine chosen the store asks the engine (the browser still makes one request); a user without
 * view_woocommerce_reports gets no widget, no widget script and no figures from the route.
 * Screenshots at 1440 and 390 px.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Browser, Page } from 'playwright-core';

import { ADMIN, pluginZip, startWordPress, type WordPressSite } from './harness.js';
import {
	ARTIFACTS,
	chooseEngine,
	describeWhenReady,
	launchChromium,
	paidOrders,
	pageSignIn,
	startConnectedEngine,
} from './helpers.js';
import { money } from '../e2e/helpers.js';

const describeIfReady = describeWhenReady('dashboard widget');
const ENGINE_SECRET = 'widget-engine-secret-0123456789abcdef';
const EDITOR = { user: 'widget-editor', password: 'abacus-widget-editor-password' };
/** The widget's one request: GET abacus/v1/dashboard-widget (pretty or plain permalinks). */
const WIDGET_ROUTE = /abacus(\/|%2F)v1(\/|%2F)dashboard-widget/;

interface Range {
	after: string;
	before: string;
}
interface Totals {
	net_revenue: number;
	orders_count: number;
	avg_order_value: number;
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
			`<?php
// Test only: WooCommerce's analytics import runs as each order is saved.
add_filter( 'woocommerce_analytics_disable_action_scheduling', '__return_true' );
// The test's Abacus engine listens on a loopback port: WordPress may call it.
add_filter( 'http_request_host_is_external', '__return_true' );
add_filter( 'http_allowed_safe_ports', function ( $ports, $host, $url ) {
	return array_merge( (array) $ports, array( (int) wp_parse_url( $url, PHP_URL_PORT ) ) );
}, 10, 3 );
`,
		);
		site = await startWordPress(zip, {
			contentFiles: { 'mu-plugins/abacus-test-immediate-import.php': immediate },
		});
		// A paid order earlier today and one at the same time a week ago (the prepared store's
		// orders may be older than this week).
		const made = paidOrders(site, 'widget@example.org', [
			[0, 3],
			[7, 1],
		]);
		expect(made).toHaveLength(2);
		const editor = site.php(`
$id = wp_insert_user( array( 'user_login' => '${EDITOR.user}', 'user_pass' => '${EDITOR.password}', 'user_email' => 'widget-editor@example.org', 'role' => 'editor' ) );
echo is_wp_error( $id ) ? $id->get_error_message() : ( user_can( $id, 'view_woocommerce_reports' ) ? 'can' : 'cannot' );`);
		expect(editor.trim()).toMatch(/cannot$/);
		browser = await launchChromium();
	}, 600000);

	afterAll(async () => {
		await browser?.close();
		await site?.close();
		if (tmp) rmSync(tmp, { recursive: true, force: true });
	}, 120000);

	/** A new page signed in as `user` (through wp-login.php the first time). */
	const logIn = pageSignIn(
		() => browser,
		() => site.url,
	);

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
		// Every request to the store's REST API or its analytics, from the Dashboard's load on.
		const asked: string[] = [];
		page.on('request', (request) => {
			if (/\/wp-json\/|[?&]rest_route=/.test(request.url())) asked.push(request.url());
		});
		// Hold the widget's request until the placeholder has been measured.
		let release: () => void = () => undefined;
		const released = new Promise<void>((resolve) => {
			release = resolve;
		});
		await page.route(WIDGET_ROUTE, async (route) => {
			await released;
			await route.continue();
		});
		const requested = page.waitForRequest(WIDGET_ROUTE, { timeout: 120000 });
		const answered = page.waitForResponse((response) => WIDGET_ROUTE.test(response.url()), {
			timeout: 120000,
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
		await page.waitForFunction(() => document.readyState === 'complete');
		const placeholderHeight = (await container.boundingBox())?.height ?? 0;
		await widget.screenshot({ path: path.join(ARTIFACTS, 'dashboard-widget-loading.png') });
		// The widget's request goes out once the page has loaded (it is held until now).
		await requested;
		release();
		const response = await answered;
		expect(response.status()).toBe(200);
		const answer = (await response.json()) as {
			ranges: Record<'today' | 'week' | 'lastWeekToday' | 'lastWeek', Range>;
			source: string;
		};
		expect(answer.source).toBe('woocommerce');
		await page.getByRole('region', { name: 'This week so far' }).waitFor({ timeout: 60000 });
		await page.unroute(WIDGET_ROUTE);
		const finalHeight = (await container.boundingBox())?.height ?? 0;
		expect(placeholderHeight).toBeGreaterThan(200);
		expect(Math.abs(finalHeight - placeholderHeight)).toBeLessThanOrEqual(2);
		// One request in all after the Dashboard loaded: the widget's own. None to WooCommerce's
		// analytics routes (the store computed every figure).
		expect(asked.filter((url) => /abacus(\/|%2F)v1/.test(url))).toEqual([
			expect.stringMatching(WIDGET_ROUTE),
		]);
		expect(asked.filter((url) => /wc-analytics/.test(url))).toEqual([]);

		const { ranges } = answer;
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
		// The placeholder, measured while the widget's request is held, has the figures' height.
		let release: () => void = () => undefined;
		const released = new Promise<void>((resolve) => {
			release = resolve;
		});
		await page.route(WIDGET_ROUTE, async (route) => {
			await released;
			await route.continue();
		});
		const requested = page.waitForRequest(WIDGET_ROUTE, { timeout: 120000 });
		await page.goto(`${site.url}/wp-admin/`, { waitUntil: 'load' });
		await requested;
		const container = page.locator('#abacus-dashboard-widget-root');
		await container.locator('.abacus-dw__skeleton').waitFor({ state: 'visible' });
		const placeholderHeight = (await container.boundingBox())?.height ?? 0;
		release();
		await page.getByRole('region', { name: 'This week so far' }).waitFor({ timeout: 60000 });
		await page.unroute(WIDGET_ROUTE);
		expect(
			Math.abs(((await container.boundingBox())?.height ?? 0) - placeholderHeight),
		).toBeLessThanOrEqual(2);
		const widget = page.locator('#abacus_dashboard_widget');
		const widgetBox = await widget.boundingBox();
		expect(widgetBox?.width ?? 0).toBeLessThanOrEqual(390);
		// No figure spills out of its box, and "last week …" is read whole (its own line), not cut.
		const spills = await page
			.locator('.abacus-dw__figure, .abacus-dw__previous')
			.evaluateAll((items) =>
				items
					.filter(
						(item) =>
							item.scrollWidth > item.clientWidth + 1 ||
							item.scrollHeight > item.clientHeight + 1,
					)
					.map((item) => item.textContent),
			);
		expect(spills).toEqual([]);
		await widget.screenshot({ path: path.join(ARTIFACTS, 'dashboard-widget-390.png') });
		expect(errors).toEqual([]);
		await context.close();
	});

	test('with the Abacus engine chosen, the store asks the engine: still one request from the page', async () => {
		// The engine as a store owner sets it up: a read-only REST key, `connect` registers the
		// store with the shared secret and copies it (--sync), the built server serves it.
		const engine = await startConnectedEngine(site, tmp, ENGINE_SECRET);
		const engineUrl = engine.url;
		try {
			chooseEngine(site, engineUrl, ENGINE_SECRET);

			// The answers kept from WooCommerce's figures are another source's: not used here.
			const { context, page, errors } = await logIn(ADMIN);
			// The login lands on the Dashboard: leave it, so that only the next load is counted.
			await page.goto('about:blank');
			const sent: string[] = [];
			page.on('request', (request) => {
				const url = request.url();
				if (url.startsWith(engineUrl) || /\/wp-json\/|[?&]rest_route=/.test(url)) {
					sent.push(url);
				}
			});
			const answered = page.waitForResponse((response) => WIDGET_ROUTE.test(response.url()), {
				timeout: 120000,
			});
			await page.goto(`${site.url}/wp-admin/`, { waitUntil: 'load' });
			const response = await answered;
			expect(response.status()).toBe(200);
			const answer = (await response.json()) as {
				ranges: Record<'week' | 'lastWeek', Range>;
				source: string;
			};
			expect(answer.source).toBe('engine');
			await page
				.getByRole('region', { name: 'This week so far' })
				.waitFor({ timeout: 60000 });
			// The browser made one request, to the store; the store asked the engine.
			expect(sent.filter((url) => url.startsWith(engineUrl))).toEqual([]);
			expect(sent.filter((url) => /abacus(\/|%2F)v1|wc-analytics/.test(url))).toEqual([
				expect.stringMatching(WIDGET_ROUTE),
			]);
			// The figures are the engine's answers for the same ranges, with a token the plugin
			// signs.
			const token = site
				.php("wp_set_current_user( 1 ); echo abacus_engine_token()['token'];")
				.trim()
				.split('\n')
				.pop();
			const fromEngine = async (range: Range): Promise<Totals> => {
				const answer = await fetch(
					`${engineUrl}/wp-json/wc-analytics/reports/revenue/stats?${new URLSearchParams({
						after: range.after,
						before: range.before,
						interval: 'day',
					})}`,
					{ headers: { Authorization: `Bearer ${token}` } },
				);
				expect(answer.status).toBe(200);
				return ((await answer.json()) as { totals: Totals }).totals;
			};
			const week = await fromEngine(answer.ranges.week);
			const lastWeek = await fromEngine(answer.ranges.lastWeek);
			const shown = await figures(page, 'This week so far');
			expect(shown['Net sales'].value).toBe(money(week.net_revenue));
			expect(shown['Orders'].value).toBe(week.orders_count.toLocaleString('en-US'));
			expect(shown['Net sales'].previous).toBe(`last week ${money(lastWeek.net_revenue)}`);

			// With the engine stopped and nothing kept, the widget says the engine cannot be
			// reached, with Retry: its figures came from there.
			await engine.stop();
			site.php(
				'global $wpdb; $wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE \'\\_transient%abacus\\_dw\\_%\'" );',
			);
			await page.reload({ waitUntil: 'load' });
			const alert = page.locator('#abacus_dashboard_widget').getByRole('alert');
			await alert.waitFor({ timeout: 60000 });
			expect(await alert.textContent()).toContain(
				`The engine at ${engineUrl} could not be reached`,
			);
			await page.waitForFunction(
				() => document.activeElement?.textContent === 'Retry',
				undefined,
				{ timeout: 60000 },
			);
			expect(errors).toEqual([]);
			await context.close();
		} finally {
			site.php("delete_option( 'abacus_engine' ); delete_option( 'abacus_engine_secret' );");
			await engine.stop(10000);
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
		// Nor does the widget's route give them the store's figures.
		await expect(rest(page, '/abacus/v1/dashboard-widget', {})).rejects.toThrow(/answered 403/);
		await context.close();
	});
});
