/**
 * The seam between the reports' query plans and the database engine that runs them. A report
 * builds one plan (sources, metric aggregates, bucket starts, date conditions, grouping) and asks
 * the dialect of the reader it was given to render each piece; the reader decides which engine
 * answers (the embedded DuckDB by default, ClickHouse with `--engine clickhouse://…`, see
 * `src/clickhouse`) and, for a multi-store engine, scopes every table it reads to one store.
 *
 * Dates in a plan are the store's wall time held as naive timestamps (the pipeline writes them in
 * the store's time zone and date basis), so a bucket start is computed the same way on every
 * engine; weeks start on the store's week start (ISO weeks for Monday, "simple" weeks clipped to
 * 1 January otherwise, as @abacus/date).
 */
import type { Row, SqlValue } from '../core/db.js';
import { lineCostsSql } from '../db/costs.js';

/** Interval names of stats requests (the same as @abacus/date's IntervalType). */
export type BucketInterval = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

export interface Dialect {
	readonly name: 'duckdb' | 'clickhouse';
	/** Whether the daily roll-up tables (`db/rollups.ts`) exist on this engine. */
	readonly rollups: boolean;
	/**
	 * Whether the roll-ups of revenue and orders stats by paid and by completed date
	 * (`order_basis_daily`, `order_basis_coupon_daily`, `order_basis_product_daily`) exist too.
	 */
	readonly basisRollups: boolean;
	/** Whether the daily profit roll-up (`order_profit_daily`, `db/costs.ts`) exists on this engine. */
	readonly profitRollup: boolean;
	/**
	 * A relation `(cost_item, unit_cost)`: every line of `order_product_lookup` that has a cost,
	 * with its unit cost fixed at the sale or, not fixed yet, computed from the cost history
	 * (`db/costs.ts`).
	 */
	lineCosts(): string;
	/** Start of the bucket holding a naive local TIMESTAMP column. */
	bucketStart(column: string, interval: BucketInterval, startOfWeek: number): string;
	/** An expression as text (bucket starts come back as `YYYY-MM-DD[ HH:MM:SS]`). */
	text(expr: string): string;
	/** A bound parameter read as a naive TIMESTAMP (`YYYY-MM-DD HH:MM:SS` text). */
	timestamp(placeholder: string): string;
	/** The GROUP BY list of the first `names.length` selected columns, named by their aliases. */
	groupBy(names: string[]): string;
	/**
	 * A part of a naive local TIMESTAMP (or DATE) column as a whole number: `weekday` 0 = Sunday …
	 * 6 = Saturday, `hour` 0…23, `day` days since 1970-01-01, `month` year × 12 + month − 1,
	 * `second` seconds since 1970-01-01 00:00:00.
	 */
	timePart(expr: string, part: 'weekday' | 'hour' | 'day' | 'month' | 'second'): string;
	/** A naive local TIMESTAMP column as `YYYY-MM-DDTHH:MM:SS` text. */
	isoText(expr: string): string;
	/** A metric's aggregate SQL (written in DuckDB's SQL in the metric layer) for this engine. */
	aggregate(sql: string): string;
	/** A text column holding a number (`'10.0000'`) read as a double. */
	real(expr: string): string;
	/** A SELECT giving one 64-bit integer column `id`, a row per bound placeholder (`?, ?, ?`). */
	idRows(placeholders: string): string;
	/** Case-insensitive LIKE of a text column and a bound pattern (a backslash escapes `%` and `_`). */
	ilike(expr: string, placeholder: string): string;
	/** A UTC timestamp column as wall time in `timeZone` (an IANA name, never input). */
	localTime(column: string, timeZone: string): string;
}

/** What a report needs of a database: reads with bound parameters, and the engine's dialect. */
export interface SqlReader {
	all<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]>;
	one<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T | undefined>;
	/** Absent on the embedded DuckDB database (`core/db.ts`): DUCKDB then. */
	readonly dialect?: Dialect;
}

/** The embedded DuckDB (the SQL every report was written in; rendered unchanged). */
export const DUCKDB: Dialect = {
	name: 'duckdb',
	rollups: true,
	basisRollups: true,
	profitRollup: true,
	lineCosts: () => `(SELECT order_item_id AS cost_item, unit_cost FROM order_line_costs
		UNION ALL SELECT c.order_item_id, c.unit_cost FROM ${lineCostsSql()} c
		WHERE c.unit_cost IS NOT NULL)`,
	bucketStart(column, interval, startOfWeek) {
		if (interval === 'week' && startOfWeek !== 1) {
			return `greatest(CAST(${column} AS DATE) - CAST((dayofweek(${column}) - ${startOfWeek} + 7) % 7 AS INTEGER), CAST(date_trunc('year', ${column}) AS DATE))`;
		}
		return `date_trunc('${interval}', ${column})`;
	},
	text: (expr) => `CAST(${expr} AS VARCHAR)`,
	timestamp: (placeholder) => `CAST(${placeholder} AS TIMESTAMP)`,
	groupBy: (names) => names.map((_, i) => String(i + 1)).join(', '),
	timePart(expr, part) {
		switch (part) {
			case 'weekday':
				return `CAST(dayofweek(${expr}) AS INTEGER)`;
			case 'hour':
				return `CAST(hour(${expr}) AS INTEGER)`;
			case 'day':
				return `CAST(date_diff('day', DATE '1970-01-01', CAST(${expr} AS DATE)) AS BIGINT)`;
			case 'month':
				return `CAST(year(${expr}) * 12 + month(${expr}) - 1 AS INTEGER)`;
			case 'second':
				return `CAST(epoch(${expr}) AS BIGINT)`;
		}
	},
	isoText: (expr) => `strftime(${expr}, '%Y-%m-%dT%H:%M:%S')`,
	aggregate: (sql) => sql,
	real: (expr) => `CAST(${expr} AS DOUBLE)`,
	idRows: (placeholders) => `SELECT UNNEST([${placeholders}]::BIGINT[]) AS id`,
	ilike: (expr, placeholder) => `${expr} ILIKE ${placeholder} ESCAPE '\\'`,
	localTime: (column, timeZone) =>
		`timezone('${timeZone.replace(/'/g, "''")}', timezone('UTC', ${column}))`,
};

/** The dialect of a reader (DuckDB unless the reader names another). */
export function dialectOf(db: SqlReader): Dialect {
	return db.dialect ?? DUCKDB;
}
