/**
 * The categories table (`reports/categories`): a sale counts for its product's categories and their
 * ancestors.
 */
import type { SqlValue } from '../../core/db.js';
import { PRODUCT_METRICS } from '../../metrics/index.js';
import { int, amount, text } from '../../http/values.js';
import { pageRows } from '../../http/paging.js';
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { whereClause } from '../shared/filters.js';
import type { Query } from '../../http/params.js';
import type { RouteResult } from '../shared/report-route.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { NS, link, result, orderScope } from '../shared/list-query.js';

export async function categoriesList(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const dialect = dialectOf(db);
	const agg = (key: string): string => dialect.aggregate(PRODUCT_METRICS[key].sql ?? '');
	const cats = q.ids('categories');
	const where = whereClause(...orderScope(q, settings, true, dialect));
	const tree =
		'(SELECT DISTINCT pc.product_id, cl.category_tree_id FROM product_categories pc JOIN category_lookup cl ON cl.category_id = pc.category_id)';
	// One JOIN per SELECT: each line with its categories (and their ancestors) first, then orders.
	const sums = `SELECT p.category_tree_id AS category_id, ${agg('items_sold')} AS items_sold, ${agg('net_revenue')} AS net_revenue, ${agg('orders_count')} AS orders_count, ${agg('products_count')} AS products_count
		FROM (SELECT l.*, t.category_tree_id FROM order_product_lookup l JOIN ${tree} t ON t.product_id = l.product_id) p JOIN order_stats s ON s.order_id = p.order_id ${where.sql} GROUP BY p.category_tree_id`;
	const chosen = cats.length
		? `SELECT l.id AS category_id, COALESCE(a.items_sold, 0) AS items_sold, COALESCE(a.net_revenue, 0) AS net_revenue, COALESCE(a.orders_count, 0) AS orders_count, COALESCE(a.products_count, 0) AS products_count
			FROM (${dialect.idRows(cats.map(() => '?').join(', '))}) l LEFT JOIN (${sums}) a ON a.category_id = l.id`
		: sums;
	const base = `SELECT a.category_id AS category_id, a.items_sold AS items_sold, a.net_revenue AS net_revenue, a.orders_count AS orders_count, a.products_count AS products_count, c.name AS category
		FROM (${chosen}) a LEFT JOIN categories c ON c.id = a.category_id`;
	const params: SqlValue[] = cats.length ? [...cats, ...where.params] : where.params;
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
	const page = await pageRows(
		db,
		base,
		params,
		`${orderby} ${q.direction()} NULLS LAST, category_id ASC`,
		q,
	);
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
