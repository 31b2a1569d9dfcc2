/**
 * Serialised transactions. The database has one connection, and DuckDB allows one open
 * transaction per connection: two requests writing at the same moment would otherwise BEGIN inside
 * each other. Every write of the admin routes goes through this queue (one per database).
 */
import type { Db } from '../core/db.js';

const queues = new WeakMap<Db, Promise<unknown>>();

/** Runs `fn` in a transaction once every earlier queued transaction on `db` has finished. */
export function transaction<T>(db: Db, fn: () => Promise<T>): Promise<T> {
	const previous = queues.get(db) ?? Promise.resolve();
	const run = previous.then(
		() => db.transaction(fn),
		() => db.transaction(fn),
	);
	queues.set(
		db,
		run.then(
			() => undefined,
			() => undefined,
		),
	);
	return run;
}
