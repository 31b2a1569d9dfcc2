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
 * store run one after another. Each creation row carries a random `claim`, and the id's later rows
 * its note's: when two engine processes write the same new id at once, the creation with the
 * earliest version keeps it (reads take only the rows of its claim) and the other, seeing that
 * after its write, takes the next id. Versions are microseconds since 1970 (increasing in the
 * process).
 * Writes go through the Distributed table synchronously (`insert_distributed_sync`): a write
 * returns once the store's shard holds the row, so the next read sees it.
 *
 * The tables are made with the cluster's schema (`createClusterSchema`) and, for a cluster made
 * before the notes existed, on the first use of the notes by an engine (`ensureAnnotationTables`:
 * on every recorded shard, with the cluster name of the store registry's Distributed table).
 */
import { randomInt } from 'node:crypto';

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
	// Which creation a row belongs to (a random number drawn by the creating process).
	['claim', 'UInt64'],
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

/**
 * The latest row of each note of the store (removed ones included, `gone` 1). A note is the rows
 * of its id carrying the claim of the id's first creation row (`owner`): rows of another claim
 * (a creation that lost the id to another engine process) are never read.
 */
const latest = (database: string): string =>
	`SELECT id, argMin(c_from, first) AS d_from, argMin(c_to, first) AS d_to,
		argMin(c_text, first) AS t_text, argMin(c_url, first) AS t_url,
		argMin(c_key, first) AS a_key, argMin(c_id, first) AS a_id,
		argMin(c_name, first) AS a_name, argMin(c_created, first) AS t_created,
		argMin(c_updated, first) AS t_updated, argMin(c_gone, first) AS gone,
		argMin(claim, first) AS owner
	FROM (
		SELECT id, claim, min(version) AS first, argMax(date_from, version) AS c_from,
			argMax(date_to, version) AS c_to, argMax(text, version) AS c_text,
			argMax(url, version) AS c_url, argMax(author_key, version) AS c_key,
			argMax(author_id, version) AS c_id, argMax(author_name, version) AS c_name,
			argMax(created, version) AS c_created, argMax(updated, version) AS c_updated,
			argMax(deleted, version) AS c_gone
		FROM ${database}.annotations_all WHERE store_id = ? GROUP BY id, claim
	) GROUP BY id`;

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
	claim: string;
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

/** Ids tried for one new note before giving up (each taken by another process meanwhile). */
const CREATE_TRIES = 8;

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
	 * `insert_distributed_sync`); `ready` makes the tables when missing; `hooks.beforeCreate`
	 * runs between choosing a new note's id and writing it (tests write a rival there).
	 */
	constructor(
		private readonly reader: ClickHouseClient,
		private readonly writer: ClickHouseClient,
		readonly storeId: number,
		private readonly ready: () => Promise<void> = async () => {},
		private readonly hooks: { beforeCreate?: (id: number) => Promise<void> } = {},
	) {
		if (!Number.isInteger(storeId) || storeId < 1 || storeId > 0xffffffff) {
			throw new Error(`A store id is a whole number from 1 to 4294967295, not ${storeId}.`);
		}
		this.database = reader.target.database;
	}

	/** The store's notes meeting `where` (on the latest rows), each with its claim. */
	private async select(
		where: string,
		params: SqlValue[],
		tail = '',
	): Promise<Array<{ note: AnnotationRecord; claim: string }>> {
		await this.ready();
		const rows = await this.reader.all<Stored>(
			`SELECT id, toString(d_from) AS date_from, toString(d_to) AS date_to, t_text AS text,
				t_url AS url, a_key AS author_key, a_id AS author_id, a_name AS author_name,
				toString(t_created) AS created, toString(t_updated) AS updated,
				toString(owner) AS claim
			FROM (${latest(this.database)}) WHERE gone = 0${where} ${tail}`,
			[this.storeId, ...params],
		);
		return rows.map((row) => ({ note: record(row), claim: String(row.claim) }));
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
		const rows = await this.select(
			where,
			params,
			`ORDER BY d_from, id LIMIT ${Math.floor(limit)}`,
		);
		return rows.map((row) => row.note);
	}

	private async find(id: number): Promise<{ note: AnnotationRecord; claim: string } | undefined> {
		return (await this.select(' AND id = ?', [id]))[0];
	}

	async get(id: number) {
		return (await this.find(id))?.note;
	}

	private async write(
		note: AnnotationFields & { id: number; created: string; deleted: 0 | 1 },
		author: AnnotationAuthor,
		updated: string,
		claim: string,
	): Promise<void> {
		// The claim as a number in the JSON row (below 2^48: exact).
		const claimed = Number(claim);
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
				claim: claimed,
			},
		]);
	}

	private inLock<T>(fn: () => Promise<T>): Promise<T> {
		return locked(`${this.writer.target.url}/${this.database}/${this.storeId}`, async () => {
			await this.ready();
			return fn();
		});
	}

	/**
	 * Adds a note under the store's next id. Another engine process may write the same id at the
	 * same moment: the id's first creation keeps it, and a creation that lost takes the next id
	 * (its row is never read).
	 */
	create(fields: AnnotationFields, author: AnnotationAuthor, max: number) {
		return this.inLock(async () => {
			for (let attempt = 0; attempt < CREATE_TRIES; attempt++) {
				const counts = await this.reader.one<{ n: string; top: string }>(
					`SELECT toString(countIf(gone = 0)) AS n, toString(max(id)) AS top FROM (${latest(this.database)})`,
					[this.storeId],
				);
				if (Number(counts?.n ?? 0) >= max) return null;
				const id = Number(counts?.top ?? 0) + 1;
				const claim = String(randomInt(1, 2 ** 48));
				await this.hooks.beforeCreate?.(id);
				const time = now();
				await this.write({ ...fields, id, created: time, deleted: 0 }, author, time, claim);
				const kept = await this.find(id);
				if (kept?.claim === claim) return kept.note;
			}
			throw new Error(
				`No note id was free for store ${this.storeId} after ${CREATE_TRIES} tries: other engines were writing its notes.`,
			);
		});
	}

	update(id: number, change: (current: AnnotationRecord) => AnnotationFields) {
		return this.inLock(async () => {
			const current = await this.find(id);
			if (!current) return undefined;
			const fields = change(current.note);
			await this.write(
				{
					id,
					date_from: fields.date_from,
					date_to: fields.date_to,
					text: fields.text,
					url: fields.url,
					created: current.note.created,
					deleted: 0,
				},
				authorOf(current.note),
				now(),
				current.claim,
			);
			return this.get(id);
		});
	}

	remove(id: number, check: (current: AnnotationRecord) => void) {
		return this.inLock(async () => {
			const current = await this.find(id);
			if (!current) return undefined;
			check(current.note);
			await this.write(
				{ ...current.note, deleted: 1 },
				authorOf(current.note),
				now(),
				current.claim,
			);
			return current.note;
		});
	}
}

const authorOf = (note: AnnotationRecord): AnnotationAuthor => ({
	key: note.author_key,
	id: note.author_id,
	name: note.author_name,
});
