/**
 * The metric layer: every figure a report shows is defined here once (SQL aggregate or derivation),
 * and every endpoint, interval, segment, table, summary and export takes its figures from these
 * definitions. What a metric is called, how it is written and what it means (label, value type,
 * definition) come from the catalogue the client reads too, `@abacus/metrics`.
 *
 * Aliases used in the SQL: `s` = an order-stats row (orders and refunds), `p` = a product-lookup
 * line, `c` = a coupon-lookup row, `t` = a tax-lookup row, `d` = a download-log row.
 */
import { findMetric, type MetricReport } from '@abacus/metrics';

/** How a value is rounded in responses: counts are integers, money and averages floats. */
export type MetricType = 'int' | 'float';
/** How REST answers describe a value (the performance indicators' `format`). */
export type MetricFormat = 'number' | 'currency';

export interface Metric {
	key: string;
	/** The metric's name in REST answers (the performance indicators' label), from the catalogue. */
	label: string;
	type: MetricType;
	format: MetricFormat;
	/** Short definition for the UI, from the catalogue. */
	definition: string;
	/** Aggregate SQL over the source's rows; absent for derived metrics. */
	sql?: string;
	/** Derivation from other metrics of the same row (after aggregation). */
	derive?: (values: Record<string, number>) => number;
	/** Metrics a derived metric is computed from. */
	deps?: string[];
	/** The same aggregate over the daily roll-up tables (`db/rollups.ts`), when one exists. */
	rollupSql?: string;
}

/** True when bucket values of the metric can be summed into a total (no DISTINCT count). */
export function isAdditive(m: Metric): boolean {
	return !!m.sql && !m.sql.includes('DISTINCT');
}

/**
 * The metric `key` of `report` in the catalogue, measured by `sql` (or derived by `derive` from
 * `deps`). Counts are `int`; money and averages `float`.
 */
function metric(
	report: MetricReport,
	key: string,
	sql?: string,
	derive?: (values: Record<string, number>) => number,
	deps?: string[],
): Metric {
	const entry = findMetric(report, key);
	if (!entry) throw new Error(`${report}/${key} is not in the metric catalogue`);
	return {
		key,
		label: entry.indicatorLabel,
		type: entry.type === 'number' ? 'int' : 'float',
		format: entry.type === 'currency' ? 'currency' : 'number',
		definition: entry.definition,
		sql,
		derive,
		deps,
	};
}

const ratio = (a: number, b: number): number => (b ? a / b : 0);

/** Order-level metrics over order-stats rows S (REST contract §3.3). */
export const ORDER_METRICS: Record<string, Metric> = {
	orders_count: metric('revenue', 'orders_count', 'COUNT(*) FILTER (WHERE s.parent_id = 0)'),
	num_items_sold: metric('revenue', 'num_items_sold', 'COALESCE(SUM(s.num_items_sold), 0)'),
	total_sales: metric('revenue', 'total_sales', 'COALESCE(SUM(s.total_sales), 0)'),
	refunds: metric(
		'revenue',
		'refunds',
		'COALESCE(-SUM(s.net_total) FILTER (WHERE s.net_total < 0), 0)',
	),
	taxes: metric('revenue', 'taxes', 'COALESCE(SUM(s.tax_total), 0)'),
	shipping: metric('revenue', 'shipping', 'COALESCE(SUM(s.shipping_total), 0)'),
	net_revenue: metric('revenue', 'net_revenue', 'COALESCE(SUM(s.net_total), 0)'),
	total_customers: metric(
		'revenue',
		'total_customers',
		'COUNT(DISTINCT s.customer_id) FILTER (WHERE s.parent_id = 0)',
	),
	coupons: metric('revenue', 'coupons', 'COALESCE(SUM(c.discount_amount), 0)'),
	coupons_count: metric('revenue', 'coupons_count', 'COUNT(DISTINCT c.coupon_id)'),
	products: metric('revenue', 'products', 'COUNT(DISTINCT p.product_id)'),
	gross_sales: metric(
		'revenue',
		'gross_sales',
		undefined,
		(v) => v.total_sales + v.coupons - v.taxes - v.shipping + v.refunds,
		['total_sales', 'coupons', 'taxes', 'shipping', 'refunds'],
	),
	avg_items_per_order: metric(
		'revenue',
		'avg_items_per_order',
		undefined,
		(v) => ratio(v.num_items_sold, v.orders_count),
		['num_items_sold', 'orders_count'],
	),
	avg_order_value: metric(
		'revenue',
		'avg_order_value',
		undefined,
		(v) => ratio(v.net_revenue, v.orders_count),
		['net_revenue', 'orders_count'],
	),
};

/**
 * Order metrics measured on product lines (segments by product, variation or category): the same
 * keys, words and meaning as ORDER_METRICS, taken from the lines of that segment: total sales are
 * line totals with their share of taxes and shipping, returns what was refunded on these lines (a
 * positive amount), orders the orders containing these lines and customers the distinct
 * customers who ordered them (refunds not counted).
 */
export const ORDER_LINE_METRICS: Record<string, Metric> = {
	num_items_sold: metric('revenue', 'num_items_sold', 'COALESCE(SUM(p.product_qty), 0)'),
	total_sales: metric('revenue', 'total_sales', 'COALESCE(SUM(p.product_gross_revenue), 0)'),
	coupons: metric('revenue', 'coupons', 'COALESCE(SUM(p.coupon_amount), 0)'),
	refunds: metric(
		'revenue',
		'refunds',
		'COALESCE(-SUM(p.product_gross_revenue) FILTER (WHERE p.product_gross_revenue < 0), 0)',
	),
	taxes: metric('revenue', 'taxes', 'COALESCE(SUM(p.tax_amount + p.shipping_tax_amount), 0)'),
	shipping: metric('revenue', 'shipping', 'COALESCE(SUM(p.shipping_amount), 0)'),
	net_revenue: metric('revenue', 'net_revenue', 'COALESCE(SUM(p.product_net_revenue), 0)'),
	orders_count: metric(
		'revenue',
		'orders_count',
		'COUNT(DISTINCT p.order_id) FILTER (WHERE s.parent_id = 0)',
	),
	total_customers: metric(
		'revenue',
		'total_customers',
		'COUNT(DISTINCT s.customer_id) FILTER (WHERE s.parent_id = 0)',
	),
	coupons_count: ORDER_METRICS.coupons_count,
	avg_items_per_order: ORDER_METRICS.avg_items_per_order,
	avg_order_value: ORDER_METRICS.avg_order_value,
};

/** Product / variation / category metrics over product lines `p` of orders in S. */
export const PRODUCT_METRICS: Record<string, Metric> = {
	items_sold: metric('products', 'items_sold', 'COALESCE(SUM(p.product_qty), 0)'),
	net_revenue: metric('products', 'net_revenue', 'COALESCE(SUM(p.product_net_revenue), 0)'),
	orders_count: metric(
		'products',
		'orders_count',
		'COUNT(DISTINCT p.order_id) FILTER (WHERE s.parent_id = 0)',
	),
	products_count: metric('products', 'products_count', 'COUNT(DISTINCT p.product_id)'),
	variations_count: metric('products', 'variations_count', 'COUNT(DISTINCT p.variation_id)'),
};

/** Coupon metrics over coupon-lookup rows `c` of orders in S. */
export const COUPON_METRICS: Record<string, Metric> = {
	amount: metric('coupons', 'amount', 'COALESCE(SUM(c.discount_amount), 0)'),
	coupons_count: metric('coupons', 'coupons_count', 'COUNT(DISTINCT c.coupon_id)'),
	orders_count: metric('coupons', 'orders_count', 'COUNT(DISTINCT c.order_id)'),
};

/** Tax metrics over tax-lookup rows `t` of orders in S. */
export const TAX_METRICS: Record<string, Metric> = {
	tax_codes: metric('taxes', 'tax_codes', 'COUNT(DISTINCT t.tax_rate_id)'),
	total_tax: metric('taxes', 'total_tax', 'COALESCE(SUM(t.total_tax), 0)'),
	order_tax: metric('taxes', 'order_tax', 'COALESCE(SUM(t.order_tax), 0)'),
	shipping_tax: metric('taxes', 'shipping_tax', 'COALESCE(SUM(t.shipping_tax), 0)'),
	orders_count: metric(
		'taxes',
		'orders_count',
		'COUNT(DISTINCT t.order_id) FILTER (WHERE s.parent_id = 0)',
	),
};

/** Download metrics over download-log rows `d`. */
export const DOWNLOAD_METRICS: Record<string, Metric> = {
	download_count: metric('downloads', 'download_count', 'COUNT(DISTINCT d.download_log_id)'),
};

/** The metric set of each report's stats endpoint (the figures its summary tiles show). */
export const REPORT_METRICS: Record<string, Record<string, Metric>> = {
	revenue: ORDER_METRICS,
	orders: ORDER_METRICS,
	products: PRODUCT_METRICS,
	variations: PRODUCT_METRICS,
	categories: PRODUCT_METRICS,
	coupons: COUPON_METRICS,
	taxes: TAX_METRICS,
	downloads: DOWNLOAD_METRICS,
};

/** report → metric key → the metric's one-line definition, for the UI's "What is this?". */
export function metricDefinitions(): Record<string, Record<string, string>> {
	return Object.fromEntries(
		Object.entries(REPORT_METRICS).map(([report, set]) => [
			report,
			Object.fromEntries(Object.values(set).map((m) => [m.key, m.definition])),
		]),
	);
}

/**
 * Order metrics over the daily roll-ups (`s` = order_stats_daily, `c` = order_coupon_daily,
 * `p` = order_product_daily): the same definitions summed from per-day partial sums.
 */
export const ORDER_ROLLUP_SQL: Record<string, string> = {
	orders_count: 'COALESCE(SUM(s.orders_count), 0)',
	num_items_sold: 'COALESCE(SUM(s.num_items_sold), 0)',
	total_sales: 'COALESCE(SUM(s.total_sales), 0)',
	refunds: 'COALESCE(-SUM(s.negative_net_total), 0)',
	taxes: 'COALESCE(SUM(s.tax_total), 0)',
	shipping: 'COALESCE(SUM(s.shipping_total), 0)',
	net_revenue: 'COALESCE(SUM(s.net_total), 0)',
	coupons: 'COALESCE(SUM(c.discount_amount), 0)',
	coupons_count: 'COUNT(DISTINCT c.coupon_id)',
	products: 'COUNT(DISTINCT p.product_id)',
};

/**
 * Product metrics over `order_product_daily` (`p`): per product, every order falls on one day, so
 * per-day distinct order counts add up to the range's distinct count.
 */
export const PRODUCT_ROLLUP_SQL: Record<string, string> = {
	items_sold: 'COALESCE(SUM(p.items_sold), 0)',
	net_revenue: 'COALESCE(SUM(p.net_revenue), 0)',
	orders_count: 'COALESCE(SUM(p.orders_count), 0)',
};

/** Items sold of variations (the variations report's `items_sold`) over `order_product_daily` (`p`). */
export const VARIATION_ROLLUP_SQL: Record<string, string> = {
	items_sold: 'COALESCE(SUM(p.variation_items_sold), 0)',
};

/**
 * Coupon metrics over the roll-ups: `c` = order_coupon_daily, `s` = order_stats_daily (whose
 * `coupon_orders` counts the orders of the day that used a coupon; an order falls on one day, so
 * the per-day counts add up to the distinct count).
 */
export const COUPON_ROLLUP_SQL: Record<string, string> = {
	amount: 'COALESCE(SUM(c.discount_amount), 0)',
	orders_count: 'COALESCE(SUM(s.coupon_orders), 0)',
};

/** Tax metrics over `order_tax_daily` (`t`). */
export const TAX_ROLLUP_SQL: Record<string, string> = {
	total_tax: 'COALESCE(SUM(t.total_tax), 0)',
	order_tax: 'COALESCE(SUM(t.order_tax), 0)',
	shipping_tax: 'COALESCE(SUM(t.shipping_tax), 0)',
};

/** A metric with its roll-up aggregate as SQL (for sources reading the roll-ups). */
export function onRollup(m: Metric): Metric {
	const sql = ORDER_ROLLUP_SQL[m.key];
	if (!sql) throw new Error(`No roll-up for ${m.key}`);
	return { ...m, sql };
}

/** Rounds a metric value for the response (money and averages to 4 decimals at most). */
export function present(m: Metric, value: number | undefined): number {
	const v = Number(value ?? 0);
	if (!Number.isFinite(v)) return 0;
	if (m.type === 'int') return Math.round(v);
	return Math.round(v * 10000) / 10000;
}

/** Applies derived metrics of `set` in place on an aggregated row. */
export function deriveAll(set: Record<string, Metric>, values: Record<string, number>): void {
	// A sum of DOUBLEs depends on the order rows were added in (1137.9 or 1137.8999999999999), so
	// an average on the half (71.11875) would round either way. Summed figures are cents (4
	// decimals at most), so they are cleared of that noise before anything is derived from them.
	for (const m of Object.values(set)) {
		if (!m.derive && m.type === 'float' && typeof values[m.key] === 'number') {
			values[m.key] = Math.round(values[m.key] * 1e6) / 1e6;
		}
	}
	for (const m of Object.values(set)) {
		if (m.derive) values[m.key] = m.derive(values);
	}
}
