/**
 * The date type (`woocommerce_date_type`, `db/date-basis.ts`) on the ClickHouse engine: the cluster
 * keeps each order's paid and completed dates and each store's date type in its registry, and
 * revenue and orders stats and the orders list count by it exactly as the store's DuckDB server
 * does (every other report by the creation date). Three stores generated alike (the same seed and
 * zone, orders on hold unpaid, some paid days after they were placed) counting by the created,
 * paid and completed date: each store token's answers equal its own DuckDB server's, and the
 * three stores' figures differ. The registry: a registration without a date type (made before
 * the column) reads as the creation date; a cluster made before the columns gets them. And the
 * roll-ups' definition version: a generation committed by an older definition is not read (the
 * store is read from its orders, the same figures) and the next refresh computes every day.
 */
import { type DateBasis } from '../../db/date-basis.js';
import { deriveLookups } from '../../db/pipeline.js';
import { startServer } from '../../index.js';
import { Query } from '../../http/params.js';
import { orderStats } from '../../reports/shared/order-stats.js';
import { ClickHouseClient, waitForMutations } from '../client.js';
import { putStore } from '../../sync/clickhouse-load.js';
import {
	CLICKHOUSE_ROLLUP_VERSION,
	refreshRollups,
	ROLLUP_GENERATIONS,
	storeHasRollups,
} from '../rollups.js';
import { createStoreRegistry, registerStore, storeByUrl } from '../registry.js';
import { createClusterSchema } from '../schema.js';
import { ClickHouseStore } from '../store.js';
import {
	type Answer,
	type EngineFixture,
	getJson,
	json,
	type Server,
	settings,
	startEngineFixture,
} from './setup.js';

jest.setTimeout(600_000);

const BASES: DateBasis[] = ['date_created', 'date_paid', 'date_completed'];
const SPECS = BASES.map((basis, i) => ({
	id: 41 + i,
	timeZone: 'Europe/Berlin',
	seed: 5,
	url: `https://basis-${basis.replace('_', '-')}.example`,
	options: { woocommerce_date_type: basis },
}));

let fx: EngineFixture;
const duck = new Map<number, Server>();

beforeAll(async () => {
	fx = await startEngineFixture({
		name: 'date-basis',
		stores: SPECS,
		orders: 300,
		duckServers: false,
	});
	// As on a real store: orders on hold are not paid, some are paid days after they were
	// placed; then each store is loaded again with these dates.
	// The stores side by side: each has its own file, store id and server.
	await Promise.all(
		fx.stores.map(async (store, i) => {
			await store.db.run(
				"UPDATE orders SET date_paid = NULL WHERE status = 'on-hold' AND type = 'shop_order'",
			);
			await store.db.run(
				`UPDATE orders SET date_paid = date_paid + INTERVAL 3 DAY
				WHERE id % 7 = 0 AND date_paid IS NOT NULL AND type = 'shop_order'`,
			);
			await deriveLookups(store.db);
			await putStore({
				target: fx.target,
				shardUrls: fx.cluster.shards.map((s) => s.url),
				cluster: fx.cluster.name,
				db: store.db,
				storeUrl: SPECS[i].url,
				storeId: store.id,
				batchRows: 2000,
			});
			store.db.close();
			duck.set(
				store.id,
				await startServer({ databasePath: store.file, quiet: true, sync: false }),
			);
		}),
	);
}, 900_000);

afterAll(async () => {
	for (const server of duck.values()) await server.close();
	await fx?.stop();
});

const YEAR = 'after=2025-04-01T00:00:00&before=2026-03-31T23:59:59';
const QUARTER = 'after=2025-12-01T00:00:00&before=2026-02-28T23:59:59';

/** Paths under /wp-json/wc-analytics/ whose answers must be equal on both engines. */
const ROUTES = [
	// Whole days: DuckDB reads its roll-ups by the store's date type, ClickHouse the orders.
	`reports/revenue/stats?${YEAR}&interval=month&per_page=100`,
	`reports/revenue/stats?${QUARTER}&interval=day&per_page=100`,
	`reports/revenue/stats?${QUARTER}&interval=week&per_page=100&order=asc`,
	// Partial days by hour, a segment, orders stats with a status filter.
	'reports/revenue/stats?after=2026-02-10T06:00:00&before=2026-02-14T18:30:00&interval=hour&per_page=100',
	`reports/revenue/stats?${QUARTER}&interval=month&segmentby=customer_type`,
	`reports/orders/stats?${YEAR}&interval=week&status_is=completed&per_page=100`,
	`reports/orders/stats?${QUARTER}&interval=day&status_is_not=on-hold&per_page=100`,
	// The orders list: its `date` is the date the order counts on, `date_created` its creation.
	`reports/orders?${QUARTER}&per_page=50&page=1&orderby=date&order=desc`,
	`reports/orders?${QUARTER}&per_page=50&page=2&orderby=date&order=asc&extended_info=true`,
	`reports/orders?${QUARTER}&per_page=25&orderby=net_total&order=desc`,
	// The Overview's indicators, and reports that keep the creation date.
	`reports/performance-indicators?${YEAR}&stats=revenue/net_revenue,revenue/total_sales,orders/orders_count,orders/avg_order_value,products/items_sold`,
	`reports/products/stats?${YEAR}&interval=month`,
	`reports/customers?${QUARTER}&per_page=25&orderby=date_last_active`,
];

function engineGet(route: string, id: number): Promise<Answer> {
	return fx.getEngine(`wc-analytics/${route}`, id);
}

function duckGet(route: string, id: number): Promise<Answer> {
	return getJson((duck.get(id) as Server).url, `wc-analytics/${route}`);
}

describe('the ClickHouse engine counts by each store’s date type', () => {
	it('registers each store’s date type', async () => {
		const client = new ClickHouseClient(fx.target);
		for (const [i, basis] of BASES.entries()) {
			const store = await storeByUrl(client, SPECS[i].url);
			expect(store?.settings.dateBasis).toBe(basis);
		}
	});

	it.each(BASES.map((basis, i) => [basis, i] as const))(
		'by %s: every answer equals the store’s DuckDB server',
		async (_basis, i) => {
			const id = SPECS[i].id;
			// Every route of both servers at once (reads only).
			await Promise.all(
				ROUTES.map(async (route) => {
					const [click, own] = await Promise.all([
						engineGet(route, id),
						duckGet(route, id),
					]);
					expect([route, click.status]).toEqual([route, 200]);
					expect([route, own.status]).toEqual([route, 200]);
					expect([route, json(click.body)]).toEqual([route, json(own.body)]);
					expect([route, click.total]).toEqual([route, own.total]);
				}),
			);
		},
	);

	it('the three date types give other revenue and orders, the same products', async () => {
		type Stats = { totals: Record<string, number> };
		const revenue = await Promise.all(
			SPECS.map((s) => engineGet(`reports/revenue/stats?${YEAR}&interval=month`, s.id)),
		);
		const net = revenue.map((a) => (a.body as Stats).totals.net_revenue);
		const orders = revenue.map((a) => (a.body as Stats).totals.orders_count);
		expect(net[0]).toBeGreaterThan(0);
		expect(new Set(net).size).toBe(3);
		// Unpaid orders on hold are left out by paid date, uncompleted ones by completed date.
		expect(orders[1]).toBeLessThan(orders[0]);
		expect(orders[2]).toBeLessThan(orders[1]);
		const products = await Promise.all(
			SPECS.map((s) => engineGet(`reports/products/stats?${YEAR}&interval=month`, s.id)),
		);
		const items = products.map((a) => (a.body as Stats).totals.items_sold);
		expect(new Set(items).size).toBe(1);
		// The orders list by paid date: an order paid days later shows both dates.
		const list = await engineGet(`reports/orders?${QUARTER}&per_page=100`, SPECS[1].id);
		const rows = list.body as Array<{ order_id: number; date: string; date_created: string }>;
		expect(rows.length).toBeGreaterThan(0);
		expect(rows.some((r) => r.date.slice(0, 10) !== r.date_created.slice(0, 10))).toBe(true);
	});

	it('a registration without a date type reads as the creation date; a later one with it wins', async () => {
		const client = new ClickHouseClient(fx.target, { insert_distributed_sync: 1 });
		const url = 'https://basis-old-registration.example';
		// As a registration made before the column: no date type.
		await registerStore(client, { storeId: 49, url, settings: settings('UTC', 1) });
		expect((await storeByUrl(client, url))?.settings.dateBasis).toBe('date_created');
		await registerStore(client, {
			storeId: 49,
			url,
			settings: { ...settings('UTC', 1), dateBasis: 'date_completed' },
		});
		await registerStore(client, { storeId: 49, url, settings: settings('UTC', 1) });
		expect((await storeByUrl(client, url))?.settings.dateBasis).toBe('date_completed');
	});

	it('a cluster made before the paid and completed dates, the registry’s date type and the coupons’ daily orders gets them', async () => {
		const shardUrls = fx.cluster.shards.map((s) => s.url);
		const database = 'abacus_before_basis';
		await createClusterSchema(shardUrls, fx.cluster.name, database);
		await createStoreRegistry(shardUrls, fx.cluster.name, database);
		const drops: Array<[string, string]> = [
			['order_stats', 'date_paid'],
			['order_stats', 'date_completed'],
			['stores', 'date_basis'],
			// And a roll-up made before a column of its own (the orders of each coupon and day).
			['order_coupon_daily', 'orders_count'],
		];
		const columns = async (): Promise<string[]> => {
			const rows = await new ClickHouseClient({
				url: shardUrls[1],
				database: 'default',
			}).all<{ column: string }>(
				// Aliased apart from `name` (18.16 would read `name` in WHERE as the alias).
				`SELECT concat(table, '.', name) AS column FROM system.columns WHERE database = ?
				AND table IN ('order_stats', 'order_stats_all', 'stores', 'stores_all', 'order_coupon_daily', 'order_coupon_daily_all')
				AND name IN ('date_paid', 'date_completed', 'date_basis', 'orders_count') ORDER BY column`,
				[database],
			);
			return rows.map((r) => r.column);
		};
		for (const url of shardUrls) {
			const shard = new ClickHouseClient({ url, database: 'default' });
			for (const [table, column] of drops) {
				for (const name of [table, `${table}_all`]) {
					await shard.run(`ALTER TABLE ${database}.${name} DROP COLUMN ${column}`);
				}
			}
		}
		expect(await columns()).toEqual([]);
		await createClusterSchema(shardUrls, fx.cluster.name, database);
		await createStoreRegistry(shardUrls, fx.cluster.name, database);
		expect(await columns()).toEqual(
			[
				'order_coupon_daily.orders_count',
				'order_coupon_daily_all.orders_count',
				'order_stats.date_completed',
				'order_stats.date_paid',
				'order_stats_all.date_completed',
				'order_stats_all.date_paid',
				'stores.date_basis',
				'stores_all.date_basis',
			].sort(),
		);
	});
});

describe('the roll-ups’ definition version', () => {
	it('a generation of an older definition is not read; the next refresh, even of one month, computes every day', async () => {
		const client = new ClickHouseClient(fx.target, { insert_distributed_sync: 1 });
		const id = SPECS[0].id;
		const settingsOf = (await storeByUrl(client, SPECS[0].url))?.settings;
		expect(settingsOf).toBeDefined();
		const year = (): Query =>
			new Query({
				after: '2025-04-01T00:00:00',
				before: '2026-03-31T23:59:59',
				interval: 'month',
				per_page: '100',
			});
		const rolled = await orderStats(
			new ClickHouseStore(client, id),
			year(),
			settingsOf!,
			false,
		);
		expect(Number(rolled.body.totals.orders_count)).toBeGreaterThan(0);
		expect(await storeHasRollups(client, id)).toBe(true);
		// As if the store's roll-ups had been computed by an older definition.
		for (const shard of fx.cluster.shards) {
			const local = new ClickHouseClient({ url: shard.url, database: fx.target.database });
			await local.run(
				`ALTER TABLE ${fx.target.database}.${ROLLUP_GENERATIONS} UPDATE definition = ? WHERE store_id = ?`,
				[CLICKHOUSE_ROLLUP_VERSION - 1, id],
			);
			await waitForMutations(local, ROLLUP_GENERATIONS, 'the definition update');
		}
		expect(await storeHasRollups(client, id)).toBe(false);
		const fromOrders = await orderStats(
			new ClickHouseStore(client, id, { rollups: false }),
			year(),
			settingsOf!,
			false,
		);
		expect(json(fromOrders.body)).toEqual(json(rolled.body));
		// A refresh of January only: no generation of this definition to copy the other days
		// from, so every day is computed.
		const shards = fx.cluster.shards.map(
			(shard) => new ClickHouseClient({ url: shard.url, database: fx.target.database }),
		);
		const counts = await refreshRollups(client, id, {
			from: '2026-01-01',
			to: '2026-01-31',
			shards,
		});
		const days = await client.one<{ n: string }>(
			`SELECT count(DISTINCT day) AS n FROM ${fx.target.database}.order_stats_daily_all
			WHERE store_id = ? AND generation = (SELECT max(generation) FROM ${fx.target.database}.${ROLLUP_GENERATIONS}_all
				WHERE store_id = ? AND definition = ?)`,
			[id, id, CLICKHOUSE_ROLLUP_VERSION],
		);
		expect(Number(days?.n)).toBeGreaterThan(60);
		expect(counts.order_stats_daily).toBeGreaterThan(60);
		expect(await storeHasRollups(client, id)).toBe(true);
		const again = await orderStats(new ClickHouseStore(client, id), year(), settingsOf!, false);
		expect(json(again.body)).toEqual(json(rolled.body));
	});
});
