/**
 * The daily roll-ups on the cluster: the same tables, columns and definitions as DuckDB's
 * (`db/rollups.ts`: `order_stats_daily`, `order_coupon_daily`, `order_product_daily`,
 * `order_tax_daily`), with `store_id` leading, so whole-day report ranges read a store's days
 * instead of its orders. They are computed inside ClickHouse from the store's rows already on the
 * cluster (`INSERT … SELECT`), by `loadStore` after it copied a store and by any writer that
 * changed some days of a store (`refreshRollups` with `from`/`to`).
 */
import type { SqlValue } from '../core/db.js';
import { ClickHouseClient, waitForMutations } from './client.js';
import { recordedShards } from './routing.js';

const MONEY = 'Decimal(18, 4)';

interface RollupSpec {
	/** Columns after store_id, in order (an INSERT … SELECT fills them by position). */
	columns: Array<[name: string, type: string]>;
	/** The sort key after store_id. */
	key: string;
	/**
	 * The SELECT giving the columns after store_id for one store's rows. `from(table, columns)` is
	 * a subquery of the store's rows of `table` in the days refreshed (only `columns`, and `day`
	 * for `order_stats`); `rows(table)` is the same for an `IN` subquery of order ids.
	 */
	select(
		from: (table: string, columns: string) => string,
		ids: (table: string) => string,
	): string;
}

/** The roll-up tables (their definitions are DuckDB's, `db/rollups.ts`, in ClickHouse's SQL). */
export const CLICKHOUSE_ROLLUPS: Record<string, RollupSpec> = {
	order_stats_daily: {
		columns: [
			['day', 'Date'],
			['status', 'String'],
			['orders_count', 'UInt64'],
			['num_items_sold', 'Int64'],
			['total_sales', MONEY],
			['negative_net_total', MONEY],
			['tax_total', MONEY],
			['shipping_total', MONEY],
			['net_total', MONEY],
			['coupon_orders', 'UInt64'],
			['product_orders', 'UInt64'],
		],
		key: 'day, status',
		// No aliases shadowing a column (ClickHouse would read `net_total` as the alias inside sumIf).
		select: (from, ids) => `SELECT day, status, countIf(parent_id = 0), sum(num_items_sold),
			sum(total_sales), sumIf(net_total, net_total < 0), sum(tax_total), sum(shipping_total),
			sum(net_total), countIf(order_id IN ${ids('order_coupon_lookup')}),
			countIf(parent_id = 0 AND order_id IN ${ids('order_product_lookup')})
			FROM ${from('order_stats', 'order_id, parent_id, status, num_items_sold, total_sales, net_total, tax_total, shipping_total')}
			GROUP BY day, status`,
	},
	order_coupon_daily: {
		columns: [
			['day', 'Date'],
			['status', 'String'],
			['coupon_id', 'Int64'],
			['discount_amount', MONEY],
		],
		key: 'day, status, coupon_id',
		select: (from) => `SELECT day, status, coupon_id, sum(discount_amount)
			FROM ${from('order_coupon_lookup', 'order_id, coupon_id, discount_amount')}
			ALL INNER JOIN ${from('order_stats', 'order_id, status')} USING order_id
			GROUP BY day, status, coupon_id`,
	},
	order_product_daily: {
		columns: [
			['day', 'Date'],
			['status', 'String'],
			['product_id', 'Int64'],
			['items_sold', 'Int64'],
			['net_revenue', MONEY],
			['orders_count', 'UInt64'],
			['last_sale', "DateTime('UTC')"],
			['variation_items_sold', 'Int64'],
		],
		key: 'day, status, product_id',
		select: (from) => `SELECT day, status, product_id, sum(product_qty),
			sum(product_net_revenue), uniqExactIf(order_id, parent_id = 0), max(date_created),
			sumIf(product_qty, variation_id != 0)
			FROM ${from('order_product_lookup', 'order_id, product_id, variation_id, product_qty, product_net_revenue, date_created')}
			ALL INNER JOIN ${from('order_stats', 'order_id, status, parent_id')} USING order_id
			GROUP BY day, status, product_id`,
	},
	order_tax_daily: {
		columns: [
			['day', 'Date'],
			['status', 'String'],
			['tax_rate_id', 'Int64'],
			['shipping_tax', MONEY],
			['order_tax', MONEY],
			['total_tax', MONEY],
		],
		key: 'day, status, tax_rate_id',
		select: (from) => `SELECT day, status, tax_rate_id, sum(shipping_tax), sum(order_tax),
			sum(total_tax)
			FROM ${from('order_tax_lookup', 'order_id, tax_rate_id, shipping_tax, order_tax, total_tax')}
			ALL INNER JOIN ${from('order_stats', 'order_id, status')} USING order_id
			GROUP BY day, status, tax_rate_id`,
	},
};

/** Creates the roll-up tables and their Distributed tables (sharded by store_id) on one shard. */
export async function createRollupTables(
	client: ClickHouseClient,
	cluster: string,
	database: string,
): Promise<void> {
	for (const [table, spec] of Object.entries(CLICKHOUSE_ROLLUPS)) {
		const columns = [['store_id', 'UInt32'], ...spec.columns]
			.map(([name, type]) => `${name} ${type}`)
			.join(', ');
		await client.run(
			`CREATE TABLE IF NOT EXISTS ${database}.${table} (${columns}) ENGINE = MergeTree() PARTITION BY toYear(day) ORDER BY (store_id, ${spec.key})`,
		);
		await client.run(
			`CREATE TABLE IF NOT EXISTS ${database}.${table}_all AS ${database}.${table} ENGINE = Distributed(${cluster}, ${database}, ${table}, store_id)`,
		);
	}
}

/**
 * Deletes a store's rows of a shard's local `table` matching `where` and waits until that
 * (asynchronous) mutation is done, so rows written next are never mixed with the old ones.
 */
export async function deleteStoreRows(
	shard: ClickHouseClient,
	table: string,
	storeId: number,
	where = '',
	params: SqlValue[] = [],
): Promise<void> {
	const database = shard.target.database;
	const held = await shard.one<{ n: string }>(
		`SELECT count() AS n FROM ${database}.${table} WHERE store_id = ? ${where}`,
		[storeId, ...params],
	);
	if (!Number(held?.n)) return;
	await shard.run(`ALTER TABLE ${database}.${table} DELETE WHERE store_id = ? ${where}`, [
		storeId,
		...params,
	]);
	await waitForMutations(shard, table, `store ${storeId}'s old ${table} rows`);
}

export interface RefreshRollupsOptions {
	/** First and last day ('YYYY-MM-DD', the store's wall-time days of `date_created`) to refresh; default all. */
	from?: string;
	to?: string;
	/**
	 * A client per shard: each shard's old roll-up rows of the store are deleted and each computes
	 * the store's roll-ups from its own local rows (a store's rows live on one shard). Default: the
	 * shards `createClusterSchema` recorded on `client`'s node; when none are recorded, the old
	 * rows are deleted on `client`'s node only and the roll-ups are computed through the
	 * Distributed tables (the store's rows read on `client`'s node).
	 */
	shards?: ClickHouseClient[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Recomputes one store's daily roll-ups from its rows on the cluster, for every day or for the
 * days `from`…`to` (both included): for each roll-up table, the store's rows of those days are
 * deleted (waited for) and computed again with one `INSERT … SELECT`. Call it after writing or
 * removing a store's order rows, with the days of the rows removed and of those written. Between
 * the delete and the insert a report over those days reads no roll-up rows for them. Returns the
 * roll-up rows written per table.
 */
export async function refreshRollups(
	client: ClickHouseClient,
	storeId: number,
	options: RefreshRollupsOptions = {},
): Promise<Record<string, number>> {
	if (!Number.isInteger(storeId) || storeId < 1 || storeId > 0xffffffff) {
		throw new Error(`A store id is a whole number from 1 to 4294967295, not ${storeId}.`);
	}
	const { from, to } = options;
	if ((from === undefined) !== (to === undefined)) {
		throw new Error('Refreshing roll-ups takes both from and to (or neither: every day).');
	}
	if (from !== undefined && to !== undefined && (!DAY.test(from) || !DAY.test(to) || from > to)) {
		throw new Error(
			`Roll-up days run from a YYYY-MM-DD day to a later one, not ${from}…${to}.`,
		);
	}
	const database = client.target.database;
	const range = from === undefined ? '' : 'AND day BETWEEN toDate(?) AND toDate(?)';
	const rangeParams: SqlValue[] = from === undefined || to === undefined ? [] : [from, to];
	const shards = options.shards?.length
		? options.shards
		: (await recordedShards(client.target)).map(
				(url) => new ClickHouseClient({ url, database }),
			);
	// Local: each shard computes from its own rows into its own tables; else through the
	// Distributed tables, inserting synchronously (the rows are on their shard when this returns).
	const writers = shards.length
		? shards.map((shard) => ({ shard, local: true }))
		: [
				{
					shard: new ClickHouseClient(client.target, { insert_distributed_sync: 1 }),
					local: false,
				},
			];
	const counts: Record<string, number> = {};
	for (const [table, spec] of Object.entries(CLICKHOUSE_ROLLUPS)) {
		for (const shard of shards.length ? shards : [client]) {
			await deleteStoreRows(shard, table, storeId, range, rangeParams);
		}
		counts[table] = 0;
		for (const { shard, local } of writers) {
			const name = (t: string): string => `${database}.${t}${local ? '' : '_all'}`;
			const params: SqlValue[] = [];
			const days = (): string => {
				if (from === undefined) return '';
				params.push(...rangeParams);
				return 'AND toDate(date_created) BETWEEN toDate(?) AND toDate(?)';
			};
			// Placeholders are bound in the order they are written: build the SELECT in text order.
			const fromRows = (t: string, columns: string): string => {
				params.push(storeId);
				const cond = days();
				const day = t === 'order_stats' ? ', toDate(date_created) AS day' : '';
				return `(SELECT ${columns}${day} FROM ${name(t)} WHERE store_id = ? ${cond})`;
			};
			const ids = (t: string): string => {
				params.push(storeId);
				return `(SELECT order_id FROM ${name(t)} WHERE store_id = ? ${days()})`;
			};
			const select = spec.select(fromRows, ids);
			const columns = ['store_id', ...spec.columns.map(([c]) => c)].join(', ');
			const before = await countRows(shard, name(table), storeId);
			await shard.run(
				`INSERT INTO ${name(table)} (${columns}) SELECT toUInt32(${storeId}), * FROM (${select})`,
				params,
			);
			counts[table] += (await countRows(shard, name(table), storeId)) - before;
		}
	}
	return counts;
}

async function countRows(shard: ClickHouseClient, table: string, storeId: number): Promise<number> {
	const row = await shard.one<{ n: string }>(
		`SELECT count() AS n FROM ${table} WHERE store_id = ?`,
		[storeId],
	);
	return Number(row?.n ?? 0);
}

/**
 * Whether the store's roll-ups are on the cluster: a store with orders but no day in
 * `order_stats_daily` was loaded before the roll-ups existed (or onto a cluster without their
 * tables), and is read from its orders until it is loaded again.
 */
export async function storeHasRollups(client: ClickHouseClient, storeId: number): Promise<boolean> {
	const database = client.target.database;
	try {
		const row = await client.one<{ days: string; orders: string }>(
			`SELECT (SELECT count() FROM ${database}.order_stats_daily_all WHERE store_id = ?) AS days, (SELECT count() FROM ${database}.order_stats_all WHERE store_id = ?) AS orders`,
			[storeId, storeId],
		);
		return Number(row?.days ?? 0) > 0 || Number(row?.orders ?? 0) === 0;
	} catch (error) {
		if (error instanceof Error && /UNKNOWN_TABLE|doesn't exist/i.test(error.message))
			return false;
		throw error;
	}
}
