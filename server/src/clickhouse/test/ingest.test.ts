/**
 * The store sync on a ClickHouse engine (`sync/clickhouse-workspaces.ts`, `ingest.ts`): two stores
 * connected to the engine (each a workspace synced from its own fake WooCommerce, `sync/test/fake-woo.ts`) are
 * pushed to a two-shard cluster after every batch; with each store's token the engine's figures,
 * read from the cluster, equal those of a DuckDB server that synced the same store, before and
 * after an order's status change, a refund, a deletion and a move to another month; the other
 * store's rows stay as they were; a failed push leaves the engine answering the store's last
 * committed figures (from its workspace) until a push succeeds; no token writes a store's rows.
 */
import fs from 'node:fs';
import path from 'node:path';

import { Db } from '../../core/db.js';
import { writeOption } from '../../db/options.js';
import { startServer } from '../../index.js';
import { prepareEngineDatabase } from '../../sync/prepare.js';
import { registerStore as connectStore } from '../../sync/registry.js';
import { FAKE_COSTS, FakeWoo } from '../../sync/test/fake-woo.js';
import { ClickHouseClient } from '../client.js';
import { type Cluster, clusterParentDir } from '../cluster.js';
import { MONTHLY_ORDER_TABLES } from '../ingest.js';
import {
	allocateStoreId,
	createStoreRegistry,
	storeByUrl,
	storeIdCandidates,
} from '../registry.js';
import { createClusterSchema } from '../schema.js';
import type { EngineIngest } from '../../sync/clickhouse-workspaces.js';
import {
	addOperator,
	operatorSession,
	TEST_PASSWORD,
	type SignedIn,
} from '../../engine-auth/test/operator-session.js';
import {
	engineToken,
	getJson,
	json,
	seededServerFile,
	startCluster,
	type Answer,
	type Server,
} from './setup.js';

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
	/** Each store's token for the engine, and store A's for its DuckDB server (`duckA`). */
	const token = { a: '', b: '', duckA: '' };
	/** The signed-in operators of the engine and of the DuckDB server (cookie + session nonce). */
	const operators: { engine: SignedIn | null; duckA: SignedIn | null } = {
		engine: null,
		duckA: null,
	};

	const engineGet = (route: string, who: 'a' | 'b'): Promise<Answer> =>
		getJson(engine?.url ?? '', route, { Authorization: `Bearer ${token[who]}` });
	const duckGet = (route: string): Promise<Answer> =>
		getJson(duckA?.url ?? '', route, { Authorization: `Bearer ${token.duckA}` });

	/** Store A's routes on the engine equal its DuckDB server's (body and X-WP-Total). */
	async function expectEqualToDuck(): Promise<void> {
		// Every route of both servers at once (reads only).
		await Promise.all(
			ROUTES.map(async (route) => {
				const [click, duck] = await Promise.all([engineGet(route, 'a'), duckGet(route)]);
				expect({
					route,
					status: click.status,
					total: click.total,
					error: click.status === 200 ? null : click.body,
				}).toEqual({ route, status: 200, total: duck.total, error: null });
				expect({ route, body: json(click.body) }).toEqual({
					route,
					body: json(duck.body),
				});
			}),
		);
	}

	/** A store's rows on the cluster of the order lookups, orders, items and products (sorted). */
	async function clusterRows(storeId: number): Promise<Record<string, string[]>> {
		const out: Record<string, string[]> = {};
		const tables = [...MONTHLY_ORDER_TABLES, 'orders', 'order_items', 'products'];
		// Every table at once (reads only).
		const read = await Promise.all(
			tables.map((table) =>
				client.all(`SELECT * FROM abacus.${table}_all WHERE store_id = ?`, [storeId]),
			),
		);
		tables.forEach(
			(table, i) => (out[table] = read[i].map((row) => JSON.stringify(row)).sort()),
		);
		return out;
	}

	/** Both sides sync the stores' changes; the engine pushes them. */
	async function syncAll(): Promise<void> {
		await duckA?.sync?.syncNow();
		await ingest.syncNow();
	}

	beforeAll(async () => {
		// Beside the cluster's data (in memory when there is room): every DuckDB commit syncs.
		dir = fs.mkdtempSync(path.join(clusterParentDir(), 'abacus-ch-ingest-'));
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
		duckA = await startServer({
			databasePath: path.join(dir, 'duck-a.duckdb'),
			quiet: true,
			sync: { autoStart: false },
		});
		await seededServerFile(path.join(dir, 'engine.duckdb'), 0);
		engine = await startServer({
			databasePath: path.join(dir, 'engine.duckdb'),
			orders: 0,
			quiet: true,
			engine: target,
			sync: { autoStart: false },
		});
		ingest = engine.sync as EngineIngest;
		token.a = engineToken(woo.a.url, SECRET_A, engine.url);
		token.b = engineToken(woo.b.url, SECRET_B, engine.url);
		token.duckA = engineToken(woo.a.url, SECRET_A, duckA.url);
		for (const server of [engine, duckA])
			await addOperator(server.ctx.db, {
				name: 'ops',
				password: TEST_PASSWORD,
				stores: null,
			});
		operators.engine = await operatorSession(engine, 'ops');
		operators.duckA = await operatorSession(duckA, 'ops');
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
		// The store's price decimals are registered with its settings (the cost save rounds to
		// them), and again when the store changes them.
		expect((await storeByUrl(client, woo.a.url))?.priceDecimals).toBe(2);
		await writeOption(a!.db, 'woocommerce_price_num_decimals', 3);
		await a!.registerSettings();
		expect((await storeByUrl(client, woo.a.url))?.priceDecimals).toBe(3);
		await writeOption(a!.db, 'woocommerce_price_num_decimals', 2);
		await a!.registerSettings();
		expect((await storeByUrl(client, woo.a.url))?.priceDecimals).toBe(2);
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

	test("WooCommerce costs synced after the first push reach the cluster: the engine's profit equals DuckDB's", async () => {
		const a = ingest.byUrl(woo.a.url);
		if (!a || !duckA?.sync) throw new Error('the servers are not running');
		const duckSync = duckA.sync;
		// Today in the store's zone (Europe/Paris): the sync records a WooCommerce cost from today.
		const today = new Intl.DateTimeFormat('en-CA', {
			timeZone: 'Europe/Paris',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
		}).format(new Date());
		const range = `after=2026-08-01T00:00:00&before=${today}T23:59:59`;
		const profitRoutes = [
			`wc-analytics/reports/profit/stats?${range}&interval=month`,
			`wc-analytics/reports/profit?${range}`,
			`wc-analytics/reports/profit/missing-costs?${range}`,
		];
		const expectProfitEqual = async (): Promise<number> => {
			let cost = 0;
			for (const route of profitRoutes) {
				const [click, duck] = await Promise.all([engineGet(route, 'a'), duckGet(route)]);
				expect({ route, status: click.status }).toEqual({ route, status: 200 });
				expect({ route, body: json(click.body) }).toEqual({ route, body: json(duck.body) });
				const totals = (click.body as { totals?: { cost?: number | null } }).totals;
				if (totals) cost = Number(totals.cost ?? 0);
			}
			return cost;
		};
		const catalogue = async (): Promise<void> => {
			for (const sync of duckSync.syncs) await sync.syncCatalogue();
			await a.sync.syncCatalogue();
			await a.flush();
		};
		const costs: Array<{ entries: number; lines: number }> = [];
		ingest.afterPush = async (storeId, result) => {
			if (storeId === a.storeId) costs.push(result.costs);
		};
		const saved = FAKE_COSTS[11];
		try {
			// An order of today (product 11), then the store turns on its cost of goods (11 at 4):
			// the sale's line is fixed at 4 in the workspace as the next cost is recorded.
			woo.a.touch(1021, { date: `${today} 00:05:00` });
			await syncAll();
			woo.a.cogs = true;
			await catalogue();
			expect(a.dirty).toBe(false);
			expect(costs.some((c) => c.entries >= 2)).toBe(true);
			const first = await expectProfitEqual();
			expect(first).toBeGreaterThan(0);
			// The store changes product 11's cost the same day: today's earlier sale keeps the cost
			// it was fixed at (its line pushed fixed), while the history's entry of today becomes 6.
			const before = costs.length;
			FAKE_COSTS[11] = 6;
			await catalogue();
			expect(costs.slice(before).some((c) => c.entries >= 1)).toBe(true);
			expect(costs.some((c) => c.lines >= 1)).toBe(true);
			expect(await expectProfitEqual()).toBe(first);
			const entry = await client.one<{ cost: number }>(
				`SELECT argMax(cost, version) AS cost FROM abacus.product_costs_all
				WHERE store_id = ? AND product_id = 11 AND variation_id = 0 AND date_from = toDate(?)`,
				[a.storeId, today],
			);
			expect(Number(entry?.cost)).toBe(6);
			// A sale after the change counts the new cost on both.
			woo.a.touch(1023, { date: `${today} 00:10:00` });
			await syncAll();
			expect(await expectProfitEqual()).toBeGreaterThan(first);
			// Store B has no cost rows on the cluster.
			const ofB = await client.one<{ n: string }>(
				'SELECT count() AS n FROM abacus.product_costs_all WHERE store_id = ?',
				[ingest.byUrl(woo.b.url)?.storeId ?? 0],
			);
			expect(Number(ofB?.n)).toBe(0);
		} finally {
			ingest.afterPush = undefined;
			FAKE_COSTS[11] = saved;
			woo.a.cogs = false;
		}
		await expectEqualToDuck();
	});

	test('two engines registering new stores at once take different ids; the same store the same id', async () => {
		if (!cluster) throw new Error('no cluster');
		const settings = (await ingest.byUrl(woo.a.url)?.settings()) ?? null;
		if (!settings) throw new Error('store A is not synced');
		// Two engine processes, each with its own clients (one on each shard), claiming the same
		// first candidate id for two different stores at the same moment.
		const engines = cluster.shards.map((shard) => ({
			client: new ClickHouseClient(
				{ url: shard.url, database: 'abacus' },
				{ insert_distributed_sync: 1 },
			),
		}));
		const candidates = [3_000_000_001, 3_000_000_002, 3_000_000_003];
		const urls = ['https://race-one.example', 'https://race-two.example'];
		const ids = await Promise.all(
			urls.map((url, i) =>
				allocateStoreId(engines[i].client, url, settings, { candidates, settleMs: 300 }),
			),
		);
		expect(ids[0]).not.toBe(ids[1]);
		expect([...ids].sort()).toEqual(candidates.slice(0, 2));
		// Each URL names its own id; each id holds one store.
		for (const [i, url] of urls.entries()) {
			expect((await storeByUrl(client, url))?.storeId).toBe(ids[i]);
			const held = await client.all<{ url: string }>(
				'SELECT DISTINCT url FROM abacus.stores_all WHERE store_id = ?',
				[ids[i]],
			);
			expect(held.map((row) => row.url)).toEqual([url]);
		}
		// The same new store connected to two engines at once: one id.
		const same = await Promise.all(
			engines.map((engine) =>
				allocateStoreId(engine.client, 'https://race-same.example', settings, {
					settleMs: 300,
				}),
			),
		);
		expect(same[0]).toBe(same[1]);
		expect(storeIdCandidates('https://race-same.example')).toContain(same[0]);
		// The stores the engine connected got ids of their own URLs, not the highest plus one.
		expect(storeIdCandidates(woo.a.url)).toContain(ingest.byUrl(woo.a.url)?.storeId);
		expect(storeIdCandidates(woo.b.url)).toContain(ingest.byUrl(woo.b.url)?.storeId);
	});

	test('a failed push: the store is answered from its workspace, equal to DuckDB, until a push succeeds; a second engine on the cluster answers 503 meanwhile, never half-replaced rows', async () => {
		const a = ingest.byUrl(woo.a.url);
		if (!a) throw new Error('store A is not synced');
		// A second engine server in front of the same cluster, syncing no store (its own empty
		// stores folder), serving A's and B's tokens from the cluster.
		await seededServerFile(path.join(dir, 'engine-2.duckdb'), 0);
		const second = await startServer({
			databasePath: path.join(dir, 'engine-2.duckdb'),
			storesDir: path.join(dir, 'stores-2'),
			orders: 0,
			quiet: true,
			engine: { url: cluster?.shards[1].url ?? '', database: 'abacus' },
			engineStores: [
				{ url: woo.a.url, secret: SECRET_A },
				{ url: woo.b.url, secret: SECRET_B },
			],
			sync: { autoStart: false },
		});
		const secondIngest = second.sync as EngineIngest;
		// Each request asks the cluster for the push state (no cached state in this test).
		secondIngest.pushStateMs = 0;
		// Tokens for the second engine name its address.
		const secondToken = {
			a: engineToken(woo.a.url, SECRET_A, second.url),
			b: engineToken(woo.b.url, SECRET_B, second.url),
		};
		const secondGet = (route: string, who: 'a' | 'b'): Promise<Answer> =>
			getJson(second.url, route, { Authorization: `Bearer ${secondToken[who]}` });
		const revenue = `wc-analytics/reports/revenue/stats?${RANGE}&interval=month`;
		try {
			expect(json((await secondGet(revenue, 'a')).body)).toEqual(
				json((await duckGet(revenue)).body),
			);
			await failedPush(a, async () => {
				// While A's push is unfinished the second engine does not read A's rows.
				const during = await secondGet(revenue, 'a');
				expect({ status: during.status, body: during.body }).toMatchObject({
					status: 503,
					body: { code: 'abacus_engine_store_updating' },
				});
				expect((await secondGet(revenue, 'b')).status).toBe(200);
			});
			// Complete again: the second engine's answer equals DuckDB's.
			const after = await secondGet(revenue, 'a');
			expect(after.status).toBe(200);
			expect(json(after.body)).toEqual(json((await duckGet(revenue)).body));
		} finally {
			await second.close();
		}
	});

	/** Makes a push of store A fail between its DELETE and INSERT, runs `during`, then pushes again. */
	async function failedPush(
		a: NonNullable<ReturnType<EngineIngest['byUrl']>>,
		during: () => Promise<void>,
	): Promise<void> {
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
		await during();
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
	}

	test("the historical import on the engine: the operator rebuilds a chosen store's figures, each batch pushed; equal to DuckDB", async () => {
		const a = ingest.byUrl(woo.a.url);
		if (!a || !engine || !duckA) throw new Error('the servers are not running');
		const engineUrl = engine.url;
		const duckUrl = duckA.url;
		const operator = {
			...(operators.engine?.headers ?? {}),
			'X-Abacus-Store': String(a.storeId),
		};
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
		// Another store's token may not start it (a write needs the engine's operator session).
		const refused = await post(engine.url, 'reports/import', {
			Authorization: `Bearer ${token.b}`,
		});
		expect(refused.status).toBe(403);
		// Emptied: the cluster holds no order rows of the store, the figures are zero on both.
		expect((await post(engine.url, 'reports/import/delete', operator)).status).toBe(200);
		// The DuckDB server is the engine of store A too: its token, and its operator's session and
		// nonce to write.
		const duckWrite = {
			Authorization: `Bearer ${token.duckA}`,
			...(operators.duckA?.headers ?? {}),
		};
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
				Authorization: `Bearer ${token.duckA}`,
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
			Authorization: `Bearer ${engineToken(woo.a.url, SECRET_B, engine?.url)}`,
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
