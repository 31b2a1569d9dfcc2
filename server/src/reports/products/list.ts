/**
 * The products table (`reports/products`): per-product sums from the metric layer's SQL (the daily
 * product roll-up over whole days), with the catalogue's names and `extended_info`.
 */
import type { SqlValue } from '../../core/db.js';
import { PRODUCT_ROLLUP_SQL } from '../../metrics/index.js';
import { inList } from '../../db/sql.js';
import { int, amount, text } from '../../http/values.js';
import { pageRows } from '../../http/paging.js';
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { productDetails, productNames } from '../shared/product-details.js';
import { dateWhere, productsInCategories, whereClause } from '../shared/filters.js';
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
	productAggs,
	dailyRollupRange,
	stockFields,
	type ListOptions,
} from '../shared/list-query.js';

/**
 * Each catalogue product's name, SKU and number of variations (`id`, `product_name`, `sku`,
 * `variations`), in SQL both engines run (one JOIN per SELECT).
 */
const PRODUCT_NAMES = `(SELECT x.id AS id, x.name AS product_name, x.sku AS sku, COALESCE(v.variations, 0) AS variations
	FROM products x LEFT JOIN (SELECT parent_id AS parent_id, COUNT(*) AS variations FROM products GROUP BY parent_id) v ON v.parent_id = x.id)`;

export async function productsList(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
	options: ListOptions = {},
): Promise<RouteResult> {
	const dialect = dialectOf(db);
	let list = q.ids('products');
	if (q.ids('categories').length) {
		const expanded = await productsInCategories(db, q.ids('categories'));
		list = list.length ? list.filter((id) => expanded.includes(id)) : expanded;
		if (!list.length) list = [-1];
	}
	const range = dateRange(q.raw, settings.timeZone);
	// The lines are read in range too (a lookup row carries its order's creation date,
	// `db/date-basis.ts`), so that only those of the range meet the orders.
	const where = whereClause(
		...orderScope(q, settings, true, dialect),
		dateWhere(range, 'p.date_created', dialect),
		list.length ? { sql: [inList('p.product_id', list)], params: list } : null,
	);
	let agg = `SELECT p.product_id AS product_id, ${productAggs(dialect)} FROM order_product_lookup p JOIN order_stats s ON s.order_id = p.order_id ${where.sql} GROUP BY p.product_id`;
	let aggParams = where.params;
	const rollupRows = dailyRollupRange(
		range,
		q,
		settings,
		dialect,
		list.length ? { sql: [inList('p.product_id', list)], params: list } : null,
	);
	if (rollupRows) {
		// Whole days: read the daily product roll-up (same figures, far fewer rows).
		const rolled = whereClause(rollupRows);
		agg = `SELECT p.product_id AS product_id, ${PRODUCT_ROLLUP_SQL.items_sold} AS items_sold, ${PRODUCT_ROLLUP_SQL.net_revenue} AS net_revenue, ${PRODUCT_ROLLUP_SQL.orders_count} AS orders_count, MAX(p.last_sale) AS last_sale FROM order_product_daily p ${rolled.sql} GROUP BY p.product_id`;
		aggParams = rolled.params;
	}
	// The products asked for (even unsold ones) or those sold, then their names: one JOIN each.
	const sold = list.length
		? `SELECT l.id AS product_id, COALESCE(a.items_sold, 0) AS items_sold, COALESCE(a.net_revenue, 0) AS net_revenue, COALESCE(a.orders_count, 0) AS orders_count, a.last_sale AS last_sale
			FROM (${dialect.idRows(list.map(() => '?').join(', '))}) l LEFT JOIN (${agg}) a ON a.product_id = l.id`
		: agg;
	const params: SqlValue[] = list.length ? [...list, ...aggParams] : aggParams;
	const orderby =
		{
			date: 'last_sale',
			net_revenue: 'net_revenue',
			orders_count: 'orders_count',
			items_sold: 'items_sold',
			product_name: 'product_name',
			variations: 'variations',
			sku: 'sku',
		}[q.str('orderby', 'date')] ?? 'last_sale';
	// The catalogue's columns only to order by them (the answer's come with `extended_info`).
	const base = ['product_name', 'sku', 'variations'].includes(orderby)
		? `SELECT a.product_id AS product_id, a.items_sold AS items_sold, a.net_revenue AS net_revenue, a.orders_count AS orders_count, a.last_sale AS last_sale, pr.product_name AS product_name, pr.sku AS sku, COALESCE(pr.variations, 0) AS variations
		FROM (${sold}) a LEFT JOIN ${PRODUCT_NAMES} pr ON pr.id = a.product_id`
		: sold;
	const extendedInfo = q.bool('extended_info');
	// A board's names in its page's statement, on DuckDB (http/paging.ts).
	const joinNames = extendedInfo && options.namesOnly && dialect.name === 'duckdb';
	// A board over whole days on the embedded store: its rows kept in memory (shared/board-rows.ts).
	const page =
		keptBoard(
			'products',
			joinNames === true && options.total === false && rollupRows !== null && !list.length,
			db,
			q,
			settings,
			range,
			orderby,
		) ??
		(await pageRows(
			db,
			base,
			params,
			`${orderby} ${q.direction()} NULLS LAST, product_id ASC`,
			q,
			joinNames
				? {
						...options,
						names: {
							of: 'product_id',
							from: 'SELECT id AS named_id, name AS item_name FROM products',
						},
					}
				: options,
		));
	const pageIds = page.rows.map((r) => int(r.product_id));
	const names = !(extendedInfo && options.namesOnly)
		? null
		: joinNames
			? new Map(
					page.rows
						.filter((r) => r.named === true)
						.map((r) => [int(r.product_id), text(r.item_name)]),
				)
			: await productNames(db, pageIds);
	const details =
		extendedInfo && !names ? await productDetails(db, pageIds, settings) : new Map();
	return result(
		page,
		page.rows.map((r) => {
			const id = int(r.product_id);
			const d = details.get(id);
			let extended: Record<string, unknown> = {};
			if (names) {
				extended = { name: names.get(id) ?? '(Deleted)' };
			} else if (extendedInfo) {
				extended = !d
					? { name: '(Deleted)' }
					: {
							name: d.name,
							price: d.price,
							image: d.image,
							permalink: d.permalink,
							category_ids: d.category_ids,
							...stockFields(d, settings),
							...(d.variations.length ? { variations: d.variations } : {}),
							sku: d.sku,
						};
			}
			return {
				product_id: id,
				items_sold: int(r.items_sold),
				net_revenue: amount(r.net_revenue),
				orders_count: int(r.orders_count),
				extended_info: extended,
				_links: { product: link(`${NS}/products/${id}`) },
			};
		}),
	);
}
