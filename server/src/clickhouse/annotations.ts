/**
 * The notes on charts of each store on the cluster (`Storage.annotations`, `db/storage.ts`): the
 * ClickHouse adapter of the port's notes, the DuckDB adapter being `db/annotations.ts`.
 *
 * Table `annotations` on each shard (MergeTree, sorted by store, note and version) and
 * `annotations_all` (Distributed, sharded by `store_id` like the store's data, so a store's notes
 * lie on the shard of its orders). ClickHouse has no UPDATE or DELETE a request can wait on, so the
 * table is append-only: a note is a row per version (its creation, each change, its removal with
 * `deleted` 1) and reads take each note's highest version, leaving out the removed ones. Every read
 * names `store_id`: a store's notes are never read under another's (`ClickHouseAnnotations` is
 * made for one store id). A load or push of the store's rows (`loadStore`) leaves the notes alone:
 * they are not in `CLICKHOUSE_TABLES`.
 *
 * Ids are the store's own (1, 2, … as on a DuckDB server): the next one is the store's highest
 * plus one, taken and written inside a lock per store, so the writes of one engine process to a
 * store run one after another. Versions are microseconds since 1970 (increasing in the process).
 * Writes go through the Distributed table synchronously (`insert_distributed_sync`): a write
 * returns once the store's shard holds the row, so the next read sees it.
 *
 * The tables are made with the cluster's schema (`createClusterSchema`) and, for a cluster made
 * before the notes existed, on the first use of the notes by an engine (`ensureAnnotationTables`:
 * on every recorded shard, with the cluster name of the store registry's Distributed table).
 */
import type { SqlValue } from '../core/db.js';
import type {
	AnnotationAuthor,
	AnnotationFields,
	AnnotationRecord,
	AnnotationStore,
} from '../db/storage.js';
import { ClickHouseClient, type ClickHouseTarget } from './client.js';
import { recordedShards } from './routing.js';

/** The notes' columns (after `store_id`), as `createClusterSchema` makes them. */
export const ANNOTATION_COLUMNS: Array<[name: string, type: string]> = [
	['id', 'UInt64'],
	['date_from', 'Date'],
	['date_to', 'Date'],
	['text', 'String'],
	['url', 'String'],
	['author_key', 'String'],
	['author_id', 'Int64'],
	['author_name', 'String'],
	['created', "DateTime('UTC')"],
	['updated', "DateTime('UTC')"],
	['deleted', 'UInt8'],
	['version', 'UInt64'],
];

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The statements making the notes' tables on one shard (`database`, cluster `cluster`). */
export function annotationTableStatements(cluster: string, database: string): string[] {
	if (!IDENTIFIER.test(cluster) || !IDENTIFIER.test(database)) {
		throw new Error('Cluster and database names must be letters, digits and _.');
	}
	const columns = [['store_id', 'UInt32'], ...ANNOTATION_COLUMNS]
		.map(([name, type]) => `${name} ${type}`)
		.join(', ');
	return [
		`CREATE TABLE IF NOT EXISTS ${database}.annotations (${columns}) ENGINE = MergeTree() ORDER BY (store_id, id, version)`,
		`CREATE TABLE IF NOT EXISTS ${database}.annotations_all AS ${database}.annotations ENGINE = Distributed(${cluster}, ${database}, annotations, store_id)`,
	];
}

/** The cluster name of the store registry's Distributed table (`stores_all`) on `client`'s node. */
async function clusterName(client: ClickHouseClient): Promise<string> {
	const database = client.target.database;
	const row = await client.one<{ statement: string }>(`SHOW CREATE TABLE ${database}.stores_all`);
	const match = /Distributed\(\s*'?([A-Za-z_][A-Za-z0-9_]*)'?\s*,/.exec(row?.statement ?? '');
	if (!match)
		throw new Error(`No Distributed table ${database}.stores_all to learn the cluster.`);
	return match[1];
}

/**
 * Makes the notes' tables where they are missing (a cluster made before them): on every shard
 * `createClusterSchema` recorded (else on `target`'s node alone).
 */
export async function ensureAnnotationTables(target: ClickHouseTarget): Promise<void> {
	const client = new ClickHouseClient(target);
	const present = await client.one<{ n: string }>(
		"SELECT count() AS n FROM system.tables WHERE database = ? AND name IN ('annotations', 'annotations_all')",
		[target.database],
	);
	if (Number(present?.n) === 2) return;
	const cluster = await clusterName(client);
	const shards = await recordedShards(target);
	for (const url of shards.length ? shards : [target.url]) {
		const shard = new ClickHouseClient({ url, database: target.database });
		for (const statement of annotationTableStatements(cluster, target.database)) {
			await shard.run(statement);
		}
	}
}

let lastVersion = 0;

/** Increasing versions: microseconds since 1970, at least one more than the last. */
function nextVersion(): number {
	lastVersion = Math.max(Date.now() * 1000, lastVersion + 1);
	return lastVersion;
}

/** Now as ClickHouse's `DateTime('UTC')` text. */
const now = (): string => new Date().toISOString().slice(0, 19).replace('T', ' ');

/** The latest row of each note of the store (removed ones included, `deleted` 1). */
const latest = (database: string): string =>
	`SELECT id, argMax(date_from, version) AS d_from, argMax(date_to, version) AS d_to,
		argMax(text, version) AS t_text, argMax(url, version) AS t_url,
		argMax(author_key, version) AS a_key, argMax(author_id, version) AS a_id,
		argMax(author_name, version) AS a_name, argMax(created, version) AS t_created,
		argMax(updated, version) AS t_updated, argMax(deleted, version) AS gone
	FROM ${database}.annotations_all WHERE store_id = ? GROUP BY id`;

interface Stored extends Record<string, string | number | null> {
	id: string | number;
	date_from: string;
	date_to: string;
	text: string;
	url: string;
	author_key: string;
	author_id: string | number;
	author_name: string;
	created: string;
	updated: string;
}

const record = (row: Stored): AnnotationRecord => ({
	id: Number(row.id),
	date_from: row.date_from,
	date_to: row.date_to,
	text: row.text,
	url: row.url,
	author_key: row.author_key,
	author_id: Number(row.author_id),
	author_name: row.author_name,
	created: row.created,
	updated: row.updated,
});

/** The writes to each store under way in this process, one after another. */
const locks = new Map<string, Promise<unknown>>();

function locked<T>(key: string, fn: () => Promise<T>): Promise<T> {
	const before = locks.get(key) ?? Promise.resolve();
	const run = before.then(fn, fn);
	const tail = run.catch(() => undefined);
	locks.set(key, tail);
	void tail.then(() => {
		if (locks.get(key) === tail) locks.delete(key);
	});
	return run;
}

/** One store's notes on the cluster. */
export class ClickHouseAnnotations implements AnnotationStore {
	private readonly database: string;

	/**
	 * `reader` reads (any node: the Distributed table), `writer` inserts (with
	 * `insert_distributed_sync`); `ready` makes the tables when missing.
	 */
	constructor(
		private readonly reader: ClickHouseClient,
		private readonly writer: ClickHouseClient,
		readonly storeId: number,
		private readonly ready: () => Promise<void> = async () => {},
	) {
		if (!Number.isInteger(storeId) || storeId < 1 || storeId > 0xffffffff) {
			throw new Error(`A store id is a whole number from 1 to 4294967295, not ${storeId}.`);
		}
		this.database = reader.target.database;
	}

	private async select(
		where: string,
		params: SqlValue[],
		tail = '',
	): Promise<AnnotationRecord[]> {
		await this.ready();
		const rows = await this.reader.all<Stored>(
			`SELECT id, toString(d_from) AS date_from, toString(d_to) AS date_to, t_text AS text,
				t_url AS url, a_key AS author_key, a_id AS author_id, a_name AS author_name,
				toString(t_created) AS created, toString(t_updated) AS updated
			FROM (${latest(this.database)}) WHERE gone = 0${where} ${tail}`,
			[this.storeId, ...params],
		);
		return rows.map(record);
	}

	async list(range: { after?: string; before?: string }, limit: number) {
		let where = '';
		const params: SqlValue[] = [];
		if (range.after !== undefined) {
			where += ' AND d_to >= toDate(?)';
			params.push(range.after);
		}
		if (range.before !== undefined) {
			where += ' AND d_from <= toDate(?)';
			params.push(range.before);
		}
		return this.select(where, params, `ORDER BY d_from, id LIMIT ${Math.floor(limit)}`);
	}

	async get(id: number) {
		return (await this.select(' AND id = ?', [id]))[0];
	}

	private async write(
		note: AnnotationFields & { id: number; created: string; deleted: 0 | 1 },
		author: AnnotationAuthor,
		updated: string,
	): Promise<void> {
		await this.writer.insert(`${this.database}.annotations_all`, [
			{
				store_id: this.storeId,
				id: note.id,
				date_from: note.date_from,
				date_to: note.date_to,
				text: note.text,
				url: note.url,
				author_key: author.key,
				author_id: author.id,
				author_name: author.name,
				created: note.created,
				updated,
				deleted: note.deleted,
				version: nextVersion(),
			},
		]);
	}

	private inLock<T>(fn: () => Promise<T>): Promise<T> {
		return locked(`${this.writer.target.url}/${this.database}/${this.storeId}`, async () => {
			await this.ready();
			return fn();
		});
	}

	create(fields: AnnotationFields, author: AnnotationAuthor, max: number) {
		return this.inLock(async () => {
			const counts = await this.reader.one<{ n: string; top: string }>(
				`SELECT toString(countIf(gone = 0)) AS n, toString(max(id)) AS top FROM (${latest(this.database)})`,
				[this.storeId],
			);
			if (Number(counts?.n ?? 0) >= max) return null;
			const id = Number(counts?.top ?? 0) + 1;
			const time = now();
			await this.write({ ...fields, id, created: time, deleted: 0 }, author, time);
			return (await this.get(id)) ?? null;
		});
	}

	update(id: number, change: (current: AnnotationRecord) => AnnotationFields) {
		return this.inLock(async () => {
			const current = await this.get(id);
			if (!current) return undefined;
			const fields = change(current);
			await this.write(
				{
					id,
					date_from: fields.date_from,
					date_to: fields.date_to,
					text: fields.text,
					url: fields.url,
					created: current.created,
					deleted: 0,
				},
				authorOf(current),
				now(),
			);
			return this.get(id);
		});
	}

	remove(id: number, check: (current: AnnotationRecord) => void) {
		return this.inLock(async () => {
			const current = await this.get(id);
			if (!current) return undefined;
			check(current);
			await this.write({ ...current, deleted: 1 }, authorOf(current), now());
			return current;
		});
	}
}

const authorOf = (note: AnnotationRecord): AnnotationAuthor => ({
	key: note.author_key,
	id: note.author_id,
	name: note.author_name,
});
