/**
 * The embedded database: one DuckDB file (one instance) with one writer connection and a few
 * reader connections, statements with bound parameters only.
 *
 * Writes (`run`, `exec`, `transaction`) go one after another through the writer; reads (`all`,
 * `one`) outside a transaction go to the least busy reader, so a long write or a slow report does
 * not hold up other clients' reads (DuckDB runs statements of different connections in parallel,
 * each read seeing the last committed state). Inside `transaction(fn)` every statement of `fn`
 * (reads too) runs on the writer, in that transaction, so it sees its own writes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

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

/** Reader connections per database. */
export const READERS = 3;

interface Reader {
	connection: DuckDBConnection;
	busy: number;
}

export class Db {
	/** The writer connection of the transaction the current async call chain runs in. */
	private readonly inTransaction = new AsyncLocalStorage<DuckDBConnection>();
	/** Writes and transactions run one after another. */
	private queue: Promise<unknown> = Promise.resolve();
	private writes = 0;

	private constructor(
		private readonly instance: DuckDBInstance,
		private readonly writer: DuckDBConnection,
		private readonly readers: Reader[],
		readonly path: string,
	) {}

	/** Opens (creating when missing) the database file; ':memory:' for a throwaway one. */
	static async open(path: string): Promise<Db> {
		const instance = await DuckDBInstance.create(path);
		const writer = await instance.connect();
		const readers: Reader[] = [];
		for (let i = 0; i < READERS; i++)
			readers.push({ connection: await instance.connect(), busy: 0 });
		return new Db(instance, writer, readers, path);
	}

	/**
	 * Changes when a write starts and when it ends: a result computed while this stayed the same
	 * saw no write land in the middle of it (caches compare it before and after a computation).
	 */
	get generation(): number {
		return this.writes;
	}

	/** Runs `task` after every write queued before it (failures do not block the queue). */
	private enqueue<T>(task: () => Promise<T>): Promise<T> {
		const counted = async (): Promise<T> => {
			this.writes += 1;
			try {
				return await task();
			} finally {
				this.writes += 1;
			}
		};
		const result = this.queue.then(counted, counted);
		this.queue = result.catch(() => undefined);
		return result;
	}

	/** Runs a statement and returns its rows as plain objects. Parameters are bound, never spliced. */
	async all<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T[]> {
		const own = this.inTransaction.getStore();
		let reader: Reader | undefined;
		let connection: DuckDBConnection;
		if (own) connection = own;
		else {
			reader = this.readers.reduce((best, r) => (r.busy < best.busy ? r : best));
			reader.busy += 1;
			connection = reader.connection;
		}
		try {
			const result = await connection.runAndReadAll(sql, params as DuckDBValue[]);
			const rows = result.getRowObjects();
			return rows.map((row) => {
				const out: Row = {};
				for (const [key, value] of Object.entries(row)) out[key] = toPlain(value);
				return out as T;
			});
		} finally {
			if (reader) reader.busy -= 1;
		}
	}

	/** First row or undefined. */
	async one<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T | undefined> {
		const rows = await this.all<T>(sql, params);
		return rows[0];
	}

	/** Runs a statement for its effect (queued behind earlier writes unless inside a transaction). */
	async run(sql: string, params: SqlValue[] = []): Promise<void> {
		const own = this.inTransaction.getStore();
		if (own) {
			await own.run(sql, params as DuckDBValue[]);
			return;
		}
		await this.enqueue(async () => {
			await this.writer.run(sql, params as DuckDBValue[]);
		});
	}

	/** Runs several statements separated by semicolons (schema scripts; no parameters). */
	async exec(script: string): Promise<void> {
		await this.run(script);
	}

	/**
	 * Runs `fn` inside BEGIN/COMMIT on the writer; rolls back and rethrows on any error. Queued:
	 * two requests writing at the same moment never BEGIN inside each other. A transaction started
	 * inside another one joins it.
	 */
	async transaction<T>(fn: () => Promise<T>): Promise<T> {
		if (this.inTransaction.getStore()) return fn();
		return this.enqueue(async () => {
			await this.writer.run('BEGIN TRANSACTION');
			try {
				const result = await this.inTransaction.run(this.writer, fn);
				await this.writer.run('COMMIT');
				return result;
			} catch (error) {
				await this.writer.run('ROLLBACK');
				throw error;
			}
		});
	}

	/** The writer connection, for bulk loading with DuckDB's appender. */
	get raw(): DuckDBConnection {
		return this.writer;
	}

	close(): void {
		for (const reader of this.readers) reader.connection.closeSync();
		this.writer.closeSync();
		this.instance.closeSync();
	}
}
