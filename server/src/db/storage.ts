/**
 * The storage port: what a route asks of one store's data, whichever database holds it. A route
 * that reads through the port asks it for the request's `StoreView` (a reader with bound
 * parameters, the SQL spellings of its database, the store's settings) and writes its SQL once.
 *
 * Two adapters implement it: the embedded DuckDB (`duckdbStorage`, here: the server's own store)
 * and ClickHouse (`clickhouse/storage.ts`: the store an engine's operator chose, its rows on the
 * cluster). Routes registered with `config: { storePort: true }` read only through the port, so a
 * ClickHouse engine answers them for a chosen store from the same code.
 */
import type { FastifyRequest } from 'fastify';

import type { ServerContext } from '../core/context.js';
import type { Row, SqlValue } from '../core/db.js';
import { storeSettings, type StoreSettings } from './store-settings.js';

/** Reads with bound parameters (`?` placeholders). */
export interface StoreReader {
	all<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]>;
	one<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T | undefined>;
}

/**
 * The SQL spellings that differ between the adapters. Everything else a port route writes runs
 * on both: `count(*)`, `IN (…)`, `LIKE`, `coalesce`, `CASE`, subqueries in FROM, one JOIN per
 * SELECT, `ORDER BY … NULLS LAST`, `LIMIT ? OFFSET ?`, every selected column named by an alias
 * (ClickHouse 18.16 keeps a qualified name such as `p.id` as the column's name otherwise).
 */
export interface StoreSql {
	/** Lower case of a text expression (Unicode). */
	lower(expr: string): string;
	/** Whether a text expression starts with a bound text. */
	startsWith(expr: string, placeholder: string): string;
	/** An expression as text. */
	text(expr: string): string;
	/** Text expressions joined by `separator` (a literal without quotes). */
	concatWs(separator: string, exprs: string[]): string;
	/** The number of rows of a group meeting a condition. */
	countIf(condition: string): string;
	/** A sum as a double. */
	realSum(expr: string): string;
}

/** One request's store: how to read it and its settings. */
export interface StoreView {
	reader: StoreReader;
	sql: StoreSql;
	settings: StoreSettings;
}

/** The port: the store a request reads. */
export interface Storage {
	view(request: FastifyRequest): Promise<StoreView>;
}

declare module 'fastify' {
	interface FastifyContextConfig {
		/**
		 * The route reads store data only through the storage port (`db/storage.ts`), so a
		 * ClickHouse engine answers it for the store its operator chose.
		 */
		storePort?: boolean;
	}
}

const quoted = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** DuckDB's spellings. */
export const DUCKDB_SQL: StoreSql = {
	lower: (expr) => `lower(${expr})`,
	startsWith: (expr, placeholder) => `starts_with(${expr}, ${placeholder})`,
	text: (expr) => `CAST(${expr} AS VARCHAR)`,
	concatWs: (separator, exprs) => `concat_ws(${quoted(separator)}, ${exprs.join(', ')})`,
	countIf: (condition) => `count(*) FILTER (WHERE ${condition})`,
	realSum: (expr) => `sum(${expr})`,
};

/** The server's own store (the embedded DuckDB) as a view. */
export async function duckdbView(ctx: ServerContext): Promise<StoreView> {
	return { reader: ctx.db, sql: DUCKDB_SQL, settings: await storeSettings(ctx) };
}

/** The DuckDB adapter: every request reads the server's own store. */
export function duckdbStorage(ctx: ServerContext): Storage {
	return { view: () => duckdbView(ctx) };
}
