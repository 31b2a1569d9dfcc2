/** The variations table (`reports/variations`): per-variation sums with their catalogue rows. */
import type { SqlValue } from '../../core/db.js';
import { inList } from '../../db/sql.js';
import { int, amount } from '../../http/values.js';
import { pageRows } from '../../http/paging.js';
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { productDetails } from '../shared/product-details.js';
import { orderFilters, productsInCategories, whereClause, type Where } from '../shared/filters.js';
import { Query } from '../../http/params.js';
import type { RouteResult } from '../shared/report-route.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { NS, link, result, orderScope, productAggs, stockFields } from '../shared/list-query.js';

async function variationScope(db: SqlReader, q: Query): Promise<Where[]> {
	const parts: Where[] = [];
	const variations = q.ids('variations');
	const inc = q.ids('product_includes');
	const exc = q.ids('product_excludes');
	if (variations.length)
		parts.push({ sql: [inList('p.variation_id', variations)], params: variations });
	else if (!inc.length) parts.push({ sql: ['p.variation_id <> 0'], params: [] });
	if (inc.length) parts.push({ sql: [inList('p.product_id', inc)], params: inc });
	if (exc.length) parts.push({ sql: [`NOT ${inList('p.product_id', exc)}`], params: exc });
	for (const [name, not] of [
		['category_includes', false],
		['category_excludes', true],
	] as const) {
		const cats = q.ids(name);
		if (!cats.length) continue;
		const ids = await productsInCategories(db, cats);
		const list = ids.length ? ids : [-1];
		parts.push({ sql: [`${not ? 'NOT ' : ''}${inList('p.product_id', list)}`], params: list });
	}
	const attr = await orderFilters(
		db,
		new Query({
			attribute_is: q.raw.attribute_is,
			attribute_is_not: q.raw.attribute_is_not,
			match: q.raw.match,
		}),
	);
	if (attr) parts.push(attr);
	return parts;
}

export async function variationsList(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const dialect = dialectOf(db);
	const variations = q.ids('variations');
	const where = whereClause(
		...orderScope(q, settings, true, dialect),
		...(await variationScope(db, q)),
	);
	const agg = `SELECT p.product_id AS product_id, p.variation_id AS variation_id, ${productAggs(dialect)} FROM order_product_lookup p JOIN order_stats s ON s.order_id = p.order_id ${where.sql} GROUP BY p.product_id, p.variation_id`;
	// The variations asked for (even unsold ones) or those sold, then their catalogue rows: one
	// JOIN per SELECT.
	const base = variations.length
		? `SELECT COALESCE(v.parent_id, 0) AS product_id, la.variation_id AS variation_id, la.items_sold AS items_sold, la.net_revenue AS net_revenue, la.orders_count AS orders_count, la.last_sale AS last_sale, v.sku AS sku
			FROM (SELECT l.id AS variation_id, COALESCE(a.items_sold, 0) AS items_sold, COALESCE(a.net_revenue, 0) AS net_revenue, COALESCE(a.orders_count, 0) AS orders_count, a.last_sale AS last_sale
				FROM (${dialect.idRows(variations.map(() => '?').join(', '))}) l LEFT JOIN (${agg}) a ON a.variation_id = l.id) la
			LEFT JOIN products v ON v.id = la.variation_id`
		: `SELECT a.product_id AS product_id, a.variation_id AS variation_id, a.items_sold AS items_sold, a.net_revenue AS net_revenue, a.orders_count AS orders_count, a.last_sale AS last_sale, v.sku AS sku
			FROM (${agg}) a LEFT JOIN products v ON v.id = a.variation_id`;
	const params: SqlValue[] = variations.length ? [...variations, ...where.params] : where.params;
	const orderby =
		{
			date: 'last_sale',
			net_revenue: 'net_revenue',
			orders_count: 'orders_count',
			items_sold: 'items_sold',
			sku: 'sku',
		}[q.str('orderby', 'date')] ?? 'last_sale';
	const page = await pageRows(
		db,
		base,
		params,
		`${orderby} ${q.direction()} NULLS LAST, variation_id ASC`,
		q,
	);
	const ext = q.bool('extended_info');
	const details = ext
		? await productDetails(
				db,
				page.rows.map((r) => int(r.variation_id || r.product_id)),
				settings,
			)
		: new Map();
	return result(
		page,
		page.rows.map((r) => {
			const vid = int(r.variation_id);
			const pid = int(r.product_id);
			const d = details.get(vid || pid);
			return {
				product_id: pid,
				variation_id: vid,
				items_sold: int(r.items_sold),
				net_revenue: amount(r.net_revenue),
				orders_count: int(r.orders_count),
				extended_info: ext
					? d
						? {
								name: d.name,
								price: d.price,
								image: d.image,
								permalink: d.permalink,
								...stockFields(d, settings),
								sku: d.sku,
								attributes: d.attributes,
							}
						: { name: '(Deleted)' }
					: {},
				_links: {
					product: link(`${NS}/products/${pid}`),
					variation: link(`${NS}/products/${pid}/variations/${vid}`),
				},
			};
		}),
	);
}
