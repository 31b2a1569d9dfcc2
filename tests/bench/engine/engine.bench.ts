/**
 * The engine bench on the real stack (run by tests/bench/engine.js through jest, for the
 * TypeScript harness): WordPress 6.8.8 + WooCommerce 10.0.2 from tests/wordpress/harness.ts,
 * grown to BENCH_ENGINE_ORDERS orders (default 20,000) through WooCommerce's own PHP API (in
 * parallel PHP processes, at most BENCH_ENGINE_SEED_SECONDS, default 1,200; the size reached is
 * what is measured and printed), then:
 * - the store's own page time (GET wc/v3/orders, 100 a page);
 * - the engine's backfill of it (orders per second);
 * - WooCommerce's wc-analytics answers against the engine's for the requests the pages make
 *   (revenue by day over a year, products page 1, the dashboard's indicators and leaderboards),
 *   each computed afresh (WooCommerce's `force_cache_refresh`, a unique parameter past the
 *   engine's cache): median and p95 over BENCH_ENGINE_RUNS runs (default 7), and the ratio.
 * Writes the figures to BENCH_ENGINE_JSON.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { startServer } from '../../../server/src/index.js';
import { REPORTS_CAPABILITY, signEngineToken } from '../../../server/src/engine-auth/index.js';
import { Db } from '../../../server/src/core/db.js';
import {
	listEngineStores,
	listStores,
	prepareEngineDatabase,
	registerStore,
	StoreSync,
} from '../../../server/src/sync/index.js';
import { startStack } from '../../engine/stack.js';

const run = promisify(execFile);
const TARGET = Number(process.env.BENCH_ENGINE_ORDERS ?? 20000);
const SEED_SECONDS = Number(process.env.BENCH_ENGINE_SEED_SECONDS ?? 1200);
const RUNS = Number(process.env.BENCH_ENGINE_RUNS ?? 7);
const OUT =
	process.env.BENCH_ENGINE_JSON ??
	path.resolve(__dirname, '../../../bench-results/engine-latest.json');

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

function p95(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
}

test('engine bench', async () => {
	const stack = await startStack();
	const dir = mkdtempSync(path.join(os.tmpdir(), 'abacus-engine-bench-'));
	try {
		// Grow the store through WooCommerce's API.
		copyFileSync(
			path.join(__dirname, 'seed-orders.php'),
			path.join(stack.root, 'abacus-bench-seed.php'),
		);
		stack.php(`update_option( 'woocommerce_date_type', 'date_created' );`);
		const countOrders = () =>
			stack.phpJson<{ n: number }>(
				`global $wpdb; echo wp_json_encode( array( 'n' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}wc_orders WHERE type = 'shop_order'" ) ) ), "\\n";`,
			).n;
		let orders = countOrders();
		const seedStarted = Date.now();
		let round = 0;
		while (orders < TARGET && (Date.now() - seedStarted) / 1000 < SEED_SECONDS) {
			const chunk = Math.min(250, Math.ceil((TARGET - orders) / 2));
			await Promise.all(
				[1, 2].map((k) =>
					run(
						'php',
						[
							'-d',
							'memory_limit=512M',
							'abacus-bench-seed.php',
							String(chunk),
							String(++round * 10 + k),
						],
						{
							cwd: stack.root,
							maxBuffer: 16 * 1024 * 1024,
						},
					),
				),
			);
			orders = countOrders();
			const seconds = (Date.now() - seedStarted) / 1000;
			console.log(
				`Seeding the store: ${orders} orders (${(orders / seconds).toFixed(0)}/s incl. the seeded ones).`,
			);
		}
		const seedSeconds = (Date.now() - seedStarted) / 1000;

		// The store's own page time.
		const pageTimes: number[] = [];
		for (let page = 1; page <= 5; page++) {
			pageTimes.push((await stack.wc('wc/v3/orders', { per_page: 100, page })).ms);
		}

		// Connect and backfill.
		const file = path.join(dir, 'engine.duckdb');
		const db = await Db.open(file);
		await prepareEngineDatabase(db);
		const keys = stack.keys();
		await registerStore(db, { url: stack.url, auth: { kind: 'keys', ...keys } });
		db.close();
		const server = await startServer({ databasePath: file, quiet: true, sync: false });
		const [store] = await listStores(server.ctx.db);
		const sync = new StoreSync({
			db: server.ctx.db,
			store,
			notifyWrite: () => server.ctx.notifyWrite(),
			log: (l) => console.log(l),
		});
		const syncStarted = Date.now();
		await sync.backfill();
		const syncSeconds = (Date.now() - syncStarted) / 1000;
		const synced = Number(
			(
				await server.ctx.db.one<{ n: number }>(
					'SELECT count(*) AS n FROM orders WHERE parent_id = 0',
				)
			)?.n,
		);
		const [engineStore] = await listEngineStores(server.ctx.db);
		const now = Math.floor(Date.now() / 1000);
		const token = signEngineToken(
			{ store: engineStore.id, sub: 1, cap: REPORTS_CAPABILITY, iat: now, exp: now + 3000 },
			engineStore.secret,
		);

		const today = stack.phpJson<{ today: string; year: string; month: string }>(
			`echo wp_json_encode( array( 'today' => wp_date( 'Y-m-d' ), 'year' => wp_date( 'Y-m-d', time() - 364 * DAY_IN_SECONDS ), 'month' => wp_date( 'Y-m-01' ) ) ), "\\n";`,
		);
		const year = { after: `${today.year}T00:00:00`, before: `${today.today}T23:59:59` };
		const month = { after: `${today.month}T00:00:00`, before: `${today.today}T23:59:59` };
		const queries: Array<{
			name: string;
			route: string;
			query: Record<string, string | number>;
		}> = [
			{
				name: 'revenue by day over a year',
				route: 'wc-analytics/reports/revenue/stats',
				query: {
					...year,
					interval: 'day',
					order: 'asc',
					per_page: 100,
					fields: 'net_revenue,total_sales,orders_count',
				},
			},
			{
				name: 'products page 1 (a year)',
				route: 'wc-analytics/reports/products',
				query: {
					...year,
					orderby: 'items_sold',
					order: 'desc',
					per_page: 25,
					extended_info: 'true',
				},
			},
			{
				name: 'dashboard indicators (month)',
				route: 'wc-analytics/reports/performance-indicators',
				query: {
					...month,
					stats: 'revenue/total_sales,revenue/net_revenue,orders/orders_count,orders/avg_order_value,products/items_sold,revenue/refunds,coupons/amount,taxes/total_tax,revenue/shipping',
				},
			},
			{
				name: 'dashboard leaderboards (month)',
				route: 'wc-analytics/leaderboards',
				query: { ...month, per_page: 5, persisted_query: '{}' },
			},
		];
		const endpoints = [];
		for (const q of queries) {
			const woo: number[] = [];
			const engine: number[] = [];
			for (let i = 0; i < RUNS + 1; i++) {
				const w = await stack.wc(q.route, { ...q.query, force_cache_refresh: 'true' });
				const search = new URLSearchParams(
					Object.entries({ ...q.query, _bench: `${Date.now()}-${i}` }).map(([k, v]) => [
						k,
						String(v),
					]),
				);
				const t0 = Date.now();
				const response = await fetch(`${server.url}/wp-json/${q.route}?${search}`, {
					headers: { Authorization: `Bearer ${token}` },
				});
				await response.text();
				expect(response.status).toBe(200);
				if (i === 0) continue; // warm-up
				woo.push(w.ms);
				engine.push(Date.now() - t0);
			}
			endpoints.push({
				endpoint: q.name,
				woocommerceMedianMs: median(woo),
				woocommerceP95Ms: p95(woo),
				engineMedianMs: median(engine),
				engineP95Ms: p95(engine),
				ratio: Math.round((median(woo) / Math.max(1, median(engine))) * 10) / 10,
			});
		}
		await server.close();
		const result = {
			date: new Date().toISOString(),
			orders: synced,
			target: TARGET,
			seedSeconds: Math.round(seedSeconds),
			storePageMedianMs: median(pageTimes),
			syncSeconds: Math.round(syncSeconds * 10) / 10,
			syncOrdersPerSecond: Math.round(synced / syncSeconds),
			syncPageMedianMs: median(sync.pageTimes),
			endpoints,
		};
		console.log(JSON.stringify(result, null, 1));
		writeFileSync(OUT, JSON.stringify(result, null, 2));
	} finally {
		await stack.close();
		rmSync(dir, { recursive: true, force: true });
	}
});
