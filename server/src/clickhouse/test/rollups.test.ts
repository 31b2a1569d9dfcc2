/**
 * The daily roll-ups on the cluster (`rollups.ts`): two stores loaded by `putStore` hold their
 * days on the shard of their orders; whole-day requests to the server on the cluster read them
 * (a roll-up row added on the cluster shows in a whole-day answer and not in a partial one) and
 * equal each store's DuckDB server; `refreshRollups` for some days puts back exactly those days;
 * a store without roll-ups is seen as such; a store reads only its own roll-up rows. A refresh
 * is atomic for readers: a request while a refresh is held before its commit gets the old
 * figures whole, and two refreshes of one store at once (two engines) leave it equal to DuckDB.
 */
import { ClickHouseClient, waitForMutations } from '../client.js';
import {
	CLICKHOUSE_ROLLUPS,
	deleteStoreRows,
	refreshRollups,
	ROLLUP_GENERATIONS,
	storeHasRollups,
} from '../rollups.js';
import { ClickHouseStore } from '../store.js';
import { type Answer, type EngineFixture, json, startEngineFixture } from './setup.js';

jest.setTimeout(240_000);

const SPECS = [
	{ id: 21, timeZone: 'America/New_York', seed: 31, url: 'https://rollup-a.example' },
	{ id: 22, timeZone: 'Europe/Berlin', seed: 32, url: 'https://rollup-b.example' },
];
const [A, B] = SPECS.map((s) => s.id);

let fx: EngineFixture;
/** A client of the engine's node (Distributed tables) and one per shard (local tables). */
let client: ClickHouseClient;
let shards: ClickHouseClient[];

beforeAll(async () => {
	fx = await startEngineFixture({ name: 'rollups', stores: SPECS, orders: 500 });
	client = new ClickHouseClient(fx.target, { insert_distributed_sync: 1 });
	shards = fx.cluster.shards.map(
		(s) => new ClickHouseClient({ url: s.url, database: fx.target.database }),
	);
});

afterAll(async () => {
	await fx?.stop();
});

const YEAR = 'after=2025-04-01T00:00:00&before=2026-03-31T23:59:59';
/** The same year, starting a second after midnight: not whole days, so read from the orders. */
const PARTIAL = 'after=2025-04-01T00:00:01&before=2026-03-31T23:59:59';
const WHOLE = `reports/revenue/stats?interval=month&${YEAR}&per_page=100`;
type Revenue = { totals: { orders_count: number } };
const ordersOf = (a: Answer): number => (a.body as Revenue).totals.orders_count;
/** A distinct parameter per request keeps the engine's report cache out. */
let counter = 0;
const fresh = (url: string): string => `wc-analytics/${url}&_fresh=${++counter}`;

async function both(url: string, store: number): Promise<{ click: Answer; duck: Answer }> {
	const route = fresh(url);
	return fx.getBoth(route, store);
}

const ROUTES = [
	`reports/revenue/stats?interval=month&${YEAR}&per_page=100`,
	`reports/orders/stats?interval=week&${YEAR}&per_page=100&order=asc`,
	`reports/products/stats?interval=month&${YEAR}&fields[]=items_sold&fields[]=net_revenue&per_page=100`,
	`reports/products?${YEAR}&orderby=items_sold&order=desc&per_page=25`,
	`reports/coupons/stats?interval=quarter&${YEAR}&per_page=100`,
	`reports/taxes/stats?interval=month&${YEAR}&per_page=100`,
	`reports/performance-indicators?${YEAR}&stats=revenue/total_sales,revenue/net_revenue,orders/orders_count,products/items_sold,coupons/amount,coupons/orders_count,taxes/total_tax`,
];

async function expectEqualToDuckDB(store: number): Promise<void> {
	// Every route at once (reads only).
	await Promise.all(
		ROUTES.map(async (url) => {
			const { click, duck } = await both(url, store);
			expect(click.status).toBe(200);
			expect({ url, body: json(click.body), total: click.total }).toEqual({
				url,
				body: json(duck.body),
				total: duck.total,
			});
		}),
	);
}

/** The store's current roll-up generation (the highest committed; 0 when none). */
async function generationOf(store: number): Promise<number> {
	const row = await client.one<{ g: string }>(
		`SELECT toString(max(generation)) AS g FROM ${ROLLUP_GENERATIONS}_all WHERE store_id = ?`,
		[store],
	);
	return Number(row?.g ?? 0);
}

/**
 * Rows of a store in a table, per shard (local tables); of a roll-up table, the rows of the
 * store's current generation.
 */
async function rowsPerShard(table: string, store: number): Promise<number[]> {
	const current = Object.hasOwn(CLICKHOUSE_ROLLUPS, table)
		? `AND generation = ${await generationOf(store)}`
		: '';
	return Promise.all(
		shards.map(async (shard) =>
			Number(
				(
					await shard.one<{ n: string }>(
						`SELECT count() AS n FROM ${table} WHERE store_id = ? ${current}`,
						[store],
					)
				)?.n,
			),
		),
	);
}

/** A revenue row of `orders` orders on `day` in the store's current roll-up generation. */
async function plantOrders(store: number, day: string, orders: number): Promise<void> {
	await client.insert(`${fx.target.database}.order_stats_daily_all`, [
		{
			store_id: store,
			generation: await generationOf(store),
			day,
			status: 'completed',
			orders_count: orders,
			num_items_sold: 0,
			total_sales: 0,
			negative_net_total: 0,
			tax_total: 0,
			shipping_total: 0,
			net_total: 0,
			coupon_orders: 0,
			product_orders: 0,
		},
	]);
}

test('each store holds its daily roll-ups on the shard of its orders, summing to its orders', async () => {
	for (const store of [A, B]) {
		const orders = await rowsPerShard('order_stats', store);
		for (const table of Object.keys(CLICKHOUSE_ROLLUPS)) {
			const days = await rowsPerShard(table, store);
			expect(days.map((n) => n > 0)).toEqual(orders.map((n) => n > 0));
		}
		const fromOrders = await client.one(
			`SELECT countIf(parent_id = 0) AS orders, toString(sum(net_total)) AS net, uniqExact(toDate(date_created)) AS days FROM order_stats_all WHERE store_id = ?`,
			[store],
		);
		const fromDays = await client.one(
			`SELECT sum(orders_count) AS orders, toString(sum(net_total)) AS net, uniqExact(day) AS days FROM order_stats_daily_all WHERE store_id = ? AND generation = ?`,
			[store, await generationOf(store)],
		);
		expect(fromDays).toEqual(fromOrders);
		expect(Number(fromDays?.orders)).toBeGreaterThan(100);
	}
	// The two stores lie on different shards (ids 21 and 22), so both shards hold roll-ups.
	expect((await rowsPerShard('order_stats_daily', A)).indexOf(0)).not.toBe(
		(await rowsPerShard('order_stats_daily', B)).indexOf(0),
	);
});

test('whole-day requests read the roll-ups and equal DuckDB; refreshing days puts them back', async () => {
	for (const store of [A, B]) await expectEqualToDuckDB(store);

	// A roll-up row the orders do not have: whole-day answers show it, partial ranges do not.
	const dayRow = await client.one<{ d: string }>(
		`SELECT toString(min(day)) AS d FROM order_stats_daily_all WHERE store_id = ? AND day >= toDate('2025-12-01')`,
		[A],
	);
	const day = String(dayRow?.d);
	await plantOrders(A, day, 1000);
	const partial = `reports/revenue/stats?interval=month&${PARTIAL}&per_page=100`;
	const read = await both(WHOLE, A);
	expect(ordersOf(read.click)).toBe(ordersOf(read.duck) + 1000);
	const fromOrders = await both(partial, A);
	expect(json(fromOrders.click.body)).toEqual(json(fromOrders.duck.body));
	// The other store's answers never see store A's rows.
	await expectEqualToDuckDB(B);

	// Refreshing that day (as an ingest writing it would) computes it again from the orders.
	const before = await rowsPerShard('order_stats_daily', A);
	const written = await refreshRollups(client, A, { from: day, to: day, shards });
	expect(written.order_stats_daily).toBeGreaterThan(0);
	expect(await rowsPerShard('order_stats_daily', A)).toEqual(before.map((n) => (n ? n - 1 : 0)));
	await expectEqualToDuckDB(A);
});

test('a store without roll-ups is seen as such and read from its orders; a full refresh restores them', async () => {
	for (const shard of shards) await deleteStoreRows(shard, 'order_stats_daily', A);
	expect(await storeHasRollups(client, A)).toBe(false);
	expect(await storeHasRollups(client, B)).toBe(true);
	// What the engine then reads for A: its orders, with DuckDB's figures.
	const url = `reports/revenue/stats?interval=month&${YEAR}&per_page=100`;
	const duck = await fx.getDuck(fresh(url), A);
	expect(new ClickHouseStore(client, A, { rollups: false }).dialect.rollups).toBe(false);
	expect(new ClickHouseStore(client, A).dialect.rollups).toBe(true);
	// Without `shards`: the shards the schema recorded.
	const counts = await refreshRollups(client, A);
	expect(counts.order_stats_daily).toBeGreaterThan(100);
	expect(await storeHasRollups(client, A)).toBe(true);
	const again = await both(url, A);
	expect(json(again.click.body)).toEqual(json(duck.body));
	// Every roll-up table of A was replaced, not doubled.
	const days = await client.one<{ n: string; d: string }>(
		`SELECT count() AS n, uniqExact(day, status) AS d FROM order_stats_daily_all WHERE store_id = ? AND generation = ?`,
		[A, await generationOf(A)],
	);
	expect(days?.n).toEqual(days?.d);
	await expectEqualToDuckDB(A);
});

test('a store reads only its own roll-up rows; the Distributed roll-up tables are refused', async () => {
	for (const store of [A, B]) {
		const reader = new ClickHouseStore(client, store);
		for (const table of Object.keys(CLICKHOUSE_ROLLUPS)) {
			const ids = await reader.all<{ store_id: number }>(
				`SELECT DISTINCT store_id FROM ${table}`,
			);
			expect(ids.map((r) => Number(r.store_id))).toEqual([store]);
		}
		await expect(reader.all('SELECT count() FROM order_stats_daily_all')).rejects.toThrow(
			/no table order_stats_daily_all/,
		);
	}
	await expect(refreshRollups(client, A, { from: '2025-12-10' })).rejects.toThrow(
		/both from and to/,
	);
	await expect(
		refreshRollups(client, A, { from: '2025-12-10', to: '2025-12-01' }),
	).rejects.toThrow(/YYYY-MM-DD/);
	await expect(refreshRollups(client, 0)).rejects.toThrow(/whole number/);
});

test('a whole-day request during a refresh held before its commit gets the old figures whole; old generations go', async () => {
	const day = '2025-12-15';
	await plantOrders(A, day, 500);
	const old = await both(WHOLE, A);
	expect(ordersOf(old.click)).toBe(ordersOf(old.duck) + 500);
	const oldGeneration = await generationOf(A);

	let reached = (): void => undefined;
	const atCommit = new Promise<void>((resolve) => (reached = resolve));
	let release = (): void => undefined;
	const held = new Promise<void>((resolve) => (release = resolve));
	// The refresh of that month, held once its new generation is written.
	const refresh = refreshRollups(client, A, {
		from: '2025-12-01',
		to: '2025-12-31',
		shards,
		beforeCommit: () => {
			reached();
			return held;
		},
	});
	await atCommit;
	// Written but not committed: the new rows are there, readers still read the old generation.
	const pending = await client.one<{ n: string }>(
		`SELECT count() AS n FROM order_stats_daily_all WHERE store_id = ? AND generation > ?`,
		[A, oldGeneration],
	);
	expect(Number(pending?.n)).toBeGreaterThan(0);
	const during = await fx.getEngine(fresh(WHOLE), A);
	expect(json(during.body)).toEqual(json(old.click.body));
	release();
	await refresh;
	expect(await generationOf(A)).toBeGreaterThan(oldGeneration);
	await expectEqualToDuckDB(A);

	// A second refresh deletes the generations below the one it replaced: two are left.
	await refreshRollups(client, A, { from: day, to: day, shards });
	for (const shard of shards) {
		for (const table of Object.keys(CLICKHOUSE_ROLLUPS)) {
			await waitForMutations(shard, table, `store ${A}'s old ${table} rows`);
		}
	}
	const generations = await client.one<{ n: string }>(
		`SELECT uniqExact(generation) AS n FROM order_stats_daily_all WHERE store_id = ?`,
		[A],
	);
	expect(Number(generations?.n)).toBe(2);
	await expectEqualToDuckDB(A);
	await expectEqualToDuckDB(B);
});

test('two refreshes of one store at once (two engines) leave no refreshed day out', async () => {
	await plantOrders(A, '2025-06-10', 300);
	await plantOrders(A, '2025-09-10', 70);
	expect(ordersOf((await both(WHOLE, A)).click)).toBe(
		ordersOf((await both(WHOLE, A)).duck) + 370,
	);
	// Each began from the same generation; the first commits only after the second is done.
	const second = refreshRollups(client, A, { from: '2025-09-01', to: '2025-09-30', shards });
	const first = refreshRollups(client, A, {
		from: '2025-06-01',
		to: '2025-06-30',
		shards,
		beforeCommit: async () => {
			await second;
		},
	});
	await Promise.all([first, second]);
	await expectEqualToDuckDB(A);
});
