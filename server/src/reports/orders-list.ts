/**
 * The table reports: orders, products, variations, categories, coupons, taxes, downloads, stock
 * and customers. Figures come from the metric layer's SQL so that tables agree with the stats.
 */
import type { Row, SqlValue } from '../core/db.js';
import {
	COUPON_METRICS,
	PRODUCT_METRICS,
	PRODUCT_ROLLUP_SQL,
	TAX_METRICS,
} from '../metrics/index.js';
import { inList } from '../db/sql.js';
import { int, isoDate, amount, num, sqlDate, text } from '../http/values.js';
import { pageRows, type Page } from '../http/paging.js';
import { DUCKDB, type Dialect, dialectOf, type SqlReader } from '../metrics/dialect.js';
import { productDetails, type ProductDetails } from './product-details.js';
import {
	dateWhere,
	orderFilters,
	productsInCategories,
	statusWhere,
	whereClause,
	type Where,
} from './filters.js';
import { Query } from '../http/params.js';
import { type RouteResult } from './report-route.js';
import { type StoreSettings } from '../db/store-settings.js';
import { dateRange } from './date-range.js';
import { createdAtSql, orderStatsOn } from '../db/date-basis.js';
import { formatSql, gmtText, localToUtcLast, parseNaive, utcToLocal } from '../db/store-time.js';
import {
	lowStockAmountSql,
	managesStockSql,
	STOCK_STATUSES,
	stockStatusOf,
	stockStatusSql,
} from '../metrics/stock.js';

const NS = '/wc-analytics';
const link = (href: string): Array<{ href: string }> => [{ href }];

function result(page: Page, rows: unknown[]): RouteResult {
	return { body: rows, total: page.total, totalPages: page.totalPages };
}

/** Order-stats rows in range passing the status filter (the set S). */
function orderScope(
	q: Query,
	settings: StoreSettings,
	useStatus = true,
	dialect: Dialect = DUCKDB,
): Where[] {
	const range = dateRange(q.raw, settings.timeZone);
	return [
		dateWhere(range, 's.date_created', dialect),
		useStatus ? statusWhere(q, settings) : statusWhere(new Query({}), settings),
	];
}

// ---- Orders ---------------------------------------------------------------------------------

/** The customer of an order's `extended_info`: its customer_lookup row as DuckDB gives it. */
const CUSTOMER_FIELDS =
	'customer_id, user_id, username, first_name, last_name, email, date_last_active, date_registered, country, postcode, city, state';

export async function ordersList(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const dialect = dialectOf(db);
	const where = whereClause(
		...orderScope(q, settings, true, dialect),
		await orderFilters(db, q, { categories: false, orders: true }),
	);
	// Money is ordered to the 4 decimals both engines keep (DuckDB's sums are doubles, ClickHouse's
	// Decimal(18, 4)), so orders of equal totals fall back to their id alike on both.
	const orderby =
		{
			date: 'date_created',
			num_items_sold: 'num_items_sold',
			net_total: 'ROUND(net_total, 4)',
		}[q.str('orderby', 'date')] ?? 'date_created';
	// The orders in scope, then their parent order's total and currency (a refund shows its
	// order's): one JOIN on an equality, as both engines take it.
	// The list follows the store's date type (db/date-basis.ts): `date_created` of the relation is
	// the date the order counts on (range, order by date; answered as `date`), `created_at` its
	// creation time (answered as `date_created`).
	const basis = settings.dateBasis ?? 'date_created';
	const scoped = `SELECT s.order_id AS order_id, s.parent_id AS parent_id, s.date_created AS date_created, ${createdAtSql(basis)} AS created_at, s.date_created_gmt AS date_created_gmt, s.status AS status, s.customer_id AS customer_id,
			s.net_total AS net_total, s.total_sales AS total_sales, s.num_items_sold AS num_items_sold, s.returning_customer AS returning_customer,
			CASE WHEN s.parent_id <> 0 THEN s.parent_id ELSE s.order_id END AS order_ref
		FROM ${orderStatsOn(basis)} s ${where.sql}`;
	const base = `SELECT s.order_id AS order_id, s.parent_id AS parent_id, s.date_created AS date_created, s.created_at AS created_at, s.date_created_gmt AS date_created_gmt, s.status AS status, s.customer_id AS customer_id,
			s.net_total AS net_total, s.total_sales AS total_sales, s.num_items_sold AS num_items_sold, s.returning_customer AS returning_customer, o.parent_total AS parent_total, o.currency AS currency
		FROM (${scoped}) s LEFT JOIN (SELECT id AS id, total AS parent_total, currency AS currency FROM orders) o ON o.id = s.order_ref`;
	const page = await pageRows(
		db,
		base,
		where.params,
		`${orderby} ${q.direction()}, order_id ${q.direction()}`,
		q,
	);
	const extended = q.bool('extended_info');
	const ids = page.rows.map((r) => int(r.order_id));
	const items = new Map<number, Array<{ id: number; name: string; quantity: number }>>();
	const coupons = new Map<number, Array<{ id: number; code: string }>>();
	const customers = new Map<number, Row>();
	if (extended && ids.length) {
		const lines = await db.all(
			`SELECT i.order_id AS order_id, CASE WHEN i.variation_id <> 0 THEN i.variation_id ELSE i.product_id END AS id, i.name AS name, i.qty AS qty FROM order_items i WHERE ${inList('i.order_id', ids)} ORDER BY i.order_item_id`,
			ids,
		);
		for (const l of lines) {
			const list = items.get(int(l.order_id)) ?? [];
			list.push({ id: int(l.id), name: text(l.name), quantity: int(l.qty) });
			items.set(int(l.order_id), list);
		}
		const cs = await db.all(
			`SELECT c.order_id AS order_id, c.coupon_id AS coupon_id, COALESCE(k.code, '(Deleted)') AS code FROM order_coupon_lookup c LEFT JOIN (SELECT id AS id, code AS code FROM coupons) k ON k.id = c.coupon_id WHERE ${inList('c.order_id', ids)} ORDER BY c.order_id, c.coupon_id`,
			ids,
		);
		for (const c of cs) {
			const list = coupons.get(int(c.order_id)) ?? [];
			list.push({ id: int(c.coupon_id), code: text(c.code).toLowerCase() });
			coupons.set(int(c.order_id), list);
		}
		const custIds = [
			...new Set(
				page.rows
					.map((r) => r.customer_id)
					.filter((v) => v !== null)
					.map(int),
			),
		];
		if (custIds.length) {
			const rows = await db.all(
				`SELECT ${CUSTOMER_FIELDS} FROM customer_lookup WHERE ${inList('customer_id', custIds)}`,
				custIds,
			);
			for (const c of rows) customers.set(int(c.customer_id), c);
		}
	}
	const fmt = new Intl.NumberFormat('en-US', { style: 'currency', currency: settings.currency });
	return result(
		page,
		page.rows.map((r) => {
			const id = int(r.order_id);
			const parent = int(r.parent_id);
			const customer = r.customer_id === null ? undefined : customers.get(int(r.customer_id));
			return {
				order_id: id,
				parent_id: parent,
				date: sqlDate(r.date_created),
				date_created: sqlDate(r.created_at),
				date_created_gmt: sqlDate(r.date_created_gmt),
				status: text(r.status).replace(/^wc-/, ''),
				customer_id: int(r.customer_id),
				net_total: amount(r.net_total),
				total_sales: amount(r.total_sales),
				num_items_sold: int(r.num_items_sold),
				customer_type: isFalse(r.returning_customer) ? 'new' : 'returning',
				order_number: parent || id,
				total_formatted: fmt.format(num(r.parent_total)),
				extended_info: extended
					? {
							products: items.get(id) ?? [],
							coupons: coupons.get(id) ?? [],
							customer: customer ? customerInfo(customer) : [],
						}
					: {},
				_links: { order: link(`${NS}/orders/${parent || id}`) },
			};
		}),
	);
}

/** A boolean column's false (DuckDB's `false`, ClickHouse's UInt8 0); NULL is not false. */
function isFalse(value: unknown): boolean {
	return value === false || value === 0 || value === '0';
}

/** An order's customer as its `extended_info` shows it (ids as numbers, dates as ISO text). */
function customerInfo(c: Row): Record<string, unknown> {
	const id = (v: unknown): number | null => (v === null || v === undefined ? null : int(v));
	return {
		customer_id: int(c.customer_id),
		user_id: id(c.user_id),
		username: text(c.username),
		first_name: text(c.first_name),
		last_name: text(c.last_name),
		email: c.email === null || c.email === undefined ? null : text(c.email),
		date_last_active: isoDate(c.date_last_active),
		date_registered: isoDate(c.date_registered),
		country: text(c.country),
		postcode: text(c.postcode),
		city: text(c.city),
		state: text(c.state),
	};
}

// ---- Products & variations -----------------------------------------------------------------

/** The products' per-product sums, in the reader's dialect. */
function productAggs(dialect: Dialect): string {
	const agg = (key: string): string => dialect.aggregate(PRODUCT_METRICS[key].sql ?? '');
	return `${agg('items_sold')} AS items_sold, ${agg('net_revenue')} AS net_revenue, ${agg('orders_count')} AS orders_count, MAX(p.date_created) AS last_sale`;
}

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
): Promise<RouteResult> {
	const dialect = dialectOf(db);
	let list = q.ids('products');
	if (q.ids('categories').length) {
		const expanded = await productsInCategories(db, q.ids('categories'));
		list = list.length ? list.filter((id) => expanded.includes(id)) : expanded;
		if (!list.length) list = [-1];
	}
	const where = whereClause(
		...orderScope(q, settings, true, dialect),
		list.length ? { sql: [inList('p.product_id', list)], params: list } : null,
	);
	const range = dateRange(q.raw, settings.timeZone);
	const dayAligned = range.after % 86_400_000 === 0 && range.before % 86_400_000 === 86_399_000;
	let agg = `SELECT p.product_id AS product_id, ${productAggs(dialect)} FROM order_product_lookup p JOIN order_stats s ON s.order_id = p.order_id ${where.sql} GROUP BY p.product_id`;
	let aggParams = where.params;
	if (dayAligned && dialect.rollups) {
		// Whole days: read the daily product roll-up (same figures, far fewer rows).
		const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
		const rolled = whereClause(
			{
				sql: ['p.day BETWEEN CAST(? AS DATE) AND CAST(? AS DATE)'],
				params: [day(range.after), day(range.before)],
			},
			statusWhere(q, settings, 'p'),
			list.length ? { sql: [inList('p.product_id', list)], params: list } : null,
		);
		agg = `SELECT p.product_id, ${PRODUCT_ROLLUP_SQL.items_sold} AS items_sold, ${PRODUCT_ROLLUP_SQL.net_revenue} AS net_revenue, ${PRODUCT_ROLLUP_SQL.orders_count} AS orders_count, MAX(p.last_sale) AS last_sale FROM order_product_daily p ${rolled.sql} GROUP BY p.product_id`;
		aggParams = rolled.params;
	}
	// The products asked for (even unsold ones) or those sold, then their names: one JOIN each.
	const sold = list.length
		? `SELECT l.id AS product_id, COALESCE(a.items_sold, 0) AS items_sold, COALESCE(a.net_revenue, 0) AS net_revenue, COALESCE(a.orders_count, 0) AS orders_count, a.last_sale AS last_sale
			FROM (${dialect.idRows(list.map(() => '?').join(', '))}) l LEFT JOIN (${agg}) a ON a.product_id = l.id`
		: agg;
	const base = `SELECT a.product_id AS product_id, a.items_sold AS items_sold, a.net_revenue AS net_revenue, a.orders_count AS orders_count, a.last_sale AS last_sale, pr.product_name AS product_name, pr.sku AS sku, COALESCE(pr.variations, 0) AS variations
		FROM (${sold}) a LEFT JOIN ${PRODUCT_NAMES} pr ON pr.id = a.product_id`;
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
	const page = await pageRows(
		db,
		base,
		params,
		`${orderby} ${q.direction()} NULLS LAST, product_id ASC`,
		q,
	);
	const details = q.bool('extended_info')
		? await productDetails(
				db,
				page.rows.map((r) => int(r.product_id)),
				settings,
			)
		: new Map();
	return result(
		page,
		page.rows.map((r) => {
			const id = int(r.product_id);
			const d = details.get(id);
			let extended: Record<string, unknown> = {};
			if (q.bool('extended_info')) {
				extended = d
					? {
							name: d.name,
							price: d.price,
							image: d.image,
							permalink: d.permalink,
							category_ids: d.category_ids,
							...stockFields(d, settings),
							...(d.variations.length ? { variations: d.variations } : {}),
							sku: d.sku,
						}
					: { name: '(Deleted)' };
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

/** The stock fields of a product's `extended_info` (stock status as metrics/stock.ts defines it). */
function stockFields(
	d: ProductDetails,
	settings: StoreSettings,
): {
	stock_status: string;
	stock_quantity: number | null;
	manage_stock: boolean;
	low_stock_amount: number;
} {
	const status = stockStatusOf(d, settings);
	const manages = settings.manageStock && d.manage_stock && d.stock_quantity !== null;
	return {
		stock_status: status,
		stock_quantity: manages ? d.stock_quantity : null,
		manage_stock: manages,
		low_stock_amount: d.low_stock_amount,
	};
}

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

// ---- Categories -----------------------------------------------------------------------------

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

// ---- Coupons --------------------------------------------------------------------------------

export async function couponsList(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const dialect = dialectOf(db);
	const ids = q.ids('coupons');
	const where = whereClause(
		...orderScope(q, settings, true, dialect),
		ids.length ? { sql: [inList('c.coupon_id', ids)], params: ids } : null,
	);
	const sums = `SELECT c.coupon_id AS coupon_id, ${dialect.aggregate(COUPON_METRICS.amount.sql ?? '')} AS amount, ${dialect.aggregate(COUPON_METRICS.orders_count.sql ?? '')} AS orders_count FROM order_coupon_lookup c JOIN order_stats s ON s.order_id = c.order_id ${where.sql} GROUP BY c.coupon_id`;
	const chosen = ids.length
		? `SELECT l.id AS coupon_id, COALESCE(a.amount, 0) AS amount, COALESCE(a.orders_count, 0) AS orders_count FROM (${dialect.idRows(ids.map(() => '?').join(', '))}) l LEFT JOIN (${sums}) a ON a.coupon_id = l.id`
		: sums;
	const base = `SELECT a.coupon_id AS coupon_id, a.amount AS amount, a.orders_count AS orders_count, k.code AS code FROM (${chosen}) a LEFT JOIN coupons k ON k.id = a.coupon_id`;
	const params: SqlValue[] = ids.length ? [...ids, ...where.params] : where.params;
	const orderby = ['coupon_id', 'code', 'amount', 'orders_count'].includes(q.str('orderby'))
		? q.str('orderby')
		: 'coupon_id';
	const page = await pageRows(
		db,
		base,
		params,
		`${orderby} ${q.direction()} NULLS LAST, coupon_id ASC`,
		q,
	);
	const info = new Map<number, Row>();
	const pageIds = page.rows.map((r) => int(r.coupon_id));
	if (q.bool('extended_info') && pageIds.length) {
		for (const c of await db.all(
			`SELECT id, code, discount_type, date_created, date_created_gmt, date_expires, date_expires_gmt FROM coupons WHERE ${inList('id', pageIds)}`,
			pageIds,
		))
			info.set(int(c.id), c);
	}
	return result(
		page,
		page.rows.map((r) => {
			const id = int(r.coupon_id);
			const c = info.get(id);
			return {
				coupon_id: id,
				amount: amount(r.amount),
				orders_count: int(r.orders_count),
				extended_info: q.bool('extended_info')
					? c
						? {
								code: text(c.code),
								date_created: isoDate(c.date_created) ?? '',
								date_created_gmt: isoDate(c.date_created_gmt) ?? '',
								date_expires: isoDate(c.date_expires) ?? '',
								date_expires_gmt: isoDate(c.date_expires_gmt) ?? '',
								discount_type: text(c.discount_type),
							}
						: {
								code: '(Deleted)',
								date_created: '',
								date_created_gmt: '',
								date_expires: '',
								date_expires_gmt: '',
								discount_type: 'N/A',
							}
					: {},
				_links: { coupon: link(`${NS}/coupons/${id}`) },
			};
		}),
	);
}

// ---- Taxes ----------------------------------------------------------------------------------

export async function taxesList(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const dialect = dialectOf(db);
	const agg = (key: string): string => dialect.aggregate(TAX_METRICS[key].sql ?? '');
	const ids = q.ids('taxes');
	const where = whereClause(...orderScope(q, settings, true, dialect));
	const sums = `SELECT t.tax_rate_id AS tax_rate_id, ${agg('total_tax')} AS total_tax, ${agg('order_tax')} AS order_tax, ${agg('shipping_tax')} AS shipping_tax, ${agg('orders_count')} AS orders_count
		FROM order_tax_lookup t JOIN order_stats s ON s.order_id = t.order_id ${where.sql} GROUP BY t.tax_rate_id`;
	// COUNTRY-STATE-NAME-PRIORITY in capitals, empty parts left out.
	const part = (column: string): string =>
		`CASE WHEN ${column} <> '' THEN concat(${column}, '-') ELSE '' END`;
	const taxCode = `upper(concat(${part('r.tax_rate_country')}, ${part('r.tax_rate_state')}, ${part('r.tax_rate_name')}, ${dialect.text('r.tax_rate_priority')}))`;
	const base = `SELECT r.tax_rate_id AS tax_rate_id, r.tax_rate_name AS name, ${dialect.real('r.tax_rate')} AS rate, r.tax_rate_country AS country, r.tax_rate_state AS state, r.tax_rate_priority AS priority,
			${taxCode} AS tax_code,
			COALESCE(a.total_tax, 0) AS total_tax, COALESCE(a.order_tax, 0) AS order_tax, COALESCE(a.shipping_tax, 0) AS shipping_tax, COALESCE(a.orders_count, 0) AS orders_count
		FROM tax_rates r ${ids.length ? 'LEFT' : ''} JOIN (${sums}) a ON a.tax_rate_id = r.tax_rate_id ${ids.length ? `WHERE ${inList('r.tax_rate_id', ids)}` : ''}`;
	const params: SqlValue[] = ids.length ? [...where.params, ...ids] : where.params;
	const orderby =
		{
			name: 'name',
			tax_rate_id: 'tax_rate_id',
			tax_code: 'tax_code',
			rate: 'rate',
			order_tax: 'order_tax',
			total_tax: 'total_tax',
			shipping_tax: 'shipping_tax',
			orders_count: 'orders_count',
		}[q.str('orderby', 'tax_rate_id')] ?? 'tax_rate_id';
	const page = await pageRows(
		db,
		base,
		params,
		`${orderby} ${q.direction()}, tax_rate_id ASC`,
		q,
	);
	return result(
		page,
		page.rows.map((r) => ({
			tax_rate_id: int(r.tax_rate_id),
			name: text(r.name),
			tax_rate: num(r.rate),
			country: text(r.country),
			state: text(r.state),
			priority: int(r.priority),
			total_tax: amount(r.total_tax),
			order_tax: amount(r.order_tax),
			shipping_tax: amount(r.shipping_tax),
			orders_count: int(r.orders_count),
			_links: { tax: link(`${NS}/taxes/${int(r.tax_rate_id)}`) },
		})),
	);
}

// ---- Downloads ------------------------------------------------------------------------------

/** Download-log conditions (dates compared in UTC after converting the store-local range). */
export async function downloadWhere(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<{ sql: string; params: SqlValue[] }> {
	const range = dateRange(q.raw, settings.timeZone);
	const ts = dialectOf(db).timestamp('?');
	const dates: Where = {
		sql: [`d.timestamp BETWEEN ${ts} AND ${ts}`],
		params: [
			gmtText(range.after, settings.timeZone),
			formatSql(localToUtcLast(range.before, settings.timeZone)),
		],
	};
	const parts: Where[] = [];
	const add = (column: string, values: SqlValue[], not: boolean): void => {
		if (values.length)
			parts.push({ sql: [`${not ? 'NOT ' : ''}${inList(column, values)}`], params: values });
	};
	add('perm.product_id', q.ids('product_includes'), false);
	add('perm.product_id', q.ids('product_excludes'), true);
	add('perm.order_id', q.ids('order_includes'), false);
	add('perm.order_id', q.ids('order_excludes'), true);
	add('d.user_ip_address', q.strings('ip_address_includes'), false);
	add('d.user_ip_address', q.strings('ip_address_excludes'), true);
	for (const [name, not] of [
		['customer_includes', false],
		['customer_excludes', true],
	] as const) {
		const ids = q.ids(name);
		if (!ids.length) continue;
		const rows = await db.all(
			`SELECT user_id FROM customer_lookup WHERE user_id IS NOT NULL AND ${inList('customer_id', ids)}`,
			ids,
		);
		const users = rows.map((r) => int(r.user_id));
		add('d.user_id', users.length ? users : [-1], not);
	}
	const any = q.str('match', 'all') === 'any';
	const filter: Where | null = parts.length
		? {
				sql: [`(${parts.map((p) => p.sql.join(' AND ')).join(any ? ' OR ' : ' AND ')})`],
				params: parts.flatMap((p) => p.params),
			}
		: null;
	return whereClause(dates, filter);
}

/**
 * Whether `_embed` asks for the links of relation `rel`: `_embed`, `_embed=1` or `true` embed every
 * embeddable link, `_embed=product,up` (or an array) only those named; `0` and `false` none.
 */
export function wantsEmbed(value: unknown, rel: string): boolean {
	if (value === undefined || value === null || value === false) return false;
	if (value === true || value === '') return true;
	const list = (Array.isArray(value) ? value : String(value).split(','))
		.map((v) => String(v).trim().toLowerCase())
		.filter((v) => v !== '');
	if (!list.length) return true;
	if (list.length === 1 && ['1', 'true', 'yes'].includes(list[0])) return true;
	if (list.length === 1 && ['0', 'false', 'no'].includes(list[0])) return false;
	return list.includes(rel);
}

/**
 * The product of a download row in the embed context (REST §7.1: id, name, slug, permalink,
 * images, short_description), or WordPress's error object for a deleted product.
 */
function embeddedProduct(r: Row): Record<string, unknown> {
	const id = int(r.product_id);
	if (r.product_name === null || r.product_name === undefined)
		return {
			code: 'woocommerce_rest_product_invalid_id',
			message: 'Invalid ID.',
			data: { status: 404 },
		};
	const name = text(r.product_name);
	const image = text(r.product_image);
	return {
		id,
		name,
		slug: text(r.product_slug),
		permalink: `/product/${text(r.product_slug)}/`,
		images: image ? [{ id: 0, src: image, name, alt: '' }] : [],
		short_description: '',
	};
}

export async function downloadsList(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const where = await downloadWhere(db, q, settings);
	// The log rows in range with their permission, then the file, the user and the product: one
	// JOIN per SELECT (ClickHouse 18.16 takes no more).
	const logged = `SELECT d.download_log_id AS id, d.timestamp AS ts, perm.download_id AS download_id, perm.product_id AS product_id, perm.order_id AS order_id, d.user_id AS user_id, d.user_ip_address AS user_ip_address
		FROM download_log d JOIN downloadable_product_permissions perm ON perm.permission_id = d.permission_id ${where.sql}`;
	const withFile = `SELECT z.*, f.file AS file FROM (${logged}) z LEFT JOIN (SELECT download_id AS file_ref, file AS file FROM product_downloads) f ON f.file_ref = z.download_id`;
	const withUser = `SELECT y.*, u.username AS username FROM (${withFile}) y LEFT JOIN (SELECT id AS user_ref, username AS username FROM users) u ON u.user_ref = y.user_id`;
	const base = `SELECT x.id AS id, x.ts AS ts, x.download_id AS download_id, x.product_id AS product_id, x.order_id AS order_id, x.user_id AS user_id, x.user_ip_address AS user_ip_address, x.file AS file, x.username AS username,
			pr.product_name AS product_name, pr.product_slug AS product_slug, pr.product_image AS product_image
		FROM (${withUser}) x LEFT JOIN (SELECT id AS product_ref, name AS product_name, slug AS product_slug, image AS product_image FROM products) pr ON pr.product_ref = x.product_id`;
	const orderby = q.str('orderby', 'date') === 'product' ? 'product_name' : 'ts';
	const embed = wantsEmbed(q.raw._embed, 'product');
	const page = await pageRows(
		db,
		base,
		where.params,
		`${orderby} ${q.direction()}, id ${q.direction()}`,
		q,
	);
	return result(
		page,
		page.rows.map((r) => {
			const gmt = sqlDate(r.ts) ?? '';
			const file = text(r.file);
			return {
				id: int(r.id),
				date_gmt: gmt,
				date: formatSql(utcToLocal(parseNaive(gmt), settings.timeZone)),
				download_id: text(r.download_id),
				product_id: int(r.product_id),
				order_id: int(r.order_id),
				order_number: String(int(r.order_id)),
				user_id: int(r.user_id),
				ip_address: text(r.user_ip_address),
				file_name: r.product_name === null ? '' : (file.split('/').pop() ?? ''),
				file_path: file,
				username: text(r.username),
				_links: {
					product: [{ href: `${NS}/products/${int(r.product_id)}`, embeddable: true }],
				},
				...(embed ? { _embedded: { product: [embeddedProduct(r)] } } : {}),
			};
		}),
	);
}

// ---- Stock ----------------------------------------------------------------------------------

/** Products and variations the stock report covers (published and private). */
const STOCK_SCOPE = "p.status IN ('publish', 'private')";

/** SQL condition of a stock report `type` (the stock status definition of metrics/stock.ts). */
export function stockCondition(type: string, settings: StoreSettings): string {
	return (STOCK_STATUSES as readonly string[]).includes(type)
		? `${stockStatusSql(settings)} = '${type}'`
		: '(1 = 1)';
}

export async function stockList(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<RouteResult> {
	const parts: string[] = [STOCK_SCOPE, stockCondition(q.str('type', 'all'), settings)];
	const params: SqlValue[] = [];
	const add = (column: string, ids: number[], not: boolean): void => {
		if (!ids.length) return;
		parts.push(`${not ? 'NOT ' : ''}${inList(column, ids)}`);
		params.push(...ids);
	};
	add('p.id', q.ids('include'), false);
	add('p.id', q.ids('exclude'), true);
	add('p.parent_id', q.ids('parent'), false);
	add('p.parent_id', q.ids('parent_exclude'), true);
	// family_name / family_id keep a variable product's variations right beneath it when sorting
	// by title; status_rank sorts out of stock first, then low stock, on backorder, in stock.
	// The parent's name is joined on an equality only (ClickHouse 18.16 takes no other LEFT JOIN).
	const base = `SELECT p.id AS id, p.parent_id AS parent_id, p.name AS name, p.sku AS sku, p.type AS type, p.stock_quantity AS stock_quantity, p.date_created AS date_created,
			${stockStatusSql(settings)} AS effective_status, ${managesStockSql(settings)} AS manages,
			${lowStockAmountSql(settings)} AS effective_low,
			COALESCE(CASE WHEN p.parent_id <> 0 THEN parent.parent_name END, p.name) AS family_name, CASE WHEN p.parent_id <> 0 THEN p.parent_id ELSE p.id END AS family_id
		FROM products p LEFT JOIN (SELECT id AS family_ref, name AS parent_name FROM products) parent ON parent.family_ref = p.parent_id WHERE ${parts.join(' AND ')}`;
	const d = q.direction();
	const rank = `CASE effective_status WHEN 'outofstock' THEN 0 WHEN 'lowstock' THEN 1 WHEN 'onbackorder' THEN 2 WHEN 'instock' THEN 3 ELSE 4 END`;
	const orderby =
		{
			stock_status: `${rank} ${d}, CASE WHEN manages THEN stock_quantity END ${d} NULLS LAST, family_id ASC, parent_id ASC, id ASC`,
			stock_quantity: `CASE WHEN manages THEN stock_quantity END ${d} NULLS LAST, id ${d}`,
			date: `date_created ${d}, id ${d}`,
			id: `id ${d}`,
			include: `id ${d}`,
			title: `family_name ${d}, family_id ${d}, parent_id ASC, name ASC, id ASC`,
			sku: `sku ${d}, id ASC`,
		}[q.str('orderby', 'stock_status')] ?? `${rank} ${d}, id ASC`;
	const offset = q.num('offset');
	const page = await pageRows(
		db,
		// ClickHouse 18.16 takes OFFSET only after a LIMIT.
		offset !== undefined
			? `${base} LIMIT ${Number.MAX_SAFE_INTEGER} OFFSET ${Math.max(0, Math.floor(offset))}`
			: base,
		params,
		orderby,
		q,
	);
	return result(
		page,
		page.rows.map((r) => {
			const manages = r.manages === true || Number(r.manages) === 1;
			return {
				id: int(r.id),
				parent_id: int(r.parent_id),
				name: text(r.name),
				sku: text(r.sku),
				type: text(r.type),
				stock_status: text(r.effective_status),
				stock_quantity: manages ? num(r.stock_quantity) : null,
				manage_stock: manages,
				low_stock_amount: int(r.effective_low),
				_links: {
					product: link(`${NS}/products/${int(r.parent_id) || int(r.id)}`),
					...(int(r.parent_id)
						? { parent: link(`${NS}/products/${int(r.parent_id)}`) }
						: {}),
				},
			};
		}),
	);
}

export async function stockStats(db: SqlReader, settings: StoreSettings): Promise<RouteResult> {
	const row = await db.one(
		`SELECT ${STOCK_STATUSES.map((t) => `SUM(CASE WHEN ${stockCondition(t, settings)} THEN 1 ELSE 0 END) AS ${t}`).join(', ')}, COUNT(*) AS products FROM products p WHERE ${STOCK_SCOPE}`,
	);
	const totals: Record<string, number> = {};
	for (const key of [...STOCK_STATUSES, 'products']) totals[key] = int(row?.[key]);
	return { body: { totals } };
}
