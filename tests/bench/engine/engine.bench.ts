/**
 * The engine bench on the real stack (run by tests/bench/engine.js through jest, for the
 * TypeScript harness): WordPress 6.8.8 + WooCommerce 10.0.2 holding at least BENCH_ENGINE_ORDERS
 * orders (default 20,000), kept on disk between runs (store.ts: `.data/bench-wp/`, grown through
 * WooCommerce's own PHP API on first use), then:
 * - the store's own page time (GET wc/v3/orders, 100 a page);
 * - the engine's backfill of it (orders per second), each answer of the store recorded;
 * - the engine's backfill of the same recorded answers from a local HTTP server (a store answering
 *   at once: the engine's own side on real pages);
 * - WooCommerce's wc-analytics answers against the engine's for the requests the pages make
 *   (revenue by day over a year, products page 1, the dashboard's indicators and leaderboards),
 *   each computed afresh (WooCommerce's `force_cache_refresh`, a unique parameter past the
 *   engine's cache): median and p95 over BENCH_ENGINE_RUNS runs (default 9), and the ratio;
 * - a sync batch of 100 changed orders written into a 1M-order demo store (a copy of
 *   `.data/bench-1000000.duckdb`, generated when missing), with the roll-ups of the days it touched
 *   re-derived, beside a full roll-up rebuild (what every batch did before).
 * Writes the figures to BENCH_ENGINE_JSON.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { startServer } from '../../../server/src/index.js';
import { REPORTS_CAPABILITY, signEngineToken } from '../../../server/src/engine-auth/index.js';
import { Db } from '../../../server/src/core/db.js';
import { generateStore } from '../../../server/src/demo/generate.js';
import { applyOrderChanges } from '../../../server/src/db/pipeline.js';
import { refreshRollups } from '../../../server/src/db/rollups.js';
import { readOrder } from '../../../server/src/db/test/read-order.js';
import {
	listEngineStores,
	listStores,
	prepareEngineDatabase,
	registerStore,
	StoreSync,
} from '../../../server/src/sync/index.js';
import { configureOutbound } from '../../../server/src/sync/outbound.js';
import { engineStack } from '../../engine/stack.js';
import { openBenchStore } from './store.js';

const TARGET = Number(process.env.BENCH_ENGINE_ORDERS ?? 20000);
const RUNS = Number(process.env.BENCH_ENGINE_RUNS ?? 9);
const ROLLUP_ORDERS = Number(process.env.BENCH_ENGINE_ROLLUP_ORDERS ?? 1000000);
const REPO = path.resolve(__dirname, '../../..');
const OUT = process.env.BENCH_ENGINE_JSON ?? path.join(REPO, 'bench-results/engine-latest.json');

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

function p95(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

interface Recorded {
	status: number;
	headers: Record<string, string>;
	body: string;
}

/** A request's path and query without OAuth's per-request parameters. */
function recordKey(url: string): string {
	const u = new URL(url, 'http://replay.invalid');
	const query = [...u.searchParams]
		.filter(([k]) => !k.startsWith('oauth_'))
		.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
	return `${u.pathname}?${new URLSearchParams(query).toString()}`;
}

/**
 * A fetch that records every answer (status, paging headers, body) by request, and the time of
 * each page of 100 orders (with their lines: not the id scan's short pages) into `orderPageMs`.
 */
function recordingFetch(into: Map<string, Recorded>, orderPageMs: number[]): typeof fetch {
	return async (input, init) => {
		const url = input instanceof Request ? input.url : String(input);
		const started = Date.now();
		const response = await fetch(input, init);
		const body = await response.text();
		const { pathname, searchParams } = new URL(url);
		if (
			pathname.endsWith('/wc/v3/orders') &&
			searchParams.get('per_page') === '100' &&
			!searchParams.has('_fields')
		)
			orderPageMs.push(Date.now() - started);
		const headers: Record<string, string> = {};
		response.headers.forEach((value, name) => {
			if (['x-wp-total', 'x-wp-totalpages', 'content-type', 'retry-after'].includes(name))
				headers[name] = value;
		});
		into.set(recordKey(url), { status: response.status, headers, body });
		return new Response(body, { status: response.status, headers });
	};
}

/** A local HTTP server answering the recorded requests at once. */
async function replayServer(
	recorded: Map<string, Recorded>,
): Promise<{ url: string; close(): Promise<void> }> {
	const server = http.createServer((req, res) => {
		const hit = recorded.get(recordKey(req.url ?? '/'));
		if (!hit) {
			res.writeHead(404, { 'content-type': 'application/json' });
			res.end('{"code":"rest_no_route","message":"Not recorded."}');
			return;
		}
		res.writeHead(hit.status, hit.headers);
		res.end(hit.body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
}

/** An engine database with the store at `url` registered, and its backfill timed. */
async function timedBackfill(
	file: string,
	url: string,
	keys: { key: string; secret: string },
	fetchImpl?: typeof fetch,
): Promise<{ orders: number; seconds: number; pageMedianMs: number }> {
	// The bench's stores are on 127.0.0.1.
	configureOutbound({ allowPrivate: true });
	const db = await Db.open(file);
	try {
		await prepareEngineDatabase(db);
		await registerStore(db, { url, auth: { kind: 'keys', ...keys } });
		const [store] = await listStores(db);
		const sync = new StoreSync({
			db,
			store,
			log: (l) => console.log(l),
			client: fetchImpl ? { fetch: fetchImpl } : {},
		});
		const started = Date.now();
		await sync.backfill();
		const seconds = (Date.now() - started) / 1000;
		const orders = Number(
			(await db.one<{ n: number }>('SELECT count(*) AS n FROM orders WHERE parent_id = 0'))
				?.n,
		);
		return { orders, seconds, pageMedianMs: median(sync.pageTimes) };
	} finally {
		db.close();
	}
}

const result: Record<string, unknown> = { date: new Date().toISOString(), target: TARGET };

afterAll(() => {
	console.log(JSON.stringify(result, null, 1));
	writeFileSync(OUT, JSON.stringify(result, null, 2));
});

test('WooCommerce against the engine on the real store', async () => {
	const bench = await openBenchStore(TARGET);
	const stack = engineStack(bench.site);
	const dir = mkdtempSync(path.join(os.tmpdir(), 'abacus-engine-bench-'));
	try {
		result.seedSeconds = bench.stamp.seedSeconds;
		result.importSeconds = bench.stamp.importSeconds;
		result.storeGrewSeconds = Math.round(bench.grewSeconds);

		// The store's own time for a page of 100 orders, pages spread over the whole store.
		const first = await stack.wc('wc/v3/orders', { per_page: 100, page: 1 });
		const pages = Number(first.headers.get('x-wp-totalpages') ?? 1);
		const pageTimes: number[] = [first.ms];
		for (let k = 1; k < 9; k++) {
			const page = 1 + Math.floor((k * (pages - 1)) / 8);
			pageTimes.push((await stack.wc('wc/v3/orders', { per_page: 100, page })).ms);
		}
		result.storePageMedianMs = median(pageTimes);

		// Backfill from the store (its answers recorded), then from the recording at once.
		const keys = stack.keys();
		const recorded = new Map<string, Recorded>();
		const file = path.join(dir, 'engine.duckdb');
		const orderPageMs: number[] = [];
		const real = await timedBackfill(
			file,
			stack.url,
			keys,
			recordingFetch(recorded, orderPageMs),
		);
		result.orders = real.orders;
		result.syncSeconds = round1(real.seconds);
		result.syncOrdersPerSecond = Math.round(real.orders / real.seconds);
		// The store's answer time for a page of 100 orders while the sync ran (3 pages at once).
		result.syncPageMedianMs = median(orderPageMs);
		const replay = await replayServer(recorded);
		try {
			const fast = await timedBackfill(path.join(dir, 'replay.duckdb'), replay.url, keys);
			expect(fast.orders).toBe(real.orders);
			result.replaySeconds = round1(fast.seconds);
			result.replayOrdersPerSecond = Math.round(fast.orders / fast.seconds);
			result.replayPageMedianMs = fast.pageMedianMs;
		} finally {
			await replay.close();
		}

		const server = await startServer({ databasePath: file, quiet: true, sync: false });
		try {
			const [engineStore] = await listEngineStores(server.ctx.db);
			const now = Math.floor(Date.now() / 1000);
			const token = signEngineToken(
				{
					store: engineStore.id,
					sub: 1,
					cap: REPORTS_CAPABILITY,
					iat: now,
					exp: now + 3000,
					aud: server.url,
				},
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
						Object.entries({ ...q.query, _bench: `${Date.now()}-${i}` }).map(
							([k, v]) => [k, String(v)],
						),
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
					ratio: round1(median(woo) / Math.max(1, median(engine))),
				});
			}
			result.endpoints = endpoints;
		} finally {
			await server.close();
		}
	} finally {
		await bench.site.close();
		rmSync(dir, { recursive: true, force: true });
	}
});

test('a sync batch of 100 orders into a 1M-order store', async () => {
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
		for (let run = 0; run < 4; run++) {
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
			fullRollupRebuildMedianMs: Math.round(median(full)),
		};
	} finally {
		db.close();
		rmSync(dir, { recursive: true, force: true });
	}
});
