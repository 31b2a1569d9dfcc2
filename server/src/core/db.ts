/**
 * The embedded database: one DuckDB file (one instance) with one writer connection and a few
 * reader connections, statements with bound parameters only: a read's text values of a few strictly
 * checked shapes (dates, timestamps, order status slugs) are written into its text as quoted
 * constants instead (`inlineSafeValues`), since DuckDB uses constants, not parameters, to skip the
 * data a filter excludes.
 *
 * Writes (`run`, `exec`, `transaction`) go one after another through the writer; reads (`all`,
 * `one`) outside a transaction go to the least busy reader, so a long write or a slow report does
 * not hold up other clients' reads (DuckDB runs statements of different connections in parallel,
 * each read seeing the last committed state). Inside `transaction(fn)` every statement of `fn`
 * (reads too) runs on the writer, in that transaction, so it sees its own writes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';

import {
	type DuckDBConnection,
	DuckDBDateValue,
	DuckDBInstance,
	type DuckDBPreparedStatement,
	type DuckDBMaterializedResult,
	DuckDBTimestampValue,
	type DuckDBValue,
} from '@duckdb/node-api';

export type SqlValue = string | number | boolean | null | bigint;
export type Row = Record<string, SqlValue>;

const MS_PER_DAY = 86_400_000;
const MICROS_PER_DAY = 86_400_000_000;
/** Day numbers (days since 1970-01-01) of 0001-01-01 and 9999-12-31. */
const FIRST_DAY = -719_162;
const LAST_DAY = 2_932_896;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
/** `00` … `59`. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
/** `YYYY-MM-DD` by day number, for the days read so far (bounded). */
const dayTexts = new Map<number, string>();

/** `YYYY-MM-DD` of a day number between FIRST_DAY and LAST_DAY, as DuckDB's toString() writes it. */
function dayText(days: number): string {
	let text = dayTexts.get(days);
	if (text === undefined) {
		const date = new Date(days * MS_PER_DAY);
		text = `${String(date.getUTCFullYear()).padStart(4, '0')}-${TWO_DIGITS[date.getUTCMonth() + 1]}-${TWO_DIGITS[date.getUTCDate()]}`;
		if (dayTexts.size >= 100_000) dayTexts.clear();
		dayTexts.set(days, text);
	}
	return text;
}

/**
 * `YYYY-MM-DD HH:MM:SS[.ffffff]` of a TIMESTAMP (microseconds since the epoch), the text its
 * toString() gives (the fraction without trailing zeros), computed with numbers instead of bigints
 * and the date part remembered by day; undefined outside the range of safe integers.
 */
function timestampText(micros: bigint): string | undefined {
	const n = Number(micros);
	if (!Number.isSafeInteger(n)) return undefined;
	const days = Math.floor(n / MICROS_PER_DAY);
	if (days < FIRST_DAY || days > LAST_DAY) return undefined;
	const inDay = n - days * MICROS_PER_DAY;
	const fraction = inDay % 1_000_000;
	const seconds = (inDay - fraction) / 1_000_000;
	const time = `${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}`;
	return fraction === 0
		? `${dayText(days)} ${time}`
		: `${dayText(days)} ${time}.${String(fraction).padStart(6, '0').replace(/0+$/, '')}`;
}

/** Converts DuckDB values (bigint, decimals, timestamps) to plain JSON-friendly values. */
function toPlain(value: unknown): SqlValue {
	if (value === null || value === undefined) return null;
	if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
		return value;
	}
	if (typeof value === 'bigint') {
		return value <= MAX_SAFE && value >= MIN_SAFE ? Number(value) : value.toString();
	}
	if (value instanceof DuckDBTimestampValue) return timestampText(value.micros) ?? String(value);
	if (value instanceof DuckDBDateValue && value.days >= FIRST_DAY && value.days <= LAST_DAY)
		return dayText(value.days);
	// Other DuckDB value objects (DECIMAL, TIMESTAMP WITH TIME ZONE, ...) render with toString().
	return String(value);
}

/**
 * The threads each database's statements may use: `ABACUS_DUCKDB_THREADS` (1 to 256), else one
 * per core but one, at least one. The core left over runs the server's own thread (the HTTP
 * requests, the answers' JSON) beside the statements: on the 2-core machine of the benches, with
 * DuckDB's own choice of one thread per core, a statement's second thread halved nothing and its
 * waits for the first doubled the CPU it took, at every size measured: a server process answering
 * another's requests, 1,000,000 orders, revenue by day over a month 41 -> 30 ms, orders by week
 * over a quarter 66 -> 44 ms, the leaderboards 49 -> 37 ms, a year by day 190 -> 159 ms (two
 * alternating runs each); at 200,000 orders the leaderboards 31 -> 21 ms.
 * Anything else than a whole number in that range is refused with what was wrong.
 */
export function duckdbThreads(
	env: NodeJS.ProcessEnv = process.env,
	cores: number = availableParallelism(),
): string {
	const raw = env.ABACUS_DUCKDB_THREADS;
	if (raw === undefined || raw === '') return String(Math.max(1, cores - 1));
	const value = raw.trim();
	if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 256)
		throw new Error(
			`ABACUS_DUCKDB_THREADS is "${raw}": it must be a whole number of threads from 1 to 256 (or unset, for one per core but one).`,
		);
	return String(Number(value));
}

/**
 * When `error` is DuckDB's refusal to open a file another process holds ("Could not set lock on
 * file", DuckDB letting one process open a database): that process's id when DuckDB names it
 * (else null), in `{ pid }`. Null for any other error.
 */
export function lockHolder(error: unknown): { pid: string | null } | null {
	const text = error instanceof Error ? error.message : String(error);
	if (!/Could not set lock on file/i.test(text)) return null;
	return { pid: /PID (\d+)/.exec(text)?.[1] ?? null };
}

/** Reader connections per database. */
export const READERS = 3;

/**
 * The text values a read writes into its statement: a date (`2026-11-01`), a timestamp
 * (`2026-11-01 00:00:00`, a fraction of up to 6 digits) or an order status slug (`wc-pending`).
 * Each is made of digits, lower-case letters, `-`, `_`, `:`, `.` and spaces only, so that within
 * single quotes it is a constant and nothing else.
 */
const SAFE_TEXT = /^(\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2}(\.\d{1,6})?)?|wc-[a-z0-9_-]{1,40})$/;

/**
 * A statement with more values than this (an IN list of a page's ids: an export's batch holds
 * 5,000) has its integers written in too, and is not kept prepared (its text is that page's own).
 * DuckDB binds each value one by one and compares an IN list of parameters value by value, while
 * it reads a long list of constants as a table it joins: the extended information of 5,000 orders
 * 119 -> 68 ms for their items, 112 -> 80 ms for their customers.
 */
export const MANY_VALUES = 100;

/**
 * `sql` with each `?` whose value is a text of a SAFE_TEXT shape replaced by that text in single
 * quotes (and, in a statement of more than MANY_VALUES values, each integer by its digits; in any
 * statement, the whole number after LIMIT or OFFSET), and the values left to bind. DuckDB filters
 * a table scan by constants (its zone maps skip the row groups outside a date range; parameters
 * are compared row by row after the scan): on the 200,000-order store the month's indicators took
 * 3.7 ms with their dates and statuses bound, 1.1 ms written in. Placeholders are found outside
 * quoted text, quoted names and comments; a statement whose quotes do not close is returned
 * unchanged.
 */
export function inlineSafeValues(sql: string, params: SqlValue[]): [string, SqlValue[]] {
	const numbers = params.length > MANY_VALUES;
	const written = (value: SqlValue): string | null => {
		if (typeof value === 'string') return SAFE_TEXT.test(value) ? `'${value}'` : null;
		if (!numbers) return null;
		if (
			typeof value !== 'bigint' &&
			!(typeof value === 'number' && Number.isSafeInteger(value))
		)
			return null;
		// A negative in brackets: `a-?` must not become the comment `a--5`.
		return value < 0 ? `(${value})` : String(value);
	};
	// The row count of LIMIT and OFFSET, whatever the statement's length: DuckDB binds a statement
	// whose LIMIT is a parameter again on every run (a bound LIMIT 5 cost the month's products
	// leaderboard on the 200,000-order store 1.0 ms where the same text with 5 written in took 0.5,
	// its categories 2.3 ms against 1.5).
	const countWritten = (value: SqlValue): string | null =>
		(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
		(typeof value === 'bigint' && value >= 0n)
			? String(value)
			: null;
	if (!params.some((p) => written(p) !== null) && !/\b(?:LIMIT|OFFSET)\s*\?/i.test(sql))
		return [sql, params];
	let out = '';
	const kept: SqlValue[] = [];
	let next = 0;
	let i = 0;
	while (i < sql.length) {
		const ch = sql[i];
		let end = -1;
		if (ch === "'" || ch === '"') {
			// Quoted text or name (a doubled quote inside is part of it).
			end = i + 1;
			for (;;) {
				end = sql.indexOf(ch, end);
				if (end < 0) return [sql, params];
				if (sql[end + 1] !== ch) break;
				end += 2;
			}
			end += 1;
		} else if (ch === '-' && sql[i + 1] === '-') {
			const line = sql.indexOf('\n', i);
			end = line < 0 ? sql.length : line;
		} else if (ch === '/' && sql[i + 1] === '*') {
			end = sql.indexOf('*/', i + 2);
			if (end < 0) return [sql, params];
			end += 2;
		}
		if (end >= 0) {
			out += sql.slice(i, end);
			i = end;
			continue;
		}
		if (ch === '?') {
			const value = params[next++];
			const constant = /[^\w](?:LIMIT|OFFSET)\s*$/i.test(out.slice(-24))
				? countWritten(value)
				: written(value);
			if (constant !== null) out += constant;
			else {
				out += '?';
				kept.push(value);
			}
		} else out += ch;
		i += 1;
	}
	// A count of placeholders other than the values': leave it to DuckDB to say so.
	if (next !== params.length) return [sql, params];
	return [out, kept];
}

/** Statement texts whose prepared statements a reader keeps (least recently used dropped first). */
export const PREPARED_PER_READER = 256;

interface Reader {
	connection: DuckDBConnection;
	busy: number;
	/**
	 * Idle prepared statements by SQL text, most recently used last. A statement is taken out
	 * while it runs, so two reads of the same text at once each have their own.
	 */
	prepared: Map<string, DuckDBPreparedStatement[]>;
	/** The database's write count (`Db.generation`) the kept statements were prepared at. */
	generation: number;
}

/** Drops a reader's kept statements. */
function forget(reader: Reader): void {
	for (const pool of reader.prepared.values()) for (const s of pool) s.destroySync();
	reader.prepared.clear();
}

/** A result's column names (a repeated name made unique, as getRowObjects() names them) and values. */
interface Columns {
	names: string[];
	columns: DuckDBValue[][];
}

/**
 * The whole of a result, read as soon as it is run: its chunks are in memory by then and are read
 * here without going back to DuckDB's threads, where the result's reader went back once per chunk
 * and once more for the end (on the 200,000-order store the month's indicators, four statements,
 * 2.3 -> 1.8 ms a request, 3.3 -> 2.5 ms after an idle moment, when each trip wakes a thread).
 */
function readColumns(result: DuckDBMaterializedResult): Columns {
	const names = result.deduplicatedColumnNames();
	const columns: DuckDBValue[][] = names.map(() => []);
	for (let i = 0; i < result.chunkCount; i++) result.getChunk(i).appendToColumns(columns);
	return { names, columns };
}

/**
 * Runs `sql` on a reader through a prepared statement kept from an earlier read of the same text
 * since the last write: parsing and planning are paid once per text and reader, not on every
 * request. A write drops them all: a plan may rest on the data's statistics at the time (DuckDB
 * plans again by itself when a table's definition changes, not when its rows do; a kept plan's
 * aggregate sized by the statistics failed on rows written later).
 */
async function runPrepared(
	reader: Reader,
	sql: string,
	params: SqlValue[],
	generation: number,
): Promise<Columns> {
	if (reader.generation !== generation) {
		forget(reader);
		reader.generation = generation;
	}
	const idle = reader.prepared.get(sql);
	let statement = idle?.pop();
	if (idle) {
		// Most recently used last.
		reader.prepared.delete(sql);
		reader.prepared.set(sql, idle);
	}
	if (!statement) {
		try {
			statement = await reader.connection.prepare(sql);
		} catch {
			// Not one statement (a script), or one DuckDB refuses: run as given, for its rows or
			// its own error.
			return readColumns(await reader.connection.run(sql, params as DuckDBValue[]));
		}
	}
	let ok = false;
	try {
		statement.bind(params as DuckDBValue[]);
		// Read before the statement goes back to the pool for another read.
		const result = readColumns(await statement.run());
		ok = true;
		return result;
	} finally {
		if (ok && reader.generation === generation) {
			statement.clearBindings();
			const pool = reader.prepared.get(sql) ?? [];
			if (pool.length < READERS) {
				pool.push(statement);
				reader.prepared.delete(sql);
				reader.prepared.set(sql, pool);
			} else statement.destroySync();
			while (reader.prepared.size > PREPARED_PER_READER) {
				const [oldest, dropped] = reader.prepared.entries().next().value as [
					string,
					DuckDBPreparedStatement[],
				];
				reader.prepared.delete(oldest);
				for (const s of dropped) s.destroySync();
			}
		} else statement.destroySync();
	}
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
		const threads = duckdbThreads();
		const instance = await DuckDBInstance.create(path, { threads });
		const writer = await instance.connect();
		const readers: Reader[] = [];
		for (let i = 0; i < READERS; i++)
			readers.push({
				connection: await instance.connect(),
				busy: 0,
				prepared: new Map(),
				generation: 0,
			});
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

	/**
	 * Runs a statement and returns its rows as plain objects. Parameters are bound, never spliced,
	 * but for the texts of the strictly checked shapes of `inlineSafeValues`.
	 */
	async all<T extends Row = Row>(statement: string, values: SqlValue[] = []): Promise<T[]> {
		const [sql, params] = inlineSafeValues(statement, values);
		// A long list's text is its page's own: prepared for this read only.
		const keep = values.length <= MANY_VALUES;
		const own = this.inTransaction.getStore();
		let reader: Reader | undefined;
		if (!own) {
			reader = this.readers.reduce((best, r) => (r.busy < best.busy ? r : best));
			reader.busy += 1;
		}
		try {
			const { names, columns } =
				reader && keep
					? await runPrepared(reader, sql, params, this.writes)
					: readColumns(
							await (reader?.connection ?? (own as DuckDBConnection)).run(
								sql,
								params as DuckDBValue[],
							),
						);
			// Read column by column (one vector each), converted, then made into rows.
			const count = names.length > 0 ? columns[0].length : 0;
			for (const column of columns)
				for (let i = 0; i < count; i++) column[i] = toPlain(column[i]) as DuckDBValue;
			const rows: T[] = new Array<T>(count);
			for (let i = 0; i < count; i++) {
				const row: Row = {};
				for (let c = 0; c < names.length; c++) row[names[c]] = columns[c][i] as SqlValue;
				rows[i] = row as T;
			}
			return rows;
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
		for (const reader of this.readers) {
			forget(reader);
			reader.connection.closeSync();
		}
		this.writer.closeSync();
		this.instance.closeSync();
	}
}
