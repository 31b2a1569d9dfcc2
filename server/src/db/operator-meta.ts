/**
 * An engine operator's own preferences (the `woocommerce_meta` of `wp/v2/users/me`: report
 * columns, dashboard layout, saved views, navigation favourites), kept in the engine's own
 * database per operator: two operators signed in to one engine never share or overwrite each
 * other's. The table is made on first use (`operator_meta`, keyed by the operator's name and the
 * meta key); the values are the JSON strings the route checked.
 *
 * Which operator a request is: `request.operatorName`, set on a ClickHouse engine for a
 * signed-in operator's request to the operator's own routes (`clickhouse-engine/operator-store.ts`);
 * declared here, beneath the routes that read it.
 */
import type { Db } from '../core/db.js';

declare module 'fastify' {
	interface FastifyRequest {
		/**
		 * The signed-in engine operator a request to the operator's own routes is for (its
		 * preferences are its own: `operator-meta.ts`); undefined on a store's own server.
		 */
		operatorName?: string;
	}
}

const made = new WeakMap<Db, Promise<void>>();

/** Makes the table once per database (asked again after a failure). */
function ensureTable(db: Db): Promise<void> {
	let ready = made.get(db);
	if (!ready) {
		ready = db.exec(`CREATE TABLE IF NOT EXISTS operator_meta (
			operator VARCHAR NOT NULL,
			meta_key VARCHAR NOT NULL,
			meta_value VARCHAR NOT NULL,
			PRIMARY KEY (operator, meta_key)
		)`);
		made.set(db, ready);
		ready.catch(() => made.delete(db));
	}
	return ready;
}

/** The operator's stored preferences (meta key → JSON string); none for a new operator. */
export async function readOperatorMeta(db: Db, operator: string): Promise<Map<string, string>> {
	await ensureTable(db);
	const rows = await db.all<{ meta_key: string; meta_value: string }>(
		'SELECT meta_key, meta_value FROM operator_meta WHERE operator = ?',
		[operator],
	);
	return new Map(rows.map((row) => [row.meta_key, row.meta_value]));
}

/** Keeps one preference of the operator (its other preferences and other operators' untouched). */
export async function writeOperatorMeta(
	db: Db,
	operator: string,
	key: string,
	value: string,
): Promise<void> {
	await ensureTable(db);
	await db.run(
		`INSERT INTO operator_meta (operator, meta_key, meta_value) VALUES (?, ?, ?)
		 ON CONFLICT (operator, meta_key) DO UPDATE SET meta_value = excluded.meta_value`,
		[operator, key, value],
	);
}

/**
 * Forgets an operator's preferences (the operator is removed): an operator added later under the
 * same name starts with none.
 */
export async function removeOperatorMeta(db: Db, operator: string): Promise<void> {
	await ensureTable(db);
	await db.run('DELETE FROM operator_meta WHERE operator = ?', [operator]);
}
