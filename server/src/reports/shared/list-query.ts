/**
 * What the table reports' lists share (README "Lists"): the REST namespace and links of their rows,
 * the paged answer, the order-stats rows in range passing the status filter, and the product and
 * variation lists' per-product sums and stock fields.
 */
import { PRODUCT_METRICS } from '../../metrics/index.js';
import type { Page } from '../../http/paging.js';
import { DUCKDB, type Dialect } from '../../metrics/dialect.js';
import type { ProductDetails } from './product-details.js';
import { dateWhere, statusWhere, type Where } from './filters.js';
import { Query } from '../../http/params.js';
import type { RouteResult } from './report-route.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { dateRange, type DateRange } from './date-range.js';
import { stockStatusOf } from '../../metrics/stock.js';

export const NS = '/wc-analytics';
export const link = (href: string): Array<{ href: string }> => [{ href }];

/** What a caller of a report list does without (the leaderboards show neither). */
export interface ListOptions {
	/** False: the page alone, without the collection's total (`X-WP-Total`). */
	total?: boolean;
	/**
	 * False: every row's `orders_count` is 0 (the categories list then reads no order lines for
	 * it; other lists count orders anyway).
	 */
	ordersCount?: boolean;
	/**
	 * True: a row names its item and no more (the product's `extended_info` holds its name alone,
	 * a customer row its id and name with the other customer fields empty), for the boards, which
	 * show nothing else; the lists then read no categories, variations or customer details.
	 */
	namesOnly?: boolean;
}

export function result(page: Page, rows: unknown[]): RouteResult {
	return { body: rows, total: page.total, totalPages: page.totalPages };
}

/** Order-stats rows in range passing the status filter (the set S). */
export function orderScope(
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

/**
 * The rows of a daily roll-up by creation date (`order_product_daily` as `p`, or another under
 * `alias`, as `order_coupon_daily` as `c`) that hold a range's figures, passing the status filter
 * and `extra`, when the range is whole days and the reader keeps the roll-ups; null otherwise (the
 * lines must be read).
 */
export function dailyRollupRange(
	range: DateRange,
	q: Query,
	settings: StoreSettings,
	dialect: Dialect,
	extra: Where | null = null,
	alias = 'p',
): Where | null {
	const wholeDays = range.after % 86_400_000 === 0 && range.before % 86_400_000 === 86_399_000;
	if (!wholeDays || !dialect.rollups) return null;
	const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
	const status = statusWhere(q, settings, alias);
	return {
		sql: [
			`${alias}.day BETWEEN CAST(? AS DATE) AND CAST(? AS DATE)`,
			...status.sql,
			...(extra?.sql ?? []),
		],
		params: [day(range.after), day(range.before), ...status.params, ...(extra?.params ?? [])],
	};
}

/** The products' per-product sums, in the reader's dialect. */
export function productAggs(dialect: Dialect): string {
	const agg = (key: string): string => dialect.aggregate(PRODUCT_METRICS[key].sql ?? '');
	return `${agg('items_sold')} AS items_sold, ${agg('net_revenue')} AS net_revenue, ${agg('orders_count')} AS orders_count, MAX(p.date_created) AS last_sale`;
}

/** The stock fields of a product's `extended_info` (stock status as metrics/stock.ts defines it). */
export function stockFields(
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
