/**
 * The DuckDB adapter's notes on charts (`Storage.annotations`, `db/storage.ts`): the table
 * `abacus_annotations` of the server's own database, ids from the sequence
 * `abacus_annotation_ids`; a change reads and writes in one transaction.
 */
import type { Db } from '../core/db.js';
import type {
	AnnotationAuthor,
	AnnotationFields,
	AnnotationRecord,
	AnnotationStore,
} from './storage.js';

const ready = new WeakMap<Db, Promise<void>>();

/** Creates the notes' table once per database. */
export function ensureAnnotationSchema(db: Db): Promise<void> {
	let done = ready.get(db);
	if (!done) {
		done = db.exec(`
			CREATE SEQUENCE IF NOT EXISTS abacus_annotation_ids START 1;
			CREATE TABLE IF NOT EXISTS abacus_annotations (
				id BIGINT PRIMARY KEY, date_from DATE NOT NULL, date_to DATE NOT NULL,
				text VARCHAR NOT NULL, url VARCHAR NOT NULL DEFAULT '',
				author_key VARCHAR NOT NULL, author_id BIGINT NOT NULL DEFAULT 0,
				author_name VARCHAR NOT NULL DEFAULT '',
				created TIMESTAMP NOT NULL, updated TIMESTAMP NOT NULL
			);
		`);
		ready.set(db, done);
		done.catch(() => ready.delete(db));
	}
	return done;
}

interface Stored extends Record<string, string | number | bigint | null | boolean> {
	id: number | bigint;
	date_from: string;
	date_to: string;
	text: string;
	url: string;
	author_key: string;
	author_id: number | bigint;
	author_name: string;
	created: string;
	updated: string;
}

const SELECT = `SELECT id, strftime(date_from, '%Y-%m-%d') AS date_from,
	strftime(date_to, '%Y-%m-%d') AS date_to, text, url, author_key, author_id, author_name,
	strftime(created, '%Y-%m-%d %H:%M:%S') AS created,
	strftime(updated, '%Y-%m-%d %H:%M:%S') AS updated FROM abacus_annotations`;

const NOW = "CAST(now() AT TIME ZONE 'UTC' AS TIMESTAMP)";

const record = (row: Stored): AnnotationRecord => ({
	...row,
	id: Number(row.id),
	author_id: Number(row.author_id),
});

/**
 * Whether the notes' table exists: reads, and changes of notes that cannot exist yet, answer
 * without creating it (a refused or empty request leaves the database as it was).
 */
async function hasAnnotationSchema(db: Db): Promise<boolean> {
	if (ready.has(db)) {
		await ready.get(db);
		return true;
	}
	const row = await db.one<{ n: number | bigint }>(
		`SELECT COUNT(*) AS n FROM duckdb_tables()
		 WHERE database_name = current_database() AND schema_name = current_schema()
		   AND table_name = 'abacus_annotations'`,
	);
	return Number(row?.n ?? 0) > 0;
}

/** The notes of the database `db` (its table made by the first note written). */
export function duckdbAnnotations(db: Db): AnnotationStore {
	async function find(id: number): Promise<AnnotationRecord | undefined> {
		const row = await db.one<Stored>(`${SELECT} WHERE id = ?`, [id]);
		return row && record(row);
	}
	return {
		async list(range, limit) {
			if (!(await hasAnnotationSchema(db))) return [];
			const conditions: string[] = [];
			const params: string[] = [];
			if (range.after !== undefined) {
				conditions.push('date_to >= CAST(? AS DATE)');
				params.push(range.after);
			}
			if (range.before !== undefined) {
				conditions.push('date_from <= CAST(? AS DATE)');
				params.push(range.before);
			}
			const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
			const rows = await db.all<Stored>(
				`${SELECT}${where} ORDER BY date_from, id LIMIT ${Math.floor(limit)}`,
				params,
			);
			return rows.map(record);
		},
		async get(id) {
			if (!(await hasAnnotationSchema(db))) return undefined;
			return find(id);
		},
		async create(fields: AnnotationFields, author: AnnotationAuthor, max: number) {
			await ensureAnnotationSchema(db);
			return db.transaction(async () => {
				const count = await db.one<{ n: number | bigint }>(
					'SELECT COUNT(*) AS n FROM abacus_annotations',
				);
				if (Number(count?.n ?? 0) >= max) return null;
				const next = await db.one<{ id: number | bigint }>(
					"SELECT nextval('abacus_annotation_ids') AS id",
				);
				const id = Number(next?.id);
				await db.run(
					`INSERT INTO abacus_annotations (id, date_from, date_to, text, url, author_key,
						author_id, author_name, created, updated)
					 VALUES (?, CAST(? AS DATE), CAST(? AS DATE), ?, ?, ?, ?, ?, ${NOW}, ${NOW})`,
					[
						id,
						fields.date_from,
						fields.date_to,
						fields.text,
						fields.url,
						author.key,
						author.id,
						author.name,
					],
				);
				return (await find(id)) ?? null;
			});
		},
		async update(id, change) {
			if (!(await hasAnnotationSchema(db))) return undefined;
			return db.transaction(async () => {
				const current = await find(id);
				if (!current) return undefined;
				const fields = change(current);
				await db.run(
					`UPDATE abacus_annotations SET date_from = CAST(? AS DATE),
						date_to = CAST(? AS DATE), text = ?, url = ?, updated = ${NOW} WHERE id = ?`,
					[fields.date_from, fields.date_to, fields.text, fields.url, id],
				);
				return find(id);
			});
		},
		async remove(id, check) {
			if (!(await hasAnnotationSchema(db))) return undefined;
			return db.transaction(async () => {
				const current = await find(id);
				if (!current) return undefined;
				check(current);
				await db.run('DELETE FROM abacus_annotations WHERE id = ?', [id]);
				return current;
			});
		},
	};
}
