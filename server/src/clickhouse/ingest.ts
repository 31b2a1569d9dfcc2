/**
 * Keeping a store's rows on the cluster in step with its DuckDB workspace, batch by batch.
 *
 * The store sync and the historical import write a store's DuckDB file as on a single-store
 * server (`db/pipeline.ts` derives the lookups in the store's time zone and date basis). After
 * each committed batch, `pushChanges` sends what changed to the cluster: every table is cut into
 * slices — the order tables by month of their date (`date_created`; the download log by
 * `timestamp`), the order-linked tables without a date by blocks of 1,000 ids, the catalogue
 * tables whole — and each slice has a digest (rows and the sum of the rows' hashes, over exactly
 * the values the cluster receives). The digests last pushed are kept in the workspace
 * (`clickhouse_pushed`); a slice whose digest differs, or that appeared or vanished, is replaced
 * for that store: `ALTER TABLE … DELETE WHERE store_id = N AND <slice> IN (…)` on each shard that
 * holds such rows (waiting for the mutation), then the slice's current rows inserted through the
 * Distributed table in batches. A deleted order, a status change, a refund (a new row in the
 * refund's month) and an order moved to another month (an edited date, or the paid/completed date
 * basis) all change the digests of the months they left and came to. The first push of a store
 * (no digests recorded) replaces all of the store's rows.
 *
 * A push is not atomic on the cluster: between a slice's DELETE and its INSERT the store's rows
 * are incomplete. `workspaces.ts` therefore answers a store from its workspace while the store has
 * changes not yet pushed (during a push, and after a failed one until a retry succeeds).
 */
import type { Db, SqlValue } from '../core/db.js';
import { ensureCostSchema } from '../db/costs.js';
import { type ClickHouseClient, waitForMutations } from './client.js';
import { refreshRollups } from './rollups.js';
import { CLICKHOUSE_TABLES, insertStoreRows } from './store.js';

/** How a table is cut into slices: the same value computed in DuckDB and in ClickHouse. */
interface Slicing {
	duck: string;
	click: string;
}

const month = (column: string): Slicing => ({
	duck: `coalesce(year(${column}) * 100 + month(${column}), 0)`,
	click: `ifNull(toYYYYMM(${column}), 0)`,
});

/** Ids per slice of a table sliced by id. */
export const ID_BLOCK = 1000;

const block = (column: string): Slicing => ({
	duck: `coalesce(${column} // ${ID_BLOCK}, 0)`,
	click: `ifNull(intDiv(${column}, ${ID_BLOCK}), 0)`,
});

/** Tables cut into slices; every other table is one slice (replaced whole when it changed). */
const SLICING: Record<string, Slicing> = {
	order_stats: month('date_created'),
	order_product_lookup: month('date_created'),
	order_tax_lookup: month('date_created'),
	order_coupon_lookup: month('date_created'),
	orders: month('date_created'),
	download_log: month('timestamp'),
	order_items: block('order_id'),
	order_item_meta: block('order_item_id'),
	order_dimensions: block('order_id'),
	customer_lookup: block('customer_id'),
	downloadable_product_permissions: block('permission_id'),
};

/** The tables whose slices are months of the order date (the ones the roll-ups are made of). */
export const MONTHLY_ORDER_TABLES = [
	'order_stats',
	'order_product_lookup',
	'order_tax_lookup',
	'order_coupon_lookup',
] as const;

/**
 * Written on the cluster by the engine's own cost saves (`costs.ts`: versioned rows appended
 * there, not in the workspace): pushed on a store's first push only, so a later push never
 * removes a cost saved on the engine.
 */
const FIRST_PUSH_ONLY = new Set(['product_costs', 'order_line_costs']);

/** More changed slices than this in one table: the table is replaced whole for the store. */
const MAX_SLICES = 400;

/** Creates the workspace's record of what was pushed (per cluster store id, table and slice). */
export async function createPushLog(db: Db): Promise<void> {
	await db.exec(`
		CREATE TABLE IF NOT EXISTS clickhouse_pushed (
			store_id BIGINT NOT NULL, tbl VARCHAR NOT NULL, slice BIGINT NOT NULL,
			n BIGINT NOT NULL, digest VARCHAR NOT NULL, PRIMARY KEY (store_id, tbl, slice)
		);
	`);
}

interface SliceDigest {
	slice: number;
	n: number;
	digest: string;
}

async function digests(db: Db, table: string): Promise<Map<number, SliceDigest>> {
	const spec = CLICKHOUSE_TABLES[table];
	const slicing = SLICING[table];
	const rows = await db.all<{ slice: number | bigint; n: number | bigint; digest: string }>(
		`SELECT __slice AS slice, count(*) AS n, CAST(sum(CAST(hash(s) AS HUGEINT)) AS VARCHAR) AS digest
		FROM (SELECT ${spec.select}, ${slicing ? slicing.duck : '0'} AS __slice FROM ${table}) s
		GROUP BY __slice`,
	);
	return new Map(
		rows.map((row) => [
			Number(row.slice),
			{ slice: Number(row.slice), n: Number(row.n), digest: String(row.digest) },
		]),
	);
}

async function pushedDigests(
	db: Db,
	storeId: number,
	table: string,
): Promise<Map<number, SliceDigest>> {
	const rows = await db.all<{ slice: number | bigint; n: number | bigint; digest: string }>(
		'SELECT slice, n, digest FROM clickhouse_pushed WHERE store_id = ? AND tbl = ?',
		[storeId, table],
	);
	return new Map(
		rows.map((row) => [
			Number(row.slice),
			{ slice: Number(row.slice), n: Number(row.n), digest: String(row.digest) },
		]),
	);
}

export interface PushTarget {
	/** The engine's node; inserts go through the Distributed tables (`insert_distributed_sync: 1`). */
	client: ClickHouseClient;
	/** One client per shard (the store's earlier rows are deleted where they are). */
	shards: ClickHouseClient[];
}

export interface PushOptions {
	/** Rows per INSERT. Default 20,000. */
	batchRows?: number;
	/** Awaited before each table's rows are inserted (tests make a push fail there). */
	beforeInsert?: (table: string) => Promise<void>;
}

export interface PushResult {
	/** Whether the store's rows were replaced whole (its first push). */
	full: boolean;
	/** Rows inserted per table that changed. */
	tables: Record<string, number>;
	/** Rows inserted over all tables. */
	rows: number;
	/** Months (YYYYMM) of the order lookups replaced (every month of the store on a full push). */
	months: number[];
	/** Orders (and refunds) whose `order_stats` rows were sent. */
	orders: number;
	ms: number;
}

/**
 * Pushes what changed in `db` since its last push to `storeId`'s rows on the cluster (see the file
 * comment). A table's digests are recorded only after its rows are on the cluster, so a push that
 * fails part-way is completed by the next one.
 */
export async function pushChanges(
	db: Db,
	target: PushTarget,
	storeId: number,
	options: PushOptions = {},
): Promise<PushResult> {
	if (!Number.isInteger(storeId) || storeId < 1 || storeId > 0xffffffff) {
		throw new Error(`A store id is a whole number from 1 to 4294967295, not ${storeId}.`);
	}
	const started = Date.now();
	const batchRows = options.batchRows ?? 20_000;
	const database = target.client.target.database;
	await createPushLog(db);
	await ensureCostSchema(db);
	const recorded = await db.one<{ n: number | bigint }>(
		'SELECT count(*) AS n FROM clickhouse_pushed WHERE store_id = ?',
		[storeId],
	);
	const full = Number(recorded?.n ?? 0) === 0;
	const result: PushResult = { full, tables: {}, rows: 0, months: [], orders: 0, ms: 0 };
	const months = new Set<number>();
	// First every changed table's old rows are deleted (the mutations run side by side on the
	// shards), then waited for, then the rows inserted table by table.
	const plans = [];
	const waits: Array<{ shard: ClickHouseClient; table: string }> = [];
	for (const [table, spec] of Object.entries(CLICKHOUSE_TABLES)) {
		if (!full && FIRST_PUSH_ONLY.has(table)) continue;
		const slicing = SLICING[table];
		const current = await digests(db, table);
		const before = full
			? new Map<number, SliceDigest>()
			: await pushedDigests(db, storeId, table);
		// A table with nothing recorded (a first push, or one that stopped before it) is replaced
		// whole: rows of the store the workspace does not know (an earlier load) go too.
		const fresh = full || (before.size === 0 && current.size > 0);
		const changed = new Set<number>();
		for (const [slice, digest] of current) {
			const old = before.get(slice);
			if (!old || old.n !== digest.n || old.digest !== digest.digest) changed.add(slice);
		}
		for (const slice of before.keys()) if (!current.has(slice)) changed.add(slice);
		if (!full && changed.size === 0) continue;
		const whole = fresh || !slicing || changed.size > MAX_SLICES;
		const list = [...changed].sort((a, b) => a - b);
		const where = whole
			? `store_id = ${storeId}`
			: `store_id = ${storeId} AND ${slicing.click} IN (${list.join(', ')})`;
		// Distributed tables take no DELETE: each shard's own table, where it holds such rows.
		for (const shard of target.shards) {
			const held = await shard.one<{ n: string }>(
				`SELECT count() AS n FROM ${database}.${table} WHERE ${where}`,
			);
			if (!Number(held?.n)) continue;
			await shard.run(`ALTER TABLE ${database}.${table} DELETE WHERE ${where}`);
			waits.push({ shard, table });
		}
		plans.push({ table, spec, slicing, current, before, whole, list });
	}
	for (const { shard, table } of waits) {
		await waitForMutations(shard, table, `store ${storeId}'s old ${table} rows`);
	}
	for (const { table, slicing, current, before, whole, list } of plans) {
		await options.beforeInsert?.(table);
		const present = whole ? [...current.keys()] : list.filter((slice) => current.has(slice));
		let inserted = 0;
		if (present.length) {
			const filter = whole ? '' : `WHERE ${slicing.duck} IN (${present.join(', ')})`;
			inserted = await insertStoreRows(db, target.client, storeId, table, filter, batchRows);
		}
		await db.transaction(async () => {
			if (whole) {
				await db.run('DELETE FROM clickhouse_pushed WHERE store_id = ? AND tbl = ?', [
					storeId,
					table,
				]);
			} else {
				for (const slice of list) {
					await db.run(
						'DELETE FROM clickhouse_pushed WHERE store_id = ? AND tbl = ? AND slice = ?',
						[storeId, table, slice],
					);
				}
			}
			const keep = whole ? [...current.values()] : present.map((s) => current.get(s));
			for (const digest of keep) {
				if (!digest) continue;
				const values: SqlValue[] = [storeId, table, digest.slice, digest.n, digest.digest];
				await db.run(
					'INSERT INTO clickhouse_pushed (store_id, tbl, slice, n, digest) VALUES (?, ?, ?, ?, ?)',
					values,
				);
			}
		});
		result.tables[table] = inserted;
		result.rows += inserted;
		if (table === 'order_stats') result.orders = inserted;
		if ((MONTHLY_ORDER_TABLES as readonly string[]).includes(table)) {
			for (const slice of whole ? [...current.keys(), ...before.keys()] : list) {
				months.add(slice);
			}
		}
	}
	result.months = [...months].sort((a, b) => a - b);
	// The daily roll-ups of the days replaced: every day on a full push, else the first to the
	// last day of the months replaced.
	if (full || result.months.length) {
		const first = result.months[0];
		const last = result.months[result.months.length - 1];
		const range =
			full || first === undefined || last === undefined
				? {}
				: { from: firstDay(first), to: lastDay(last) };
		await refreshRollups(target.client, storeId, { ...range, shards: target.shards });
	}
	result.ms = Date.now() - started;
	return result;
}

/** 'YYYY-MM-01' of a YYYYMM month (month 0, rows without a date: the earliest day). */
function firstDay(month: number): string {
	if (month <= 0) return '1970-01-01';
	return `${Math.floor(month / 100)}-${String(month % 100).padStart(2, '0')}-01`;
}

/** The last day of a YYYYMM month. */
function lastDay(month: number): string {
	if (month <= 0) return '1970-01-01';
	const year = Math.floor(month / 100);
	const days = new Date(Date.UTC(year, month % 100, 0)).getUTCDate();
	return `${year}-${String(month % 100).padStart(2, '0')}-${String(days).padStart(2, '0')}`;
}
