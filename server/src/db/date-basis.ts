/**
 * The date basis of the analytics: which date an order counts on — its creation, its payment or
 * its completion (WooCommerce's option `woocommerce_date_type`, Analytics › Settings › Date type).
 *
 * The lookup tables carry the chosen date in their `date_created` column (and the matching UTC
 * time in `order_stats.date_created_gmt`), so every report, tile, chart, export and drill-down
 * reads the same basis with no change of its own. Orders without that date (not paid, not
 * completed) are left out of the analytics under that basis, as WooCommerce does; a refund always
 * counts on its own date (WooCommerce gives refunds their creation date as paid and completed
 * date). Changing the option re-derives the lookups (`date-basis-apply.ts`).
 *
 * The default is `date_created`: the REST contract's dates are creation dates (REST.md §2.1) and
 * the demo store is reported by them; a store synced from WooCommerce brings its own setting
 * (WooCommerce's default when never saved is `date_paid`).
 */
import type { Db } from '../core/db.js';
import { getOption } from './options.js';

export const DATE_BASES = ['date_created', 'date_paid', 'date_completed'] as const;
export type DateBasis = (typeof DATE_BASES)[number];

export const DATE_BASIS_OPTION = 'woocommerce_date_type';

export const isDateBasis = (value: unknown): value is DateBasis =>
	typeof value === 'string' && (DATE_BASES as readonly string[]).includes(value);

/** The store's date basis (the option when valid, else `date_created`). */
export async function dateBasis(db: Db): Promise<DateBasis> {
	const value = await getOption<unknown>(db, DATE_BASIS_OPTION, 'date_created');
	return isDateBasis(value) ? value : 'date_created';
}

/** SQL of the local date an `orders` row (alias `o`) counts on; NULL when it has none. */
export function basisDateSql(basis: DateBasis, alias = 'o'): string {
	if (basis === 'date_created') return `${alias}.date_created`;
	return `CASE WHEN ${alias}.parent_id <> 0 THEN ${alias}.date_created ELSE ${alias}.${basis} END`;
}

/** SQL of the UTC twin of `basisDateSql` (the creation time shifted by the same amount). */
export function basisDateGmtSql(basis: DateBasis, alias = 'o'): string {
	if (basis === 'date_created') return `${alias}.date_created_gmt`;
	return `${alias}.date_created_gmt + (${basisDateSql(basis, alias)} - ${alias}.date_created)`;
}
