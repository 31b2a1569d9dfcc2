/**
 * Upgrading a database made by an earlier version: its daily roll-ups built when it predates them
 * or their current columns, its lookups derived again when they predate version 4 and put in date
 * order when they predate version 7. Apart from
 * `rollups.ts` because the lookups are derived by the pipeline, which refreshes the roll-ups.
 */
import type { Db } from '../core/db.js';
import { clusterLookups, deriveLookups } from './pipeline.js';
import { refreshRollups, ROLLUP_TABLES, ROLLUP_VERSION } from './rollups.js';

/** Builds the roll-ups when a database predates them (or predates their current columns). */
export async function ensureRollups(db: Db): Promise<void> {
	const row = await db.one<{ n: number }>(
		`SELECT COUNT(*) AS n FROM duckdb_tables() WHERE table_name IN (${ROLLUP_TABLES.map((t) => `'${t}'`).join(', ')})`,
	);
	const columns = await db.one<{ n: number }>(
		`SELECT COUNT(*) AS n FROM duckdb_columns() WHERE (table_name = 'order_product_daily' AND column_name IN ('items_sold', 'variation_items_sold') AND data_type = 'BIGINT')
			OR (table_name = 'order_stats_daily' AND column_name = 'coupon_orders')`,
	);
	const versioned = await db.one<{ n: number }>(
		"SELECT COUNT(*) AS n FROM duckdb_tables() WHERE table_name = 'rollup_version'",
	);
	const version = Number(versioned?.n ?? 0)
		? Number(
				(
					await db.one<{ version: number }>(
						'SELECT MAX(version) AS version FROM rollup_version',
					)
				)?.version ?? 0,
			)
		: 0;
	if (version > 0 && version < 4) {
		// Before version 4 the lookups carried the store's date basis and left out the orders
		// without that date: derived again (with the roll-ups) when any row shows it.
		const stale = await db.one<{ n: number }>(
			`SELECT COUNT(*) AS n FROM (
				SELECT 1 FROM orders o LEFT JOIN order_stats s ON s.order_id = o.id
				WHERE s.order_id IS NULL OR s.date_created <> o.date_created LIMIT 1
			) x`,
		);
		if (Number(stale?.n ?? 0) > 0) {
			await deriveLookups(db);
			return;
		}
	}
	// Before version 7 the lookups were stored in the order the pipeline's joins gave them.
	if (version < 7) await clusterLookups(db);
	if (
		Number(row?.n ?? 0) < ROLLUP_TABLES.length ||
		Number(columns?.n ?? 0) < 3 ||
		version !== ROLLUP_VERSION
	) {
		await refreshRollups(db);
	}
}
