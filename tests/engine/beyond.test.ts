/**
 * The reports WooCommerce Analytics lacks (payment methods, shipping methods, order origin,
 * places, profit, when orders come, cohorts) on a synced real store: WordPress 6.8.8 +
 * WooCommerce 10.0.2 (tests/wordpress's seeded store) with the Abacus plugin built by npm test
 * (build/, or ABACUS_BUILD_ROOT), given what these reports read through WooCommerce's PHP API:
 * four gateways, flat-rate, free and pickup shipping lines, order attribution meta
 * (`_wc_order_attribution_*`), shipping addresses in other countries, and WooCommerce's own cost of
 * goods sold (its 9.5+ feature, on) on every product but one. `connect` registers the store with
 * an engine secret, the engine backfills it, then:
 *
 * 1. Through the engine's HTTP with the plugin's token: each breakdown's rows sum to the revenue
 *    and orders totals of the same range; profit has WooCommerce's costs and names the product
 *    without one; order-time cells sum to the orders stats; cohort sizes to the new customers.
 * 2. In Chromium inside WordPress with the engine chosen: each page opened from the Abacus menu
 *    with the mouse shows figures; payment methods is exported as a whole-report CSV built by the
 *    engine and downloaded in the browser; with WooCommerce chosen in Settings, a page says it
 *    needs the engine and how to connect it. On Profit, a cost typed into the product without
 *    one is saved on the engine with the page's token (the product is no longer named, the cost
 *    of goods grows); the orders report's whole-report CSV comes from the engine and lists its
 *    orders. Screenshots at 1440 and 390 px in test-results/engine/.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium, type Browser, type Page, type Request } from 'playwright-core';

import { startServer, type RunningServer } from '../../server/src/index.js';
import { listEngineStores, listStores, StoreSync } from '../../server/src/sync/index.js';
import {
	allowLoopbackEngine,
	signInOnce,
	pluginZip,
	startWordPress,
} from '../wordpress/harness.js';
import {
	ADMIN,
	connect,
	engineGet,
	engineStack,
	lastDays,
	missingPrerequisite,
	pageToken,
	type EngineStack,
} from './stack.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';
import { batchAnswers } from '../support/engine-batch.js';

const root = path.resolve(__dirname, '../..');
const buildRoot = process.env.ABACUS_BUILD_ROOT
	? path.resolve(process.env.ABACUS_BUILD_ROOT)
	: path.join(root, 'build');
const ARTIFACTS = process.env.ABACUS_BEYOND_SHOTS ?? path.join(root, 'test-results', 'engine');
const SECRET = 'beyond-engine-secret-0123456789abcdef';

const missing = missingPrerequisite();
if (missing) console.warn(`Skipping the engine reports test: ${missing}`);
const describeIfReady = missing ? describe.skip : describe;

type Json = Record<string, unknown>;

interface Seeded {
	/** Unit costs set in WooCommerce, by product or variation id. */
	costs: Record<string, number>;
	/** The product left without a cost, and its name. */
	without: { id: number; name: string };
	orders: number;
	cogsLines: number;
}

/** What the reports need, added to the seeded store through WooCommerce's PHP API. */
const SEED = `
$gateways = array( array( 'bacs', 'Direct bank transfer' ), array( 'stripe', 'Credit card (Stripe)' ), array( 'cod', 'Cash on delivery' ), array( 'paypal', 'PayPal' ) );
$origins  = array(
	array( 'organic', 'google', '', 'Desktop' ),
	array( 'referral', 'facebook.com', '', 'Mobile' ),
	array( 'utm', 'newsletter', 'spring-sale', 'Mobile' ),
	array( 'typein', '(direct)', '', 'Desktop' ),
	array( 'admin', '', '', '' ),
	null,
);
$ships = array(
	array( 'first_name' => 'Ana', 'last_name' => 'Roux', 'country' => 'FR', 'state' => '', 'city' => 'Paris', 'postcode' => '75001' ),
	array( 'first_name' => 'Liam', 'last_name' => 'Tremblay', 'country' => 'CA', 'state' => 'ON', 'city' => 'Toronto', 'postcode' => 'M5H 2N2' ),
	array( 'first_name' => 'Mia', 'last_name' => 'Clarke', 'country' => 'AU', 'state' => 'NSW', 'city' => 'Sydney', 'postcode' => '2000' ),
	null,
);
// WooCommerce's cost of goods sold: a cost on every product (each variation of a variable one), 40 %
// of its price, but one simple product a completed order has.
$ids  = wc_get_orders( array( 'limit' => -1, 'orderby' => 'id', 'order' => 'ASC', 'return' => 'ids', 'type' => 'shop_order' ) );
$last = null;
foreach ( $ids as $id ) {
	$o = wc_get_order( $id );
	if ( 'completed' !== $o->get_status() ) { continue; }
	foreach ( $o->get_items() as $item ) {
		$p = $item->get_product();
		if ( $p && $p->is_type( 'simple' ) ) { $last = $p; break 2; }
	}
}
$products = wc_get_products( array( 'limit' => -1, 'orderby' => 'id', 'order' => 'ASC', 'type' => array( 'simple', 'variable' ) ) );
$costs    = array();
foreach ( $products as $p ) {
	if ( $p->get_id() === $last->get_id() ) { continue; }
	$targets = $p->is_type( 'variable' ) ? array_map( 'wc_get_product', $p->get_children() ) : array( $p );
	foreach ( $targets as $t ) {
		$cost = round( (float) $t->get_price() * 0.4, 2 );
		$t->set_cogs_value( $cost );
		$t->save();
		$costs[ $t->get_id() ] = $cost;
	}
}
$lines = 0;
foreach ( $ids as $i => $id ) {
	$o = wc_get_order( $id );
	$g = $gateways[ $i % 4 ];
	$o->set_payment_method( $g[0] );
	$o->set_payment_method_title( $g[1] );
	// Orders without shipping: free shipping or local pickup (no charge), some nothing shipped.
	if ( ! $o->get_items( 'shipping' ) && 2 !== $i % 3 ) {
		$s = new WC_Order_Item_Shipping();
		$s->set_method_id( 0 === $i % 3 ? 'free_shipping' : 'local_pickup' );
		$s->set_method_title( 0 === $i % 3 ? 'Free shipping' : 'Local pickup' );
		$s->set_total( '0' );
		$o->add_item( $s );
	}
	$origin = $origins[ $i % 6 ];
	if ( $origin ) {
		$o->update_meta_data( '_wc_order_attribution_source_type', $origin[0] );
		if ( '' !== $origin[1] ) { $o->update_meta_data( '_wc_order_attribution_utm_source', $origin[1] ); }
		if ( '' !== $origin[2] ) { $o->update_meta_data( '_wc_order_attribution_utm_campaign', $origin[2] ); }
		if ( '' !== $origin[3] ) { $o->update_meta_data( '_wc_order_attribution_device_type', $origin[3] ); }
	}
	$ship = $ships[ $i % 4 ];
	if ( $ship ) { $o->set_address( $ship, 'shipping' ); }
	$o->calculate_cogs_total_value();
	$o->save();
	foreach ( wc_get_order( $id )->get_items() as $item ) {
		if ( null !== $item->get_cogs_value() && (float) $item->get_cogs_value() > 0 ) { ++$lines; }
	}
}
echo wp_json_encode( array( 'costs' => $costs, 'without' => array( 'id' => $last->get_id(), 'name' => $last->get_name() ), 'orders' => count( $ids ), 'cogsLines' => $lines ) ), "\\n";`;

function sum(rows: Json[], field: string): number {
	return Math.round(rows.reduce((total, row) => total + Number(row[field] ?? 0), 0) * 100) / 100;
}

/**
 * A request's headers, or null when its page was closed (the test went on) before they were read:
 * a rejection there would fail whichever test runs then.
 */
async function headersOf(request: Request): Promise<Record<string, string> | null> {
	try {
		return await request.allHeaders();
	} catch {
		return null;
	}
}

describeIfReady('the reports beyond WooCommerce Analytics on a synced real store', () => {
	let stack: EngineStack;
	let server: RunningServer;
	let sync: StoreSync;
	let dir: string;
	let seeded: Seeded;
	let range: { after: string; before: string };
	let days: { from: string; today: string };
	let token = '';
	let browser: Browser | null = null;
	const timings: Record<string, number> = {};

	beforeAll(async () => {
		const t0 = Date.now();
		if (!existsSync(path.join(buildRoot, 'wp'))) {
			throw new Error(
				`The plugin's build is missing in ${buildRoot}: run \`npx webpack --mode production\` and \`npm run build:wp-packages\` first (npm test does).`,
			);
		}
		dir = mkdtempSync(path.join(os.tmpdir(), 'abacus-beyond-'));
		const zip = pluginZip(dir);
		timings.pluginZip = (Date.now() - t0) / 1000;
		// The engine runs on 127.0.0.1 at a random port, which WordPress's own calls refuse: the
		// Dashboard widget reads its figures from the engine on the server side. As a store with
		// its engine on a private network does, the site allows it with WordPress's filters.
		const site = await startWordPress(zip, {
			contentFiles: allowLoopbackEngine(dir),
		});
		stack = engineStack(site);
		timings.wordpress = (Date.now() - t0) / 1000 - timings.pluginZip;
		timings.preparedStore = site.timings.prepareStore ?? 0;
		stack.php(`update_option( 'woocommerce_date_type', 'date_created' );
update_option( 'woocommerce_feature_cost_of_goods_sold_enabled', 'yes' );`);
		seeded = stack.phpJson<Seeded>(SEED);
		const seededAt = Date.now();
		timings.seed = (seededAt - t0) / 1000 - timings.wordpress - timings.pluginZip;

		const file = path.join(dir, 'engine.duckdb');
		const keys = stack.keys();
		const out = connect(stack.url, keys, { db: file, engineSecret: SECRET });
		expect(out).toContain(`Registered ${stack.url}`);
		server = await startServer({ databasePath: file, port: 0, quiet: true, sync: false });
		const [store] = await listStores(server.ctx.db);
		const [engineStore] = await listEngineStores(server.ctx.db);
		expect(engineStore.secret).toBe(SECRET);
		token = pageToken(engineStore, server.url, 3000);
		sync = new StoreSync({
			db: server.ctx.db,
			store,
			notifyWrite: () => server.ctx.notifyWrite(),
		});
		timings.connectAndStart = (Date.now() - seededAt) / 1000;
		const t1 = Date.now();
		await sync.syncNow();
		timings.sync = (Date.now() - t1) / 1000;
		range = lastDays(stack);
		days = { today: range.before.slice(0, 10), from: range.after.slice(0, 10) };
	}, 600000);

	afterAll(async () => {
		console.log(`Timings (s): ${JSON.stringify(timings)}`);
		await browser?.close();
		await sync?.stop();
		await server?.close();
		await stack?.close();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	async function engine<T>(route: string, query: Record<string, string | number>): Promise<T> {
		return engineGet<T>(server.url, token, route, query);
	}

	test('the store gave what the reports read: several gateways, shipping methods, origins, countries and its costs', () => {
		expect(seeded.orders).toBe(stack.seed.orders);
		expect(Object.keys(seeded.costs).length).toBeGreaterThan(3);
		// WooCommerce recorded a cost on the lines of products that have one.
		expect(seeded.cogsLines).toBeGreaterThan(20);
	});

	test('each breakdown sums to the revenue and orders totals of the same range', async () => {
		const revenue = await engine<{ totals: Json }>('wc-analytics/reports/revenue/stats', {
			...range,
			interval: 'month',
		});
		const orders = await engine<{ totals: Json }>('wc-analytics/reports/orders/stats', {
			...range,
			interval: 'month',
		});
		const totals = {
			orders_count: Number(orders.totals.orders_count),
			net_revenue: Number(revenue.totals.net_revenue),
			refunds: Number(revenue.totals.refunds),
			shipping: Number(revenue.totals.shipping),
		};
		expect(totals.orders_count).toBeGreaterThan(30);
		expect(totals.refunds).toBeGreaterThan(0);
		const keys: Record<string, string[]> = {};
		for (const [report, groupBy] of [
			['payment-methods', 'method'],
			['shipping-methods', 'method'],
			['origins', 'origin'],
			['origins', 'source_type'],
			['origins', 'device'],
			['places', 'billing_country'],
			['places', 'billing_state'],
			['places', 'shipping_country'],
		]) {
			const rows = await engine<Json[]>(`wc-analytics/reports/${report}`, {
				...range,
				group_by: groupBy,
				per_page: -1,
			});
			const name = `${report} by ${groupBy}`;
			expect([name, sum(rows, 'orders_count')]).toEqual([name, totals.orders_count]);
			expect([name, sum(rows, 'net_revenue')]).toEqual([name, totals.net_revenue]);
			expect([name, sum(rows, 'refunds')]).toEqual([name, totals.refunds]);
			expect([name, sum(rows, 'shipping')]).toEqual([name, totals.shipping]);
			expect([name, Math.round(sum(rows, 'net_revenue_share'))]).toEqual([name, 100]);
			keys[name] = rows.map((row) => String(row.key)).sort();
			if (report === 'payment-methods') {
				expect(
					Object.fromEntries(rows.map((row) => [String(row.key), String(row.label)])),
				).toEqual({
					bacs: 'Direct bank transfer',
					stripe: 'Credit card (Stripe)',
					cod: 'Cash on delivery',
					paypal: 'PayPal',
				});
			}
		}
		console.log(`Breakdown values: ${JSON.stringify(keys)}`);
		expect(keys['shipping-methods by method']).toEqual([
			'',
			'flat_rate',
			'free_shipping',
			'local_pickup',
		]);
		expect(keys['origins by origin']).toEqual(
			expect.arrayContaining(['organic:google', 'utm:newsletter', 'typein', 'admin', '']),
		);
		expect(keys['origins by device']).toEqual(expect.arrayContaining(['Mobile', 'Desktop']));
		expect(keys['places by billing_country']).toEqual(
			expect.arrayContaining(['US', 'GB', 'DE']),
		);
		expect(keys['places by shipping_country']).toEqual(
			expect.arrayContaining(['FR', 'CA', 'AU']),
		);
		expect(keys['places by billing_state']).toEqual(expect.arrayContaining(['US:CA']));

		// The stats of a breakdown: the same totals.
		const stats = await engine<{ totals: Json }>('wc-analytics/reports/payment-methods/stats', {
			...range,
			interval: 'week',
		});
		expect(Number(stats.totals.orders_count)).toBe(totals.orders_count);
		expect(Number(stats.totals.net_revenue)).toBeCloseTo(totals.net_revenue, 2);
		expect(Number(stats.totals.values)).toBe(4);
	});

	test("profit has WooCommerce's costs, adds up, and names the product without a cost", async () => {
		const stats = await engine<{ totals: Json }>('wc-analytics/reports/profit/stats', {
			...range,
			interval: 'week',
		});
		const t = stats.totals;
		const products = await engine<{ totals: Json }>('wc-analytics/reports/products/stats', {
			...range,
			interval: 'week',
		});
		expect(Number(t.net_revenue)).toBeCloseTo(Number(products.totals.net_revenue), 2);
		expect(Number(t.cost)).toBeGreaterThan(0);
		expect(Number(t.gross_profit)).toBeCloseTo(Number(t.costed_revenue) - Number(t.cost), 2);
		expect(Number(t.margin)).toBeCloseTo(
			(100 * Number(t.gross_profit)) / Number(t.costed_revenue),
			1,
		);
		expect(Number(t.profit_per_order)).toBeCloseTo(
			Number(t.gross_profit) / Number(t.orders_count),
			1,
		);
		expect(Number(t.items_without_cost)).toBeGreaterThan(0);
		expect(Number(t.products_without_cost)).toBe(1);
		const missingCosts = await engine<{
			count: number;
			products: Array<{ product_id: number; name: string }>;
		}>('wc-analytics/reports/profit/missing-costs', range);
		expect(missingCosts.products.map((p) => [p.product_id, p.name])).toEqual([
			[seeded.without.id, seeded.without.name],
		]);

		const rows = await engine<Json[]>('wc-analytics/reports/profit', {
			...range,
			by: 'product',
			per_page: 100,
		});
		expect(sum(rows, 'net_revenue')).toBeCloseTo(Number(t.net_revenue), 2);
		expect(sum(rows, 'cost')).toBeCloseTo(Number(t.cost), 2);
		expect(sum(rows, 'items_sold')).toBe(Number(t.items_sold));
		// A simple product's cost is WooCommerce's unit cost times the items sold (refunded ones returned).
		const simple = rows.filter(
			(row) => seeded.costs[String(row.product_id)] !== undefined && row.items_sold,
		);
		expect(simple.length).toBeGreaterThan(1);
		for (const row of simple) {
			const expected =
				Math.round(seeded.costs[String(row.product_id)] * Number(row.items_sold) * 100) /
				100;
			expect([row.name, Number(row.cost)]).toEqual([row.name, expected]);
			expect(row.cost_status).toBe('complete');
		}
		const without = rows.find((row) => Number(row.product_id) === seeded.without.id);
		if (without) expect([without.cost, without.cost_status]).toEqual([null, 'missing']);
	});

	test('order-time cells sum to the orders stats, cohort sizes to the new customers', async () => {
		const orders = await engine<{ totals: Json }>('wc-analytics/reports/orders/stats', {
			...range,
			interval: 'month',
		});
		const times = await engine<{ cells: Json[]; totals: Json; time_zone: string }>(
			'wc-analytics/reports/order-times',
			range,
		);
		expect(times.cells).toHaveLength(168);
		expect(sum(times.cells, 'orders_count')).toBe(Number(orders.totals.orders_count));
		expect(sum(times.cells, 'net_revenue')).toBeCloseTo(Number(orders.totals.net_revenue), 2);
		expect(times.cells.filter((c) => Number(c.orders_count) > 0).length).toBeGreaterThan(5);

		const newCustomers = await engine<{ totals: Json }>('wc-analytics/reports/orders/stats', {
			...range,
			interval: 'month',
			customer_type: 'new',
		});
		const cohorts = await engine<{ cohorts: Json[]; totals: Json }>(
			'wc-analytics/reports/cohorts',
			{ ...range, period: 'month', periods: 6 },
		);
		expect(cohorts.cohorts.length).toBeGreaterThan(2);
		expect(sum(cohorts.cohorts, 'size')).toBe(Number(newCustomers.totals.total_customers));
		expect(Number(cohorts.totals.customers)).toBe(Number(newCustomers.totals.total_customers));
		for (const cohort of cohorts.cohorts) {
			if (Number(cohort.size) > 0) expect((cohort.retention as number[])[0]).toBe(100);
		}
	});

	/** Page errors and console errors seen in the browser, printed when a test fails. */
	const problems: string[] = [];

	/** Every answer to a report request, from the engine or from WordPress. */
	interface Seen {
		url: string;
		method: string;
		status: number;
		authorization: string | null;
		cookie: string | null;
	}

	/** Each user through wp-login.php once, then with the cookies that login gave. */
	let signIn: ReturnType<typeof signInOnce> | undefined;

	/** A new page of `width` signed in as `user` (through wp-login.php the first time). */
	async function logIn(
		width: number,
		user: { user: string; password: string } = ADMIN,
	): Promise<{ page: Page; seen: Seen[] }> {
		if (!browser) {
			browser = await chromium.launch({
				executablePath: CHROMIUM_PATH,
				args: CHROMIUM_ARGS,
			});
		}
		const context = await browser.newContext({
			viewport: { width, height: 1000 },
			acceptDownloads: true,
		});
		const page = await context.newPage();
		page.on('pageerror', (error) =>
			problems.push(`page error on ${page.url()}: ${error.message}`),
		);
		page.on('console', (message) => {
			// External assets (blocked in the test store) are not Abacus's.
			if (message.type() === 'error' && !message.text().includes('ERR_NAME_NOT_RESOLVED')) {
				problems.push(`console: ${message.text()}`);
			}
		});
		const seen: Seen[] = [];
		page.on('response', async (response) => {
			const url = response.url();
			if (!/wc-analytics(\/|%2F)(reports|leaderboards)/.test(url)) return;
			const request = response.request();
			if (request.method() === 'OPTIONS') return;
			const headers = await headersOf(request);
			if (!headers) return;
			const sent = {
				method: request.method(),
				authorization: headers.authorization ?? null,
				cookie: headers.cookie ?? null,
			};
			// The report GETs of one task go to the engine as one request: each path is seen
			// with its own answer, as if asked alone.
			if (url.includes('/abacus/v1/engine/batch')) {
				const body: unknown = await response.json().catch(() => null);
				for (const answer of batchAnswers(url, response.status(), body) ?? [])
					seen.push({ url: answer.url, status: answer.status, ...sent });
				return;
			}
			seen.push({ url, status: response.status(), ...sent });
		});
		signIn ??= signInOnce(stack.url);
		await signIn(page, user);
		return { page, seen };
	}

	function adminUrl(appPath: string, query: Record<string, string> = {}): string {
		const params = new URLSearchParams({ page: 'abacus', path: appPath, ...query });
		return `${stack.url}/wp-admin/admin.php?${params.toString()}`;
	}

	/** The page has figures: no placeholder or spinner left, and what each page draws. */
	async function figures(page: Page, kind: 'report' | 'heat-map' | 'cohorts'): Promise<void> {
		const selector = {
			report: '#root .abacus-summary__item-value',
			'heat-map': '#root .abacus-heat-map [role="grid"]',
			cohorts: '#root .abacus-triangle__cell',
		}[kind];
		await page.locator(selector).first().waitFor({ timeout: 60000 });
		await page.waitForFunction(
			() => !document.querySelector('#root .is-placeholder, #root .components-spinner'),
			undefined,
			{ timeout: 60000 },
		);
		await expect(page.locator('#root .abacus-needs-engine').count()).resolves.toBe(0);
		await expect(page.locator('#root [role="alert"]').count()).resolves.toBe(0);
	}

	const PAGES = [
		{ label: 'Payment methods', slug: 'payment-methods', kind: 'report', text: 'PayPal' },
		{
			label: 'Shipping methods',
			slug: 'shipping-methods',
			kind: 'report',
			text: 'Local pickup',
		},
		{ label: 'Order origin', slug: 'origins', kind: 'report', text: 'newsletter' },
		{ label: 'Places', slug: 'places', kind: 'report', text: 'Germany' },
		{ label: 'Profit', slug: 'profit', kind: 'report', text: '' },
		{ label: 'When orders come', slug: 'order-times', kind: 'heat-map', text: '' },
		{ label: 'Cohorts', slug: 'cohorts', kind: 'cohorts', text: '' },
	] as const;

	test('in WordPress with the engine chosen, every page opens from the menu with figures, and payment methods exports the whole report', async () => {
		const t0 = Date.now();
		mkdirSync(ARTIFACTS, { recursive: true });
		// The plugin's "Analytics engine" setting: the engine at its address, the shared secret;
		// and the store's default date range (Analytics › Settings) the 120 days of orders, which
		// the pages opened from the menu show (the first customers ordered three months ago).
		stack.php(`update_option( 'abacus_engine', array( 'mode' => 'abacus', 'url' => ${JSON.stringify(server.url)} ) );
update_option( 'abacus_engine_secret', ${JSON.stringify(SECRET)}, false );
update_option( 'woocommerce_default_date_range', ${JSON.stringify(`period=custom&compare=previous_year&after=${days.from}&before=${days.today}`)} );`);
		const { page, seen } = await logIn(1440);
		const range = {
			period: 'custom',
			compare: 'previous_year',
			after: days.from,
			before: days.today,
		};
		await page.goto(adminUrl('/analytics/overview', range));
		await figures(page, 'report');
		const menu = page.locator('#toplevel_page_abacus .wp-submenu');
		for (const entry of PAGES) {
			const before = seen.length;
			await menu.getByRole('link', { name: entry.label, exact: true }).click();
			await page.waitForURL(
				(url) => url.searchParams.get('path') === `/analytics/${entry.slug}`,
			);
			await figures(page, entry.kind);
			if (entry.slug === 'profit') {
				// The product without a cost is named, never counted as free.
				await page.locator('#root').getByText(seeded.without.name).first().waitFor();
			} else if (entry.text) {
				await page.locator('#root').getByText(entry.text).first().waitFor();
			}
			const answers = seen
				.slice(before)
				.filter((s) => s.url.includes(`/wc-analytics/reports/${entry.slug}`));
			expect([entry.slug, answers.length > 0]).toEqual([entry.slug, true]);
			for (const answer of answers) {
				expect([answer.url, answer.status]).toEqual([answer.url, 200]);
				expect(answer.url.startsWith(`${server.url}/wp-json/`)).toBe(true);
				expect(answer.authorization).toMatch(/^Bearer /);
				expect(answer.cookie).toBeNull();
			}
			await expect(menu.locator('li.current a').innerText()).resolves.toBe(entry.label);
			await page.screenshot({
				path: path.join(ARTIFACTS, `beyond-${entry.slug}-1440.png`),
				fullPage: true,
			});
		}

		// The whole report as a CSV the engine builds: a table page smaller than the report makes
		// Download ask for the export, which the page follows to the file.
		await page.goto(adminUrl('/analytics/payment-methods', { ...range, per_page: '2' }));
		await figures(page, 'report');
		const before = seen.length;
		const downloading = page.waitForEvent('download', { timeout: 60000 });
		await page.getByRole('button', { name: 'Download', exact: true }).click();
		const download = await downloading;
		const file = path.join(ARTIFACTS, 'beyond-payment-methods.csv');
		await download.saveAs(file);
		const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
		expect(header).toBe(
			'Key,Name,Orders,Net sales,Returns,Average order value,Share of net sales (%),Shipping charged,New customers',
		);
		const rows = lines.map((line) => line.split(','));
		expect(rows.map((row) => row[1]).sort()).toEqual([
			'Cash on delivery',
			'Credit card (Stripe)',
			'Direct bank transfer',
			'PayPal',
		]);
		const table = await engine<Json[]>('wc-analytics/reports/payment-methods', {
			after: `${days.from}T00:00:00`,
			before: `${days.today}T23:59:59`,
			per_page: -1,
		});
		expect(rows.reduce((total, row) => total + Number(row[2]), 0)).toBe(
			sum(table, 'orders_count'),
		);
		const exports = seen.slice(before).filter((s) => s.url.includes('/export'));
		expect(exports.map((s) => [s.method, s.status, s.url.startsWith(server.url)])).toEqual(
			expect.arrayContaining([
				['POST', 200, true],
				['GET', 200, true],
			]),
		);
		expect(exports.every((s) => s.cookie === null && s.authorization !== null)).toBe(true);
		await page.locator('.abacus-export-progress__download').waitFor();
		await page.screenshot({
			path: path.join(ARTIFACTS, 'beyond-payment-methods-export-1440.png'),
			fullPage: true,
		});
		await page.context().close();

		// A phone: each kind of page (a breakdown, profit, the heat map, the cohorts), figures
		// and no error.
		const phone = await logIn(390);
		for (const entry of [PAGES[0], PAGES[4], PAGES[5], PAGES[6]]) {
			await phone.page.goto(adminUrl(`/analytics/${entry.slug}`, range));
			await figures(phone.page, entry.kind);
			await phone.page.screenshot({
				path: path.join(ARTIFACTS, `beyond-${entry.slug}-390.png`),
				fullPage: true,
			});
		}
		await phone.page.context().close();
		expect(problems).toEqual([]);
		timings.chromiumEngine = (Date.now() - t0) / 1000;
	});

	/** The rows of a CSV file: fields may be quoted, with commas and doubled quotes inside. */
	function csvRows(text: string): string[][] {
		const rows: string[][] = [];
		let row: string[] = [];
		let field = '';
		let quoted = false;
		for (let i = 0; i < text.length; i++) {
			const c = text[i];
			if (quoted) {
				if (c === '"' && text[i + 1] === '"') {
					field += '"';
					i++;
				} else if (c === '"') quoted = false;
				else field += c;
			} else if (c === '"') quoted = true;
			else if (c === ',') {
				row.push(field);
				field = '';
			} else if (c === '\n') {
				rows.push([...row, field.replace(/\r$/, '')]);
				row = [];
				field = '';
			} else field += c;
		}
		if (field !== '' || row.length) rows.push([...row, field]);
		return rows;
	}

	test("in WordPress with the engine, a cost set on Profit with the mouse is saved on the engine, and the orders CSV is the engine's list", async () => {
		const t0 = Date.now();
		const { page, seen } = await logIn(1440);
		const costCalls: Seen[] = [];
		page.on('response', async (response) => {
			const request = response.request();
			if (!/abacus(\/|%2F)v1(\/|%2F)costs/.test(response.url())) return;
			if (request.method() === 'OPTIONS') return;
			const headers = await headersOf(request);
			if (!headers) return;
			costCalls.push({
				url: response.url(),
				method: request.method(),
				status: response.status(),
				authorization: headers.authorization ?? null,
				cookie: headers.cookie ?? null,
			});
		});
		const range = {
			period: 'custom',
			compare: 'previous_year',
			after: days.from,
			before: days.today,
		};
		const apiRange = { after: `${days.from}T00:00:00`, before: `${days.today}T23:59:59` };
		await page.goto(adminUrl('/analytics/profit', range));
		await figures(page, 'report');
		const costOfGoods = page
			.locator('#root .abacus-summary__item')
			.filter({
				has: page.locator('.abacus-summary__item-label', { hasText: /^Cost of goods$/ }),
			})
			.locator('.abacus-summary__item-value');
		const shownBefore = await costOfGoods.innerText();
		const statsBefore = await engine<{ totals: Json }>('wc-analytics/reports/profit/stats', {
			...apiRange,
			interval: 'week',
		});

		// The product without a cost: open its editor, type a cost that covers the range, save.
		const setCost = page.getByRole('link', { name: `Set the cost of ${seeded.without.name}` });
		await setCost.click();
		const editor = page.getByRole('dialog');
		await editor.getByLabel('Unit cost').click();
		await page.keyboard.type('3.25');
		await editor.getByLabel('Applies from').click();
		await editor.getByLabel('Applies from').fill(days.from);
		await editor.getByRole('button', { name: 'Save cost' }).click();
		await editor
			.getByText('Cost saved. Sales already made keep the cost they were sold at.')
			.waitFor({ timeout: 30000 });
		await page.screenshot({ path: path.join(ARTIFACTS, 'beyond-profit-cost-saved-1440.png') });
		await editor.getByRole('cell', { name: '$3.25', exact: true }).waitFor();
		await editor
			.locator('.components-modal__header')
			.getByRole('button', { name: 'Close' })
			.click();

		// The page asks again: the product is no longer named and the cost of goods grew.
		await setCost.waitFor({ state: 'detached', timeout: 30000 });
		await page.waitForFunction(
			([selector, before]) =>
				[...document.querySelectorAll(selector)].some(
					(item) =>
						item.querySelector('.abacus-summary__item-label')?.textContent ===
							'Cost of goods' &&
						item.querySelector('.abacus-summary__item-value')?.textContent !== before,
				),
			['#root .abacus-summary__item', shownBefore] as const,
			{ timeout: 30000 },
		);
		const statsAfter = await engine<{ totals: Json }>('wc-analytics/reports/profit/stats', {
			...apiRange,
			interval: 'week',
		});
		expect(Number(statsAfter.totals.products_without_cost)).toBe(0);
		expect(Number(statsAfter.totals.cost)).toBeGreaterThan(Number(statsBefore.totals.cost));
		expect(costCalls.map((c) => c.method)).toEqual(expect.arrayContaining(['GET', 'POST']));
		for (const call of costCalls) {
			expect([
				call.method,
				call.status,
				call.url.startsWith(`${server.url}/wp-json/`),
			]).toEqual([call.method, 200, true]);
			expect(call.authorization).toMatch(/^Bearer /);
			expect(call.cookie).toBeNull();
		}
		timings.chromiumCost = (Date.now() - t0) / 1000;

		// Orders, a report WooCommerce has too: the whole-report CSV comes from the engine and
		// lists the engine's orders of the range.
		const t1 = Date.now();
		await page.goto(adminUrl('/analytics/orders', { ...range, per_page: '2' }));
		await figures(page, 'report');
		const before = seen.length;
		const downloading = page.waitForEvent('download', { timeout: 60000 });
		await page.getByRole('button', { name: 'Download', exact: true }).click();
		const file = path.join(ARTIFACTS, 'beyond-orders.csv');
		await (await downloading).saveAs(file);
		const [header, ...lines] = csvRows(readFileSync(file, 'utf8').trim());
		const column = header.indexOf('Order #');
		expect(column).toBeGreaterThanOrEqual(0);
		const listed: string[] = [];
		for (let n = 1; n <= 20; n++) {
			const rows = await engine<Json[]>('wc-analytics/reports/orders', {
				...apiRange,
				per_page: 100,
				page: n,
			});
			listed.push(...rows.map((row) => String(row.order_number)));
			if (rows.length < 100) break;
		}
		expect(listed.length).toBeGreaterThan(30);
		expect(lines.map((line) => line[column]).sort()).toEqual(listed.sort());
		const exports = seen.slice(before).filter((s) => s.url.includes('/orders/export'));
		expect(exports.length).toBeGreaterThan(1);
		expect(
			exports.every(
				(s) =>
					s.url.startsWith(server.url) && s.authorization !== null && s.cookie === null,
			),
		).toBe(true);
		await page.context().close();
		expect(problems).toEqual([]);
		timings.chromiumOrdersExport = (Date.now() - t1) / 1000;
	});

	test('a reports reader who may not manage WooCommerce sees the costs on Profit read-only, with the reason', async () => {
		const t0 = Date.now();
		// A role that may open wp-admin (WooCommerce sends users without view_admin_dashboard to
		// My account) and read the reports, nothing else: its engine token has no edit_costs.
		const reader = { user: 'reportreader', password: 'abacus-reader-password' };
		stack.php(`if ( ! get_role( 'abacus_report_reader' ) ) {
	add_role( 'abacus_report_reader', 'Report reader', array( 'read' => true, 'view_admin_dashboard' => true, 'view_woocommerce_reports' => true ) );
}
if ( ! get_user_by( 'login', ${JSON.stringify(reader.user)} ) ) {
	$id = wp_insert_user( array( 'user_login' => ${JSON.stringify(reader.user)}, 'user_pass' => ${JSON.stringify(reader.password)}, 'user_email' => 'reader@example.com', 'role' => 'abacus_report_reader' ) );
	if ( is_wp_error( $id ) ) { fwrite( STDERR, $id->get_error_message() ); exit( 1 ); }
}`);
		// The engine chosen, as the tests above leave it (this test also runs alone).
		stack.php(`update_option( 'abacus_engine', array( 'mode' => 'abacus', 'url' => ${JSON.stringify(server.url)} ) );
update_option( 'abacus_engine_secret', ${JSON.stringify(SECRET)}, false );`);
		const range = {
			period: 'custom',
			compare: 'previous_year',
			after: days.from,
			before: days.today,
		};
		for (const width of [1440, 390]) {
			const { page } = await logIn(width, reader);
			const shot = path.join(ARTIFACTS, `beyond-profit-read-only-${width}.png`);
			const costCalls: string[] = [];
			page.on('request', (request) => {
				if (/abacus(\/|%2F)v1(\/|%2F)costs/.test(request.url())) {
					costCalls.push(request.method());
				}
			});
			try {
				await page.goto(adminUrl('/analytics/profit', range));
				await figures(page, 'report');
				// A product's name in the table opens its costs.
				await page
					.locator('#root .abacus-table')
					.getByRole('link', { name: seeded.without.name, exact: true })
					.first()
					.click();
				const editor = page.getByRole('dialog');
				await editor
					.getByText('You can see these costs but not change them', { exact: false })
					.waitFor({ timeout: 30000 });
				await editor.getByText('Cost today').waitFor();
				await expect(
					editor.getByRole('button', { name: 'Save cost' }).count(),
				).resolves.toBe(0);
				await expect(editor.getByLabel('Unit cost').count()).resolves.toBe(0);
			} finally {
				await page.screenshot({ path: shot, fullPage: true });
			}
			// The costs were read from the engine; nothing was written.
			expect(costCalls).toContain('GET');
			expect(costCalls).not.toContain('POST');
			await page.context().close();
		}
		// Such a user lands on WordPress's own profile page after logging in, whose script
		// fails for a user without edit_posts; nothing failed on Abacus's pages.
		expect(
			problems.filter(
				(p) => !p.startsWith(`page error on ${stack.url}/wp-admin/profile.php:`),
			),
		).toEqual([]);
		problems.length = 0;
		timings.chromiumReadOnly = (Date.now() - t0) / 1000;
	});

	test("with WooCommerce's analytics chosen in Settings, the pages say they need the engine and how to connect it", async () => {
		const t0 = Date.now();
		const { page, seen } = await logIn(1440);
		await page.goto(adminUrl('/analytics/settings'));
		const card = page.locator('section.abacus-engine');
		await card.getByRole('heading', { name: 'Analytics engine' }).waitFor({ timeout: 60000 });
		await card.getByLabel('WooCommerce (built in)').click();
		await card.getByRole('button', { name: 'Save engine settings' }).click();
		await card
			.getByText("Saved: the report pages now show WooCommerce's figures.")
			.waitFor({ timeout: 30000 });
		expect(
			(JSON.parse(stack.php("echo wp_json_encode( get_option( 'abacus_engine' ) );")) as Json)
				.mode,
		).toBe('woocommerce');
		const menu = page.locator('#toplevel_page_abacus .wp-submenu');
		for (const entry of [PAGES[0], PAGES[4], PAGES[5]]) {
			const before = seen.length;
			await menu.getByRole('link', { name: entry.label, exact: true }).click();
			await page.waitForURL(
				(url) => url.searchParams.get('path') === `/analytics/${entry.slug}`,
			);
			const notice = page.locator('#root .abacus-needs-engine');
			await notice.waitFor({ timeout: 60000 });
			await expect(notice.innerText()).resolves.toMatch(/Abacus engine/);
			await expect(notice.innerText()).resolves.toMatch(/npm run connect/);
			await notice.getByRole('link', { name: 'Open Analytics settings' }).waitFor();
			// Nothing asked of WooCommerce, which has no such report, nor of the engine.
			expect(
				seen.slice(before).filter((s) => s.url.includes(`/reports/${entry.slug}`)),
			).toEqual([]);
			await page.screenshot({
				path: path.join(ARTIFACTS, `beyond-${entry.slug}-needs-engine-1440.png`),
				fullPage: true,
			});
		}
		await page.context().close();
		const phone = await logIn(390);
		await phone.page.goto(adminUrl('/analytics/payment-methods'));
		await phone.page.locator('#root .abacus-needs-engine').waitFor({ timeout: 60000 });
		await phone.page.screenshot({
			path: path.join(ARTIFACTS, 'beyond-payment-methods-needs-engine-390.png'),
			fullPage: true,
		});
		await phone.page.context().close();
		expect(problems).toEqual([]);
		timings.chromiumWooCommerce = (Date.now() - t0) / 1000;
	});
});
