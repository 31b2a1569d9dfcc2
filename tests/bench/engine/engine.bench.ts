/**
 * The engine bench on the real stack (run by tests/bench/engine.js through jest, for the
 * TypeScript harness), side by side at each size of BENCH_ENGINE_SIZES (default 20000; e.g.
 * `20000,200000,1000000`): a WordPress 6.8.8 + WooCommerce 10.0.2 store of that many orders made
 * by bulk seeding (store.ts, tests/wordpress/seed-bulk.ts: the demo generator's store written into
 * WooCommerce's own tables, kept in `.data/bench-wp/…-bulk-<n>/` and reused), then:
 * - the store's own page time (GET wc/v3/orders, 100 a page);
 * - the requests of the pages, each answered by WooCommerce (wc-analytics, `force_cache_refresh`),
 *   by the DuckDB engine (the generated store, the same the WooCommerce store holds:
 *   `server/build/cli.js --db` in a process of its own, as deployed) and by the ClickHouse engine (that store loaded by `loadStore` into a
 *   one-shard ClickHouse, `server/build/cli.js --engine`, a store token): median and p95 of
 *   BENCH_ENGINE_RUNS runs (default 9) after a warm-up, a unique parameter past the engines' cache,
 *   and the ratios; the revenue totals of the three are printed side by side;
 * - each DuckDB answer's floor: the statements the report ran (recorded on the server's database
 *   during the warm-up) run again alone, one after the other, timed the same way (an answer
 *   made without a statement: the engine process's smallest answer, the allowed indicators);
 * - last, the engine's sync from the store: its catalogue (at most BENCH_ENGINE_CATALOGUE_SECONDS,
 *   default 300), then orders for BENCH_ENGINE_SYNC_SECONDS (default 60; 0 leaves the sync out),
 *   orders per second over the orders' part (the registered customers' full list, which the sync
 *   reads after the orders, is not timed).
 * BENCH_ENGINE_SEED_ONLY=1 makes (or finds) the stores and stops there (npm run seed-woo).
 * Then a sync batch of 100 changed orders written into a 1M-order demo store (a copy of
 * `.data/bench-1000000.duckdb`, generated when missing), with the roll-ups of the days it touched
 * re-derived, beside a full roll-up rebuild (what every batch did before): BENCH_ENGINE_BATCH_RUNS
 * (5) batches after an untimed one, their median, each run and the load average around them;
 * BENCH_ENGINE_ROLLUP=0 leaves it out. Writes the figures to BENCH_ENGINE_JSON.
 */
import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer } from '../../../server/src/index.js';
import { normaliseStoreId, signEngineToken } from '../../../server/src/engine-auth/index.js';
import { MAX_TOKEN_LIFETIME } from '../../../server/src/engine-auth/token.js';
import { Db } from '../../../server/src/core/db.js';
import { withFloor, type Floor } from '../floor.js';
import { generateStore } from '../../../server/src/demo/generate.js';
import { applyOrderChanges } from '../../../server/src/db/pipeline.js';
import { refreshRollups } from '../../../server/src/db/rollups.js';
import { readOrder } from '../../../server/src/db/test/read-order.js';
import { ClickHouseClient } from '../../../server/src/clickhouse/client.js';
import { startCluster } from '../../../server/src/clickhouse/cluster.js';
import { readStoreSettings } from '../../../server/src/sync/clickhouse-load.js';
import { startCli } from './cli.js';
import {
	createStoreRegistry,
	registerStore as registerClickHouseStore,
} from '../../../server/src/clickhouse/registry.js';
import { createClusterSchema } from '../../../server/src/clickhouse/schema.js';
import { loadStore } from '../../../server/src/clickhouse/store-rows.js';
import {
	listStores,
	prepareEngineDatabase,
	registerStore,
	StoreSync,
} from '../../../server/src/sync/index.js';
import { configureOutbound } from '../../../server/src/sync/outbound.js';
import { engineStack, type EngineStack } from '../../engine/stack.js';
import { openBenchStore } from './store.js';

const SIZES = (process.env.BENCH_ENGINE_SIZES ?? process.env.BENCH_ENGINE_ORDERS ?? '20000')
	.split(',')
	.map((n) => Number(n.trim()));
for (const n of SIZES) {
	if (!Number.isInteger(n) || n < 1000)
		throw new Error(
			`BENCH_ENGINE_SIZES: "${n}" is not a whole number of orders of 1000 or more.`,
		);
}
const RUNS = Number(process.env.BENCH_ENGINE_RUNS ?? 9);
const SYNC_SECONDS = Number(process.env.BENCH_ENGINE_SYNC_SECONDS ?? 60);
const CATALOGUE_SECONDS = Number(process.env.BENCH_ENGINE_CATALOGUE_SECONDS ?? 300);
const SEED_ONLY = process.env.BENCH_ENGINE_SEED_ONLY === '1';
const CLICKHOUSE = process.env.BENCH_ENGINE_CLICKHOUSE !== '0';
const ROLLUP = process.env.BENCH_ENGINE_ROLLUP !== '0' && !SEED_ONLY;
const ROLLUP_ORDERS = Number(process.env.BENCH_ENGINE_ROLLUP_ORDERS ?? 1000000);
/** Sync batches timed (after one untimed): each 100 other orders of the last year. */
const BATCH_RUNS = Number(process.env.BENCH_ENGINE_BATCH_RUNS ?? 5);
const REPO = path.resolve(__dirname, '../../..');
const OUT = process.env.BENCH_ENGINE_JSON ?? path.join(REPO, 'bench-results/engine-latest.json');
const CLICKHOUSE_DB = 'abacus';

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

function p95(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The engine's backfill from the store at `url`: its catalogue, then orders for at most `seconds`;
 * orders per second over the orders' part. The full list of registered customers the backfill
 * reads after the orders is left out (refused, as the catalogue is past its time).
 */
async function boundedBackfill(
	file: string,
	url: string,
	keys: { key: string; secret: string },
	seconds: number,
	catalogueSeconds: number,
): Promise<{
	orders: number;
	seconds: number;
	catalogueSeconds: number;
	catalogueDone: boolean;
	pageMedianMs: number;
	complete: boolean;
}> {
	// The bench's stores are on 127.0.0.1.
	configureOutbound({ allowPrivate: true });
	const db = await Db.open(file);
	try {
		await prepareEngineDatabase(db);
		await registerStore(db, { url, auth: { kind: 'keys', ...keys } });
		const [store] = await listStores(db);
		let complete = true;
		let ordersFrom = 0;
		let ordersTo = 0;
		let refuse = false;
		let timer: NodeJS.Timeout | undefined;
		// The catalogue gets `catalogueSeconds` at most (then every request is refused and the sync
		// ends with what it committed); the orders `seconds` from their first page (then the sync
		// stops after the batch in hand); the full customer list after them is refused.
		const catalogueTimer = setTimeout(() => {
			if (!ordersFrom) refuse = true;
		}, catalogueSeconds * 1000);
		const timing: typeof fetch = (input, init) => {
			const url = input instanceof Request ? input.url : String(input);
			if (refuse)
				return Promise.resolve(
					new Response(
						'{"code":"bench_time_up","message":"The bench stopped the sync."}',
						{
							status: 401,
							headers: { 'content-type': 'application/json' },
						},
					),
				);
			const asked = new URL(url);
			if (
				ordersFrom &&
				!ordersTo &&
				asked.pathname.endsWith('/wc/v3/customers') &&
				!asked.searchParams.has('include')
			) {
				// Every order is in: the backfill goes on to the registered customers' full list.
				ordersTo = Date.now();
				clearTimeout(timer);
				refuse = true;
				return timing(input, init);
			}
			if (!ordersFrom && asked.pathname.endsWith('/wc/v3/orders')) {
				ordersFrom = Date.now();
				timer = setTimeout(() => {
					complete = false;
					void sync.stop();
				}, seconds * 1000);
			}
			return fetch(input, init);
		};
		const sync = new StoreSync({
			db,
			store,
			log: (l) => console.log(l),
			client: {
				fetch: timing,
				onRetry: (info) =>
					console.log(`Sync retry ${info.attempt} in ${info.delayMs} ms: ${info.error}`),
			},
		});
		const started = Date.now();
		try {
			await sync.backfill();
		} catch (error) {
			if (!refuse) throw error;
			if (!ordersTo) complete = false;
		} finally {
			clearTimeout(timer);
			clearTimeout(catalogueTimer);
		}
		const spent = ordersFrom ? ((ordersTo || Date.now()) - ordersFrom) / 1000 : 0;
		const catalogueDone = ordersFrom > 0;
		const catalogueSpent = ((ordersFrom || Date.now()) - started) / 1000;
		const orders = Number(
			(await db.one<{ n: number }>('SELECT count(*) AS n FROM orders WHERE parent_id = 0'))
				?.n,
		);
		return {
			orders,
			seconds: spent,
			catalogueSeconds: catalogueSpent,
			catalogueDone,
			pageMedianMs: median(sync.pageTimes),
			complete,
		};
	} finally {
		db.close();
	}
}

/** `node server/build/cli.js …` on a free port; resolves once it listens. */
interface Request {
	name: string;
	route: string;
	query: Record<string, string | number>;
}

/** The requests of the pages: the Overview's, then the report pages' first screens. */
function requests(today: string, yearStart: string, monthStart: string, quarterStart: string) {
	const year = { after: `${yearStart}T00:00:00`, before: `${today}T23:59:59` };
	const month = { after: `${monthStart}T00:00:00`, before: `${today}T23:59:59` };
	const quarter = { after: `${quarterStart}T00:00:00`, before: `${today}T23:59:59` };
	const list: Request[] = [
		{
			name: 'Overview: indicators (month)',
			route: 'wc-analytics/reports/performance-indicators',
			query: {
				...month,
				stats: 'revenue/total_sales,revenue/net_revenue,orders/orders_count,orders/avg_order_value,products/items_sold,revenue/refunds,coupons/amount,taxes/total_tax,revenue/shipping',
			},
		},
		{
			name: 'Overview: revenue by day (month)',
			route: 'wc-analytics/reports/revenue/stats',
			query: { ...month, interval: 'day', order: 'asc', per_page: 100 },
		},
		{
			name: 'Overview: orders by week (quarter)',
			route: 'wc-analytics/reports/orders/stats',
			query: { ...quarter, interval: 'week', order: 'asc', per_page: 100 },
		},
		{
			name: 'Overview: leaderboards (month)',
			route: 'wc-analytics/leaderboards',
			query: { ...month, per_page: 5, persisted_query: '{}' },
		},
		{
			name: 'revenue by day (a year)',
			route: 'wc-analytics/reports/revenue/stats',
			query: { ...year, interval: 'day', order: 'asc', per_page: 100 },
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
			name: 'customers page 1',
			route: 'wc-analytics/reports/customers',
			query: { orderby: 'date_last_active', order: 'desc', per_page: 25 },
		},
		{
			name: 'orders page 1, completed (a year)',
			route: 'wc-analytics/reports/orders',
			query: {
				...year,
				status_is: 'completed',
				orderby: 'date',
				order: 'desc',
				per_page: 25,
				extended_info: 'true',
			},
		},
	];
	return list;
}

function search(query: Record<string, string | number>, extra: Record<string, string> = {}) {
	return new URLSearchParams(
		Object.entries({ ...query, ...extra }).map(([k, v]) => [k, String(v)]),
	).toString();
}

/** A running engine's answer time (ms) and body; a non-200 answer throws. */
async function timed(
	url: string,
	headers: Record<string, string>,
): Promise<{ ms: number; body: string }> {
	const t0 = performance.now();
	const response = await fetch(url, { headers });
	const body = await response.text();
	const ms = performance.now() - t0;
	if (response.status !== 200)
		throw new Error(
			`${new URL(url).pathname} answered ${response.status}: ${body.slice(0, 300)}`,
		);
	return { ms, body };
}

/** The revenue totals of an answer (revenue and orders stats), to show the three agree. */
function netRevenue(body: string): number | null {
	const parsed = JSON.parse(body) as { totals?: { net_revenue?: number } };
	return typeof parsed.totals?.net_revenue === 'number' ? parsed.totals.net_revenue : null;
}

const result: Record<string, unknown> = {
	date: new Date().toISOString(),
	sizes: SIZES,
	loadAverage: os.loadavg().map(round1),
	cpus: os.cpus().length,
};
const perSize: Array<Record<string, unknown>> = [];
result.stores = perSize;

afterAll(() => {
	console.log(JSON.stringify(result, null, 1));
	writeFileSync(OUT, JSON.stringify(result, null, 2));
});

async function sideBySide(size: number): Promise<void> {
	const figures: Record<string, unknown> = { target: size };
	perSize.push(figures);
	const bench = await openBenchStore(size, (line) => console.log(line), { bulk: true });
	figures.orders = bench.stamp.orders;
	figures.seed = bench.stamp.bulk;
	if (SEED_ONLY) {
		await bench.site.close();
		return;
	}
	const stack: EngineStack = engineStack(bench.site);
	const dir = mkdtempSync(path.join(os.tmpdir(), 'abacus-engine-bench-'));
	const closing: Array<() => Promise<void>> = [];
	try {
		// The store's own time for a page of 100 orders, pages spread over the whole store.
		const first = await stack.wc('wc/v3/orders', { per_page: 100, page: 1 });
		const pages = Number(first.headers.get('x-wp-totalpages') ?? 1);
		const pageTimes: number[] = [first.ms];
		for (let k = 1; k < 5; k++) {
			const page = 1 + Math.floor((k * (pages - 1)) / 4);
			pageTimes.push((await stack.wc('wc/v3/orders', { per_page: 100, page })).ms);
		}
		figures.storePageMedianMs = median(pageTimes);

		// The DuckDB engine on the generated store (a copy: opening it adds the engine's tables),
		// timed in a process of its own as it is deployed and as the ClickHouse engine is (the
		// bench's own requests and answers then run on another thread than the engine's); a second
		// copy opened in this process records each answer's statements for its floor.
		const generated = path.join(bench.dir, 'generated.duckdb');
		const duckFile = path.join(dir, 'store.duckdb');
		copyFileSync(generated, duckFile);
		const duck = await startServer({ databasePath: duckFile, quiet: true, sync: false });
		closing.push(() => duck.close());
		const duckProcessFile = path.join(dir, 'duckdb-engine.duckdb');
		copyFileSync(generated, duckProcessFile);
		// The engine opens a database only when no other user may read it (it holds secrets).
		chmodSync(duckProcessFile, 0o600);
		const duckProcess = await startCli(['--db', duckProcessFile, '--orders', '0']);
		closing.push(() => duckProcess.stop());

		// The ClickHouse engine: the same store loaded into a one-shard ClickHouse
		// (BENCH_ENGINE_CLICKHOUSE=0 leaves it out).
		let clickhouse: { url: string; stop(): Promise<void> } | null = null;
		let signed = '';
		let token = (): string => signed;
		if (CLICKHOUSE) {
			const cluster = await startCluster({ shards: 1, dir: path.join(dir, 'clickhouse') });
			closing.push(() => cluster.stop());
			const shardUrls = cluster.shards.map((s) => s.url);
			await createClusterSchema(shardUrls, cluster.name, CLICKHOUSE_DB);
			await createStoreRegistry(shardUrls, cluster.name, CLICKHOUSE_DB);
			const client = new ClickHouseClient(
				{ url: shardUrls[0], database: CLICKHOUSE_DB },
				{ insert_distributed_sync: 1 },
			);
			const storeUrl = 'https://bench-store.example';
			const secret = 'bench-store-secret-0123456789abcdef';
			const storeId = normaliseStoreId(storeUrl);
			if (!storeId) throw new Error(`${storeUrl} is not a store address.`);
			const source = await Db.open(generated);
			try {
				const t0 = performance.now();
				await loadStore(source, client, 1);
				figures.clickhouseLoadSeconds = round1((performance.now() - t0) / 1000);
				await registerClickHouseStore(client, {
					storeId: 1,
					url: storeId,
					settings: await readStoreSettings(source),
				});
			} finally {
				source.close();
			}
			const secretFile = path.join(dir, 'store.secret');
			writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
			clickhouse = await startCli([
				'--engine',
				`clickhouse://127.0.0.1:${cluster.shards[0].httpPort}/${CLICKHOUSE_DB}`,
				'--db',
				path.join(dir, 'engine.duckdb'),
				'--orders',
				'0',
				'--store-url',
				storeUrl,
				'--store-secret-file',
				secretFile,
			]);
			const started = clickhouse;
			closing.push(() => started.stop());
			// The engine accepts tokens of at most an hour (MAX_TOKEN_LIFETIME), as the plugin
			// issues them; a run at 200k orders lasts longer, so a fresh one is signed as it goes.
			const engineUrl = clickhouse.url;
			let signedAt = 0;
			token = () => {
				const now = Math.floor(Date.now() / 1000);
				if (now - signedAt > 10 * 60) {
					signedAt = now;
					signed = signEngineToken(
						{
							store: storeId,
							sub: 1,
							cap: 'view_woocommerce_reports',
							iat: now,
							exp: now + MAX_TOKEN_LIFETIME,
							aud: engineUrl,
						},
						secret,
					);
				}
				return signed;
			};
		}
		// The Overview's month is the 30 days to today: month to date (the Overview's default)
		// holds a single day on the 1st, and the bench's figures must not depend on the day.
		const dates = stack.phpJson<{
			today: string;
			year: string;
			month: string;
			quarter: string;
		}>(
			`echo wp_json_encode( array( 'today' => wp_date( 'Y-m-d' ), 'year' => wp_date( 'Y-m-d', time() - 364 * DAY_IN_SECONDS ), 'month' => wp_date( 'Y-m-d', time() - 29 * DAY_IN_SECONDS ), 'quarter' => wp_date( 'Y-m-d', time() - 90 * DAY_IN_SECONDS ) ) ), "\\n";`,
		);
		const endpoints = [];
		let n = 0;
		for (const q of requests(dates.today, dates.year, dates.month, dates.quarter)) {
			const woo: number[] = [];
			const duckMs: number[] = [];
			const clickMs: number[] = [];
			const floorMs: number[] = [];
			let clickError: string | null = clickhouse
				? null
				: 'left out (BENCH_ENGINE_CLICKHOUSE=0)';
			let floor: Floor | null = null;
			const totals: Record<string, number | null> = {};
			for (let i = 0; i < RUNS + 1; i++) {
				const w = await stack.wc<unknown>(q.route, {
					...q.query,
					force_cache_refresh: 'true',
				});
				const duckUrl = `${duck.url}/wp-json/${q.route}?${search(q.query, { _bench: String(++n) })}`;
				const duckProcessUrl = `${duckProcess.url}/wp-json/${q.route}?${search(q.query, { _bench: String(++n) })}`;
				if (i === 0) {
					// The engine's own process warms up too; its answer is the in-process one's.
					const own = await timed(duckProcessUrl, {});
					// Warm-up: the statements the DuckDB answer runs are recorded for its floor, on
					// a second request (the first of a server also reads the store's settings, which
					// later requests find cached).
					await timed(
						`${duck.url}/wp-json/${q.route}?${search(q.query, { _bench: String(++n) })}`,
						{},
					);
					let body = '';
					// An answer made without a statement (the indicators): its floor is the
					// smallest answer of the engine's own process.
					floor = await withFloor(
						duck.ctx.db,
						async () => {
							body = (await timed(duckUrl, {})).body;
						},
						() =>
							timed(
								`${duckProcess.url}/wp-json/wc-analytics/reports/performance-indicators/allowed?_bench=${++n}`,
								{},
							),
					);
					if (netRevenue(own.body) !== netRevenue(body)) {
						throw new Error(
							`${q.name}: the engine's process answered another net revenue than the engine in this process`,
						);
					}
					totals.woocommerce = netRevenue(JSON.stringify(w.body));
					totals.duckdb = netRevenue(body);
				} else {
					woo.push(w.ms);
					duckMs.push((await timed(duckProcessUrl, {})).ms);
					if (floor) floorMs.push(await floor.run());
				}
				if (clickError || !clickhouse) continue;
				try {
					const answer = await timed(
						`${clickhouse.url}/wp-json/${q.route}?${search(q.query, { _bench: String(++n) })}`,
						{ Authorization: `Bearer ${token()}` },
					);
					if (i === 0) totals.clickhouse = netRevenue(answer.body);
					else clickMs.push(answer.ms);
				} catch (error) {
					clickError = (error as Error).message.slice(0, 400);
				}
			}
			endpoints.push({
				endpoint: q.name,
				woocommerceMedianMs: round1(median(woo)),
				woocommerceP95Ms: round1(p95(woo)),
				duckdbMedianMs: round1(median(duckMs)),
				duckdbP95Ms: round1(p95(duckMs)),
				duckdbFloorMedianMs: round1(median(floorMs)),
				duckdbStatements: floor?.statements ?? 0,
				clickhouseMedianMs: clickError ? null : round1(median(clickMs)),
				clickhouseP95Ms: clickError ? null : round1(p95(clickMs)),
				clickhouseError: clickError,
				duckdbRatio: round1(median(woo) / Math.max(0.1, median(duckMs))),
				clickhouseRatio: clickError
					? null
					: round1(median(woo) / Math.max(0.1, median(clickMs))),
				netRevenue:
					totals.woocommerce === undefined || totals.woocommerce === null
						? undefined
						: totals,
			});
		}
		figures.endpoints = endpoints;
		// Last: the engine's sync from the store (bounded).
		if (SYNC_SECONDS > 0) {
			const sync = await boundedBackfill(
				path.join(dir, 'sync.duckdb'),
				stack.url,
				stack.keys(),
				SYNC_SECONDS,
				CATALOGUE_SECONDS,
			);
			figures.syncOrders = sync.orders;
			figures.syncSeconds = round1(sync.seconds);
			figures.syncComplete = sync.complete;
			figures.syncCatalogueSeconds = round1(sync.catalogueSeconds);
			figures.syncCatalogueDone = sync.catalogueDone;
			figures.syncOrdersPerSecond =
				sync.seconds > 0 ? Math.round(sync.orders / sync.seconds) : null;
			figures.syncPageMedianMs = sync.pageMedianMs;
		}
	} finally {
		for (const close of closing.reverse()) await close();
		await bench.site.close();
		rmSync(dir, { recursive: true, force: true });
	}
}

for (const size of SIZES) {
	test(`WooCommerce, the DuckDB engine and the ClickHouse engine at ${size} orders`, async () => {
		await sideBySide(size);
	});
}

(ROLLUP ? test : test.skip)('a sync batch of 100 orders into a 1M-order store', async () => {
	const kept = path.join(REPO, '.data', `bench-${ROLLUP_ORDERS}.duckdb`);
	if (!existsSync(kept)) {
		const started = Date.now();
		const db = await Db.open(kept);
		await generateStore(db, { orders: ROLLUP_ORDERS, seed: 1 });
		db.close();
		console.log(`Generated ${ROLLUP_ORDERS} orders in ${(Date.now() - started) / 1000} s.`);
	}
	const dir = mkdtempSync(path.join(os.tmpdir(), 'abacus-rollup-bench-'));
	const file = path.join(dir, 'store.duckdb');
	copyFileSync(kept, file);
	const db = await Db.open(file);
	try {
		const batch: number[] = [];
		const full: number[] = [];
		const loadBefore = os.loadavg().map(round1);
		for (let run = 0; run <= BATCH_RUNS; run++) {
			// 100 orders of the last year, each with a changed status (an incremental round).
			const ids = await db.all<{ id: number }>(
				`SELECT id FROM orders WHERE parent_id = 0 AND date_created > (SELECT max(date_created) FROM orders) - INTERVAL 365 DAY
				ORDER BY hash(id + ${run}) LIMIT 100`,
			);
			const orders = [];
			for (const { id } of ids) {
				const order = await readOrder(db, Number(id));
				orders.push({
					...order,
					status: order.status === 'completed' ? 'processing' : 'completed',
				});
			}
			const t0 = performance.now();
			await applyOrderChanges(db, { upsert: orders });
			if (run > 0) batch.push(performance.now() - t0);
		}
		const loadAfter = os.loadavg().map(round1);
		// The full rebuilds after the batches: a rebuild replaces whole tables, and the commit
		// after it writes them out, which would slow the batch that follows.
		for (let run = 0; run < 3; run++) {
			const t0 = performance.now();
			await db.transaction(() => refreshRollups(db));
			full.push(performance.now() - t0);
		}
		const n = Number(
			(await db.one<{ n: number }>('SELECT count(*) AS n FROM orders WHERE parent_id = 0'))
				?.n,
		);
		result.rollups = {
			orders: n,
			batchOrders: 100,
			batchMedianMs: Math.round(median(batch)),
			batchRunsMs: batch.map(Math.round),
			// 1, 5 and 15 minute load averages before and after the batches (2 cores).
			batchLoadAverage: { before: loadBefore, after: loadAfter },
			fullRollupRebuildMedianMs: Math.round(median(full)),
		};
	} finally {
		db.close();
		rmSync(dir, { recursive: true, force: true });
	}
});
