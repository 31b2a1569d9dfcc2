/**
 * The tables a store has on the cluster (`CLICKHOUSE_TABLES`): each one's ClickHouse columns after
 * `store_id`, the DuckDB SELECT that gives the same columns from a store's file, and its MergeTree
 * sort key and partition. `schema.ts` creates them, `store-rows.ts` fills them, `store.ts` scopes
 * the reads of them to one store.
 */
const MONEY = 'Decimal(18, 4)';
const TIME = "DateTime('UTC')";

interface TableSpec {
	/** ClickHouse columns after store_id, in order. */
	columns: Array<[name: string, type: string]>;
	/** DuckDB SELECT list giving the same columns (money rounded to 4 decimals, times as naive local text). */
	select: string;
	order: string;
	/** The MergeTree sort key after store_id, and its monthly partition column (none: not partitioned). */
	key?: string;
	partitionBy?: string | null;
}

const money = (column: string): string => `ROUND(${column}, 4)`;
const time = (column: string): string => `strftime(${column}, '%Y-%m-%d %H:%M:%S')`;

/** The tables a store has on the cluster: the order lookups and the catalogue reports name products by. */
export const CLICKHOUSE_TABLES: Record<string, TableSpec> = {
	order_stats: {
		columns: [
			['order_id', 'Int64'],
			['parent_id', 'Int64'],
			['date_created', TIME],
			['date_created_gmt', TIME],
			['num_items_sold', 'Int64'],
			['total_sales', MONEY],
			['tax_total', MONEY],
			['shipping_total', MONEY],
			['net_total', MONEY],
			['returning_customer', 'Nullable(UInt8)'],
			['status', 'String'],
			['customer_id', 'Nullable(Int64)'],
			// Added after the first clusters (`createClusterSchema` adds them to older tables,
			// whose rows read NULL until the store is loaded or pushed again): the dates revenue
			// and orders stats and the orders list count by under the paid or completed date type
			// (`db/date-basis.ts`; a refund's are its creation date, as the pipeline writes them).
			['date_paid', `Nullable(${TIME})`],
			['date_completed', `Nullable(${TIME})`],
		],
		select: `order_id, parent_id, ${time('date_created')}, ${time('date_created_gmt')}, num_items_sold, ${money('total_sales')}, ${money('tax_total')}, ${money('shipping_total')}, ${money('net_total')}, CAST(returning_customer AS INTEGER), status, customer_id, ${time('date_paid')}, ${time('date_completed')}`,
		order: 'order_id',
	},
	order_product_lookup: {
		columns: [
			['order_item_id', 'Int64'],
			['order_id', 'Int64'],
			['product_id', 'Int64'],
			['variation_id', 'Int64'],
			['customer_id', 'Nullable(Int64)'],
			['date_created', TIME],
			['product_qty', 'Int64'],
			['product_net_revenue', MONEY],
			['product_gross_revenue', MONEY],
			['coupon_amount', MONEY],
			['tax_amount', MONEY],
			['shipping_amount', MONEY],
			['shipping_tax_amount', MONEY],
		],
		select: `order_item_id, order_id, product_id, variation_id, customer_id, ${time('date_created')}, product_qty, ${money('product_net_revenue')}, ${money('product_gross_revenue')}, ${money('coupon_amount')}, ${money('tax_amount')}, ${money('shipping_amount')}, ${money('shipping_tax_amount')}`,
		order: 'order_item_id',
	},
	order_tax_lookup: {
		columns: [
			['order_id', 'Int64'],
			['tax_rate_id', 'Int64'],
			['date_created', TIME],
			['shipping_tax', MONEY],
			['order_tax', MONEY],
			['total_tax', MONEY],
		],
		select: `order_id, tax_rate_id, ${time('date_created')}, ${money('shipping_tax')}, ${money('order_tax')}, ${money('total_tax')}`,
		order: 'order_id, tax_rate_id',
	},
	order_coupon_lookup: {
		columns: [
			['order_id', 'Int64'],
			['coupon_id', 'Int64'],
			['date_created', TIME],
			['discount_amount', MONEY],
		],
		select: `order_id, coupon_id, ${time('date_created')}, ${money('discount_amount')}`,
		order: 'order_id, coupon_id',
	},
	products: {
		columns: [
			['id', 'Int64'],
			['parent_id', 'Int64'],
			['type', 'String'],
			['status', 'String'],
			['name', 'String'],
			['slug', 'String'],
			['sku', 'String'],
			['price', 'Nullable(Float64)'],
			['stock_quantity', 'Nullable(Float64)'],
			['manage_stock', 'UInt8'],
			['low_stock_amount', 'Nullable(Int64)'],
			['stock_status', 'String'],
			['image', 'String'],
			['date_created', TIME],
			// Added after the first clusters (`createClusterSchema` adds them to older tables).
			['date_created_gmt', TIME],
			['regular_price', 'Nullable(Float64)'],
			['sale_price', 'Nullable(Float64)'],
			['virtual', 'UInt8'],
			['downloadable', 'UInt8'],
			['total_sales', 'Int64'],
			['average_rating', 'Float64'],
			['rating_count', 'Int64'],
			['menu_order', 'Int64'],
		],
		select: `id, parent_id, type, status, name, slug, sku, price, stock_quantity, CAST(manage_stock AS INTEGER), low_stock_amount, stock_status, image, ${time('date_created')}, ${time('date_created_gmt')}, regular_price, sale_price, CAST(virtual AS INTEGER), CAST(downloadable AS INTEGER), total_sales, average_rating, rating_count, menu_order`,
		order: 'id',
		key: 'id',
		partitionBy: null,
	},
	categories: {
		columns: [
			['id', 'Int64'],
			['name', 'String'],
			['slug', 'String'],
			['parent', 'Int64'],
			['description', 'String'],
			['count', 'Int64'],
		],
		select: 'id, name, slug, parent, description, count',
		order: 'id',
		key: 'id',
		partitionBy: null,
	},
	category_lookup: {
		columns: [
			['category_tree_id', 'Int64'],
			['category_id', 'Int64'],
		],
		select: 'category_tree_id, category_id',
		order: 'category_tree_id, category_id',
		key: 'category_tree_id, category_id',
		partitionBy: null,
	},
	coupons: {
		columns: [
			['id', 'Int64'],
			['code', 'String'],
			['discount_type', 'String'],
			['amount', 'Float64'],
			['date_created', TIME],
			['date_created_gmt', TIME],
			['date_expires', `Nullable(${TIME})`],
			['date_expires_gmt', `Nullable(${TIME})`],
		],
		select: `id, code, discount_type, amount, ${time('date_created')}, ${time('date_created_gmt')}, ${time('date_expires')}, ${time('date_expires_gmt')}`,
		order: 'id',
		key: 'id',
		partitionBy: null,
	},
	tax_rates: {
		columns: [
			['tax_rate_id', 'Int64'],
			['tax_rate_country', 'String'],
			['tax_rate_state', 'String'],
			['tax_rate', 'String'],
			['tax_rate_name', 'String'],
			['tax_rate_priority', 'Int64'],
			['tax_rate_compound', 'UInt8'],
			['tax_rate_shipping', 'UInt8'],
			['tax_rate_order', 'Int64'],
			['tax_rate_class', 'String'],
		],
		select: 'tax_rate_id, tax_rate_country, tax_rate_state, tax_rate, tax_rate_name, tax_rate_priority, CAST(tax_rate_compound AS INTEGER), CAST(tax_rate_shipping AS INTEGER), tax_rate_order, tax_rate_class',
		order: 'tax_rate_id',
		key: 'tax_rate_id',
		partitionBy: null,
	},
	attributes: {
		columns: [
			['id', 'Int64'],
			['name', 'String'],
			['slug', 'String'],
			['type', 'String'],
			['order_by', 'String'],
			['has_archives', 'UInt8'],
		],
		select: 'id, name, slug, type, order_by, CAST(has_archives AS INTEGER)',
		order: 'id',
		key: 'id',
		partitionBy: null,
	},
	attribute_terms: {
		columns: [
			['id', 'Int64'],
			['attribute_id', 'Int64'],
			['name', 'String'],
			['slug', 'String'],
			['menu_order', 'Int64'],
		],
		select: 'id, attribute_id, name, slug, menu_order',
		order: 'id',
		key: 'id',
		partitionBy: null,
	},
	/** The attribute terms each product uses (an attribute term's product count). */
	product_attributes: {
		columns: [
			['product_id', 'Int64'],
			['attribute_id', 'Int64'],
			['term_id', 'Int64'],
			['variation', 'UInt8'],
		],
		select: 'product_id, attribute_id, term_id, CAST(variation AS INTEGER)',
		order: 'product_id, attribute_id, term_id, variation',
		key: 'product_id, attribute_id, term_id',
		partitionBy: null,
	},
	variation_attributes: {
		columns: [
			['variation_id', 'Int64'],
			['attribute_id', 'Int64'],
			['term_id', 'Int64'],
		],
		select: 'variation_id, attribute_id, term_id',
		order: 'variation_id, attribute_id',
		key: 'variation_id, attribute_id',
		partitionBy: null,
	},
	/**
	 * One row per order (refunds read their order's row): the breakdowns' dimension values, from
	 * the DuckDB view of the same name (`db/order-dimensions.ts`), '' when the order has none.
	 */
	order_dimensions: {
		columns: [
			['order_id', 'Int64'],
			['customer_id', 'Nullable(Int64)'],
			['payment_method', 'String'],
			['payment_method_title', 'String'],
			['shipping_method', 'String'],
			['shipping_method_title', 'String'],
			['origin_type', 'String'],
			['origin_source', 'String'],
			['origin_medium', 'String'],
			['origin_campaign', 'String'],
			['origin_device', 'String'],
			['origin_referrer', 'String'],
			['billing_country', 'String'],
			['billing_state', 'String'],
			['shipping_country', 'String'],
			['shipping_state', 'String'],
		],
		select: 'order_id, customer_id, payment_method, payment_method_title, shipping_method, shipping_method_title, origin_type, origin_source, origin_medium, origin_campaign, origin_device, origin_referrer, billing_country, billing_state, shipping_country, shipping_state',
		order: 'order_id',
		key: 'order_id',
		partitionBy: null,
	},
	product_categories: {
		columns: [
			['product_id', 'Int64'],
			['category_id', 'Int64'],
		],
		select: 'product_id, category_id',
		order: 'product_id, category_id',
		key: 'product_id, category_id',
		partitionBy: null,
	},
	customer_lookup: {
		columns: [
			['customer_id', 'Int64'],
			['user_id', 'Nullable(Int64)'],
			['username', 'String'],
			['first_name', 'String'],
			['last_name', 'String'],
			['email', 'Nullable(String)'],
			['date_last_active', `Nullable(${TIME})`],
			['date_registered', `Nullable(${TIME})`],
			['country', 'String'],
			['postcode', 'String'],
			['city', 'String'],
			['state', 'String'],
		],
		select: `customer_id, user_id, username, first_name, last_name, email, ${time('date_last_active')}, ${time('date_registered')}, country, postcode, city, state`,
		order: 'customer_id',
		key: 'customer_id',
		partitionBy: null,
	},
	orders: {
		columns: [
			['id', 'Int64'],
			['parent_id', 'Int64'],
			['type', 'String'],
			['number', 'String'],
			['status', 'String'],
			['currency', 'String'],
			['customer_id', 'Nullable(Int64)'],
			['user_id', 'Nullable(Int64)'],
			['billing_first_name', 'String'],
			['billing_last_name', 'String'],
			['billing_email', 'String'],
			['billing_country', 'String'],
			['billing_state', 'String'],
			['billing_city', 'String'],
			['billing_postcode', 'String'],
			['discount_total', 'Float64'],
			['shipping_total', 'Float64'],
			['shipping_tax', 'Float64'],
			['cart_tax', 'Float64'],
			['total', 'Float64'],
			['payment_method', 'String'],
			['date_created', TIME],
			['date_created_gmt', TIME],
			['date_paid', `Nullable(${TIME})`],
			['date_completed', `Nullable(${TIME})`],
		],
		select: `id, parent_id, type, number, status, currency, customer_id, user_id, billing_first_name, billing_last_name, billing_email, billing_country, billing_state, billing_city, billing_postcode, discount_total, shipping_total, shipping_tax, cart_tax, total, payment_method, ${time('date_created')}, ${time('date_created_gmt')}, ${time('date_paid')}, ${time('date_completed')}`,
		order: 'id',
		key: 'date_created, id',
	},
	order_items: {
		columns: [
			['order_item_id', 'Int64'],
			['order_id', 'Int64'],
			['product_id', 'Int64'],
			['variation_id', 'Int64'],
			['name', 'String'],
			['qty', 'Int64'],
			['subtotal', 'Float64'],
			['total', 'Float64'],
			['tax', 'Float64'],
			['shipping', 'Float64'],
			['shipping_tax', 'Float64'],
		],
		select: 'order_item_id, order_id, product_id, variation_id, name, qty, subtotal, total, tax, shipping, shipping_tax',
		order: 'order_item_id',
		key: 'order_id, order_item_id',
		partitionBy: null,
	},
	order_item_meta: {
		columns: [
			['order_item_id', 'Int64'],
			['meta_key', 'String'],
			['meta_value', 'String'],
		],
		select: 'order_item_id, meta_key, meta_value',
		order: 'order_item_id, meta_key, meta_value',
		key: 'order_item_id, meta_key',
		partitionBy: null,
	},
	users: {
		columns: [
			['id', 'Int64'],
			['username', 'String'],
			['email', 'String'],
			['first_name', 'String'],
			['last_name', 'String'],
			['role', 'String'],
			['date_registered', TIME],
		],
		select: `id, username, email, first_name, last_name, role, ${time('date_registered')}`,
		order: 'id',
		key: 'id',
		partitionBy: null,
	},
	product_downloads: {
		columns: [
			['download_id', 'String'],
			['product_id', 'Int64'],
			['name', 'String'],
			['file', 'String'],
		],
		select: 'download_id, product_id, name, file',
		order: 'download_id',
		key: 'download_id',
		partitionBy: null,
	},
	downloadable_product_permissions: {
		columns: [
			['permission_id', 'Int64'],
			['download_id', 'String'],
			['product_id', 'Int64'],
			['order_id', 'Int64'],
			['user_id', 'Nullable(Int64)'],
		],
		select: 'permission_id, download_id, product_id, order_id, user_id',
		order: 'permission_id',
		key: 'permission_id',
		partitionBy: null,
	},
	download_log: {
		columns: [
			['download_log_id', 'Int64'],
			['timestamp', TIME],
			['permission_id', 'Int64'],
			['user_id', 'Nullable(Int64)'],
			['user_ip_address', 'String'],
		],
		select: `download_log_id, ${time('timestamp')}, permission_id, user_id, user_ip_address`,
		order: 'download_log_id',
		key: 'timestamp, download_log_id',
		partitionBy: 'toYYYYMM(timestamp)',
	},
	// The costs (`db/costs.ts`), append-only: a save adds rows, the highest `version` wins
	// (`costs.ts`). Rows copied from a DuckDB file are version 0 and fixed.
	product_costs: {
		columns: [
			['product_id', 'Int64'],
			['variation_id', 'Int64'],
			['cost', 'Float64'],
			['date_from', 'Date'],
			['source', 'String'],
			['version', 'UInt64'],
		],
		select: "product_id, variation_id, cost, strftime(date_from, '%Y-%m-%d') AS date_from, source, 0 AS version",
		order: 'product_id, variation_id, date_from',
		key: 'product_id, variation_id, date_from',
		partitionBy: null,
	},
	order_line_costs: {
		columns: [
			['order_item_id', 'Int64'],
			['order_id', 'Int64'],
			['unit_cost', 'Float64'],
			['source', 'String'],
			['fixed', 'UInt8'],
			['version', 'UInt64'],
		],
		select: 'order_item_id, order_id, unit_cost, source, 1 AS fixed, 0 AS version',
		order: 'order_item_id',
		key: 'order_item_id',
		partitionBy: null,
	},
};
