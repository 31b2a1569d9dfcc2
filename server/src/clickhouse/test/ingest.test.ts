/**
 * The store sync on a ClickHouse engine (`workspaces.ts`, `ingest.ts`): two stores connected to
 * the engine (each a workspace synced from its own fake WooCommerce, `sync/test/fake-woo.ts`) are
 * pushed to a two-shard cluster after every batch; with each store's token the engine's figures,
 * read from the cluster, equal those of a DuckDB server that synced the same store, before and
 * after an order's status change, a refund, a deletion and a move to another month; the other
 * store's rows stay as they were; a failed push leaves the engine answering the store's last
 * committed figures (from its workspace) until a push succeeds; no token writes a store's rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Db } from '../../core/db.js';
import { startServer } from '../../index.js';
import { prepareEngineDatabase } from '../../sync/prepare.js';
import { registerStore as connectStore } from '../../sync/registry.js';
import { FakeWoo } from '../../sync/test/fake-woo.js';
import { ClickHouseClient } from '../client.js';
import type { Cluster } from '../cluster.js';
import { MONTHLY_ORDER_TABLES } from '../ingest.js';
import { createClusterSchema, createStoreRegistry } from '../store.js';
import type { EngineIngest } from '../workspaces.js';
import { engineToken, getJson, json, startCluster, type Answer, type Server } from './setup.js';

// Two ClickHouse servers, three DuckDB files and HTTP servers on a loaded 2-core machine.
jest.setTimeout(600_000);

const SECRET_A = 'secret-of-store-a-0123456789';
const SECRET_B = 'secret-of-store-b-0123456789';
const RANGE = 'after=2026-08-01T00:00:00&before=2026-12-31T23:59:59';

/** The routes compared (month and day buckets, tables with paging totals). */
const ROUTES = [
	`wc-analytics/reports/revenue/stats?${RANGE}&interval=month`,
	`wc-analytics/reports/orders/stats?${RANGE}&interval=day&per_page=100`,
	`wc-analytics/reports/revenue/stats?${RANGE}&interval=week&status_is[]=completed`,
	`wc-analytics/reports/orders?${RANGE}&per_page=100&orderby=date&order=asc`,
	`wc-analytics/reports/orders?${RANGE}&per_page=25&page=2&orderby=net_total&order=desc&extended_info=1`,
	`wc-analytics/reports/products?${RANGE}&extended_info=1`,
	`wc-analytics/reports/products/stats?${RANGE}&interval=month`,
	`wc-analytics/reports/customers?${RANGE}&orderby=total_spend&order=desc`,
	`wc-analytics/reports/payment-methods?${RANGE}`,
];

/** Spreads the fake store's orders over August to November, a few orders a day. */
function spreadOrders(woo: FakeWoo): void {
	for (const order of woo.orders.values()) {
		const n = order.id - 1000;
		const month = 8 + (n % 4);
		const day = String(1 + (n % 27)).padStart(2, '0');
		order.date = `2026-${String(month).padStart(2, '0')}-${day} ${String(8 + (n % 12)).padStart(2, '0')}:15:00`;
		order.modified = order.date;
	}
}

async function workspace(file: string, woo: FakeWoo, secret: string): Promise<void> {
	const db = await Db.open(file);
	try {
		await prepareEngineDatabase(db);
		await connectStore(db, {
			url: woo.url,
			auth: { kind: 'keys', key: 'ck_test', secret: 'cs_test' },
			engineSecret: secret,
		});
	} finally {
		db.close();
	}
}

describe('store sync on a ClickHouse engine', () => {
	let dir = '';
	let cluster: Cluster | undefined;
	const woo = { a: new FakeWoo(600), b: new FakeWoo(150) };
	let engine: Server | undefined;
	let duckA: Server | undefined;
	let ingest: EngineIngest;
	let client: ClickHouseClient;
	const token = { a: '', b: '' };

	const engineGet = (route: string, who: 'a' | 'b'): Promise<Answer> =>
		getJson(engine?.url ?? '', route, { Authorization: `Bearer ${token[who]}` });
	const duckGet = (route: string): Promise<Answer> =>
		getJson(duckA?.url ?? '', route, { Authorization: `Bearer ${token.a}` });

	/** Store A's routes on the engine equal its DuckDB server's (body and X-WP-Total). */
	async function expectEqualToDuck(): Promise<void> {
		for (const route of ROUTES) {
			const [click, duck] = [await engineGet(route, 'a'), await duckGet(route)];
			expect({
				route,
				status: click.status,
				total: click.total,
				error: click.status === 200 ? null : click.body,
			}).toEqual({ route, status: 200, total: duck.total, error: null });
			expect({ route, body: json(click.body) }).toEqual({ route, body: json(duck.body) });
		}
	}

	/** A store's rows on the cluster of the order lookups, orders, items and products (sorted). */
	async function clusterRows(storeId: number): Promise<Record<string, string[]>> {
		const out: Record<string, string[]> = {};
		for (const table of [...MONTHLY_ORDER_TABLES, 'orders', 'order_items', 'products']) {
			const rows = await client.all(`SELECT * FROM abacus.${table}_all WHERE store_id = ?`, [
				storeId,
			]);
			out[table] = rows.map((row) => JSON.stringify(row)).sort();
		}
		return out;
	}

	/** Both sides sync the stores' changes; the engine pushes them. */
	async function syncAll(): Promise<void> {
		await duckA?.sync?.syncNow();
		await ingest.syncNow();
	}

	beforeAll(async () => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-ch-ingest-'));
		const started = startCluster();
		spreadOrders(woo.a);
		spreadOrders(woo.b);
		await woo.a.start();
		await woo.b.start();
		cluster = await started;
		const shardUrls = cluster.shards.map((s) => s.url);
		await createClusterSchema(shardUrls, cluster.name, 'abacus');
		await createStoreRegistry(shardUrls, cluster.name, 'abacus');
		const target = { url: cluster.shards[0].url, database: 'abacus' };
		client = new ClickHouseClient(target);
		fs.mkdirSync(path.join(dir, 'stores'));
		await workspace(path.join(dir, 'stores', 'a.duckdb'), woo.a, SECRET_A);
		await workspace(path.join(dir, 'stores', 'b.duckdb'), woo.b, SECRET_B);
		await workspace(path.join(dir, 'duck-a.duckdb'), woo.a, SECRET_A);
		token.a = engineToken(woo.a.url, SECRET_A);
		token.b = engineToken(woo.b.url, SECRET_B);
		duckA = await startServer({
			databasePath: path.join(dir, 'duck-a.duckdb'),
			quiet: true,
			sync: { autoStart: false },
		});
		engine = await startServer({
			databasePath: path.join(dir, 'engine.duckdb'),
			orders: 0,
			quiet: true,
			engine: target,
			sync: { autoStart: false },
		});
		ingest = engine.sync as EngineIngest;
	});

	afterAll(async () => {
		await engine?.close();
		await duckA?.close();
		await woo.a.close();
		await woo.b.close();
		await cluster?.stop();
		if (dir) fs.rmSync(dir, { recursive: true, force: true });
	});

	test('the backfill is pushed in batches; each store gets its own id and figures equal DuckDB', async () => {
		const pushes: Array<{ orders: number; rows: number; ms: number }> = [];
		ingest.afterPush = async (_storeId, result) => {
			pushes.push({ orders: result.orders, rows: result.rows, ms: result.ms });
		};
		const started = Date.now();
		await syncAll();
		const seconds = (Date.now() - started) / 1000;
		ingest.afterPush = undefined;
		const pushed = pushes.reduce(
			(sum, p) => ({
				orders: sum.orders + p.orders,
				rows: sum.rows + p.rows,
				ms: sum.ms + p.ms,
			}),
			{ orders: 0, rows: 0, ms: 0 },
		);
		console.log(
			`Pushes: ${pushes.length}, ${pushed.orders} orders (${pushed.rows} rows) in ${(pushed.ms / 1000).toFixed(1)} s: ${Math.round(pushed.orders / (pushed.ms / 1000))} orders/s, ${Math.round(pushed.rows / (pushed.ms / 1000))} rows/s`,
		);
		const [a, b] = ['a', 'b'].map((who) => ingest.byUrl(who === 'a' ? woo.a.url : woo.b.url));
		expect(a?.storeId).toBeDefined();
		expect(b?.storeId).toBeDefined();
		expect(a?.storeId).not.toBe(b?.storeId);
		expect(a?.dirty).toBe(false);
		console.log(
			`Engine sync of 600 + 150 orders with pushes: ${seconds.toFixed(1)} s (${Math.round(750 / seconds)} orders/s); store A's pushes: ${a?.pushes}`,
		);
		// The cluster holds what the workspace holds.
		const orders = await client.one<{ n: string }>(
			'SELECT count() AS n FROM abacus.order_stats_all WHERE store_id = ? AND parent_id = 0',
			[a?.storeId ?? 0],
		);
		expect(Number(orders?.n)).toBe(600);
		const status = await engineGet('abacus/v1/sync', 'a');
		expect(status.status).toBe(200);
		const stores = (status.body as { stores: Array<Record<string, unknown>> }).stores;
		expect(stores).toHaveLength(1);
		expect(stores[0]).toMatchObject({
			url: woo.a.url,
			counts: { orders: 600 },
			cluster: { storeId: a?.storeId, state: 'current' },
		});
		await expectEqualToDuck();
	});

	test('a status change, a refund, a deletion and a move to another month: equal, the other store untouched', async () => {
		const idB = ingest.byUrl(woo.b.url)?.storeId ?? 0;
		const before = await clusterRows(idB);
		const revenueB = await engineGet(
			`wc-analytics/reports/revenue/stats?${RANGE}&interval=month`,
			'b',
		);
		expect(revenueB.status).toBe(200);
		const months = new Set<number>();
		ingest.afterPush = async (storeId, result) => {
			if (storeId === a?.storeId) for (const m of result.months) months.add(m);
		};
		const a = ingest.byUrl(woo.a.url);
		woo.a.touch(1005, { status: 'cancelled' });
		woo.a.touch(1006, {
			refunds: [{ id: 9006, amount: 4, qty: 1, date: '2026-11-20 09:00:00' }],
		});
		woo.a.orders.delete(1007);
		woo.a.touch(1009, { date: '2026-12-03 10:00:00' });
		await syncAll();
		ingest.afterPush = undefined;
		expect(a?.dirty).toBe(false);
		expect(a?.lastPush?.full).toBe(false);
		// Only the months the changes touched were replaced (1005 to 1009 lie in August to
		// November, the refund in November), and December, where 1009 moved.
		expect([...months].sort()).toEqual(
			[...months].filter((m) => m >= 202608 && m <= 202612).sort(),
		);
		expect(months).toContain(202612);
		expect(months.size).toBeLessThanOrEqual(5);
		const moved = await client.one<{ n: string }>(
			'SELECT count() AS n FROM abacus.order_stats_all WHERE store_id = ? AND order_id = 1009 AND toYYYYMM(date_created) = 202612',
			[a?.storeId ?? 0],
		);
		expect(Number(moved?.n)).toBe(1);
		const gone = await client.one<{ n: string }>(
			'SELECT count() AS n FROM abacus.order_stats_all WHERE store_id = ? AND order_id = 1007',
			[a?.storeId ?? 0],
		);
		expect(Number(gone?.n)).toBe(0);
		await expectEqualToDuck();
		expect(await clusterRows(idB)).toEqual(before);
		const againB = await engineGet(
			`wc-analytics/reports/revenue/stats?${RANGE}&interval=month`,
			'b',
		);
		expect(json(againB.body)).toEqual(json(revenueB.body));
	});

	test('a failed push: the store is answered from its workspace, equal to DuckDB, until a push succeeds', async () => {
		const a = ingest.byUrl(woo.a.url);
		if (!a) throw new Error('store A is not synced');
		ingest.pushOptions = {
			beforeInsert: async (table) => {
				if (table === 'order_stats') throw new Error('the cluster refused the insert');
			},
		};
		woo.a.touch(1011, { status: 'refunded' });
		woo.a.touch(1012, { date: '2026-09-30 23:30:00' });
		await duckA?.sync?.syncNow();
		await a.sync.syncNow();
		await expect(a.flush()).rejects.toThrow('the cluster refused the insert');
		// The push failed after its DELETE: the cluster's order_stats lack store A's touched months.
		const held = await client.one<{ n: string }>(
			'SELECT count() AS n FROM abacus.order_stats_all WHERE store_id = ?',
			[a.storeId],
		);
		const workspaceRows = await a.db.one<{ n: number | bigint }>(
			'SELECT count(*) AS n FROM order_stats',
		);
		expect(Number(held?.n)).toBeLessThan(Number(workspaceRows?.n));
		const status = await engineGet('abacus/v1/sync', 'a');
		expect(status.body).toMatchObject({
			stores: [
				{
					cluster: {
						state: 'error',
						lastError: { message: 'the cluster refused the insert' },
					},
				},
			],
		});
		await expectEqualToDuck();
		ingest.pushOptions = {};
		a.requestPush();
		await a.flush();
		expect(a.dirty).toBe(false);
		const after = await client.one<{ n: string }>(
			'SELECT count() AS n FROM abacus.order_stats_all WHERE store_id = ?',
			[a.storeId],
		);
		expect(Number(after?.n)).toBe(Number(workspaceRows?.n));
		await expectEqualToDuck();
	});

	test("the historical import on the engine: the operator rebuilds a chosen store's figures, each batch pushed; equal to DuckDB", async () => {
		const a = ingest.byUrl(woo.a.url);
		if (!a || !engine || !duckA) throw new Error('the servers are not running');
		const engineUrl = engine.url;
		const duckUrl = duckA.url;
		const operator = { 'X-WP-Nonce': engine.nonce, 'X-Abacus-Store': String(a.storeId) };
		const post = async (base: string, route: string, headers: Record<string, string>) => {
			const response = await fetch(`${base}/wp-json/wc-analytics/${route}`, {
				method: 'POST',
				headers,
			});
			return { status: response.status, body: (await response.json()) as unknown };
		};
		const waitForImport = async (get: () => Promise<Answer>): Promise<unknown> => {
			for (;;) {
				const status = await get();
				if (!(status.body as { is_importing?: boolean }).is_importing) return status.body;
				await new Promise((resolve) => setTimeout(resolve, 100));
			}
		};
		// Another store's token may not start it (a write needs the engine page's nonce).
		const refused = await post(engine.url, 'reports/import', {
			Authorization: `Bearer ${token.b}`,
		});
		expect(refused.status).toBe(403);
		// Emptied: the cluster holds no order rows of the store, the figures are zero on both.
		expect((await post(engine.url, 'reports/import/delete', operator)).status).toBe(200);
		// The DuckDB server is the engine of store A too: its token, and its page's nonce to write.
		const duckWrite = { Authorization: `Bearer ${token.a}`, 'X-WP-Nonce': duckA.nonce };
		expect((await post(duckUrl, 'reports/import/delete', duckWrite)).status).toBe(200);
		await a.flush();
		const emptied = await client.one<{ n: string }>(
			'SELECT count() AS n FROM abacus.order_stats_all WHERE store_id = ?',
			[a.storeId],
		);
		expect(Number(emptied?.n)).toBe(0);
		await expectEqualToDuck();
		// Rebuilt from the store's orders, in batches of the server's import batch size.
		const started = await post(engine.url, 'reports/import', operator);
		expect(started.body).toMatchObject({ status: 'success' });
		expect((await post(duckUrl, 'reports/import', duckWrite)).status).toBe(200);
		const done = await waitForImport(() =>
			getJson(engineUrl, 'wc-analytics/reports/import/status', {
				Authorization: `Bearer ${token.a}`,
			}),
		);
		await waitForImport(() =>
			getJson(duckUrl, 'wc-analytics/reports/import/status', {
				Authorization: `Bearer ${token.a}`,
			}),
		);
		const orders = (done as { orders: { imported: number; total: number } }).orders;
		expect(orders.imported).toBe(orders.total);
		expect(orders.total).toBeGreaterThan(599);
		await a.flush();
		expect(a.dirty).toBe(false);
		const rebuilt = await client.one<{ n: string }>(
			'SELECT count() AS n FROM abacus.order_stats_all WHERE store_id = ? AND parent_id = 0',
			[a.storeId],
		);
		expect(Number(rebuilt?.n)).toBe(599);
		await expectEqualToDuck();
	});

	test("hostile: no token, another store's token or secret cannot read or write this store's rows", async () => {
		const a = ingest.byUrl(woo.a.url);
		const before = await clusterRows(a?.storeId ?? 0);
		// B's token reads B's sync only.
		const statusB = await engineGet('abacus/v1/sync', 'b');
		expect(statusB.body).toMatchObject({
			stores: [{ url: woo.b.url, cluster: { storeId: ingest.byUrl(woo.b.url)?.storeId } }],
		});
		expect(JSON.stringify(statusB.body)).not.toContain(woo.a.url);
		// A token naming A signed with B's secret, and no token: refused.
		const forged = await getJson(engine?.url ?? '', 'abacus/v1/sync', {
			Authorization: `Bearer ${engineToken(woo.a.url, SECRET_B)}`,
		});
		expect(forged.status).toBe(401);
		expect((await getJson(engine?.url ?? '', 'abacus/v1/sync')).status).toBe(401);
		// No write route takes a token: a sync, an import or a delete of the analytics data.
		for (const [method, route] of [
			['POST', 'abacus/v1/sync'],
			['POST', 'wc-analytics/reports/import'],
			['POST', 'wc-analytics/reports/import/delete'],
		]) {
			const response = await fetch(`${engine?.url}/wp-json/${route}`, {
				method,
				headers: { Authorization: `Bearer ${token.b}` },
			});
			expect({ route, refused: response.status >= 400 }).toEqual({ route, refused: true });
		}
		expect(await clusterRows(a?.storeId ?? 0)).toEqual(before);
		await expectEqualToDuck();
	});
});
