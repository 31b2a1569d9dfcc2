/**
 * The engine equals WooCommerce on a store as it comes, under each date type, before and after
 * changes: WordPress 6.8.8 + WooCommerce 10.0.2 (tests/wordpress's seeded store), connected with
 * `npm run connect`, synced, then every report endpoint — each stats report's totals at every
 * interval, every row of every list, the Overview's indicators and leaderboards — asked of both
 * sides for the same range (`src/sync/reconcile.ts`, what `npm run reconcile` runs). A field may
 * differ only as listed in `server/src/metrics/differences.ts` (the metrics README's "Differences
 * from WooCommerce").
 *
 * 1. The store never saved Analytics › Settings › Date type: the engine counts by the paid date,
 *    WooCommerce's default; then date created and date completed are saved in WordPress, and the
 *    next round (settings first) applies each.
 * 2. The store changes (a status change, a partial and a full refund, an order trashed, one
 *    trashed and restored, one deleted for good, a new customer's order with a coupon); after one
 *    round the three date types are compared again.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer, type RunningServer } from '../../server/src/index.js';
import { getOption } from '../../server/src/db/options.js';
import { listEngineStores, listStores, StoreSync } from '../../server/src/sync/index.js';
import {
	reconcile,
	reconcileReport,
	trashedContext,
	type FieldResult,
	type Query,
} from '../../server/src/sync/reconcile.js';
import {
	connect,
	engineGet,
	lastDays,
	missingPrerequisite,
	pageToken,
	startStack,
	type EngineStack,
} from './stack.js';

const missing = missingPrerequisite();
if (missing) console.warn(`Skipping the engine date type test: ${missing}`);
const describeIfReady = missing ? describe.skip : describe;

type Json = Record<string, unknown>;
const DATE_TYPES = ['date_paid', 'date_created', 'date_completed'] as const;

describeIfReady(
	'the engine equals WooCommerce under each date type, before and after changes',
	() => {
		let stack: EngineStack;
		let server: RunningServer;
		let sync: StoreSync;
		let dir: string;
		let range: { after: string; before: string };
		let token: () => string = () => '';
		let engineSecret = '';
		const logs: string[] = [];

		beforeAll(async () => {
			stack = await startStack();
			dir = mkdtempSync(path.join(os.tmpdir(), 'abacus-engine-dates-'));
			const file = path.join(dir, 'engine.duckdb');
			// A store as it comes: the date type never saved.
			stack.php(`delete_option( 'woocommerce_date_type' );`);
			const out = connect(stack.url, stack.keys(), { db: file });
			expect(out).toContain(`Registered ${stack.url}`);
			server = await startServer({ databasePath: file, port: 0, quiet: true, sync: false });
			const [store] = await listStores(server.ctx.db);
			const [engineStore] = await listEngineStores(server.ctx.db);
			engineSecret = engineStore.secret;
			// A page token as the plugin hands out, signed afresh per request (tokens live minutes).
			token = () => pageToken(engineStore, server.url, 600);
			sync = new StoreSync({
				db: server.ctx.db,
				store,
				notifyWrite: () => server.ctx.notifyWrite(),
				log: (line) => logs.push(line),
			});
			range = lastDays(stack);
		});

		afterAll(async () => {
			await sync?.stop();
			await server?.close();
			await stack?.close();
			if (dir) rmSync(dir, { recursive: true, force: true });
		});

		async function engine(route: string, query: Query): Promise<unknown> {
			return engineGet<unknown>(server.url, token(), route, query);
		}

		async function woo(route: string, query: Query): Promise<unknown> {
			const q = route.startsWith('wc-analytics/')
				? { ...query, force_cache_refresh: 'true' }
				: query;
			return (await stack.wc<unknown>(route, q)).body;
		}

		/** Saves the date type in WordPress, lets one round apply it, and compares every report. */
		async function compareUnder(dateType: (typeof DATE_TYPES)[number]): Promise<FieldResult[]> {
			// Saved as Analytics › Settings does, through WooCommerce's settings route. WooCommerce
			// 10.0.2's Overview indicators then still answer from its report cache (computed under
			// the previous date type) until an order changes: the cache is refreshed as an order
			// change refreshes it, so both sides are asked about the same date type.
			stack.php(`
wp_set_current_user( get_user_by( 'login', 'admin' )->ID );
$request = new WP_REST_Request( 'PUT', '/wc-analytics/settings/wc_admin/woocommerce_date_type' );
$request->set_param( 'value', '${dateType}' );
$response = rest_do_request( $request );
if ( $response->is_error() ) { fwrite( STDERR, wp_json_encode( $response->get_data() ) ); exit( 1 ); }
WC_Cache_Helper::get_transient_version( 'woocommerce_reports', true );`);
			await sync.round();
			expect(await getOption(server.ctx.db, 'woocommerce_date_type', null)).toBe(dateType);
			const context = await trashedContext(woo);
			const results = await reconcile({ ...range, woocommerce: woo, engine, context });
			console.log(`Under ${dateType}:\n${reconcileReport(results)}`);
			return results;
		}

		const undocumented = (results: FieldResult[]) =>
			results
				.filter((r) => r.verdict === 'undocumented')
				.map(
					(r) =>
						`${r.query} ${r.field}: engine ${JSON.stringify(r.engine)}, WooCommerce ${JSON.stringify(r.woocommerce)}`,
				);

		test('a store as it comes counts by the paid date; each date type saved in WordPress applies at the next round', async () => {
			await sync.syncNow();
			expect(await getOption(server.ctx.db, 'woocommerce_date_type', null)).toBe('date_paid');
			expect(
				logs.some((line) => line.includes('never saved Analytics › Settings › Date type')),
			).toBe(true);
			// Unsaved, as it comes.
			const asItComes = await reconcile({
				...range,
				woocommerce: woo,
				engine,
				context: await trashedContext(woo),
			});
			console.log(`As it comes (date type never saved):\n${reconcileReport(asItComes)}`);
			expect(undocumented(asItComes)).toEqual([]);
			expect(asItComes.filter((r) => r.verdict === 'equal').length).toBeGreaterThan(500);
			for (const dateType of ['date_created', 'date_completed', 'date_paid'] as const) {
				expect(undocumented(await compareUnder(dateType))).toEqual([]);
			}
			// The last change the sync applied (GET abacus/v1/sync shows it for a server's syncs).
			expect(sync.settings.lastChange?.names).toEqual(['woocommerce_date_type']);
			expect(
				logs.some((line) => line.includes('changed (woocommerce_date_type): in force now')),
			).toBe(true);
		});

		test('after status changes, refunds, trash, restore, deletion and a new customer with a coupon, one round brings every figure in line under each date type', async () => {
			const changed = stack.phpJson<Json>(`
$ids = wc_get_orders( array( 'limit' => -1, 'orderby' => 'id', 'order' => 'ASC', 'return' => 'ids', 'type' => 'shop_order', 'status' => array( 'wc-completed', 'wc-processing', 'wc-on-hold' ) ) );
$out = array();
$used = array();
// A status change: an on-hold order is completed (it gets its paid and completed dates).
foreach ( $ids as $id ) { $o = wc_get_order( $id ); if ( 'on-hold' === $o->get_status() ) { $o->update_status( 'completed' ); $out['completed'] = $id; $used[] = $id; break; } }
// A partial refund of one item of a completed order without refunds.
foreach ( array_reverse( $ids ) as $id ) {
	$o = wc_get_order( $id );
	if ( 'completed' !== $o->get_status() || $o->get_refunds() || in_array( $id, $used, true ) ) { continue; }
	$items = $o->get_items(); $item = reset( $items );
	$each = (float) $item->get_total() / $item->get_quantity();
	$taxes = array(); foreach ( $item->get_taxes()['total'] as $rate => $t ) { $taxes[ $rate ] = wc_format_decimal( (float) $t / $item->get_quantity(), 2 ); }
	$r = wc_create_refund( array( 'order_id' => $id, 'amount' => wc_format_decimal( $each + array_sum( $taxes ), 2 ), 'reason' => 'One returned',
		'line_items' => array( $item->get_id() => array( 'qty' => 1, 'refund_total' => wc_format_decimal( $each, 2 ), 'refund_tax' => $taxes ) ) ) );
	if ( is_wp_error( $r ) ) { fwrite( STDERR, $r->get_error_message() ); exit( 1 ); }
	$out['partial'] = $id; $used[] = $id; break;
}
// A full refund of every line of a processing order.
foreach ( $ids as $id ) {
	$o = wc_get_order( $id );
	if ( 'processing' !== $o->get_status() || $o->get_refunds() || in_array( $id, $used, true ) ) { continue; }
	$lines = array();
	foreach ( $o->get_items() as $item_id => $item ) {
		$taxes = array(); foreach ( $item->get_taxes()['total'] as $rate => $t ) { $taxes[ $rate ] = wc_format_decimal( (float) $t, 2 ); }
		$lines[ $item_id ] = array( 'qty' => $item->get_quantity(), 'refund_total' => wc_format_decimal( $item->get_total(), 2 ), 'refund_tax' => $taxes );
	}
	foreach ( $o->get_items( 'shipping' ) as $item_id => $item ) {
		$taxes = array(); foreach ( $item->get_taxes()['total'] as $rate => $t ) { $taxes[ $rate ] = wc_format_decimal( (float) $t, 2 ); }
		$lines[ $item_id ] = array( 'refund_total' => wc_format_decimal( $item->get_total(), 2 ), 'refund_tax' => $taxes );
	}
	$r = wc_create_refund( array( 'order_id' => $id, 'amount' => $o->get_remaining_refund_amount(), 'reason' => 'All returned', 'line_items' => $lines ) );
	if ( is_wp_error( $r ) ) { fwrite( STDERR, $r->get_error_message() ); exit( 1 ); }
	$out['full'] = $id; $used[] = $id; break;
}
// Trashed (stays there), trashed and restored, deleted for good: completed orders without refunds.
foreach ( array_reverse( $ids ) as $id ) {
	$o = wc_get_order( $id );
	if ( 'completed' !== $o->get_status() || $o->get_refunds() || in_array( $id, $used, true ) ) { continue; }
	if ( ! isset( $out['trashed'] ) ) { $o->delete( false ); $out['trashed'] = $id; $used[] = $id; continue; }
	if ( ! isset( $out['restored'] ) ) { $o->delete( false ); wc_get_order( $id )->untrash(); $out['restored'] = $id; $used[] = $id; continue; }
	$o->delete( true ); $out['deleted'] = $id; break;
}
// A new customer's first order, with the store's coupon.
$uid = wc_create_new_customer( 'coupon.buyer@example.test', 'couponbuyer', 'coupon-buyer-password' );
$c = new WC_Customer( $uid ); $c->set_first_name( 'Cora' ); $c->set_last_name( 'Coupon' ); $c->set_billing_first_name( 'Cora' ); $c->set_billing_last_name( 'Coupon' ); $c->set_billing_country( 'US' ); $c->set_billing_state( 'CA' ); $c->set_billing_city( 'Fresno' ); $c->set_billing_postcode( '93650' ); $c->set_billing_email( 'coupon.buyer@example.test' ); $c->save();
$o = wc_create_order( array( 'customer_id' => $uid ) );
$p = wc_get_products( array( 'type' => 'simple', 'limit' => 1, 'orderby' => 'id', 'order' => 'ASC' ) );
$o->add_product( $p[0], 2 );
$o->set_address( array( 'first_name' => 'Cora', 'last_name' => 'Coupon', 'country' => 'US', 'state' => 'CA', 'city' => 'Fresno', 'postcode' => '93650', 'email' => 'coupon.buyer@example.test' ), 'billing' );
$coupons = get_posts( array( 'post_type' => 'shop_coupon', 'post_status' => 'publish', 'numberposts' => 1 ) );
$o->calculate_totals();
$applied = $coupons ? $o->apply_coupon( $coupons[0]->post_title ) : false;
if ( is_wp_error( $applied ) ) { fwrite( STDERR, $applied->get_error_message() ); exit( 1 ); }
$o->set_date_paid( time() ); $o->save(); $o->update_status( 'processing' );
$out['new'] = $o->get_id();
$out['coupon'] = $coupons ? $coupons[0]->post_title : '';
echo wp_json_encode( $out ), "\\n";`);
			expect(Object.keys(changed).sort()).toEqual([
				'completed',
				'coupon',
				'deleted',
				'full',
				'new',
				'partial',
				'restored',
				'trashed',
			]);
			expect(changed.coupon).not.toBe('');
			const round = await sync.round();
			expect(round.deleted).toBeGreaterThanOrEqual(2);
			const rows = await server.ctx.db.all<{ id: number }>(
				'SELECT order_id AS id FROM order_stats WHERE order_id IN (?, ?, ?) ORDER BY order_id',
				[Number(changed.trashed), Number(changed.deleted), Number(changed.restored)],
			);
			expect(rows.map((r) => Number(r.id))).toEqual([Number(changed.restored)]);
			const coupons = await server.ctx.db.one<{ n: number }>(
				'SELECT count(*) AS n FROM order_coupon_lookup WHERE order_id = ?',
				[Number(changed.new)],
			);
			expect(Number(coupons?.n)).toBe(1);
			for (const dateType of DATE_TYPES) {
				const results = await compareUnder(dateType);
				expect(undocumented(results)).toEqual([]);
				// The trashed order is the one thing WooCommerce still counts.
				expect(
					results.some(
						(r) =>
							r.difference === 'trashed-orders' &&
							r.field === `order_id=${Number(changed.trashed)}`,
					),
				).toBe(true);
			}
		});

		test('npm run reconcile compares the store with the running engine and exits 0 with every difference documented', async () => {
			const files = mkdtempSync(path.join(os.tmpdir(), 'abacus-reconcile-'));
			try {
				// An application password: with a REST API key (OAuth over http) WooCommerce 10.0.2
				// answered the Overview indicators' request 400 "Invalid parameter(s): stats".
				const app = stack.appPassword();
				const credentials = path.join(files, 'credentials');
				writeFileSync(
					credentials,
					`ABACUS_WP_USER=${app.user}\nABACUS_WP_APP_PASSWORD=${app.password}\n`,
					{ mode: 0o600 },
				);
				const secret = path.join(files, 'engine-secret');
				writeFileSync(secret, `${engineSecret}\n`, { mode: 0o600 });
				// Asynchronous: the engine answering it runs in this process.
				const run = (args: string[]) =>
					new Promise<{ code: number; out: string }>((resolve) => {
						execFile(
							'node',
							['scripts/reconcile.js', '--store', stack.url, ...args],
							{
								cwd: path.resolve(__dirname, '../..'),
								maxBuffer: 64 * 1024 * 1024,
							},
							(error, stdout, stderr) =>
								resolve({
									code: error
										? Number((error as { code?: number }).code ?? 1)
										: 0,
									out: `${stdout}${stderr}`,
								}),
						);
					});
				const ok = await run([
					'--after',
					range.after.slice(0, 10),
					'--before',
					range.before.slice(0, 10),
					'--credentials-file',
					credentials,
					'--allow-private-stores',
					'--engine',
					server.url,
					'--engine-secret-file',
					secret,
				]);
				expect(ok.out).toMatch(
					/figures compared: \d+ equal, \d+ differ as documented, 0 differ undocumented\./,
				);
				expect(ok.code).toBe(0);
				const bad = await run(['--after', '2026-13-01', '--credentials-file', credentials]);
				expect(bad.code).toBe(2);
				expect(bad.out).toContain('--after must be a day written YYYY-MM-DD');
			} finally {
				rmSync(files, { recursive: true, force: true });
			}
		});
	},
);
