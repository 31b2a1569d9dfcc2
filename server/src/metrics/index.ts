/**
 * The metric layer: every figure a report shows is defined here once (SQL aggregate or derivation,
 * type, label and a one-line definition for the UI), and every endpoint, interval, segment, table,
 * summary and export takes its figures from these definitions.
 *
 * Aliases used in the SQL: `s` = an order-stats row (orders and refunds), `p` = a product-lookup
 * line, `c` = a coupon-lookup row, `t` = a tax-lookup row, `d` = a download-log row.
 */
export type MetricType = 'int' | 'float';
export type MetricFormat = 'number' | 'currency';

export interface Metric {
	key: string;
	label: string;
	type: MetricType;
	format: MetricFormat;
	/** Short definition for the UI. */
	definition: string;
	/** Aggregate SQL over the source's rows; absent for derived metrics. */
	sql?: string;
	/** Derivation from other metrics of the same row (after aggregation). */
	derive?: (values: Record<string, number>) => number;
	/** Metrics a derived metric is computed from. */
	deps?: string[];
	/** The same aggregate over the daily roll-up tables (`store/rollups.ts`), when one exists. */
	rollupSql?: string;
}

/** True when bucket values of the metric can be summed into a total (no DISTINCT count). */
export function isAdditive(m: Metric): boolean {
	return !!m.sql && !m.sql.includes('DISTINCT');
}

function metric(
	key: string,
	label: string,
	type: MetricType,
	format: MetricFormat,
	definition: string,
	sql?: string,
	derive?: (values: Record<string, number>) => number,
	deps?: string[],
): Metric {
	return { key, label, type, format, definition, sql, derive, deps };
}

const ratio = (a: number, b: number): number => (b ? a / b : 0);

/** Order-level metrics over order-stats rows S (REST contract §3.3). */
export const ORDER_METRICS: Record<string, Metric> = {
	orders_count: metric(
		'orders_count',
		'Orders',
		'int',
		'number',
		'Number of orders (refunds are not orders).',
		'COUNT(*) FILTER (WHERE s.parent_id = 0)',
	),
	num_items_sold: metric(
		'num_items_sold',
		'Items sold',
		'int',
		'number',
		'Items sold, minus items refunded.',
		'COALESCE(SUM(s.num_items_sold), 0)',
	),
	total_sales: metric(
		'total_sales',
		'Total sales',
		'float',
		'currency',
		'Order totals including taxes and shipping, minus refunds.',
		'COALESCE(SUM(s.total_sales), 0)',
	),
	refunds: metric(
		'refunds',
		'Returns',
		'float',
		'currency',
		'Money refunded to customers (a positive amount).',
		'COALESCE(-SUM(s.net_total) FILTER (WHERE s.net_total < 0), 0)',
	),
	taxes: metric(
		'taxes',
		'Taxes',
		'float',
		'currency',
		'Taxes charged, minus taxes refunded.',
		'COALESCE(SUM(s.tax_total), 0)',
	),
	shipping: metric(
		'shipping',
		'Shipping',
		'float',
		'currency',
		'Shipping charged, minus shipping refunded.',
		'COALESCE(SUM(s.shipping_total), 0)',
	),
	net_revenue: metric(
		'net_revenue',
		'Net sales',
		'float',
		'currency',
		'Sales after discounts and refunds, without taxes and shipping.',
		'COALESCE(SUM(s.net_total), 0)',
	),
	total_customers: metric(
		'total_customers',
		'Customers',
		'int',
		'number',
		'Distinct customers who placed an order in the period (a refund is not an order: the customer of a refund alone is not counted).',
		'COUNT(DISTINCT s.customer_id) FILTER (WHERE s.parent_id = 0)',
	),
	coupons: metric(
		'coupons',
		'Coupons',
		'float',
		'currency',
		'Discounts given with coupons.',
		'COALESCE(SUM(c.discount_amount), 0)',
	),
	coupons_count: metric(
		'coupons_count',
		'Coupons used',
		'int',
		'number',
		'Distinct coupons used.',
		'COUNT(DISTINCT c.coupon_id)',
	),
	products: metric(
		'products',
		'Products',
		'int',
		'number',
		'Distinct products sold.',
		'COUNT(DISTINCT p.product_id)',
	),
	gross_sales: metric(
		'gross_sales',
		'Gross sales',
		'float',
		'currency',
		'Total sales plus coupons and refunds, without taxes and shipping.',
		undefined,
		(v) => v.total_sales + v.coupons - v.taxes - v.shipping + v.refunds,
		['total_sales', 'coupons', 'taxes', 'shipping', 'refunds'],
	),
	avg_items_per_order: metric(
		'avg_items_per_order',
		'Average items per order',
		'float',
		'number',
		'Items sold divided by orders.',
		undefined,
		(v) => ratio(v.num_items_sold, v.orders_count),
		['num_items_sold', 'orders_count'],
	),
	avg_order_value: metric(
		'avg_order_value',
		'Average order value',
		'float',
		'currency',
		'Net sales divided by orders.',
		undefined,
		(v) => ratio(v.net_revenue, v.orders_count),
		['net_revenue', 'orders_count'],
	),
};

/**
 * Order metrics measured on product lines (segments by product, variation or category): the same
 * keys as ORDER_METRICS, taken from the lines of that segment.
 */
export const ORDER_LINE_METRICS: Record<string, Metric> = {
	num_items_sold: metric(
		'num_items_sold',
		'Items sold',
		'int',
		'number',
		'Items of this segment sold, minus refunded.',
		'COALESCE(SUM(p.product_qty), 0)',
	),
	total_sales: metric(
		'total_sales',
		'Total sales',
		'float',
		'currency',
		'Line totals incl. taxes and shipping share.',
		'COALESCE(SUM(p.product_gross_revenue), 0)',
	),
	coupons: metric(
		'coupons',
		'Coupons',
		'float',
		'currency',
		'Coupon discount on these lines.',
		'COALESCE(SUM(p.coupon_amount), 0)',
	),
	refunds: metric(
		'refunds',
		'Returns',
		'float',
		'currency',
		'Refunded on these lines (a positive amount).',
		'COALESCE(-SUM(p.product_gross_revenue) FILTER (WHERE p.product_gross_revenue < 0), 0)',
	),
	taxes: metric(
		'taxes',
		'Taxes',
		'float',
		'currency',
		'Taxes on these lines.',
		'COALESCE(SUM(p.tax_amount + p.shipping_tax_amount), 0)',
	),
	shipping: metric(
		'shipping',
		'Shipping',
		'float',
		'currency',
		'Shipping share of these lines.',
		'COALESCE(SUM(p.shipping_amount), 0)',
	),
	net_revenue: metric(
		'net_revenue',
		'Net sales',
		'float',
		'currency',
		'Line totals after discounts, without taxes and shipping.',
		'COALESCE(SUM(p.product_net_revenue), 0)',
	),
	orders_count: metric(
		'orders_count',
		'Orders',
		'int',
		'number',
		'Orders containing these lines.',
		'COUNT(DISTINCT p.order_id) FILTER (WHERE s.parent_id = 0)',
	),
	total_customers: metric(
		'total_customers',
		'Customers',
		'int',
		'number',
		'Distinct customers who ordered these lines (refunds not counted).',
		'COUNT(DISTINCT s.customer_id) FILTER (WHERE s.parent_id = 0)',
	),
	coupons_count: ORDER_METRICS.coupons_count,
	avg_items_per_order: ORDER_METRICS.avg_items_per_order,
	avg_order_value: ORDER_METRICS.avg_order_value,
};

/** Product / variation / category metrics over product lines `p` of orders in S. */
export const PRODUCT_METRICS: Record<string, Metric> = {
	items_sold: metric(
		'items_sold',
		'Items sold',
		'int',
		'number',
		'Quantity sold, minus quantity refunded.',
		'COALESCE(SUM(p.product_qty), 0)',
	),
	net_revenue: metric(
		'net_revenue',
		'Net sales',
		'float',
		'currency',
		'Line totals after discounts and refunds, without taxes and shipping.',
		'COALESCE(SUM(p.product_net_revenue), 0)',
	),
	orders_count: metric(
		'orders_count',
		'Orders',
		'int',
		'number',
		'Orders with these items (refunds not counted).',
		'COUNT(DISTINCT p.order_id) FILTER (WHERE s.parent_id = 0)',
	),
	products_count: metric(
		'products_count',
		'Products',
		'int',
		'number',
		'Distinct products sold.',
		'COUNT(DISTINCT p.product_id)',
	),
	variations_count: metric(
		'variations_count',
		'Variations',
		'int',
		'number',
		'Distinct variations sold.',
		'COUNT(DISTINCT p.variation_id)',
	),
};

/** Coupon metrics over coupon-lookup rows `c` of orders in S. */
export const COUPON_METRICS: Record<string, Metric> = {
	amount: metric(
		'amount',
		'Net discount amount',
		'float',
		'currency',
		'Discounts given with coupons.',
		'COALESCE(SUM(c.discount_amount), 0)',
	),
	coupons_count: metric(
		'coupons_count',
		'Coupons',
		'int',
		'number',
		'Distinct coupons used.',
		'COUNT(DISTINCT c.coupon_id)',
	),
	orders_count: metric(
		'orders_count',
		'Discounted orders',
		'int',
		'number',
		'Orders that used a coupon.',
		'COUNT(DISTINCT c.order_id)',
	),
};

/** Tax metrics over tax-lookup rows `t` of orders in S. */
export const TAX_METRICS: Record<string, Metric> = {
	tax_codes: metric(
		'tax_codes',
		'Tax codes',
		'int',
		'number',
		'Distinct tax rates charged.',
		'COUNT(DISTINCT t.tax_rate_id)',
	),
	total_tax: metric(
		'total_tax',
		'Total tax',
		'float',
		'currency',
		'Order and shipping tax, minus refunded tax.',
		'COALESCE(SUM(t.total_tax), 0)',
	),
	order_tax: metric(
		'order_tax',
		'Order tax',
		'float',
		'currency',
		'Tax on items.',
		'COALESCE(SUM(t.order_tax), 0)',
	),
	shipping_tax: metric(
		'shipping_tax',
		'Shipping tax',
		'float',
		'currency',
		'Tax on shipping.',
		'COALESCE(SUM(t.shipping_tax), 0)',
	),
	orders_count: metric(
		'orders_count',
		'Orders',
		'int',
		'number',
		'Orders charged this tax.',
		'COUNT(DISTINCT t.order_id) FILTER (WHERE s.parent_id = 0)',
	),
};

/** Download metrics over download-log rows `d`. */
export const DOWNLOAD_METRICS: Record<string, Metric> = {
	download_count: metric(
		'download_count',
		'Downloads',
		'int',
		'number',
		'Files downloaded.',
		'COUNT(DISTINCT d.download_log_id)',
	),
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
	for (const m of Object.values(set)) {
		if (m.derive) values[m.key] = m.derive(values);
	}
}
