/** The taxes table (`reports/taxes`): tax sums and orders per tax rate. */
import type { SqlValue } from '../../core/db.js';
import { TAX_METRICS } from '../../metrics/index.js';
import { inList } from '../../db/sql.js';
import { int, amount, num, text } from '../../http/values.js';
import { pageRows } from '../../http/paging.js';
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { whereClause } from '../shared/filters.js';
import type { Query } from '../../http/params.js';
import type { RouteResult } from '../shared/report-route.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { NS, link, result, orderScope } from '../shared/list-query.js';

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
