/**
 * The categories table (`reports/categories`): a sale counts for its product's categories and their
 * ancestors.
 *
 * Each figure is read where it is cheapest while staying exact: items sold, net revenue and the
 * products counted are sums per product (from the daily product roll-up over whole days, else from
 * the lines of the orders in range) spread over each product's categories; orders are counted per
 * category from the orders' lines, every order once however many of its products share the
 * category. Orders and lines are filtered by date before any join (a lookup row carries its
 * order's creation date, `db/date-basis.ts`).
 */
import type { SqlValue } from '../../core/db.js';
import { inList } from '../../db/sql.js';
import { int, amount, text } from '../../http/values.js';
import { pageRows } from '../../http/paging.js';
import { dialectOf, type Dialect, type SqlReader } from '../../metrics/dialect.js';
import { dateWhere, whereClause } from '../shared/filters.js';
import type { Query } from '../../http/params.js';
import type { RouteResult } from '../shared/report-route.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { dateRange } from '../shared/date-range.js';
import { keptBoard } from '../shared/board-rows.js';
import {
	NS,
	link,
	result,
	orderScope,
	dailyRollupRange,
	type ListOptions,
} from '../shared/list-query.js';

/** SQL text with its bound parameters, in the order of their placeholders. */
interface Sql {
	sql: string;
	params: SqlValue[];
}

/** Joins SQL pieces: a string is SQL text, an `Sql` brings its parameters at its place. */
function sql(strings: TemplateStringsArray, ...parts: Array<Sql | string>): Sql {
	let text = strings[0];
	const params: SqlValue[] = [];
	parts.forEach((part, i) => {
		if (typeof part === 'string') text += part;
		else {
			text += part.sql;
			params.push(...part.params);
		}
		text += strings[i + 1];
	});
	return { sql: text, params };
}

/** Bits of a category mask word (a positive BIGINT). */
const WORD_BITS = 62;

/**
 * `(category_id, orders_count)`: per category of `tree`, the orders among `orderLines`
 * (`order_id`, `product_id`) with a product in it, each order once.
 *
 * On DuckDB an order's categories are gathered first as bit masks (a category is bit
 * `id % 62` of word `id / 62`), so the distinct count groups the orders rather than every
 * (order, category) pair; ClickHouse counts the pairs with `uniqExact`.
 */
function ordersPerCategory(dialect: Dialect, orderLines: Sql, tree: Sql): Sql {
	if (dialect.name !== 'duckdb') {
		return sql`SELECT t.category_tree_id AS category_id, ${dialect.aggregate('COUNT(DISTINCT l.order_id)')} AS orders_count
			FROM ${orderLines} l JOIN ${tree} t ON t.product_id = l.product_id GROUP BY t.category_tree_id`;
	}
	const masks = sql`(SELECT t.product_id AS product_id, t.category_tree_id // ${String(WORD_BITS)} AS w, BIT_OR(CAST(1 AS BIGINT) << (t.category_tree_id % ${String(WORD_BITS)})) AS m
		FROM ${tree} t GROUP BY 1, 2)`;
	const perOrder = sql`(SELECT l.order_id AS order_id, pm.w AS w, BIT_OR(pm.m) AS m
		FROM ${orderLines} l JOIN ${masks} pm ON pm.product_id = l.product_id GROUP BY 1, 2)`;
	const bits = sql`(SELECT DISTINCT t.category_tree_id AS category_tree_id, t.category_tree_id // ${String(WORD_BITS)} AS w FROM ${tree} t)`;
	return sql`SELECT c.category_tree_id AS category_id, SUM(g.n) AS orders_count
		FROM (SELECT o.w AS w, o.m AS m, COUNT(*) AS n FROM ${perOrder} o GROUP BY 1, 2) g
		JOIN ${bits} c ON c.w = g.w
		WHERE (g.m >> (c.category_tree_id % ${String(WORD_BITS)})) & 1 = 1 GROUP BY c.category_tree_id`;
}

export async function categoriesList(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
	options: ListOptions = {},
): Promise<RouteResult> {
	const dialect = dialectOf(db);
	const agg = (aggregate: string): string => dialect.aggregate(aggregate);
	const cats = q.ids('categories');
	const range = dateRange(q.raw, settings.timeZone);
	// The products' categories and their ancestors (only those asked for, when some are).
	const tree = sql`(SELECT DISTINCT pc.product_id AS product_id, cl.category_tree_id AS category_tree_id
		FROM product_categories pc JOIN category_lookup cl ON cl.category_id = pc.category_id${
			cats.length
				? { sql: ` WHERE ${inList('cl.category_tree_id', cats)}`, params: cats }
				: ''
		})`;
	// The orders in range passing the status filter (S), then their lines in range: one JOIN each.
	const lines = (onlyOrders: boolean): Sql => {
		const orders = whereClause(...orderScope(q, settings, true, dialect), {
			sql: onlyOrders ? ['s.parent_id = 0'] : [],
			params: [],
		});
		const lineDates = whereClause(dateWhere(range, 'l.date_created', dialect));
		return sql`(SELECT l.order_id AS order_id, l.product_id AS product_id, l.product_qty AS product_qty, l.product_net_revenue AS product_net_revenue
			FROM order_product_lookup l JOIN (SELECT s.order_id AS order_id FROM order_stats s ${orders}) s ON s.order_id = l.order_id ${lineDates})`;
	};
	const rollupRows = dailyRollupRange(range, q, settings, dialect);
	let perProduct: Sql;
	if (rollupRows) {
		// Whole days: the daily product roll-up holds the same sums per product.
		const rolled = whereClause(rollupRows);
		perProduct = sql`(SELECT p.product_id AS product_id, SUM(p.items_sold) AS items_sold, SUM(p.net_revenue) AS net_revenue
			FROM order_product_daily p ${rolled} GROUP BY p.product_id)`;
	} else {
		perProduct = sql`(SELECT l.product_id AS product_id, SUM(l.product_qty) AS items_sold, SUM(l.product_net_revenue) AS net_revenue
			FROM ${lines(false)} l GROUP BY l.product_id)`;
	}
	// A product sold counts once in each of its categories: its sums add up, and it is one product.
	const perCategory = sql`(SELECT t.category_tree_id AS category_id, ${agg('COALESCE(SUM(g.items_sold), 0)')} AS items_sold, ${agg('COALESCE(SUM(g.net_revenue), 0)')} AS net_revenue, COUNT(*) AS products_count
		FROM ${perProduct} g JOIN ${tree} t ON t.product_id = g.product_id GROUP BY t.category_tree_id)`;
	const sums =
		options.ordersCount === false
			? sql`SELECT a.category_id AS category_id, a.items_sold AS items_sold, a.net_revenue AS net_revenue, 0 AS orders_count, a.products_count AS products_count
		FROM ${perCategory} a`
			: sql`SELECT a.category_id AS category_id, a.items_sold AS items_sold, a.net_revenue AS net_revenue, COALESCE(o.orders_count, 0) AS orders_count, a.products_count AS products_count
		FROM ${perCategory} a LEFT JOIN (${ordersPerCategory(dialect, lines(true), tree)}) o ON o.category_id = a.category_id`;
	const chosen = cats.length
		? sql`SELECT l.id AS category_id, COALESCE(a.items_sold, 0) AS items_sold, COALESCE(a.net_revenue, 0) AS net_revenue, COALESCE(a.orders_count, 0) AS orders_count, COALESCE(a.products_count, 0) AS products_count
			FROM (${{ sql: dialect.idRows(cats.map(() => '?').join(', ')), params: cats }}) l LEFT JOIN (${sums}) a ON a.category_id = l.id`
		: sums;
	const base = sql`SELECT a.category_id AS category_id, a.items_sold AS items_sold, a.net_revenue AS net_revenue, a.orders_count AS orders_count, a.products_count AS products_count, c.name AS category
		FROM (${chosen}) a LEFT JOIN categories c ON c.id = a.category_id`;
	const orderby = [
		'category_id',
		'items_sold',
		'net_revenue',
		'orders_count',
		'products_count',
		'category',
	].includes(q.str('orderby'))
		? q.str('orderby')
		: 'category_id';
	// A board over whole days on the embedded store: its rows kept in memory (shared/board-rows.ts).
	const page =
		keptBoard(
			'categories',
			options.total === false &&
				options.ordersCount === false &&
				rollupRows !== null &&
				!cats.length &&
				dialect.name === 'duckdb',
			db,
			q,
			settings,
			range,
			orderby,
		) ??
		(await pageRows(
			db,
			base.sql,
			base.params,
			`${orderby} ${q.direction()} NULLS LAST, category_id ASC`,
			q,
			options,
		));
	return result(
		page,
		page.rows.map((r) => ({
			category_id: int(r.category_id),
			items_sold: int(r.items_sold),
			net_revenue: amount(r.net_revenue),
			orders_count: int(r.orders_count),
			products_count: int(r.products_count),
			extended_info: q.bool('extended_info')
				? { name: r.category === null ? '(Deleted)' : text(r.category) }
				: {},
			_links: { category: link(`${NS}/products/categories/${int(r.category_id)}`) },
		})),
	);
}
