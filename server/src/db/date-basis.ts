/**
 * The date basis of the analytics: which date an order counts on — its creation, its payment or
 * its completion (WooCommerce's option `woocommerce_date_type`, Analytics › Settings › Date type).
 *
 * It applies exactly where WooCommerce applies it: revenue stats, orders stats (and so the
 * dashboard's revenue and orders indicators and charts) and the orders list. Every other report
 * (products, variations, categories, coupons, taxes, customers, stock, downloads and Abacus's own
 * reports) counts an order on its creation date, as WooCommerce's item and customer reports do
 * (`server/src/metrics/README.md`, "Date type"). The lookup tables therefore always carry the
 * creation date in `date_created`; the reports that follow the basis read `order_stats` through
 * `orderStatsOn`, which gives each row its basis date as `date_created` (the creation time stays
 * in `created_at`, shown by the orders list) and leaves out the rows without one (an order not
 * paid, or not completed). A refund counts on its own creation date under every basis
 * (WooCommerce gives a refund its creation date as paid and completed date).
 *
 * A change of the option needs no recomputation: the basis is read at query time.
 *
 * When the option was never saved, WooCommerce counts by the paid date; the sync writes that
 * effective value (`effectiveDateBasis`). The demo store keeps its own setting, `date_created`
 * by default (the REST contract's dates are creation dates, REST.md §2.1).
 */
import type { Db } from '../core/db.js';
import { getOption } from './options.js';

export const DATE_BASES = ['date_created', 'date_paid', 'date_completed'] as const;
export type DateBasis = (typeof DATE_BASES)[number];

export const DATE_BASIS_OPTION = 'woocommerce_date_type';

/** WooCommerce's date type when the store never saved one. */
export const WOOCOMMERCE_DEFAULT_DATE_BASIS: DateBasis = 'date_paid';

export const isDateBasis = (value: unknown): value is DateBasis =>
	typeof value === 'string' && (DATE_BASES as readonly string[]).includes(value);

/**
 * The date type a WooCommerce store counts by, from the value its analytics settings answer: a
 * stored valid value, else (never saved: WooCommerce answers an empty value) the paid date.
 */
export function effectiveDateBasis(value: unknown): { basis: DateBasis; saved: boolean } {
	return isDateBasis(value)
		? { basis: value, saved: true }
		: { basis: WOOCOMMERCE_DEFAULT_DATE_BASIS, saved: false };
}

/** The store's date basis (the option when valid, else `date_created`). */
export async function dateBasis(db: Db): Promise<DateBasis> {
	const value = await getOption<unknown>(db, DATE_BASIS_OPTION, 'date_created');
	return isDateBasis(value) ? value : 'date_created';
}

/** SQL of the local date an `order_stats` row (alias `s`) counts on; NULL when it has none. */
export function basisDateSql(basis: DateBasis, alias = 's'): string {
	if (basis === 'date_created') return `${alias}.date_created`;
	return `CASE WHEN ${alias}.parent_id <> 0 THEN ${alias}.date_created ELSE ${alias}.${basis} END`;
}

/** The columns of `order_stats` (both engines), in order. */
const ORDER_STATS_COLUMNS = [
	'order_id',
	'parent_id',
	'date_created_gmt',
	'date_paid',
	'date_completed',
	'num_items_sold',
	'total_sales',
	'tax_total',
	'shipping_total',
	'net_total',
	'returning_customer',
	'status',
	'customer_id',
] as const;

/**
 * A relation with the columns of `order_stats` where `date_created` is the basis date, plus
 * `created_at`, the order's creation time; rows without a basis date are left out. Under the
 * creation date it is the table itself (`createdAtSql` names the creation time either way).
 *
 * The same SQL runs on DuckDB and ClickHouse: the basis date and the creation time are named
 * apart in an inner SELECT (`basis_date`, `created_time`) and renamed outside it, because
 * ClickHouse 18.16 resolves a column named like an alias of the same SELECT (`x.date_created`
 * beside `… AS date_created`) to that alias.
 */
export function orderStatsOn(basis: DateBasis): string {
	if (basis === 'date_created') return 'order_stats';
	const date = `CASE WHEN parent_id <> 0 THEN date_created ELSE ${basis} END`;
	const columns = ORDER_STATS_COLUMNS.map((c) => `y.${c} AS ${c}`).join(', ');
	return `(SELECT ${columns}, y.basis_date AS date_created, y.created_time AS created_at
		FROM (SELECT ${ORDER_STATS_COLUMNS.join(', ')}, ${date} AS basis_date, date_created AS created_time
			FROM order_stats) y
		WHERE y.basis_date IS NOT NULL)`;
}

/** SQL of the creation time of a row of `orderStatsOn(basis)` (alias `s`). */
export function createdAtSql(basis: DateBasis, alias = 's'): string {
	return basis === 'date_created' ? `${alias}.date_created` : `${alias}.created_at`;
}
