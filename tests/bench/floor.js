/**
 * An answer's floor: the statements a report ran, run again alone, one after the other. Used by
 * the server bench (server.js) and the engine bench (engine/engine.bench.ts).
 *
 * `withFloor(db, fn, bare)` records the statements `db` (the server's Db) reads through `all` (and `one`, which calls it) while
 * `fn` runs (a warm-up request), and returns their count and `run()`, which times them again alone
 * on the same connections and resolves to the milliseconds taken. An answer made without a
 * statement (the indicators, from the running totals the server keeps) has for floor the server's
 * smallest answer: `bare()`, a request the server answers from its code alone, is timed instead.
 */
export async function withFloor(db, fn, bare) {
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
			if (recorded.length === 0 && bare) {
				const t = performance.now();
				await bare();
				return performance.now() - t;
			}
			const t0 = performance.now();
			for (const r of recorded) await all.call(db, r.sql, r.params);
			return performance.now() - t0;
		},
	};
}
