/**
 * The engine on ClickHouse (issue 24): revenue and orders stats answered by a two-shard ClickHouse
 * cluster equal the embedded DuckDB's for the same store, to the cent, in several time zones and
 * week starts; and a store's queries never read another store's rows.
 */
import fs from 'node:fs';
import path from 'node:path';

import fc from 'fast-check';

import { type StoreSettings } from '../../db/store-settings.js';
import { Query } from '../../http/params.js';
import { orderStats } from '../../reports/shared/order-stats.js';
import { ClickHouseClient } from '../client.js';
import { type Cluster, clusterParentDir } from '../cluster.js';
import { readStoreSettings } from '../../sync/clickhouse-load.js';
import { createStoreRegistry, registerStore, storeByUrl } from '../registry.js';
import { ClickHouseStore } from '../store.js';
import { loadStore } from '../store-rows.js';
import {
	generateStores,
	json,
	loadCluster,
	settings,
	startCluster,
	type TestStore,
} from './setup.js';

jest.setTimeout(180_000);

const STORES = [
	{ id: 1, timeZone: 'America/New_York', seed: 3 },
	{ id: 2, timeZone: 'Pacific/Kiritimati', seed: 4 },
	{ id: 3, timeZone: 'Europe/Berlin', seed: 5 },
];

let cluster: Cluster;
let client: ClickHouseClient;
/** One client per shard (loading a store again clears its rows on each). */
let shardClients: ClickHouseClient[];
let dir: string;
let stores: TestStore[] = [];

beforeAll(async () => {
	// Beside the cluster's data (in memory when there is room).
	dir = fs.mkdtempSync(path.join(clusterParentDir(), 'abacus-ch-test-'));
	const started = startCluster();
	stores = await generateStores(dir, STORES, 1500);
	cluster = await started;
	({ client, shardClients } = await loadCluster(cluster, stores));
	// Generating the three stores (when not cached yet) takes minutes on a loaded machine.
}, 600_000);

afterAll(async () => {
	for (const store of stores) store.db.close();
	await cluster?.stop();
	fs.rmSync(dir, { recursive: true, force: true });
});

test('the cluster has two shards and each store lives on one of them', async () => {
	expect(cluster.shards).toHaveLength(2);
	const perShard = await Promise.all(
		cluster.shards.map((shard) =>
			new ClickHouseClient({ url: shard.url, database: 'abacus' }).all<{
				store_id: number;
				n: string;
			}>(
				'SELECT store_id, count() AS n FROM order_stats GROUP BY store_id ORDER BY store_id',
			),
		),
	);
	const where = new Map<number, number[]>();
	perShard.forEach((rows, shard) => {
		for (const row of rows)
			where.set(row.store_id, [...(where.get(row.store_id) ?? []), shard]);
	});
	// Sharded by store_id: stores 1 and 3 on one shard, 2 on the other; never split.
	expect([...where.keys()].sort()).toEqual([1, 2, 3]);
	for (const shards of where.values()) expect(shards).toHaveLength(1);
	expect(new Set([...where.values()].map((s) => s[0])).size).toBe(2);
	for (const store of stores) {
		const duck = await store.db.one<{ n: number }>('SELECT COUNT(*) AS n FROM order_stats');
		const ch = await new ClickHouseStore(client, store.id).one<{ n: string }>(
			'SELECT count() AS n FROM order_stats',
		);
		expect(Number(ch?.n)).toBe(duck?.n);
	}
});

const RANGES: Array<Record<string, string>> = [
	// Whole days (DuckDB reads its daily roll-ups, ClickHouse the orders).
	{ after: '2025-01-01T00:00:00', before: '2025-12-31T23:59:59' },
	// Across both DST changes of 2025 in New York and Berlin, partial days.
	{ after: '2025-03-01T06:30:00', before: '2025-11-15T13:15:00' },
	{ after: '2026-01-01T00:00:00', before: '2026-03-31T23:59:59' },
];

describe.each(STORES.map((s) => [s.timeZone, s.id] as const))('store in %s', (_zone, id) => {
	for (const startOfWeek of [1, 0]) {
		for (const interval of ['day', 'week', 'month']) {
			test(`revenue and orders stats by ${interval}, weeks from ${startOfWeek ? 'Monday' : 'Sunday'}, equal to the cent`, async () => {
				const store = stores.find((s) => s.id === id) as TestStore;
				const ch = new ClickHouseStore(client, id);
				const set = settings(store.timeZone, startOfWeek);
				// Every range, with and without filters, asked of both at once (reads only).
				const cases = RANGES.flatMap((range) =>
					[false, true].map((filters) => ({ range, filters })),
				);
				await Promise.all(
					cases.map(async ({ range, filters }) => {
						const q = new Query({
							...range,
							interval,
							per_page: 100,
							page: 1,
							order: 'asc',
						});
						const [duck, click] = await Promise.all([
							orderStats(store.db, q, set, filters),
							orderStats(ch, q, set, filters),
						]);
						expect(json(click)).toEqual(json(duck));
						expect(duck.total).toBeGreaterThan(0);
						expect(Number(duck.body.totals.orders_count)).toBeGreaterThan(0);
					}),
				);
			});
		}
	}
});

test('orders stats filters (statuses, refunds, customer type), ordering and paging agree (fuzzed)', async () => {
	const statuses = ['completed', 'processing', 'refunded', 'on-hold', 'pending'];
	await fc.assert(
		fc.asyncProperty(
			fc.constantFrom(...STORES),
			fc.constantFrom('day', 'week', 'month', 'quarter', 'year'),
			fc.integer({ min: 0, max: 6 }),
			fc.integer({ min: 0, max: 380 }),
			fc.integer({ min: 1, max: 200 }),
			fc.subarray(statuses),
			fc.constantFrom('', 'all', 'none'),
			fc.constantFrom('', 'new', 'returning'),
			fc.constantFrom('date', 'net_revenue', 'orders_count', 'num_items_sold'),
			fc.constantFrom('asc', 'desc'),
			fc.integer({ min: 1, max: 3 }),
			async (
				spec,
				interval,
				startOfWeek,
				startDay,
				days,
				status,
				refunds,
				customerType,
				orderby,
				order,
				page,
			) => {
				const store = stores.find((s) => s.id === spec.id) as TestStore;
				const day = (n: number): string =>
					new Date(Date.UTC(2025, 2, 1) + n * 86_400_000).toISOString().slice(0, 10);
				const raw: Record<string, unknown> = {
					after: `${day(startDay)}T07:00:00`,
					before: `${day(startDay + days)}T19:30:00`,
					interval,
					orderby,
					order,
					page,
					per_page: 7,
				};
				if (status.length) raw.status_is = status;
				if (refunds) raw.refunds = refunds;
				if (customerType) raw.customer_type = customerType;
				const set = settings(store.timeZone, startOfWeek);
				// Both at once (reads only).
				const [duck, click] = await Promise.all([
					orderStats(store.db, new Query(raw), set, true),
					orderStats(new ClickHouseStore(client, spec.id), new Query(raw), set, true),
				]);
				expect(json(click)).toEqual(json(duck));
			},
		),
		{ numRuns: 25 },
	);
});

test("a store never reads another store's rows (fuzzed)", async () => {
	const totals = new Map<number, number>();
	for (const store of stores) {
		const row = await store.db.one<{ n: number }>('SELECT COUNT(*) AS n FROM order_stats');
		totals.set(store.id, Number(row?.n));
	}
	await fc.assert(
		fc.asyncProperty(
			fc.constantFrom(...STORES.map((s) => s.id)),
			fc.constantFrom(
				'order_stats',
				'order_product_lookup',
				'order_coupon_lookup',
				'order_tax_lookup',
			),
			fc.integer({ min: 0, max: 400 }),
			async (id, table, days) => {
				const ch = new ClickHouseStore(client, id);
				// Every row a store's query sees carries that store's id, whatever the table or range.
				const rows = await ch.all<{ store_id: number; n: string }>(
					`SELECT store_id, count() AS n FROM ${table} t WHERE t.date_created >= toDateTime(?, 'UTC') GROUP BY store_id`,
					[
						`${new Date(Date.UTC(2025, 0, 1) + days * 86_400_000).toISOString().slice(0, 10)} 00:00:00`,
					],
				);
				for (const row of rows) expect(row.store_id).toBe(id);
				const all = await ch.one<{ n: string }>('SELECT count() AS n FROM order_stats');
				expect(Number(all?.n)).toBe(totals.get(id));
			},
		),
		{ numRuns: 30 },
	);
	// Tables other than the store's analytics tables are refused, not read unscoped.
	const ch = new ClickHouseStore(client, 1);
	await expect(ch.all('SELECT * FROM abacus.order_stats_all')).rejects.toThrow(/no table/);
	await expect(ch.all('SELECT * FROM system.tables')).rejects.toThrow(/no table/);
	// The store registry (every store's URL) is not a store's table either.
	await expect(ch.all('SELECT url FROM stores')).rejects.toThrow(/no table/);
	await expect(ch.all('SELECT 1 FROM order_stats_all')).rejects.toThrow(/no table/);
});

test("a store URL resolves to its tenant and settings on the cluster; its stats equal DuckDB's", async () => {
	const urls = ['https://shop-a.example', 'https://shop-b.example', 'https://shop-c.example'];
	await createStoreRegistry(
		cluster.shards.map((s) => s.url),
		cluster.name,
		'abacus',
	);
	for (const [i, store] of stores.entries()) {
		const own = await readStoreSettings(store.db);
		await registerStore(client, { storeId: store.id, url: urls[i], settings: own });
		// A later registration (the store changed its week start) wins.
		await registerStore(client, {
			storeId: store.id,
			url: urls[i],
			settings: { ...own, startOfWeek: 0 },
		});
	}
	expect(await storeByUrl(client, 'https://unknown.example')).toBeNull();
	expect(await storeByUrl(client, "https://shop-a.example' OR 1 = 1 --")).toBeNull();
	for (const [i, store] of stores.entries()) {
		const found = await storeByUrl(client, urls[i]);
		expect(found?.storeId).toBe(store.id);
		expect(found?.settings.timeZone).toBe(store.timeZone);
		expect(found?.settings.startOfWeek).toBe(0);
		expect(found?.settings.excludedStatuses).toEqual(
			expect.arrayContaining(['pending', 'failed', 'cancelled', 'trash']),
		);
		const settingsOnCluster = found?.settings as StoreSettings;
		const q = new Query({
			after: '2025-06-01T00:00:00',
			before: '2025-09-30T23:59:59',
			interval: 'week',
			per_page: 100,
			page: 1,
		});
		const duck = await orderStats(store.db, q, settingsOnCluster, true);
		const click = await orderStats(
			new ClickHouseStore(client, Number(found?.storeId)),
			q,
			settingsOnCluster,
			true,
		);
		expect(json(click)).toEqual(json(duck));
	}
});

test('loading a store again replaces its rows on every shard (no doubles, other stores untouched)', async () => {
	const store = stores[1];
	const before = await new ClickHouseStore(client, 1).one<{ n: string }>(
		'SELECT count() AS n FROM order_stats',
	);
	const counts = await loadStore(store.db, client, store.id, {
		batchRows: 700,
		shards: shardClients,
	});
	const duck = await store.db.one<{ n: number }>('SELECT COUNT(*) AS n FROM order_stats');
	expect(counts.order_stats).toBe(duck?.n);
	const ch = new ClickHouseStore(client, store.id);
	expect(Number((await ch.one<{ n: string }>('SELECT count() AS n FROM order_stats'))?.n)).toBe(
		duck?.n,
	);
	const q = new Query({
		after: '2025-01-01T00:00:00',
		before: '2025-12-31T23:59:59',
		interval: 'month',
		per_page: 100,
		page: 1,
	});
	const set = settings(store.timeZone, 1);
	expect(json(await orderStats(ch, q, set, true))).toEqual(
		json(await orderStats(store.db, q, set, true)),
	);
	const after = await new ClickHouseStore(client, 1).one<{ n: string }>(
		'SELECT count() AS n FROM order_stats',
	);
	expect(after?.n).toBe(before?.n);
});
