/**
 * Daily roll-ups of the order lookups, so that day-aligned stats over long ranges read a few
 * thousand rows instead of millions. They are rebuilt with the lookup tables (generation and
 * import) and on start-up when missing; reports use them only where they give identical figures.
 */
import type { Db, SqlValue } from '../core/db.js';
import { ensureCostSchema, profitRollupSelect } from './costs.js';
import { type DateBasis } from './date-basis.js';
import { deriveLookups } from './pipeline.js';

export const ROLLUP_TABLES = [
	'order_stats_daily',
	'order_coupon_daily',
	'order_product_daily',
	'order_tax_daily',
	'order_profit_daily',
	'order_basis_daily',
	'order_basis_coupon_daily',
	'order_basis_product_daily',
] as const;

/**
 * The date bases other than the creation date, each with its roll-ups of revenue and orders stats
 * (`order_basis_daily`, `order_basis_coupon_daily`, `order_basis_product_daily`: the columns of
 * `order_stats_daily`, `order_coupon_daily` and the products of `order_product_daily` that
 * revenue and orders stats read, with `basis` leading and `day` the day the order counts on under
 * that basis, `date-basis.ts`). Both are kept at all times, so a change of the date type
 * recomputes nothing.
 */
export const ROLLUP_BASES = ['date_paid', 'date_completed'] as const;

/**
 * The roll-up tables revenue and orders stats read under a date basis, and the condition (with
 * its parameters) each needs on alias `s`.
 */
export function orderRollupTables(basis: DateBasis): {
	stats: string;
	coupons: string;
	products: string;
	where: { sql: string[]; params: string[] };
} {
	if (basis === 'date_created') {
		return {
			stats: 'order_stats_daily',
			coupons: 'order_coupon_daily',
			products: 'order_product_daily',
			where: { sql: [], params: [] },
		};
	}
	return {
		stats: 'order_basis_daily',
		coupons: 'order_basis_coupon_daily',
		products: 'order_basis_product_daily',
		where: { sql: ['s.basis = ?'], params: [basis] },
	};
}

/**
 * Version of the roll-ups' definitions: a database whose roll-ups were built by another version is
 * rebuilt on start (2: product orders_count counts orders only, never refund rows; 3: the profit
 * roll-up and `product_orders`; 4: the lookups always carry the creation date — a database whose
 * lookups were dated by a paid or completed date is derived again, `date-basis.ts`; 5: the profit
 * roll-up's items without a cost are net of their returns, as its items sold; 6: the roll-ups of
 * revenue and orders stats by paid and by completed date, `ROLLUP_BASES`).
 */
export const ROLLUP_VERSION = 6;

/**
 * The basis date of an `order_stats` row (alias `s`) under a basis other than the creation date:
 * a refund counts on its own creation date (as `orderStatsOn`).
 */
const basisDate = (basis: DateBasis, alias: string): string =>
	`CASE WHEN ${alias}.parent_id <> 0 THEN ${alias}.date_created ELSE ${alias}.${basis} END`;

/**
 * The SELECT of each roll-up, limited to the days `where` keeps (an SQL condition on a day,
 * written as `{day}`; 'true' for all days). A lookup row's `date_created` is its order-stats
 * row's (both derived from the same order row), so the condition is put on both: the line
 * tables are then read only around those days.
 */
function rollupSelects(where: string): Record<(typeof ROLLUP_TABLES)[number], string> {
	const keep = (alias: string) =>
		where.replaceAll('{day}', `CAST(${alias}.date_created AS DATE)`);
	const onBasis = (basis: DateBasis) =>
		where.replaceAll('{day}', `CAST(${basisDate(basis, 's')} AS DATE)`);
	return {
		order_stats_daily: `
		SELECT CAST(s.date_created AS DATE) AS day, s.status,
			COUNT(*) FILTER (WHERE s.parent_id = 0) AS orders_count,
			CAST(COALESCE(SUM(s.num_items_sold), 0) AS BIGINT) AS num_items_sold,
			COALESCE(SUM(s.total_sales), 0) AS total_sales,
			COALESCE(SUM(s.net_total) FILTER (WHERE s.net_total < 0), 0) AS negative_net_total,
			COALESCE(SUM(s.tax_total), 0) AS tax_total,
			COALESCE(SUM(s.shipping_total), 0) AS shipping_total,
			COALESCE(SUM(s.net_total), 0) AS net_total,
			COUNT(*) FILTER (WHERE s.order_id IN (SELECT order_id FROM order_coupon_lookup)) AS coupon_orders,
			COUNT(*) FILTER (WHERE s.parent_id = 0
				AND s.order_id IN (SELECT order_id FROM order_product_lookup)) AS product_orders
		FROM order_stats s WHERE ${keep('s')} GROUP BY 1, 2`,
		order_coupon_daily: `
		SELECT CAST(s.date_created AS DATE) AS day, s.status, c.coupon_id, SUM(c.discount_amount) AS discount_amount
		FROM order_coupon_lookup c JOIN order_stats s ON s.order_id = c.order_id WHERE ${keep('s')} AND ${keep('c')} GROUP BY 1, 2, 3`,
		order_product_daily: `
		SELECT CAST(s.date_created AS DATE) AS day, s.status, p.product_id,
			CAST(SUM(p.product_qty) AS BIGINT) AS items_sold, SUM(p.product_net_revenue) AS net_revenue,
			COUNT(DISTINCT p.order_id) FILTER (WHERE s.parent_id = 0) AS orders_count,
			MAX(p.date_created) AS last_sale,
			CAST(COALESCE(SUM(p.product_qty) FILTER (WHERE p.variation_id <> 0), 0) AS BIGINT) AS variation_items_sold
		FROM order_product_lookup p JOIN order_stats s ON s.order_id = p.order_id WHERE ${keep('s')} AND ${keep('p')} GROUP BY 1, 2, 3`,
		order_tax_daily: `
		SELECT CAST(s.date_created AS DATE) AS day, s.status, t.tax_rate_id,
			SUM(t.shipping_tax) AS shipping_tax, SUM(t.order_tax) AS order_tax, SUM(t.total_tax) AS total_tax
		FROM order_tax_lookup t JOIN order_stats s ON s.order_id = t.order_id WHERE ${keep('s')} AND ${keep('t')} GROUP BY 1, 2, 3`,
		order_profit_daily: profitRollupSelect(where === 'true' ? undefined : keep),
		// By paid and by completed date: an order without that date is in neither.
		order_basis_daily: ROLLUP_BASES.map(
			(basis) => `
		SELECT '${basis}' AS basis, CAST(${basisDate(basis, 's')} AS DATE) AS day, s.status,
			COUNT(*) FILTER (WHERE s.parent_id = 0) AS orders_count,
			CAST(COALESCE(SUM(s.num_items_sold), 0) AS BIGINT) AS num_items_sold,
			COALESCE(SUM(s.total_sales), 0) AS total_sales,
			COALESCE(SUM(s.net_total) FILTER (WHERE s.net_total < 0), 0) AS negative_net_total,
			COALESCE(SUM(s.tax_total), 0) AS tax_total,
			COALESCE(SUM(s.shipping_total), 0) AS shipping_total,
			COALESCE(SUM(s.net_total), 0) AS net_total,
			COUNT(*) FILTER (WHERE s.order_id IN (SELECT order_id FROM order_coupon_lookup)) AS coupon_orders,
			COUNT(*) FILTER (WHERE s.parent_id = 0
				AND s.order_id IN (SELECT order_id FROM order_product_lookup)) AS product_orders
		FROM order_stats s WHERE ${basisDate(basis, 's')} IS NOT NULL AND ${onBasis(basis)} GROUP BY 1, 2, 3`,
		).join(' UNION ALL '),
		order_basis_coupon_daily: ROLLUP_BASES.map(
			(basis) => `
		SELECT '${basis}' AS basis, CAST(${basisDate(basis, 's')} AS DATE) AS day, s.status, c.coupon_id,
			SUM(c.discount_amount) AS discount_amount
		FROM order_coupon_lookup c JOIN order_stats s ON s.order_id = c.order_id
		WHERE ${basisDate(basis, 's')} IS NOT NULL AND ${onBasis(basis)} GROUP BY 1, 2, 3, 4`,
		).join(' UNION ALL '),
		order_basis_product_daily: ROLLUP_BASES.map(
			(basis) => `
		SELECT DISTINCT '${basis}' AS basis, CAST(${basisDate(basis, 's')} AS DATE) AS day, s.status, p.product_id
		FROM order_product_lookup p JOIN order_stats s ON s.order_id = p.order_id
		WHERE ${basisDate(basis, 's')} IS NOT NULL AND ${onBasis(basis)}`,
		).join(' UNION ALL '),
	};
}

/** Rebuilds every roll-up from the lookup tables. */
export async function refreshRollups(db: Db): Promise<void> {
	await ensureCostSchema(db);
	const selects = rollupSelects('true');
	await db.exec(`
		CREATE OR REPLACE TABLE rollup_version AS SELECT ${ROLLUP_VERSION} AS version;
		${ROLLUP_TABLES.map((t) => `CREATE OR REPLACE TABLE ${t} AS ${selects[t]};`).join('\n')}
	`);
}

/**
 * Re-derives the roll-up rows of the given days only ('YYYY-MM-DD', days of `order_stats`'
 * `date_created`), e.g. the days a sync batch touched: the days of the lookup rows it removed and
 * of those it wrote. The other days' rows stay as they are. Call inside the batch's transaction.
 */
export async function refreshRollupDays(db: Db, days: readonly string[]): Promise<void> {
	if (days.length === 0) return;
	await ensureCostSchema(db);
	const list = JSON.stringify([...new Set(days)]);
	const inDays = '{day} IN (SELECT unnest(CAST(? AS DATE[])))';
	const selects = rollupSelects(inDays);
	for (const table of ROLLUP_TABLES) {
		await db.run(`DELETE FROM ${table} WHERE ${inDays.replace('{day}', 'day')}`, [list]);
		const uses = selects[table].split(' IN (SELECT unnest(CAST(? AS DATE[])))').length - 1;
		await db.run(`INSERT INTO ${table} ${selects[table]}`, Array<string>(uses).fill(list));
	}
}

/**
 * The days ('YYYY-MM-DD') of the `order_stats` rows whose order id `sql` (a subquery) lists: the
 * days of their creation, payment and completion (the roll-ups by each date basis).
 */
export async function rollupDaysOf(db: Db, sql: string, params: SqlValue[]): Promise<string[]> {
	const rows = await db.all<{ day: string }>(
		`SELECT DISTINCT CAST(CAST(d AS DATE) AS VARCHAR) AS day FROM (
			SELECT unnest([date_created, date_paid, date_completed]) AS d FROM order_stats
			WHERE order_id IN (${sql})) x WHERE d IS NOT NULL`,
		params,
	);
	return rows.map((r) => String(r.day));
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
	if (
		Number(row?.n ?? 0) < ROLLUP_TABLES.length ||
		Number(columns?.n ?? 0) < 3 ||
		version !== ROLLUP_VERSION
	) {
		await refreshRollups(db);
	}
}
