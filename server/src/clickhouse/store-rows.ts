/**
 * A store's rows from its DuckDB file to the cluster: one table's rows (`insertStoreRows`, also
 * used by the push, `ingest.ts`) and a whole store, replacing what the cluster held for it
 * (`loadStore`, then its daily roll-ups).
 */
import type { Db, Row } from '../core/db.js';
import { ensureCostSchema } from '../db/costs.js';
import { type ClickHouseClient, waitForMutations } from './client.js';
import { refreshRollups } from './rollups.js';
import { CLICKHOUSE_TABLES } from './tables.js';

/**
 * Copies one store's rows of `table` (those `filter`, a `WHERE …` on the DuckDB file or '', selects)
 * from its DuckDB file to the cluster's Distributed table, `batchRows` a statement, each row
 * tagged with `storeId`. Returns the number of rows copied.
 */
export async function insertStoreRows(
	source: Db,
	client: ClickHouseClient,
	storeId: number,
	table: string,
	filter: string,
	batchRows: number,
): Promise<number> {
	const spec = CLICKHOUSE_TABLES[table];
	const names = spec.columns.map(([name]) => name);
	let inserted = 0;
	for (let offset = 0; ; offset += batchRows) {
		const rows = await source.all(
			`SELECT ${spec.select} FROM ${table} ${filter} ORDER BY ${spec.order} LIMIT ? OFFSET ?`,
			[batchRows, offset],
		);
		if (!rows.length) break;
		await client.insert(
			`${client.target.database}.${table}_all`,
			rows.map((row) => {
				const values = Object.values(row);
				const out: Row = { store_id: storeId };
				names.forEach((name, i) => (out[name] = values[i] ?? null));
				return out;
			}),
		);
		inserted += rows.length;
		if (rows.length < batchRows) break;
	}
	return inserted;
}

/**
 * The cost tables, whose rows of version 0 come from a DuckDB file and the others were written on
 * the cluster (the engine's cost saves, the sync's pushed costs): a load replaces the former only.
 */
const KEEP_WRITTEN_ROWS = new Set(['product_costs', 'order_line_costs']);

/**
 * Loads one store's analytics rows from its DuckDB database into the cluster, `batchRows` rows per
 * INSERT through the Distributed tables (synchronously: an insert returns once the owning shard
 * has the rows). Replaces what the cluster held for that store: pass every shard's client as
 * `shards` (the store's earlier rows are deleted on each); without it only `client`'s shard is
 * cleared. The cost rows written on the cluster (version above 0: costs saved through the engine
 * since a load) are kept: the file's rows (version 0) replace only the last load's, so a saved
 * cost stays in force, also over a file entry of the same product, variation and day, and a line
 * the engine fixed keeps its cost. Returns rows per table.
 */
export async function loadStore(
	source: Db,
	client: ClickHouseClient,
	storeId: number,
	options: { batchRows?: number; shards?: ClickHouseClient[] } = {},
): Promise<Record<string, number>> {
	if (!Number.isInteger(storeId) || storeId < 1 || storeId > 0xffffffff) {
		throw new Error(`A store id is a whole number from 1 to 4294967295, not ${storeId}.`);
	}
	const batchRows = options.batchRows ?? 50_000;
	const database = client.target.database;
	// A store file made before costs existed has no cost tables: they are copied empty.
	await ensureCostSchema(source);
	// Distributed tables take no DELETE: remove the store's earlier rows on each shard's tables
	// and wait for those (asynchronous) mutations, so the new rows are never mixed with old ones.
	// Each shard is asked once which tables hold such rows; their mutations are issued together
	// and waited for together (they run side by side), every shard at once.
	const tables = Object.keys(CLICKHOUSE_TABLES);
	const whereOf = (table: string): string =>
		KEEP_WRITTEN_ROWS.has(table) ? 'store_id = ? AND version = 0' : 'store_id = ?';
	await Promise.all(
		(options.shards ?? [client]).map(async (shard) => {
			const held =
				(await shard.one<Record<string, string>>(
					`SELECT ${tables
						.map(
							(table, i) =>
								`(SELECT count() FROM ${database}.${table} WHERE ${whereOf(table)}) AS t${i}`,
						)
						.join(', ')}`,
					tables.map(() => storeId),
				)) ?? {};
			const holding = tables.filter((_, i) => Number(held[`t${i}`]));
			for (const table of holding) {
				await shard.run(`ALTER TABLE ${database}.${table} DELETE WHERE ${whereOf(table)}`, [
					storeId,
				]);
			}
			await waitForMutations(shard, holding, `store ${storeId}'s old rows`);
		}),
	);
	const counts: Record<string, number> = {};
	for (const table of tables) {
		counts[table] = await insertStoreRows(source, client, storeId, table, '', batchRows);
	}
	// The daily roll-ups, computed on the cluster from the rows just loaded (`rollups.ts`).
	Object.assign(counts, await refreshRollups(client, storeId, { shards: options.shards }));
	return counts;
}
