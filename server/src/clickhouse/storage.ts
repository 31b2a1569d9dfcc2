/**
 * The ClickHouse adapter of the storage port (`db/storage.ts`): a request for the store the
 * engine's operator chose (`request.operatorStore`, `chosen-store.ts`; chosen by `clickhouse-engine/operator-store.ts`) reads that store's rows on the
 * cluster through `ClickHouseStore` (every table the statement names becomes the store's rows,
 * never another's) with the settings the store registered; any other request reads the engine's
 * own `--db` (the DuckDB adapter). The routes reading through the port are the DuckDB server's
 * own (`admin/routes`), so their answers are the store's own server's. The notes on charts of the
 * chosen store are its notes on the cluster (`annotations.ts`); without a chosen store, the
 * engine's `--db`'s.
 */
import type { ServerContext } from '../core/context.js';
import { duckdbAnnotations } from '../db/annotations.js';
import { duckdbView, type Storage, type StoreSql } from '../db/storage.js';
import { ClickHouseAnnotations, ensureAnnotationTables } from './annotations.js';
import { ClickHouseClient } from './client.js';
import type {} from './chosen-store.js';
import { ClickHouseStore } from './store.js';

const quoted = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** ClickHouse's spellings (18.16 and current releases). */
export const CLICKHOUSE_SQL: StoreSql = {
	// `lower` is ASCII only on ClickHouse.
	lower: (expr) => `lowerUTF8(${expr})`,
	startsWith: (expr, placeholder) => `startsWith(${expr}, ${placeholder})`,
	text: (expr) => `toString(${expr})`,
	// No concat_ws on 18.16; a NULL part counts as empty text.
	concatWs: (separator, exprs) =>
		`concat(${exprs.map((expr) => `ifNull(${expr}, '')`).join(`, ${quoted(separator)}, `)})`,
	countIf: (condition) => `countIf(${condition})`,
	realSum: (expr) => `toFloat64(sum(${expr}))`,
};

/** The port on a ClickHouse engine: the operator's chosen store on the cluster, else `--db`. */
export function clickhouseStorage(ctx: ServerContext): Storage {
	const engine = ctx.config.engine;
	if (!engine) throw new Error('clickhouseStorage needs a ClickHouse engine.');
	// A LEFT JOIN without a match gives NULL, as on DuckDB.
	const client = new ClickHouseClient(engine, { join_use_nulls: 1 });
	// Notes are written through the Distributed table, returning once the store's shard has them.
	const writer = new ClickHouseClient(engine, { insert_distributed_sync: 1 });
	const ownNotes = duckdbAnnotations(ctx.db);
	// The notes' tables, made once when the cluster predates them (asked again after a failure).
	let tables: Promise<void> | null = null;
	const ready = (): Promise<void> => {
		if (!tables) {
			tables = ensureAnnotationTables(engine);
			tables.catch(() => (tables = null));
		}
		return tables;
	};
	return {
		async view(request) {
			const store = request.operatorStore;
			if (!store) return duckdbView(ctx);
			return {
				reader: new ClickHouseStore(client, store.id),
				sql: CLICKHOUSE_SQL,
				settings: store.settings,
			};
		},
		async annotations(request) {
			const store = request.operatorStore;
			if (!store) return ownNotes;
			return new ClickHouseAnnotations(client, writer, store.id, ready);
		},
	};
}
