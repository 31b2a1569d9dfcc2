/**
 * Daily roll-ups of the order lookups, so that day-aligned stats over long ranges read a few
 * thousand rows instead of millions. They are rebuilt with the lookup tables (generation and
 * import) and on start-up when missing; reports use them only where they give identical figures.
 */
import type { Db, SqlValue } from '../core/db.js';
import { ensureCostSchema, profitRollupSelect } from './costs.js';
import { DATE_BASES, type DateBasis } from './date-basis.js';

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
 * revenue and orders stats by paid and by completed date, `ROLLUP_BASES`; 7: the roll-ups and the
 * lookups stored in date order, `ROLLUP_ORDER` and `clusterLookups`; 8: the orders of each coupon
 * and day, `order_coupon_daily.orders_count`, which the coupons table reads for whole days).
 */
export const ROLLUP_VERSION = 8;

/**
 * The order each roll-up table is written in: by day (and basis) first, so that a range's rows sit
 * together and DuckDB's scans skip the blocks whose days are outside it (a month of a two-year
 * store read about a third of the CPU time it took with the rows in the order the GROUP BY gave).
 */
const ROLLUP_ORDER: Record<string, string> = {
	order_basis_daily: 'basis, day, status',
	order_basis_coupon_daily: 'basis, day, status, coupon_id',
	order_basis_product_daily: 'basis, day, status, product_id',
};
const rollupOrder = (table: string): string => ROLLUP_ORDER[table] ?? 'day';

/**
 * The basis date of an `order_stats` row (alias `s`) under a basis other than the creation date:
 * a refund counts on its own creation date (as `orderStatsOn`).
 */
const basisDate = (basis: DateBasis, alias: string): string =>
	`CASE WHEN ${alias}.parent_id <> 0 THEN ${alias}.date_created ELSE ${alias}.${basis} END`;

/**
 * Which rows a roll-up SELECT reads: `day(basis, alias)` is an SQL condition keeping the rows of
 * alias `alias` whose day under `basis` is one to re-derive (for 'date_created' on any table with
 * a `date_created` column, for the other bases on `order_stats` only); `pair` keeps the rows of
 * the tables by product whose (day, product) pair is one to re-derive; `orders` is a subquery
 * listing every order those conditions can keep, so the lookups read only them; `stats` and
 * `lines` are tables of those orders' order-stats rows and product lookup rows.
 */
interface RollupScope {
	day: (basis: DateBasis, alias: string) => string;
	/** A condition keeping the (day, product) pairs to re-derive under `basis`. */
	pair: (basis: DateBasis, day: string, product: string) => string;
	orders: string;
	/** The order-stats rows of those orders (a table: read once, not per table and basis). */
	stats: string;
	/** The product lookup rows of those orders (likewise). */
	lines: string;
}

/**
 * The SELECT of each roll-up, limited to the rows `scope` keeps (every row without one). A lookup
 * row's `date_created` is its order-stats row's (both derived from the same order row), so the
 * creation-day condition is put on both: the line tables are then read only around those days.
 */
function rollupSelects(scope?: RollupScope): Record<(typeof ROLLUP_TABLES)[number], string> {
	const keep = (alias: string) => (scope ? scope.day('date_created', alias) : 'true');
	const onBasis = (basis: DateBasis) => (scope ? scope.day(basis, 's') : 'true');
	const byPair = (basis: DateBasis, day: string, product: string) =>
		scope ? scope.pair(basis, day, product) : 'true';
	// The lookup rows of the orders in scope (the lookups are large: never read them whole); the
	// product lines are in a table of their own, every line of every order in scope.
	const productLines = scope ? scope.lines : 'order_product_lookup';
	const stats = scope ? scope.stats : 'order_stats';
	const ofScope = (alias: string) => (scope ? `${alias}.order_id IN (${scope.orders})` : 'true');
	const withLines = (table: string, condition: string) =>
		`s.order_id IN (SELECT x.order_id FROM ${table} x WHERE ${condition.replaceAll('{x}', 'x')})`;
	const statsColumns = (lines: (alias: string) => string) => `
			COUNT(*) FILTER (WHERE s.parent_id = 0) AS orders_count,
			CAST(COALESCE(SUM(s.num_items_sold), 0) AS BIGINT) AS num_items_sold,
			COALESCE(SUM(s.total_sales), 0) AS total_sales,
			COALESCE(SUM(s.net_total) FILTER (WHERE s.net_total < 0), 0) AS negative_net_total,
			COALESCE(SUM(s.tax_total), 0) AS tax_total,
			COALESCE(SUM(s.shipping_total), 0) AS shipping_total,
			COALESCE(SUM(s.net_total), 0) AS net_total,
			COUNT(*) FILTER (WHERE ${withLines('order_coupon_lookup', lines('{x}'))}) AS coupon_orders,
			COUNT(*) FILTER (WHERE s.parent_id = 0
				AND ${withLines(productLines, scope ? 'true' : lines('{x}'))}) AS product_orders`;
	return {
		order_stats_daily: `
		SELECT CAST(s.date_created AS DATE) AS day, s.status,${statsColumns(keep)}
		FROM ${stats} s WHERE ${keep('s')} GROUP BY 1, 2`,
		order_coupon_daily: `
		SELECT CAST(s.date_created AS DATE) AS day, s.status, c.coupon_id, SUM(c.discount_amount) AS discount_amount,
			COUNT(DISTINCT c.order_id) AS orders_count
		FROM order_coupon_lookup c JOIN ${stats} s ON s.order_id = c.order_id WHERE ${keep('s')} AND ${keep('c')} GROUP BY 1, 2, 3`,
		order_product_daily: `
		SELECT CAST(s.date_created AS DATE) AS day, s.status, p.product_id,
			CAST(SUM(p.product_qty) AS BIGINT) AS items_sold, SUM(p.product_net_revenue) AS net_revenue,
			COUNT(DISTINCT p.order_id) FILTER (WHERE s.parent_id = 0) AS orders_count,
			MAX(p.date_created) AS last_sale,
			CAST(COALESCE(SUM(p.product_qty) FILTER (WHERE p.variation_id <> 0), 0) AS BIGINT) AS variation_items_sold
		FROM ${productLines} p JOIN ${stats} s ON s.order_id = p.order_id
		WHERE ${keep('s')} AND ${keep('p')} AND ${byPair('date_created', 'CAST(p.date_created AS DATE)', 'p.product_id')}
		GROUP BY 1, 2, 3`,
		order_tax_daily: `
		SELECT CAST(s.date_created AS DATE) AS day, s.status, t.tax_rate_id,
			SUM(t.shipping_tax) AS shipping_tax, SUM(t.order_tax) AS order_tax, SUM(t.total_tax) AS total_tax
		FROM order_tax_lookup t JOIN ${stats} s ON s.order_id = t.order_id WHERE ${keep('s')} AND ${keep('t')} GROUP BY 1, 2, 3`,
		order_profit_daily: profitRollupSelect(
			scope
				? (alias) =>
						`${keep(alias)} AND ${byPair('date_created', `CAST(${alias}.date_created AS DATE)`, `${alias}.product_id`)}`
				: undefined,
			productLines,
		),
		// By paid and by completed date: an order without that date is in neither.
		order_basis_daily: ROLLUP_BASES.map(
			(basis) => `
		SELECT '${basis}' AS basis, CAST(${basisDate(basis, 's')} AS DATE) AS day, s.status,${statsColumns(ofScope)}
		FROM ${stats} s WHERE ${basisDate(basis, 's')} IS NOT NULL AND ${onBasis(basis)} GROUP BY 1, 2, 3`,
		).join(' UNION ALL '),
		order_basis_coupon_daily: ROLLUP_BASES.map(
			(basis) => `
		SELECT '${basis}' AS basis, CAST(${basisDate(basis, 's')} AS DATE) AS day, s.status, c.coupon_id,
			SUM(c.discount_amount) AS discount_amount
		FROM order_coupon_lookup c JOIN ${stats} s ON s.order_id = c.order_id
		WHERE ${basisDate(basis, 's')} IS NOT NULL AND ${onBasis(basis)} GROUP BY 1, 2, 3, 4`,
		).join(' UNION ALL '),
		order_basis_product_daily: ROLLUP_BASES.map(
			(basis) => `
		SELECT DISTINCT '${basis}' AS basis, CAST(${basisDate(basis, 's')} AS DATE) AS day, s.status, p.product_id
		FROM ${productLines} p JOIN ${stats} s ON s.order_id = p.order_id
		WHERE ${basisDate(basis, 's')} IS NOT NULL AND ${onBasis(basis)}
			AND ${byPair(basis, basisDate(basis, 's'), 'p.product_id')}`,
		).join(' UNION ALL '),
	};
}

/** Rebuilds every roll-up from the lookup tables. */
export async function refreshRollups(db: Db): Promise<void> {
	await ensureCostSchema(db);
	const selects = rollupSelects();
	await db.exec(`
		CREATE OR REPLACE TABLE rollup_version AS SELECT ${ROLLUP_VERSION} AS version;
		${ROLLUP_TABLES.map((t) => `CREATE OR REPLACE TABLE ${t} AS SELECT * FROM (${selects[t]}) r ORDER BY ${rollupOrder(t)};`).join('\n')}
	`);
}

/**
 * What a change touched, under each date basis: the days ('YYYY-MM-DD') of the order-stats rows
 * it removed or wrote, and the (day, product) pairs of their product lines. The roll-ups by
 * product re-derive only those pairs: a day's other products keep their rows.
 */
export interface RollupChanges {
	days: Record<DateBasis, string[]>;
	products: Record<DateBasis, Array<[string, number]>>;
}

export const noRollupChanges = (): RollupChanges => ({
	days: { date_created: [], date_paid: [], date_completed: [] },
	products: { date_created: [], date_paid: [], date_completed: [] },
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The roll-up tables with a row per date basis (the others are by creation date). */
const BASIS_TABLES: readonly string[] = ROLLUP_TABLES.filter((t) => t.startsWith('order_basis_'));
/** The roll-up tables with a row per product (and day): re-derived by (day, product) pair. */
const PRODUCT_TABLES: readonly string[] = [
	'order_product_daily',
	'order_profit_daily',
	'order_basis_product_daily',
];

/**
 * One whole number for a (day, product) pair, so that a list of pairs is a list of constants:
 * the days since 2000-01-01 times 2^32, plus the product id.
 */
const pairSql = (day: string, product: string) =>
	`((CAST(${day} AS DATE) - DATE '2000-01-01') * 4294967296 + ${product})`;
const pairValue = (day: string, product: number): bigint =>
	BigInt(Math.round((Date.parse(`${day}T00:00:00Z`) - Date.UTC(2000, 0, 1)) / 86400000)) *
		4294967296n +
	BigInt(Math.trunc(product));

/**
 * Re-derives the roll-up rows of the given days only, e.g. the days a sync batch touched
 * (`rollupDaysOf`): the tables by creation date for the days under `date_created`, the rows of
 * each other basis for that basis' days, and in the tables by product only the (day, product)
 * pairs touched. A plain list of days stands for those whole days under every basis. The other
 * rows stay as they are. Call inside the batch's transaction.
 *
 * The days go into the statements as constants, so each table is cut down to them where it is
 * read, before any join; the lookups are large, and reading them whole for each table and each
 * basis made a batch of 100 orders into a 1M-order store cost a minute.
 */
export async function refreshRollupDays(
	db: Db,
	changes: RollupChanges | readonly string[],
): Promise<void> {
	const given: RollupChanges = isDayList(changes)
		? {
				days: {
					date_created: [...changes],
					date_paid: [...changes],
					date_completed: [...changes],
				},
				products: { date_created: [], date_paid: [], date_completed: [] },
			}
		: changes;
	const byPair = !isDayList(changes);
	const lists = {} as Record<DateBasis, string[]>;
	const pairs = {} as Record<DateBasis, string[]>;
	for (const basis of DATE_BASES) {
		lists[basis] = [...new Set(given.days[basis])].sort();
		for (const day of [...lists[basis], ...given.products[basis].map(([d]) => d)])
			if (!DAY.test(day)) throw new Error(`Not a day: ${JSON.stringify(day)}`);
		pairs[basis] = [...new Set(given.products[basis].map(([d, p]) => String(pairValue(d, p))))];
	}
	if (DATE_BASES.every((basis) => lists[basis].length === 0)) return;
	await ensureCostSchema(db);
	const literal = (list: string[]) => list.map((d) => `DATE '${d}'`).join(', ');
	const day = (basis: DateBasis, alias: string): string => {
		const list = lists[basis];
		if (list.length === 0) return 'false';
		if (basis !== 'date_created')
			return `CAST(${basisDate(basis, alias)} AS DATE) IN (${literal(list)})`;
		// The creation day also bounds the timestamp itself, which the scans prune blocks by.
		return `(${alias}.date_created >= TIMESTAMP '${list[0]}'
			AND ${alias}.date_created < TIMESTAMP '${list[list.length - 1]}' + INTERVAL 1 DAY
			AND CAST(${alias}.date_created AS DATE) IN (${literal(list)}))`;
	};
	const pair = (basis: DateBasis, day: string, product: string): string =>
		!byPair
			? 'true'
			: pairs[basis].length === 0
				? 'false'
				: `${pairSql(day, product)} IN (${pairs[basis].join(', ')})`;
	await db.run(
		`CREATE OR REPLACE TEMP TABLE rollup_stats AS
		SELECT s.* FROM order_stats s
		WHERE ${DATE_BASES.map((basis) => day(basis, 's')).join(' OR ')}`,
	);
	await db.run(
		`CREATE OR REPLACE TEMP TABLE rollup_lines AS SELECT * FROM order_product_lookup
		WHERE order_id IN (SELECT order_id FROM rollup_stats)`,
	);
	const selects = rollupSelects({
		day,
		pair,
		orders: 'SELECT order_id FROM rollup_stats',
		stats: 'rollup_stats',
		lines: 'rollup_lines',
	});
	for (const table of ROLLUP_TABLES) {
		const basisTable = BASIS_TABLES.includes(table);
		const bases: DateBasis[] = basisTable ? [...ROLLUP_BASES] : ['date_created'];
		if (bases.every((basis) => lists[basis].length === 0)) continue;
		const rows = (basis: DateBasis) =>
			PRODUCT_TABLES.includes(table)
				? pair(basis, 'day', 'product_id')
				: lists[basis].length === 0
					? 'false'
					: `day IN (${literal(lists[basis])})`;
		await db.run(
			`DELETE FROM ${table} WHERE ${
				basisTable
					? bases.map((basis) => `(basis = '${basis}' AND ${rows(basis)})`).join(' OR ')
					: rows('date_created')
			}`,
		);
		await db.run(`INSERT INTO ${table} ${selects[table]}`);
	}
	await db.run('DROP TABLE IF EXISTS rollup_lines');
	await db.run('DROP TABLE IF EXISTS rollup_stats');
}

function isDayList(changes: RollupChanges | readonly string[]): changes is readonly string[] {
	return Array.isArray(changes);
}

/**
 * Adds to `into` what the `order_stats` rows whose order id `sql` (a subquery) lists touch,
 * under each date basis: a row's creation day, its paid and completed days (a refund's: its
 * creation day, as the roll-ups by those bases count it), each with the products of its lines.
 * Call it before a change (the rows it removes) and after (the rows it writes). Returns `into`.
 */
export async function rollupDaysOf(
	db: Db,
	sql: string,
	params: SqlValue[],
	into: RollupChanges = noRollupChanges(),
): Promise<RollupChanges> {
	const rows = await db.all<{ basis: string; day: string; product_id: number | null }>(
		`WITH s AS (SELECT * FROM order_stats WHERE order_id IN (${sql})),
		d AS (${DATE_BASES.map(
			(basis) =>
				`SELECT '${basis}' AS basis, s.order_id,
					CAST(${basis === 'date_created' ? 's.date_created' : basisDate(basis, 's')} AS DATE) AS day FROM s`,
		).join(' UNION ALL ')})
		SELECT DISTINCT d.basis, CAST(d.day AS VARCHAR) AS day, p.product_id
		FROM d LEFT JOIN (
			SELECT DISTINCT order_id, product_id FROM order_product_lookup
			WHERE order_id IN (SELECT order_id FROM s)
		) p ON p.order_id = d.order_id
		WHERE d.day IS NOT NULL`,
		params,
	);
	for (const row of rows) {
		const basis = row.basis as DateBasis;
		into.days[basis].push(String(row.day));
		if (row.product_id !== null)
			into.products[basis].push([String(row.day), Number(row.product_id)]);
	}
	return into;
}
