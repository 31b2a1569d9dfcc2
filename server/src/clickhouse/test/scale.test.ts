/**
 * The engine's fast path: a store's statements go to the shard that holds its rows and read that
 * shard's local tables (`routing.ts`). Its figures equal DuckDB's for the same store, weekly coupon
 * counts included (the distinct (week, coupon) pairs that ClickHouse 18.16 counted twice when its
 * DISTINCT ran in parallel streams over local parts), in Berlin and Kiritimati (UTC+14).
 */
import type { FastifyRequest } from 'fastify';

import { Query } from '../../http/params.js';
import { performanceIndicators } from '../../reports/dashboard/dashboard.js';
import { couponStats } from '../../reports/coupons/stats.js';
import { productsList } from '../../reports/products/list.js';
import { productStats } from '../../reports/products/stats.js';
import { orderStats } from '../../reports/shared/order-stats.js';
import type { ReportSource } from '../../reports/shared/report-route.js';
import { ClickHouseClient } from '../client.js';
import { clickHouseEngine } from '../../clickhouse-engine/report-source.js';
import { readStoreSettings } from '../../sync/clickhouse-load.js';
import { findShard, recordedShards } from '../routing.js';
import type { ClickHouseStore } from '../store.js';
import { type EngineFixture, json, startEngineFixture, type TestStore } from './setup.js';

jest.setTimeout(600_000);

const SPECS = [
	{ id: 2, timeZone: 'Pacific/Kiritimati', seed: 4, url: 'https://kiritimati.example' },
	{ id: 3, timeZone: 'Europe/Berlin', seed: 5, url: 'https://berlin.example' },
];
const RANGES: Array<Record<string, string>> = [
	// Whole days (DuckDB reads its daily roll-ups), then partial days across Berlin's DST changes.
	{ after: '2025-01-01T00:00:00', before: '2025-12-31T23:59:59' },
	{ after: '2025-03-01T06:30:00', before: '2025-11-15T13:15:00' },
	{ after: '2026-01-01T00:00:00', before: '2026-03-31T23:59:59' },
];

/** The performance indicators the Overview page asks for (all but downloads). */
const INDICATORS = [
	'revenue/total_sales',
	'revenue/net_revenue',
	'orders/orders_count',
	'orders/avg_order_value',
	'products/items_sold',
	'revenue/refunds',
	'coupons/orders_count',
	'coupons/amount',
	'taxes/total_tax',
	'taxes/order_tax',
	'taxes/shipping_tax',
	'revenue/shipping',
	'revenue/gross_sales',
	'variations/items_sold',
];

let fx: EngineFixture;
let cluster: EngineFixture['cluster'];
let stores: TestStore[] = [];
const DATABASE = 'abacus';

beforeAll(async () => {
	// The stores' DuckDB files stay open (no servers): the reports run in-process on both.
	fx = await startEngineFixture({
		name: 'scale',
		stores: SPECS,
		orders: 1500,
		duckServers: false,
		engineServer: false,
	});
	({ cluster, stores } = fx);
});

afterAll(async () => {
	await fx?.stop();
});

/** What the engine hands a report route for a request carrying `url`'s token. */
function sourceFor(url: string, routing = true): Promise<ReportSource> {
	const engine = clickHouseEngine(
		{ url: cluster.shards[0].url, database: DATABASE },
		{ routing },
	);
	return engine.source({ engineStore: url } as FastifyRequest);
}

/** The shard whose local order_stats holds the store's rows (its HTTP endpoint). */
async function holder(storeId: number): Promise<string[]> {
	const out: string[] = [];
	for (const shard of cluster.shards) {
		const row = await new ClickHouseClient({ url: shard.url, database: DATABASE }).one<{
			n: string;
		}>('SELECT count() AS n FROM order_stats WHERE store_id = ?', [storeId]);
		if (Number(row?.n)) out.push(shard.url);
	}
	return out;
}

test("the engine sends each store's statements to the shard holding its rows, over its local tables", async () => {
	const target = { url: cluster.shards[0].url, database: DATABASE };
	expect([...(await recordedShards(target))].sort()).toEqual(
		cluster.shards.map((s) => s.url).sort(),
	);
	const holders = await Promise.all(SPECS.map((s) => holder(s.id)));
	// Stores 2 and 3 live on different shards, each on one.
	expect(holders.map((h) => h.length)).toEqual([1, 1]);
	expect(holders[0][0]).not.toBe(holders[1][0]);
	for (const [i, spec] of SPECS.entries()) {
		expect(await findShard(target, await recordedShards(target), spec.id)).toBe(holders[i][0]);
		const routed = (await sourceFor(spec.url)).reader as ClickHouseStore;
		expect(routed.scope('SELECT count() AS n FROM order_stats')).toBe(
			`SELECT count() AS n FROM (SELECT * FROM ${DATABASE}.order_stats WHERE store_id = ${spec.id})`,
		);
		const duck = await stores[i].db.one<{ n: number }>('SELECT COUNT(*) AS n FROM order_stats');
		expect(
			Number((await routed.one<{ n: string }>('SELECT count() AS n FROM order_stats'))?.n),
		).toBe(duck?.n);
		// Without routing the same store reads the Distributed tables.
		const spread = (await sourceFor(spec.url, false)).reader as ClickHouseStore;
		expect(spread.scope('SELECT 1 FROM order_stats')).toContain(`${DATABASE}.order_stats_all`);
	}
	// A store no shard registers has no source.
	await expect(sourceFor('https://nowhere.example')).rejects.toMatchObject({ status: 403 });
});

describe.each(SPECS.map((s, i) => [s.timeZone, i] as const))('store in %s', (_zone, index) => {
	for (const startOfWeek of [1, 0]) {
		test(`revenue and orders stats by day, week and month on its shard equal DuckDB's, weeks from ${startOfWeek ? 'Monday' : 'Sunday'}, weekly coupon counts included`, async () => {
			const store = stores[index];
			const source = await sourceFor(SPECS[index].url);
			const set = { ...(await readStoreSettings(store.db)), startOfWeek };
			expect(set.timeZone).toBe(SPECS[index].timeZone);
			let weeksWithCoupons = 0;
			for (const interval of ['day', 'week', 'month']) {
				for (const range of RANGES) {
					for (const filters of [false, true]) {
						const q = new Query({
							...range,
							interval,
							per_page: 100,
							page: 1,
							order: 'asc',
						});
						const duck = await orderStats(store.db, q, set, filters);
						const click = await orderStats(source.reader, q, set, filters);
						expect(json(click)).toEqual(json(duck));
						expect(Number(duck.body.totals.orders_count)).toBeGreaterThan(0);
						if (interval !== 'week') continue;
						const count = (iv: Record<string, unknown>): number =>
							Number((iv.subtotals as Record<string, unknown>).coupons_count);
						const counts = (r: typeof duck): unknown[] =>
							r.body.intervals.map((iv) => [iv.interval, count(iv)]);
						expect(counts(click)).toEqual(counts(duck));
						weeksWithCoupons += duck.body.intervals.filter(
							(iv) => count(iv) > 1,
						).length;
					}
				}
			}
			expect(weeksWithCoupons).toBeGreaterThan(10);
		});
	}

	test("products and coupons stats, the products table (with categories) and the performance indicators on its shard equal DuckDB's", async () => {
		const store = stores[index];
		const source = await sourceFor(SPECS[index].url);
		const set = await readStoreSettings(store.db);
		const categories = await store.db.all<{ id: number }>(
			'SELECT id FROM categories ORDER BY id LIMIT 2',
		);
		expect(categories.length).toBe(2);
		for (const range of RANGES) {
			const week = { ...range, interval: 'week', per_page: 100, page: 1 };
			for (const raw of [
				week,
				{ ...week, categories: categories.map((c) => c.id).join(',') },
			]) {
				const q = new Query(raw);
				expect(json(await productStats(source.reader, q, set, false))).toEqual(
					json(await productStats(store.db, q, set, false)),
				);
			}
			const q = new Query(week);
			expect(json(await couponStats(source.reader, q, set))).toEqual(
				json(await couponStats(store.db, q, set)),
			);
			for (const extra of [
				{ orderby: 'net_revenue', order: 'desc', extended_info: 'true' },
				{ orderby: 'items_sold', order: 'asc', categories: String(categories[0].id) },
			]) {
				const list = new Query({ ...range, per_page: 25, page: 1, ...extra });
				expect(json(await productsList(source.reader, list, set))).toEqual(
					json(await productsList(store.db, list, set)),
				);
			}
			const indicators = new Query({
				...range,
				stats: INDICATORS,
			});
			expect(json(await performanceIndicators(source.reader, indicators, set))).toEqual(
				json(await performanceIndicators(store.db, indicators, set)),
			);
		}
	});
});
