/**
 * The embedded database: one DuckDB file, one connection, statements with bound parameters only.
 * Every write that touches more than one row goes through `transaction` so that a failure leaves
 * nothing half-written.
 */
import { type DuckDBConnection, DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';

export type SqlValue = string | number | boolean | null | bigint;
export type Row = Record<string, SqlValue>;

/** Converts DuckDB values (bigint, decimals, timestamps) to plain JSON-friendly values. */
function toPlain(value: unknown): SqlValue {
	if (value === null || value === undefined) return null;
	if (typeof value === 'bigint') {
		return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
			? Number(value)
			: value.toString();
	}
	if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
		return value;
	}
	// DuckDB value objects (DECIMAL, TIMESTAMP, ...) render with toString().
	return String(value);
}

export class Db {
	private constructor(
		private readonly instance: DuckDBInstance,
		private readonly connection: DuckDBConnection,
		readonly path: string,
	) {}

	/** Opens (creating when missing) the database file; ':memory:' for a throwaway one. */
	static async open(path: string): Promise<Db> {
		const instance = await DuckDBInstance.create(path);
		const connection = await instance.connect();
		return new Db(instance, connection, path);
	}

	/** Runs a statement and returns its rows as plain objects. Parameters are bound, never spliced. */
	async all<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T[]> {
		const reader = await this.connection.runAndReadAll(sql, params as DuckDBValue[]);
		const rows = reader.getRowObjects();
		return rows.map((row) => {
			const out: Row = {};
			for (const [key, value] of Object.entries(row)) out[key] = toPlain(value);
			return out as T;
		});
	}

	/** First row or undefined. */
	async one<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T | undefined> {
		const rows = await this.all<T>(sql, params);
		return rows[0];
	}

	/** Runs a statement for its effect. */
	async run(sql: string, params: SqlValue[] = []): Promise<void> {
		await this.connection.run(sql, params as DuckDBValue[]);
	}

	/** Runs several statements separated by semicolons (schema scripts; no parameters). */
	async exec(script: string): Promise<void> {
		await this.connection.run(script);
	}

	/** Transactions run one after another on the shared connection. */
	private queue: Promise<unknown> = Promise.resolve();

	/**
	 * Runs `fn` inside BEGIN/COMMIT; rolls back and rethrows on any error. Transactions are queued:
	 * two requests writing at the same moment never BEGIN inside each other. Not re-entrant.
	 */
	async transaction<T>(fn: () => Promise<T>): Promise<T> {
		const run = async (): Promise<T> => {
			await this.connection.run('BEGIN TRANSACTION');
			try {
				const result = await fn();
				await this.connection.run('COMMIT');
				return result;
			} catch (error) {
				await this.connection.run('ROLLBACK');
				throw error;
			}
		};
		const result = this.queue.then(run, run);
		this.queue = result.catch(() => undefined);
		return result;
	}

	/** The raw connection, for bulk loading with DuckDB's appender. */
	get raw(): DuckDBConnection {
		return this.connection;
	}

	close(): void {
		this.connection.closeSync();
		this.instance.closeSync();
	}
}
