/**
 * The orders table (`reports/orders`): the orders in range and filters with their parent order's
 * total, and their products, coupons and customer as `extended_info`.
 */
import type { Row } from '../../core/db.js';
import { inList } from '../../db/sql.js';
import { int, isoDate, amount, num, sqlDate, text } from '../../http/values.js';
import { pageRows } from '../../http/paging.js';
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { orderFilters, whereClause } from '../shared/filters.js';
import type { Query } from '../../http/params.js';
import type { RouteResult } from '../shared/report-route.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { createdAtSql, orderStatsOn } from '../../db/date-basis.js';
import { NS, link, result, orderScope } from '../shared/list-query.js';

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
	// The orders in scope are paged on their own rows, then the page's parent orders are read for
	// their total (a refund shows its order's). Joining every order in scope to its
	// parent before paging cost about two thirds of the statement: a year of completed orders of a
	// 200,000-order store is some 60,000 rows, and a page shows 25.
	// The list follows the store's date type (db/date-basis.ts): `date_created` of the relation is
	// the date the order counts on (range, order by date; answered as `date`), `created_at` its
	// creation time (answered as `date_created`).
	const basis = settings.dateBasis ?? 'date_created';
	const scoped = `SELECT s.order_id AS order_id, s.parent_id AS parent_id, s.date_created AS date_created, ${createdAtSql(basis)} AS created_at, s.date_created_gmt AS date_created_gmt, s.status AS status, s.customer_id AS customer_id,
			s.net_total AS net_total, s.total_sales AS total_sales, s.num_items_sold AS num_items_sold, s.returning_customer AS returning_customer,
			CASE WHEN s.parent_id <> 0 THEN s.parent_id ELSE s.order_id END AS order_ref
		FROM ${orderStatsOn(basis)} s ${where.sql}`;
	const page = await pageRows(
		db,
		scoped,
		where.params,
		`${orderby} ${q.direction()}, order_id ${q.direction()}`,
		q,
	);
	const refs = [...new Set(page.rows.map((r) => int(r.order_ref)))];
	const extended = q.bool('extended_info');
	const ids = page.rows.map((r) => int(r.order_id));
	const custIds = [
		...new Set(
			page.rows
				.map((r) => r.customer_id)
				.filter((v) => v !== null)
				.map(int),
		),
	];
	const none = Promise.resolve<Row[]>([]);
	const withInfo = extended && ids.length > 0;
	// The page's parent totals and extended information, read side by side (each its own
	// statement on its own reader).
	const [parents, lines, cs, customerRows] = await Promise.all([
		refs.length
			? db.all(
					`SELECT id AS id, total AS parent_total FROM orders WHERE ${inList('id', refs)}`,
					refs,
				)
			: none,
		withInfo
			? db.all(
					`SELECT i.order_id AS order_id, CASE WHEN i.variation_id <> 0 THEN i.variation_id ELSE i.product_id END AS id, i.name AS name, i.qty AS qty FROM order_items i WHERE ${inList('i.order_id', ids)} ORDER BY i.order_item_id`,
					ids,
				)
			: none,
		withInfo
			? db.all(
					`SELECT c.order_id AS order_id, c.coupon_id AS coupon_id, COALESCE(k.code, '(Deleted)') AS code FROM order_coupon_lookup c LEFT JOIN (SELECT id AS id, code AS code FROM coupons) k ON k.id = c.coupon_id WHERE ${inList('c.order_id', ids)} ORDER BY c.order_id, c.coupon_id`,
					ids,
				)
			: none,
		withInfo && custIds.length
			? db.all(
					`SELECT ${CUSTOMER_FIELDS} FROM customer_lookup WHERE ${inList('customer_id', custIds)}`,
					custIds,
				)
			: none,
	]);
	const byId = new Map(parents.map((r) => [int(r.id), r]));
	for (const row of page.rows) {
		const parent = byId.get(int(row.order_ref));
		row.parent_total = parent?.parent_total ?? null;
	}
	const items = new Map<number, Array<{ id: number; name: string; quantity: number }>>();
	for (const l of lines) {
		const list = items.get(int(l.order_id)) ?? [];
		list.push({ id: int(l.id), name: text(l.name), quantity: int(l.qty) });
		items.set(int(l.order_id), list);
	}
	const coupons = new Map<number, Array<{ id: number; code: string }>>();
	for (const c of cs) {
		const list = coupons.get(int(c.order_id)) ?? [];
		list.push({ id: int(c.coupon_id), code: text(c.code).toLowerCase() });
		coupons.set(int(c.order_id), list);
	}
	const customers = new Map<number, Row>();
	for (const c of customerRows) customers.set(int(c.customer_id), c);
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
