/**
 * The storage port: what a route asks of one store's data, whichever database holds it. A route
 * that reads through the port asks it for the request's `StoreView` (a reader with bound
 * parameters, the SQL spellings of its database, the store's settings) and writes its SQL once.
 *
 * Two adapters implement it: the embedded DuckDB (`duckdbStorage`, here: the server's own store)
 * and ClickHouse (`clickhouse/storage.ts`: the store an engine's operator chose, its rows on the
 * cluster). Routes registered with `config: { storePort: true }` read only through the port, so a
 * ClickHouse engine answers them for a chosen store from the same code.
 *
 * The notes on charts (`admin/routes/annotations.ts`) are kept through the port too
 * (`Storage.annotations`): the route checks and shapes, the adapter keeps the store's notes (the
 * DuckDB adapter in `db/annotations.ts`, the ClickHouse one in `clickhouse/annotations.ts`).
 */
import type { FastifyRequest } from 'fastify';

import type { ServerContext } from '../core/context.js';
import type { Row, SqlValue } from '../core/db.js';
import { duckdbAnnotations } from './annotations.js';
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

/** A note's own fields, as a route checked them (days `YYYY-MM-DD`, text, link or ''). */
export interface AnnotationFields {
	date_from: string;
	date_to: string;
	text: string;
	url: string;
}

/** Who wrote a note: the key it is kept under, the id and name shown. */
export interface AnnotationAuthor {
	key: string;
	id: number;
	name: string;
}

/** A note as kept: its fields, author and times (`YYYY-MM-DD HH:MM:SS`, UTC). */
export interface AnnotationRecord extends AnnotationFields {
	id: number;
	author_key: string;
	author_id: number;
	author_name: string;
	created: string;
	updated: string;
}

/**
 * One store's notes on charts. A change or removal reads the note and writes it as one step
 * (`check`/`change` run in between and may throw to refuse: nothing is written then).
 */
export interface AnnotationStore {
	/** The notes meeting the days (`date_to >= after`, `date_from <= before`), by first day then id. */
	list(range: { after?: string; before?: string }, limit: number): Promise<AnnotationRecord[]>;
	get(id: number): Promise<AnnotationRecord | undefined>;
	/** Adds a note with the next id; null (nothing written) when the store keeps `max` already. */
	create(
		fields: AnnotationFields,
		author: AnnotationAuthor,
		max: number,
	): Promise<AnnotationRecord | null>;
	/** Changes a note to what `change` makes of it; undefined when there is no such note. */
	update(
		id: number,
		change: (current: AnnotationRecord) => AnnotationFields,
	): Promise<AnnotationRecord | undefined>;
	/** Removes a note `check` allows; gives it as it was, undefined when there is none. */
	remove(
		id: number,
		check: (current: AnnotationRecord) => void,
	): Promise<AnnotationRecord | undefined>;
}

/** The port: the store a request reads, and its notes on charts. */
export interface Storage {
	view(request: FastifyRequest): Promise<StoreView>;
	annotations(request: FastifyRequest): Promise<AnnotationStore>;
}

declare module 'fastify' {
	interface FastifyContextConfig {
		/**
		 * The route reads store data only through the storage port (`db/storage.ts`), so a
		 * ClickHouse engine answers it for the store its operator chose.
		 */
		storePort?: boolean;
		/**
		 * The route also writes through the port (the notes on charts): a ClickHouse engine
		 * answers its writes too, for the chosen store.
		 */
		storePortWrites?: boolean;
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
	const notes = duckdbAnnotations(ctx.db);
	return { view: () => duckdbView(ctx), annotations: async () => notes };
}
