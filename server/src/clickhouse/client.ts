/**
 * ClickHouse over its HTTP interface (port 8123 by default): one POST per statement, rows read as
 * JSON. ClickHouse 18.16 has no bound query parameters, so `?` placeholders are replaced by
 * literals here: numbers must be finite, strings are quoted with every backslash and quote escaped,
 * booleans become 1/0, null NULL. Nothing else is spliced into a statement.
 */
import http from 'node:http';
import https from 'node:https';

import type { Row, SqlValue } from '../core/db.js';

export interface ClickHouseTarget {
	/** `http://host:port` */
	url: string;
	database: string;
}

/** `clickhouse://host:port/db` (or http://…) → the HTTP endpoint and database. */
export function parseEngineUrl(text: string): ClickHouseTarget {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw new Error(`--engine must look like clickhouse://host:port/database, not "${text}".`);
	}
	if (!['clickhouse:', 'http:'].includes(url.protocol) || !url.hostname) {
		throw new Error(`--engine must look like clickhouse://host:port/database, not "${text}".`);
	}
	const database = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, '')) || 'default';
	if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(database)) {
		throw new Error(
			`The ClickHouse database name "${database}" must be letters, digits and _.`,
		);
	}
	return { url: `http://${url.hostname}:${url.port || '8123'}`, database };
}

/** A SQL literal for a value (see the file comment). */
export function literal(value: SqlValue): string {
	if (value === null) return 'NULL';
	if (typeof value === 'boolean') return value ? '1' : '0';
	if (typeof value === 'bigint') return value.toString();
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
		return String(value);
	}
	const text = clampDate(value);
	return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * A date or date-time string outside what ClickHouse's `Date`/`DateTime` hold (1970 to 2105):
 * the nearest day it holds. A range the API allows (years 1000 to 9999) would otherwise be read
 * as another date (18.16 wraps it) and match no order; no row lies outside those years.
 */
function clampDate(value: string): string {
	const match = /^(\d{4})-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.exec(value);
	if (!match) return value;
	const year = Number(match[1]);
	const length = value.length;
	if (year < 1970) return '1970-01-01 00:00:00'.slice(0, length);
	if (year > 2105) return '2105-12-31 23:59:59'.slice(0, length);
	return value;
}

/** Replaces each `?` outside quotes with the next parameter's literal. */
export function bind(sql: string, params: SqlValue[]): string {
	let out = '';
	let next = 0;
	let quote: string | null = null;
	for (let i = 0; i < sql.length; i++) {
		const ch = sql[i];
		if (quote) {
			out += ch;
			if (ch === '\\') out += sql[++i] ?? '';
			else if (ch === quote) quote = null;
			continue;
		}
		if (ch === "'" || ch === '"' || ch === '`') quote = ch;
		if (ch === '?') {
			if (next >= params.length) throw new Error('More placeholders than parameters.');
			out += literal(params[next++]);
			continue;
		}
		out += ch;
	}
	if (next !== params.length) throw new Error('More parameters than placeholders.');
	return out;
}

/**
 * The connections to ClickHouse, kept open between statements (an idle one is not kept from the
 * process's exit). Node's own HTTP client: `fetch` cost the engine's process 1.5–2 ms of CPU per
 * statement against 0.5 ms, and, writing the body apart from the headers, often waited 40 ms for
 * the server's delayed acknowledgement (measured on this 2-core machine, 300 small SELECTs).
 */
const agents = {
	http: new http.Agent({ keepAlive: true }),
	https: new https.Agent({ keepAlive: true }),
};

/** A response: its status and whole body. */
interface Reply {
	status: number;
	text: string;
}

/** POSTs `body` to `url` and reads the whole answer; `reused`: it went on a kept-open connection. */
function send(url: URL, body: string): Promise<Reply & { reused?: boolean }> {
	const secure = url.protocol === 'https:';
	return new Promise((resolve, reject) => {
		const request = (secure ? https : http).request(
			url,
			{
				method: 'POST',
				agent: secure ? agents.https : agents.http,
				headers: { 'Content-Length': Buffer.byteLength(body) },
			},
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('error', reject);
				response.on('end', () =>
					resolve({
						status: response.statusCode ?? 0,
						text: Buffer.concat(chunks).toString('utf8'),
					}),
				);
			},
		);
		request.on('error', (error: Error & { reused?: boolean }) => {
			error.reused = request.reusedSocket;
			reject(error);
		});
		request.end(body);
	});
}

/**
 * Whether a failed request was a write to (or reset of) a kept-open connection the server had
 * closed while it was idle: it read no statement.
 */
function staleConnection(error: unknown): boolean {
	const failed = error as { code?: unknown; reused?: boolean } | undefined;
	return failed?.reused === true && ['EPIPE', 'ECONNRESET'].includes(String(failed.code));
}

export class ClickHouseClient {
	constructor(
		readonly target: ClickHouseTarget,
		private readonly settings: Record<string, string | number> = {},
	) {}

	private async post(sql: string, body?: string): Promise<string> {
		const query = new URLSearchParams({ database: this.target.database });
		for (const [key, value] of Object.entries(this.settings)) query.set(key, String(value));
		if (body !== undefined) query.set('query', sql);
		const url = new URL(`${this.target.url}/?${query}`);
		let response: Reply;
		try {
			response = await send(url, body ?? sql);
		} catch (error) {
			// A kept-alive connection the server closed while idle (ClickHouse's keep_alive_timeout
			// is 3 s by default) fails on the next write before the server read a statement: sent
			// again once on a fresh connection. Any other failure is the caller's.
			if (!staleConnection(error)) throw error;
			response = await send(url, body ?? sql);
		}
		if (response.status < 200 || response.status > 299)
			throw new Error(`ClickHouse: ${response.text.trim().slice(0, 2000)}`);
		return response.text;
	}

	/** Runs a statement for its effect. */
	async run(sql: string, params: SqlValue[] = []): Promise<void> {
		await this.post(bind(sql, params));
	}

	/** Rows of a SELECT as plain objects (64-bit integers as numbers when safe, else text). */
	async all<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T[]> {
		const text = await this.post(`${bind(sql, params)} FORMAT JSONEachRow`);
		return text
			.split('\n')
			.filter((line) => line.length > 0)
			.map((line) => JSON.parse(line) as T);
	}

	async one<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T | undefined> {
		return (await this.all<T>(sql, params))[0];
	}

	/** Inserts rows (objects keyed by column; arrays for Array columns) in one request, as JSONEachRow. */
	async insert(table: string, rows: Array<Record<string, SqlValue | SqlValue[]>>): Promise<void> {
		if (!rows.length) return;
		const body = rows.map((row) => JSON.stringify(row)).join('\n');
		await this.post(`INSERT INTO ${table} FORMAT JSONEachRow`, body);
	}
}

/**
 * Waits until `shard` has no unfinished mutation (an `ALTER TABLE … DELETE`, asynchronous on
 * ClickHouse) on `table` (or on any of several tables: their mutations run side by side and are
 * waited for together), at most 2 minutes; `what` names the rows being removed in the error.
 */
export async function waitForMutations(
	shard: ClickHouseClient,
	table: string | string[],
	what: string,
): Promise<void> {
	const tables = typeof table === 'string' ? [table] : table;
	if (!tables.length) return;
	const deadline = Date.now() + 120_000;
	for (;;) {
		const pending = await shard.one<{ n: string }>(
			`SELECT count() AS n FROM system.mutations WHERE database = ? AND table IN (${tables.map(() => '?').join(', ')}) AND is_done = 0`,
			[shard.target.database, ...tables],
		);
		if (!Number(pending?.n)) return;
		if (Date.now() > deadline) {
			throw new Error(`Removing ${what} did not finish in 2 minutes on ${shard.target.url}.`);
		}
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}
