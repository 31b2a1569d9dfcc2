/**
 * An answer's floor: the statements a report ran, run again alone, one after the other. Used by
 * the server bench (server.js) and the engine bench (engine/engine.bench.ts).
 *
 * `withFloor(db, fn)` records the statements `db` (the server's Db) reads through `all` (and `one`, which calls it) while
 * `fn` runs (a warm-up request), and returns their count and `run()`, which times them again alone
 * on the same connections and resolves to the milliseconds taken.
 */
export async function withFloor(db, fn) {
	const recorded = [];
	// `one` reads through `all`, so recording `all` sees every read once (recording both counted
	// each `one` twice).
	const all = db.all;
	db.all = function (sql, params = []) {
		recorded.push({ sql, params });
		return all.call(db, sql, params);
	};
	try {
		await fn();
	} finally {
		delete db.all;
		if (db.all !== all) db.all = all;
	}
	return {
		statements: recorded.length,
		run: async () => {
			const t0 = performance.now();
			for (const r of recorded) await all.call(db, r.sql, r.params);
			return performance.now() - t0;
		},
	};
}
