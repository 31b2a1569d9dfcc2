/**
 * Daily roll-ups of the order lookups, so that day-aligned stats over long ranges read a few
 * thousand rows instead of millions. They are rebuilt with the lookup tables (generation and
 * import) and on start-up when missing; reports use them only where they give identical figures.
 */
import type { Db } from '../core/db.js';

export const ROLLUP_TABLES = [
	'order_stats_daily',
	'order_coupon_daily',
	'order_product_daily',
	'order_tax_daily',
] as const;

/**
 * Version of the roll-ups' definitions: a database whose roll-ups were built by another version is
 * rebuilt on start (2: product orders_count counts orders only, never refund rows).
 */
export const ROLLUP_VERSION = 2;

export async function refreshRollups(db: Db): Promise<void> {
	await db.exec(`
		CREATE OR REPLACE TABLE rollup_version AS SELECT ${ROLLUP_VERSION} AS version;
		CREATE OR REPLACE TABLE order_stats_daily AS
		SELECT CAST(date_created AS DATE) AS day, status,
			COUNT(*) FILTER (WHERE parent_id = 0) AS orders_count,
			CAST(COALESCE(SUM(num_items_sold), 0) AS BIGINT) AS num_items_sold,
			COALESCE(SUM(total_sales), 0) AS total_sales,
			COALESCE(SUM(net_total) FILTER (WHERE net_total < 0), 0) AS negative_net_total,
			COALESCE(SUM(tax_total), 0) AS tax_total,
			COALESCE(SUM(shipping_total), 0) AS shipping_total,
			COALESCE(SUM(net_total), 0) AS net_total,
			COUNT(*) FILTER (WHERE order_id IN (SELECT order_id FROM order_coupon_lookup)) AS coupon_orders
		FROM order_stats GROUP BY 1, 2;
		CREATE OR REPLACE TABLE order_coupon_daily AS
		SELECT CAST(s.date_created AS DATE) AS day, s.status, c.coupon_id, SUM(c.discount_amount) AS discount_amount
		FROM order_coupon_lookup c JOIN order_stats s ON s.order_id = c.order_id GROUP BY 1, 2, 3;
		CREATE OR REPLACE TABLE order_product_daily AS
		SELECT CAST(s.date_created AS DATE) AS day, s.status, p.product_id,
			CAST(SUM(p.product_qty) AS BIGINT) AS items_sold, SUM(p.product_net_revenue) AS net_revenue,
			COUNT(DISTINCT p.order_id) FILTER (WHERE s.parent_id = 0) AS orders_count,
			MAX(p.date_created) AS last_sale,
			CAST(COALESCE(SUM(p.product_qty) FILTER (WHERE p.variation_id <> 0), 0) AS BIGINT) AS variation_items_sold
		FROM order_product_lookup p JOIN order_stats s ON s.order_id = p.order_id GROUP BY 1, 2, 3;
		CREATE OR REPLACE TABLE order_tax_daily AS
		SELECT CAST(s.date_created AS DATE) AS day, s.status, t.tax_rate_id,
			SUM(t.shipping_tax) AS shipping_tax, SUM(t.order_tax) AS order_tax, SUM(t.total_tax) AS total_tax
		FROM order_tax_lookup t JOIN order_stats s ON s.order_id = t.order_id GROUP BY 1, 2, 3;
	`);
}

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
	if (
		Number(row?.n ?? 0) < ROLLUP_TABLES.length ||
		Number(columns?.n ?? 0) < 3 ||
		version !== ROLLUP_VERSION
	) {
		await refreshRollups(db);
	}
}
