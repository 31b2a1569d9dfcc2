/**
 * The daily roll-ups on the cluster: the same tables, columns and definitions as DuckDB's
 * (`db/rollups.ts`: `order_stats_daily`, `order_coupon_daily`, `order_product_daily`,
 * `order_tax_daily`, and `db/costs.ts`' profit roll-up `order_profit_daily`), with `store_id`
 * leading, so whole-day report ranges read a store's days instead of its orders. They are
 * computed inside ClickHouse from the store's rows already on the cluster (`INSERT … SELECT`), by
 * `loadStore` after it copied a store, by any writer that changed some days of a store
 * (`refreshRollups` with `from`/`to`) and by every cost save (`products`, `costs.ts`).
 *
 * ClickHouse has no transactions, so a refresh never changes the rows readers read: every roll-up
 * row carries its store's `generation`, and a refresh writes a whole new generation (the days it
 * recomputes, the other rows copied from the current generation), then inserts one row naming it
 * into `rollup_generations` (one row on one shard: the atomic step). Readers read only the rows of
 * the highest generation committed (`rollupRows`; numbers grow with the time a refresh began);
 * the generations below the one a refresh replaced are deleted after its commit. A store without
 * a committed generation is read from generation 0 (the rows of a cluster loaded before
 * generations existed).
 */
import type { SqlValue } from '../core/db.js';
import { ClickHouseClient, waitForMutations } from './client.js';
import { CLICKHOUSE_LINE_COSTS, lineCostSteps } from './cost-sql.js';
import { recordedShards } from './routing.js';

const MONEY = 'Decimal(18, 4)';

interface RollupSpec {
	/**
	 * Columns after store_id and generation, in order (an INSERT … SELECT fills them by
	 * position).
	 */
	columns: Array<[name: string, type: string]>;
	/** The sort key after store_id and generation. */
	key: string;
	/** Whether its rows depend on the costs (recomputed for the products of a cost save). */
	costs?: boolean;
	/**
	 * The SELECT giving the columns after store_id and generation for one store's rows.
	 * `from(table, columns)` is a subquery of the store's rows of `table` in the days (and
	 * products) refreshed (only `columns`, and `day` for `order_stats`); `ids(table)` is the same
	 * for an `IN` subquery of order ids; `lineCosts()` is the table of the store's
	 * `CLICKHOUSE_LINE_COSTS` (`cost_item, unit_cost`, every day), computed once per refresh and
	 * shard for the roll-ups that read it.
	 */
	select(
		from: (table: string, columns: string) => string,
		ids: (table: string) => string,
		lineCosts: () => string,
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
			['orders_count', 'UInt64'],
		],
		key: 'day, status, coupon_id',
		select: (from) => `SELECT day, status, coupon_id, sum(discount_amount), uniqExact(order_id)
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
	// Each line's unit cost as reports read it (`CLICKHOUSE_LINE_COSTS`: fixed at the sale, else
	// the history's or the line's own; a refund its sale's), one row per line that has a cost,
	// on its order's day: the engine's `lineCosts` (`dialect.ts`) reads these rows instead of
	// computing every line's cost on each request (a statement ClickHouse 18.16 takes a quarter
	// of a second to plan, whatever the store's size). DuckDB computes them per request
	// (`db/costs.ts`' `lineCostsSql`), only for the few lines not fixed yet.
	order_line_unit_costs: {
		columns: [
			['day', 'Date'],
			['product_id', 'Int64'],
			['order_item_id', 'Int64'],
			['unit_cost', 'Nullable(Float64)'],
		],
		key: 'day, product_id, order_item_id',
		costs: true,
		select: (from, _ids, lineCosts) => `SELECT day, product_id, order_item_id, unit_cost
			FROM (SELECT * FROM ${from('order_product_lookup', 'order_item_id, order_id, product_id')}
				ALL INNER JOIN ${from('order_stats', 'order_id')} USING order_id)
			ALL INNER JOIN (SELECT cost_item AS order_item_id, unit_cost
				FROM ${lineCosts()}) USING order_item_id`,
	},
	// `db/costs.ts`' `profitRollupSelect`: each line's unit cost is the one reports read
	// (`CLICKHOUSE_LINE_COSTS`: fixed at the sale, else the history's; a refund its sale's),
	// computed over the store's lines of every day (a refund's sale may lie on another day).
	order_profit_daily: {
		columns: [
			['day', 'Date'],
			['status', 'String'],
			['product_id', 'Int64'],
			['variation_id', 'Int64'],
			['items_sold', 'Int64'],
			['net_revenue', MONEY],
			['costed_revenue', 'Nullable(Float64)'],
			['cost', 'Nullable(Float64)'],
			['gross_profit', 'Nullable(Float64)'],
			['items_without_cost', 'Int64'],
			['uncosted_lines', 'UInt64'],
		],
		key: 'day, status, product_id, variation_id',
		costs: true,
		select: (from, _ids, lineCosts) => `SELECT day, status, product_id, variation_id,
			sum(product_qty), sum(product_net_revenue),
			sum(CASE WHEN unit_cost IS NOT NULL THEN toFloat64(product_net_revenue) END),
			sum(unit_cost * product_qty),
			sum(CASE WHEN unit_cost IS NOT NULL
				THEN toFloat64(product_net_revenue) - unit_cost * product_qty END),
			sumIf(product_qty, unit_cost IS NULL),
			countIf(unit_cost IS NULL AND parent_id = 0)
			FROM (SELECT * FROM ${from('order_product_lookup', 'order_item_id, order_id, product_id, variation_id, product_qty, product_net_revenue')}
				ALL INNER JOIN ${from('order_stats', 'order_id, status, parent_id')} USING order_id)
			ALL LEFT JOIN (SELECT cost_item AS order_item_id, unit_cost
				FROM ${lineCosts()}) USING order_item_id
			GROUP BY day, status, product_id, variation_id`,
	},
};

/** The table naming each store's current roll-up generation (see the file comment). */
export const ROLLUP_GENERATIONS = 'rollup_generations';

/**
 * Version of the cluster's roll-up definitions (`CLICKHOUSE_ROLLUPS`). Every committed generation
 * records the version it was computed by (`rollup_generations.definition`; 0 in a generation
 * committed before the column); readers read only a generation of this version, so after a
 * definition changes a store is read from its orders until its next refresh (a load, a push, a
 * cost save), which computes every day again instead of copying rows of the older definition
 * (1: the profit roll-up's lines without a cost net of their returns and aliased
 * `lines_without_cost`, as DuckDB's `ROLLUP_VERSION` 5; 2: each line's unit cost,
 * `order_line_unit_costs`; 3: the orders of each coupon and day, `order_coupon_daily.orders_count`,
 * as DuckDB's `ROLLUP_VERSION` 8).
 */
export const CLICKHOUSE_ROLLUP_VERSION = 3;

/**
 * The subquery of one store's rows of a roll-up table, of its current generation (the highest
 * `rollup_generations` names; 0 when there is none). `local`: the shard's own
 * tables (the store's rows and its generation rows lie on one shard), else the Distributed ones.
 * Over the Distributed tables the generation is a `GLOBAL IN` set: the engine's node asks the
 * shards for it once per statement and sends it along. As a scalar subquery 18.16 asked each shard
 * again at every analysis of the statement (1,216 statements on the shards in order-stats.test.ts,
 * about a third of each roll-up statement's ClickHouse CPU, for the same figures).
 */
export function rollupRows(
	database: string,
	table: string,
	storeId: number,
	local = false,
): string {
	const all = local ? '' : '_all';
	const match = local ? '=' : 'GLOBAL IN';
	return `(SELECT * FROM ${database}.${table}${all} WHERE store_id = ${storeId} AND generation ${match} ${currentGeneration(database, storeId, local)})`;
}

/**
 * A scalar subquery of the store's current generation: the highest committed by the current
 * definitions (0 when none was), so a refresh that began earlier and commits later never replaces
 * a newer one, and rows of an older definition are never read.
 */
function currentGeneration(database: string, storeId: number, local = false): string {
	const all = local ? '' : '_all';
	return `(SELECT max(generation) FROM ${database}.${ROLLUP_GENERATIONS}${all} WHERE store_id = ${storeId} AND definition = ${CLICKHOUSE_ROLLUP_VERSION})`;
}

/**
 * Creates the roll-up tables, the generation table and their Distributed tables (sharded by
 * store_id) on one shard. Roll-up tables made before generations existed get the `generation`
 * column (0: the rows read while the store has no committed generation). From
 * `createClusterSchema`, which asks once for the columns of every table of the database
 * (`present`, as they were before it made any) and gives `create`, which runs the statements of
 * the tables not present.
 */
export async function createRollupTables(
	client: ClickHouseClient,
	cluster: string,
	database: string,
	known: {
		present: Array<{ table: string; name: string }>;
		create: (statements: string[]) => Promise<void>;
	},
): Promise<void> {
	const { present, create } = known;
	/** The tables present before: only those can lack a column. */
	const before = new Set(present.map((c) => c.table));
	/** Which of `tables` were made before `column` existed (18.16 has no ADD COLUMN IF NOT EXISTS). */
	const lacking = (tables: string[], column: string): string[] =>
		tables.filter(
			(table) =>
				before.has(table) && !present.some((c) => c.table === table && c.name === column),
		);
	const distributed = (table: string): string =>
		`CREATE TABLE IF NOT EXISTS ${database}.${table}_all AS ${database}.${table} ENGINE = Distributed(${cluster}, ${database}, ${table}, store_id)`;
	for (const [table, spec] of Object.entries(CLICKHOUSE_ROLLUPS)) {
		const columns = [['store_id', 'UInt32'], ['generation', 'UInt64'], ...spec.columns]
			.map(([name, type]) => `${name} ${type}`)
			.join(', ');
		await create([
			`CREATE TABLE IF NOT EXISTS ${database}.${table} (${columns}) ENGINE = MergeTree() PARTITION BY toYear(day) ORDER BY (store_id, generation, ${spec.key})`,
			distributed(table),
		]);
		for (const name of lacking([table, `${table}_all`], 'generation')) {
			await client.run(
				`ALTER TABLE ${database}.${name} ADD COLUMN generation UInt64 DEFAULT 0 AFTER store_id`,
			);
		}
	}
	await create([
		`CREATE TABLE IF NOT EXISTS ${database}.${ROLLUP_GENERATIONS} (store_id UInt32, generation UInt64, committed UInt64, definition UInt32 DEFAULT 0) ENGINE = MergeTree() ORDER BY (store_id, committed)`,
		distributed(ROLLUP_GENERATIONS),
	]);
	// A generation table made before the definition version gets it (its generations read 0:
	// older than every version, never read again).
	for (const name of lacking([ROLLUP_GENERATIONS, `${ROLLUP_GENERATIONS}_all`], 'definition')) {
		try {
			await client.run(
				`ALTER TABLE ${database}.${name} ADD COLUMN definition UInt32 DEFAULT 0`,
			);
		} catch (error) {
			if (!(error instanceof Error && /already exists|DUPLICATE_COLUMN/i.test(error.message)))
				throw error;
		}
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
	 * Only the profit roll-up rows of these products (their variations included), every day: after
	 * their costs changed. With `from`/`to` or alone; the other rows are kept as they are.
	 */
	products?: number[];
	/**
	 * A client per shard: each shard writes the store's new generation from its own local rows
	 * (a store's rows live on one shard) and deletes its old ones. Default: the shards
	 * `createClusterSchema` recorded on `client`'s node; when none are recorded, the roll-ups are
	 * computed and written through the Distributed tables (the store's rows read on `client`'s
	 * node).
	 */
	shards?: ClickHouseClient[];
	/** Called once the new generation is written, before it is committed (tests hold it there). */
	beforeCommit?: () => Promise<void>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

let lastGeneration = 0;

/**
 * A new generation number: microseconds since 1970 plus a random part, so two engine processes
 * starting a refresh at once do not pick the same (and each process's numbers increase).
 */
function nextGeneration(): number {
	const now = Date.now() * 1000 + Math.floor(Math.random() * 1000);
	lastGeneration = Math.max(now, lastGeneration + 1);
	return lastGeneration;
}

/**
 * The store's current generation (of the current definitions) and when it was committed (0 and
 * 0 when none was).
 */
async function generationOf(
	client: ClickHouseClient,
	storeId: number,
): Promise<{ generation: number; committed: number }> {
	const row = await client.one<{ generation: string; committed: string }>(
		`SELECT toString(max(generation)) AS generation, toString(max(committed)) AS committed
		FROM ${client.target.database}.${ROLLUP_GENERATIONS}_all WHERE store_id = ? AND definition = ?`,
		[storeId, CLICKHOUSE_ROLLUP_VERSION],
	);
	return { generation: Number(row?.generation ?? 0), committed: Number(row?.committed ?? 0) };
}

/**
 * Recomputes one store's daily roll-ups from its rows on the cluster, for every day or for the
 * days `from`…`to` (both included), or the profit rows of some `products`: a new generation holds
 * the rows recomputed and a copy of the current generation's other rows, then one row of
 * `rollup_generations` makes it the current one (readers see the old rows until then, the new
 * ones after; never a mix). Call it after writing or removing a store's order rows, with the days
 * of the rows removed and of those written, and after a cost save with its product.
 *
 * Two refreshes of one store at once (two engine processes) each copy the generation current when
 * they began: when another refresh committed between that and its own commit, a refresh runs
 * again over every day (so neither one's days are lost; readers meanwhile see a complete
 * generation, with the other refresh's days as they were before it). Afterwards the store's
 * generations older than the one it replaced are deleted (their readers have finished: a query
 * keeps reading the parts it started with). Returns the roll-up rows recomputed per table.
 */
export async function refreshRollups(
	client: ClickHouseClient,
	storeId: number,
	options: RefreshRollupsOptions = {},
): Promise<Record<string, number>> {
	if (!Number.isInteger(storeId) || storeId < 1 || storeId > 0xffffffff) {
		throw new Error(`A store id is a whole number from 1 to 4294967295, not ${storeId}.`);
	}
	const { from, to, products } = options;
	if ((from === undefined) !== (to === undefined)) {
		throw new Error('Refreshing roll-ups takes both from and to (or neither: every day).');
	}
	if (from !== undefined && to !== undefined && (!DAY.test(from) || !DAY.test(to) || from > to)) {
		throw new Error(
			`Roll-up days run from a YYYY-MM-DD day to a later one, not ${from}…${to}.`,
		);
	}
	if (products && !products.every((id) => Number.isInteger(id) && id >= 0)) {
		throw new Error('Roll-up products are product ids (whole numbers).');
	}
	if (products?.length === 0) return {};
	const database = client.target.database;
	const shards = options.shards?.length
		? options.shards
		: (await recordedShards(client.target)).map(
				(url) => new ClickHouseClient({ url, database }),
			);
	// A LEFT JOIN without a match gives NULL, as on DuckDB and as the engine reads (a line's
	// cost, `costs.ts`).
	const nulls = { join_use_nulls: 1 };
	const sync = new ClickHouseClient(client.target, { ...nulls, insert_distributed_sync: 1 });
	// Local: each shard computes from its own rows into its own tables; else through the
	// Distributed tables, inserting synchronously (the rows are on their shard when this returns).
	// A shard holding none of the store's rows (a store's rows lie on one shard) has nothing to
	// compute, copy or delete: it is left out.
	const holding = (
		await Promise.all(
			shards.map(async (shard) => ((await holdsStore(shard, storeId)) ? [shard] : [])),
		)
	).flat();
	const writers = shards.length
		? holding.map((shard) => ({
				shard: new ClickHouseClient(shard.target, nulls),
				local: true,
			}))
		: [{ shard: sync, local: false }];
	const base = await generationOf(sync, storeId);
	if (base.generation === 0 && (from !== undefined || products !== undefined)) {
		// No generation of the current definitions to copy the other days from (a store whose
		// roll-ups an older definition computed, or none): every day is computed.
		const stale = await sync.one<{ n: string }>(
			`SELECT count() AS n FROM ${database}.${ROLLUP_GENERATIONS}_all WHERE store_id = ?`,
			[storeId],
		);
		if (Number(stale?.n ?? 0) > 0) {
			return refreshRollups(client, storeId, {
				shards: options.shards,
				beforeCommit: options.beforeCommit,
			});
		}
	}
	const generation = nextGeneration();
	const range = from === undefined ? '' : 'day BETWEEN toDate(?) AND toDate(?)';
	const rangeParams: SqlValue[] = from === undefined || to === undefined ? [] : [from, to];
	const productList = products?.map((id) => String(id)).join(', ');
	const counts: Record<string, number> = {};
	// The store's line costs, computed once per writer for the roll-ups that read them, in steps
	// (`lineCostSteps`: in one piece 18.16 takes a fifth of a second to plan them), into tables
	// of this refresh dropped at its end.
	const lineCostTables = new Map<ClickHouseClient, { tables: string[]; lineCosts: string }>();
	try {
		await writeRollups();
	} finally {
		await Promise.all(
			[...lineCostTables].flatMap(([shard, { tables }]) =>
				tables.map((table) => shard.run(`DROP TABLE IF EXISTS ${table}`)),
			),
		);
	}
	async function writeRollups(): Promise<void> {
		const plans = Object.entries(CLICKHOUSE_ROLLUPS).map(([table, spec]) => {
			// A cost refresh recomputes the profit rows of its products only.
			const recompute = !products || spec.costs === true;
			const kept = [
				...(range ? [range] : []),
				...(products && recompute ? [`product_id IN (${productList})`] : []),
			];
			counts[table] = 0;
			return { table, spec, recompute, kept };
		});
		for (const { shard, local } of writers) {
			const name = (t: string): string => `${database}.${t}${local ? '' : '_all'}`;
			// First the current generation's rows outside what is recomputed (all of them when
			// nothing is), of every table.
			for (const { table, spec, recompute, kept } of plans) {
				if (!kept.length && recompute) continue;
				const names = ['store_id', 'generation', ...spec.columns.map(([c]) => c)];
				const columns = spec.columns.map(([c]) => c).join(', ');
				await shard.run(
					`INSERT INTO ${name(table)} (${names.join(', ')})
					SELECT store_id, toUInt64(${generation}), ${columns} FROM ${name(table)}
					WHERE store_id = ? AND generation = ?
						${recompute ? `AND NOT (${kept.join(' AND ')})` : ''}`,
					[storeId, base.generation, ...(recompute && range ? rangeParams : [])],
				);
			}
			// Then the rows recomputed, counted as the new generation's rows after less before
			// (every table asked in one statement each time).
			const computed = plans.filter((plan) => plan.recompute);
			const before = await countRows(
				shard,
				computed.filter((plan) => plan.kept.length).map((plan) => name(plan.table)),
				storeId,
				generation,
			);
			for (const { table, spec } of computed) {
				const names = ['store_id', 'generation', ...spec.columns.map(([c]) => c)].join(
					', ',
				);
				const params: SqlValue[] = [];
				const days = (): string => {
					if (from === undefined) return '';
					params.push(...rangeParams);
					return 'AND toDate(date_created) BETWEEN toDate(?) AND toDate(?)';
				};
				// Placeholders are bound in the order they are written: build the SELECT in text order.
				const fromRows = (t: string, cols: string): string => {
					params.push(storeId);
					const cond = days();
					const only =
						products && t === 'order_product_lookup'
							? `AND product_id IN (${productList})`
							: '';
					const day = t === 'order_stats' ? ', toDate(date_created) AS day' : '';
					return `(SELECT ${cols}${day} FROM ${name(t)} WHERE store_id = ? ${cond} ${only})`;
				};
				const ids = (t: string): string => {
					params.push(storeId);
					return `(SELECT order_id FROM ${name(t)} WHERE store_id = ? ${days()})`;
				};
				let costs = lineCostTables.get(shard);
				if (spec.costs && costs === undefined) {
					// Each step's tables of the store's rows (every day), the steps before it
					// read from the tables made for them (their names hold a '.': not replaced).
					const store = (sql: string): string =>
						sql.replace(
							/\b(FROM|JOIN)(\s+)([A-Za-z_][A-Za-z0-9_]*)\b(?!\.)/g,
							(_, keyword: string, space: string, t: string) =>
								`${keyword}${space}(SELECT * FROM ${name(t)} WHERE store_id = ${storeId})`,
						);
					const stepTable = (step: string): string =>
						`${database}.rollup_${step}_${storeId}_${generation}`;
					const { steps, lineCosts } = lineCostSteps(
						(step) => `(SELECT * FROM ${stepTable(step)})`,
					);
					costs = { tables: [], lineCosts: store(lineCosts) };
					lineCostTables.set(shard, costs);
					for (const { step, select } of steps) {
						costs.tables.push(stepTable(step));
						await shard.run(
							`CREATE TABLE ${stepTable(step)} ENGINE = Memory AS SELECT * FROM ${store(select)}`,
						);
					}
				}
				const lineCosts = (): string => {
					if (costs === undefined)
						throw new Error(`${table} does not read the line costs.`);
					return costs.lineCosts;
				};
				const select = spec.select(fromRows, ids, lineCosts);
				await shard.run(
					`INSERT INTO ${name(table)} (${names}) SELECT toUInt32(${storeId}), toUInt64(${generation}), * FROM (${select})`,
					params,
				);
			}
			const after = await countRows(
				shard,
				computed.map((plan) => name(plan.table)),
				storeId,
				generation,
			);
			for (const { table } of computed)
				counts[table] += (after.get(name(table)) ?? 0) - (before.get(name(table)) ?? 0);
		}
	}
	await options.beforeCommit?.();
	// The commit: one row on the store's shard.
	const committed = nextGeneration();
	await sync.insert(`${database}.${ROLLUP_GENERATIONS}_all`, [
		{ store_id: storeId, generation, committed, definition: CLICKHOUSE_ROLLUP_VERSION },
	]);
	const others = await sync.one<{ n: string }>(
		`SELECT count() AS n FROM ${database}.${ROLLUP_GENERATIONS}_all
		WHERE store_id = ? AND committed > ? AND committed < ? AND generation <> ?`,
		[storeId, base.committed, committed, generation],
	);
	if (Number(others?.n) && (range || products)) {
		// Another refresh committed meanwhile from the same old generation: redo every day.
		return refreshRollups(client, storeId, { shards: options.shards });
	}
	// The generations before the one replaced (and what an interrupted refresh left), and their
	// rows of `rollup_generations`; not waited for.
	const cleaners = shards.length ? holding : [client];
	await Promise.all(
		cleaners.map((shard) =>
			deleteOlder(shard, storeId, [
				...Object.keys(CLICKHOUSE_ROLLUPS).map(
					(table) => [table, 'generation', base.generation] as const,
				),
				[ROLLUP_GENERATIONS, 'committed', base.committed] as const,
			]),
		),
	);
	return counts;
}

/** The tables the roll-ups are computed from (those their SELECTs read). */
function sourceTables(): string[] {
	const tables = new Set<string>();
	let costs = false;
	for (const spec of Object.values(CLICKHOUSE_ROLLUPS)) {
		spec.select(
			(table) => (tables.add(table), ''),
			(table) => (tables.add(table), ''),
			() => ((costs = true), ''),
		);
	}
	if (costs) {
		for (const match of CLICKHOUSE_LINE_COSTS.matchAll(
			/\b(?:FROM|JOIN)\s+([A-Za-z_][A-Za-z0-9_]*)\b(?!\.)/g,
		))
			tables.add(match[1]);
	}
	return [...tables];
}

/**
 * Whether a shard's local tables hold any row of the store: of the tables its roll-ups are
 * computed from, of the roll-ups (any generation) or of its generations.
 */
async function holdsStore(shard: ClickHouseClient, storeId: number): Promise<boolean> {
	const database = shard.target.database;
	const tables = [...sourceTables(), ...Object.keys(CLICKHOUSE_ROLLUPS), ROLLUP_GENERATIONS];
	const row = await shard.one<{ n: string }>(
		`SELECT ${tables
			.map((table) => `(SELECT count() FROM ${database}.${table} WHERE store_id = ?)`)
			.join(' + ')} AS n`,
		tables.map(() => storeId),
	);
	return Number(row?.n ?? 0) > 0;
}

/**
 * Deletes (without waiting) a store's rows of each local `table` whose `column` is below `value`
 * (the tables holding such rows are asked for in one statement).
 */
async function deleteOlder(
	shard: ClickHouseClient,
	storeId: number,
	tables: ReadonlyArray<readonly [table: string, column: string, value: number]>,
): Promise<void> {
	const database = shard.target.database;
	const where = (column: string): string => `store_id = ? AND ${column} < ?`;
	const held =
		(await shard.one<Record<string, string>>(
			`SELECT ${tables
				.map(
					([table, column], i) =>
						`(SELECT count() FROM ${database}.${table} WHERE ${where(column)}) AS t${i}`,
				)
				.join(', ')}`,
			tables.flatMap(([, , value]) => [storeId, value]),
		)) ?? {};
	for (const [i, [table, column, value]] of tables.entries()) {
		if (Number(held[`t${i}`])) {
			await shard.run(`ALTER TABLE ${database}.${table} DELETE WHERE ${where(column)}`, [
				storeId,
				value,
			]);
		}
	}
}

/** Each of `tables`' rows of the store's `generation` (by table name), asked in one statement. */
async function countRows(
	shard: ClickHouseClient,
	tables: string[],
	storeId: number,
	generation: number,
): Promise<Map<string, number>> {
	if (!tables.length) return new Map();
	const row = await shard.one<Record<string, string>>(
		`SELECT ${tables
			.map(
				(table, i) =>
					`(SELECT count() FROM ${table} WHERE store_id = ? AND generation = ?) AS t${i}`,
			)
			.join(', ')}`,
		tables.flatMap(() => [storeId, generation]),
	);
	return new Map(tables.map((table, i) => [table, Number(row?.[`t${i}`] ?? 0)]));
}

/**
 * Whether the store's roll-ups are on the cluster: a store with orders but no day in its current
 * generation of `order_stats_daily` (or product lines but no `order_profit_daily` row) was loaded
 * before the roll-ups existed (or onto a cluster without their tables), or its first refresh has
 * not committed yet, and is read from its orders until it is loaded (refreshed) again.
 */
export async function storeHasRollups(client: ClickHouseClient, storeId: number): Promise<boolean> {
	const database = client.target.database;
	try {
		const row = await client.one<{
			days: string;
			orders: string;
			profit: string;
			lines: string;
			committed: string;
		}>(
			`SELECT (SELECT count() FROM ${rollupRows(database, 'order_stats_daily', storeId)}) AS days,
				(SELECT count() FROM ${database}.order_stats_all WHERE store_id = ?) AS orders,
				(SELECT count() FROM ${rollupRows(database, 'order_profit_daily', storeId)}) AS profit,
				(SELECT count() FROM ${database}.order_product_lookup_all WHERE store_id = ?) AS lines,
				(SELECT count() FROM ${database}.${ROLLUP_GENERATIONS}_all
					WHERE store_id = ? AND definition = ?) AS committed`,
			[storeId, storeId, storeId, CLICKHOUSE_ROLLUP_VERSION],
		);
		const days = Number(row?.days ?? 0) > 0 || Number(row?.orders ?? 0) === 0;
		const profit = Number(row?.profit ?? 0) > 0 || Number(row?.lines ?? 0) === 0;
		// The lines' unit costs (`order_line_unit_costs`) hold rows only for lines with a cost, so
		// none is no proof of a computed table: only a generation committed by the current
		// definitions (never the generation 0 of a cluster loaded before generations) has them.
		const costs = Number(row?.committed ?? 0) > 0 || Number(row?.lines ?? 0) === 0;
		return days && profit && costs;
	} catch (error) {
		if (
			error instanceof Error &&
			/UNKNOWN_TABLE|doesn't exist|Missing columns|UNKNOWN_IDENTIFIER/i.test(error.message)
		)
			return false;
		throw error;
	}
}
