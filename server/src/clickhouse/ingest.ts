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
 * (no digests recorded) replaces all of the store's rows. The cost tables, which the engine's own
 * cost saves append to on the cluster, are replaced on the first push only; later pushes append
 * the costs the workspace added since (`pushCosts`).
 *
 * A push is not atomic on the cluster: between a slice's DELETE and its INSERT the store's rows
 * are incomplete. `sync/clickhouse-workspaces.ts` therefore answers a store from its workspace
 * while the store has changes not yet pushed (during a push, and after a failed one until a retry
 * succeeds).
 */
import type { Db, SqlValue } from '../core/db.js';
import { ensureCostSchema } from '../db/costs.js';
import { type ClickHouseClient, waitForMutations } from './client.js';
import { refreshRollups } from './rollups.js';
import { insertStoreRows } from './store-rows.js';
import { CLICKHOUSE_TABLES } from './tables.js';

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
 * Written on the cluster by the engine's own cost saves too (`costs.ts`: versioned rows appended
 * there, not in the workspace): replaced on a store's first push only. Later pushes append what
 * the workspace added since (`pushCosts`), so they never remove a cost saved on the engine.
 */
const FIRST_PUSH_ONLY = new Set(['product_costs', 'order_line_costs']);

/** Ids per statement asking the cluster which lines already have a fixed cost. */
const LINE_CHECK_IDS = 5000;

/** More changed slices than this in one table: the table is replaced whole for the store. */
const MAX_SLICES = 400;

/** Creates the workspace's record of what was pushed (per cluster store id, table and slice). */
export async function createPushLog(db: Db): Promise<void> {
	await db.exec(`
		CREATE TABLE IF NOT EXISTS clickhouse_pushed (
			store_id BIGINT NOT NULL, tbl VARCHAR NOT NULL, slice BIGINT NOT NULL,
			n BIGINT NOT NULL, digest VARCHAR NOT NULL, PRIMARY KEY (store_id, tbl, slice)
		);
		CREATE TABLE IF NOT EXISTS clickhouse_pushed_costs (
			store_id BIGINT NOT NULL, product_id BIGINT NOT NULL, variation_id BIGINT NOT NULL,
			date_from DATE NOT NULL, cost DOUBLE NOT NULL, source VARCHAR NOT NULL
		);
		CREATE TABLE IF NOT EXISTS clickhouse_pushed_lines (
			store_id BIGINT NOT NULL, order_item_id BIGINT NOT NULL
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
	/**
	 * Awaited once before the push first changes the store's rows on the cluster (its first DELETE
	 * or INSERT); not called by a push that finds nothing changed. The engine announces there
	 * that the store's rows are being replaced (`sync/clickhouse-workspaces.ts`).
	 */
	onReplace?: () => Promise<void>;
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
	/**
	 * Cost rows appended after the first push (`pushCosts`): history entries the workspace added
	 * or changed (the sync's WooCommerce costs) and lines it fixed that the cluster had not.
	 */
	costs: { entries: number; lines: number };
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
	const result: PushResult = {
		full,
		tables: {},
		rows: 0,
		months: [],
		orders: 0,
		costs: { entries: 0, lines: 0 },
		ms: 0,
	};
	const months = new Set<number>();
	let announced = false;
	const announce = async (): Promise<void> => {
		if (announced) return;
		announced = true;
		await options.onReplace?.();
	};
	// First every changed table's old rows are deleted (the mutations run side by side on the
	// shards), then waited for, then the rows inserted table by table.
	const plans = [];
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
		plans.push({ table, spec, slicing, current, before, whole, list, where });
	}
	// Distributed tables take no DELETE: each shard's own table, where it holds such rows (each
	// shard asked once for every changed table), then each shard's mutations waited for together.
	const waits: Array<{ shard: ClickHouseClient; tables: string[] }> = [];
	if (plans.length) {
		for (const shard of target.shards) {
			const held =
				(await shard.one<Record<string, string>>(
					`SELECT ${plans
						.map(
							({ table, where }, i) =>
								`(SELECT count() FROM ${database}.${table} WHERE ${where}) AS t${i}`,
						)
						.join(', ')}`,
				)) ?? {};
			const tables: string[] = [];
			for (const [i, { table, where }] of plans.entries()) {
				if (!Number(held[`t${i}`])) continue;
				await announce();
				await shard.run(`ALTER TABLE ${database}.${table} DELETE WHERE ${where}`);
				tables.push(table);
			}
			waits.push({ shard, tables });
		}
	}
	for (const { shard, tables } of waits) {
		await waitForMutations(shard, tables, `store ${storeId}'s old rows`);
	}
	for (const { table, slicing, current, before, whole, list } of plans) {
		await options.beforeInsert?.(table);
		const present = whole ? [...current.keys()] : list.filter((slice) => current.has(slice));
		let inserted = 0;
		if (present.length) {
			const filter = whole ? '' : `WHERE ${slicing.duck} IN (${present.join(', ')})`;
			await announce();
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
		} else if (table === 'order_item_meta' && !full) {
			// A line's own cost (`_cogs_value`) feeds the profit roll-up: the months of the orders
			// whose lines changed are refreshed too, though their order rows did not change.
			const lines = whole ? '' : `WHERE ${slicing.duck} IN (${list.join(', ')})`;
			const touched = await db.all<{ m: number | bigint }>(
				`SELECT DISTINCT ${SLICING.order_product_lookup.duck} AS m FROM order_product_lookup ${lines}`,
			);
			for (const row of touched) months.add(Number(row.m));
		}
	}
	result.months = [...months].sort((a, b) => a - b);
	let costDays: { from: string; to: string } | null = null;
	if (full) {
		await recordPushedCosts(db, storeId, null);
	} else {
		await options.beforeInsert?.('product_costs');
		const pushed = await pushCosts(db, target, storeId, announce);
		result.costs = { entries: pushed.entries, lines: pushed.lines };
		result.rows += pushed.entries + pushed.lines;
		costDays = pushed.days;
	}
	// The daily roll-ups of the days replaced: every day on a full push, else the first to the
	// last day of the months replaced and of the days new costs apply to.
	if (full || result.months.length || costDays) {
		const first = result.months[0];
		const last = result.months[result.months.length - 1];
		const days = [
			...(first === undefined || last === undefined
				? []
				: [{ from: firstDay(first), to: lastDay(last) }]),
			...(costDays ? [costDays] : []),
		];
		const range =
			full || !days.length
				? {}
				: {
						from: days.map((d) => d.from).sort()[0],
						to: days
							.map((d) => d.to)
							.sort()
							.reverse()[0],
					};
		await announce();
		await refreshRollups(target.client, storeId, { ...range, shards: target.shards });
	}
	result.ms = Date.now() - started;
	return result;
}

/**
 * Records every cost row of the workspace as on the cluster (after a first push copied them all),
 * or, with `lines`, adds those lines.
 */
async function recordPushedCosts(db: Db, storeId: number, lines: number[] | null): Promise<void> {
	await db.transaction(async () => {
		await db.run('DELETE FROM clickhouse_pushed_costs WHERE store_id = ?', [storeId]);
		await db.run(
			`INSERT INTO clickhouse_pushed_costs
			SELECT ?, product_id, variation_id, date_from, cost, source FROM product_costs`,
			[storeId],
		);
		if (lines === null) {
			await db.run('DELETE FROM clickhouse_pushed_lines WHERE store_id = ?', [storeId]);
			await db.run(
				'INSERT INTO clickhouse_pushed_lines SELECT DISTINCT ?, order_item_id FROM order_line_costs',
				[storeId],
			);
		} else if (lines.length) {
			await db.run(
				'INSERT INTO clickhouse_pushed_lines SELECT ?, unnest(CAST(? AS BIGINT[]))',
				[storeId, JSON.stringify(lines)],
			);
		}
	});
}

let lastVersion = 0;

/** Increasing row versions (microseconds since 1970, at least one more than the last). */
function nextVersion(): number {
	lastVersion = Math.max(Date.now() * 1000, lastVersion + 1);
	return lastVersion;
}

/**
 * Appends to the cluster the costs the workspace wrote since the last push (the sync records
 * WooCommerce's cost of goods, `recordStoreCost`, which also fixes the lines sold so far), as
 * `costs.ts` reads them (the highest `version` wins):
 *
 * * a history entry new or changed in the workspace, with the version of the moment it was
 *   recorded there (so a cost saved on the engine later still wins, and one saved earlier loses,
 *   as on a single server where the last save counts);
 * * a line the workspace fixed, unless the cluster already holds a fixed cost for it (an engine
 *   save fixed it first: a line's cost is fixed once, at the first cost write after its sale).
 *
 * Returns the rows appended and the days (store-local) whose profit they may change.
 */
async function pushCosts(
	db: Db,
	target: PushTarget,
	storeId: number,
	announce: () => Promise<void>,
): Promise<{ entries: number; lines: number; days: { from: string; to: string } | null }> {
	const database = target.client.target.database;
	const entries = await db.all<{
		product_id: number | bigint;
		variation_id: number | bigint;
		date_from: string;
		cost: number;
		source: string;
		version: number | bigint;
	}>(
		`SELECT product_id, variation_id, strftime(date_from, '%Y-%m-%d') AS date_from, cost, source,
			epoch_us(CAST(recorded_at AS TIMESTAMPTZ)) AS version
		FROM product_costs c
		WHERE NOT EXISTS (SELECT 1 FROM clickhouse_pushed_costs p
			WHERE p.store_id = ? AND p.product_id = c.product_id AND p.variation_id = c.variation_id
				AND p.date_from = c.date_from AND p.cost = c.cost AND p.source = c.source)
		ORDER BY recorded_at`,
		[storeId],
	);
	const lines = await db.all<{
		order_item_id: number | bigint;
		order_id: number | bigint;
		unit_cost: number;
		source: string;
	}>(
		`SELECT order_item_id, any_value(order_id) AS order_id, any_value(unit_cost) AS unit_cost,
			any_value(source) AS source
		FROM order_line_costs
		WHERE order_item_id NOT IN (SELECT order_item_id FROM clickhouse_pushed_lines WHERE store_id = ?)
		GROUP BY order_item_id ORDER BY order_item_id`,
		[storeId],
	);
	if (!entries.length && !lines.length) return { entries: 0, lines: 0, days: null };
	// The lines the cluster has fixed already keep their cost.
	const fixed = new Set<number>();
	for (let i = 0; i < lines.length; i += LINE_CHECK_IDS) {
		const ids = lines.slice(i, i + LINE_CHECK_IDS).map((l) => Number(l.order_item_id));
		const rows = await target.client.all<{ order_item_id: string }>(
			`SELECT order_item_id FROM ${database}.order_line_costs_all
			WHERE store_id = ${storeId} AND order_item_id IN (${ids.join(', ')})
			GROUP BY order_item_id HAVING argMax(fixed, version) = 1`,
		);
		for (const row of rows) fixed.add(Number(row.order_item_id));
	}
	const newLines = lines.filter((l) => !fixed.has(Number(l.order_item_id)));
	if (entries.length || newLines.length) await announce();
	if (entries.length) {
		await target.client.insert(
			`${database}.product_costs_all`,
			entries.map((e) => ({
				store_id: storeId,
				product_id: Number(e.product_id),
				variation_id: Number(e.variation_id),
				cost: Number(e.cost),
				date_from: e.date_from,
				source: e.source,
				version: Math.max(1, Number(e.version)),
			})),
		);
	}
	if (newLines.length) {
		const version = nextVersion();
		await target.client.insert(
			`${database}.order_line_costs_all`,
			newLines.map((l) => ({
				store_id: storeId,
				order_item_id: Number(l.order_item_id),
				order_id: Number(l.order_id),
				unit_cost: Number(l.unit_cost),
				source: l.source,
				fixed: 1,
				version,
			})),
		);
	}
	await recordPushedCosts(
		db,
		storeId,
		lines.map((l) => Number(l.order_item_id)),
	);
	// The days these costs count on: from the earliest entry's day or line's sale to the store's
	// latest order.
	const lineDay = newLines.length
		? await db.one<{ day: string | null }>(
				`SELECT strftime(min(date_created), '%Y-%m-%d') AS day FROM order_product_lookup
				WHERE order_item_id IN (SELECT unnest(CAST(? AS BIGINT[])))`,
				[JSON.stringify(newLines.map((l) => Number(l.order_item_id)))],
			)
		: undefined;
	const starts = [...entries.map((e) => e.date_from), ...(lineDay?.day ? [lineDay.day] : [])];
	if (!starts.length) return { entries: entries.length, lines: newLines.length, days: null };
	const from = starts.sort()[0];
	const latest = await db.one<{ day: string | null }>(
		"SELECT strftime(max(date_created), '%Y-%m-%d') AS day FROM order_stats",
	);
	const to = latest?.day && latest.day > from ? latest.day : from;
	return { entries: entries.length, lines: newLines.length, days: { from, to } };
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
