/**
 * The order dimensions the breakdown reports group by (payment method, shipping method, order
 * origin, billing and shipping place), kept beside the raw order tables:
 *
 * * `order_details` — one row per order: the payment method's title as the store showed it, the
 *   shipping address's country and state.
 * * `order_shipping_lines` — the order's shipping lines (WooCommerce `shipping_lines`): method id
 *   (`flat_rate`, `free_shipping`, `local_pickup`, …), its title, cost and tax.
 * * `order_meta` — the order's attribution meta (WooCommerce 8.5+ order attribution,
 *   `_wc_order_attribution_*` keys; other keys are not kept).
 * * the view `order_dimensions` — one row per order (refunds read their order's row): every
 *   dimension value, '' when the order has none. The order's shipping method is its first shipping
 *   line's (WooCommerce orders have one per package; a store shipping several packages per order
 *   with different methods sees the order under the first package's method).
 *
 * Rows are written and deleted with the order by `pipeline.ts` (`writeOrders`, `deleteOrders`) and
 * bulk-loaded by the demo generator. A store made before these tables existed has them empty: its
 * orders then show under "(none)".
 */
import type { Db, SqlValue } from '../core/db.js';

/** The attribution meta keys kept from an order's meta (WooCommerce 8.5+). */
export const ATTRIBUTION_META_KEYS = [
	'_wc_order_attribution_source_type',
	'_wc_order_attribution_utm_source',
	'_wc_order_attribution_utm_medium',
	'_wc_order_attribution_utm_campaign',
	'_wc_order_attribution_device_type',
	'_wc_order_attribution_referrer',
] as const;

/** A shipping line of an order (WooCommerce `shipping_lines[]`). */
export interface OrderShippingLineRecord {
	/** The line's item id (orders with several lines are read under their first line's method). */
	order_item_id: number;
	/** `flat_rate`, `free_shipping`, `local_pickup`, or a plugin's method id. */
	method_id: string;
	method_title: string;
	/** Cost charged, before tax. */
	total: number;
	total_tax: number;
}

/** The dimension fields an order record may carry (all optional: older callers omit them). */
export interface OrderDimensionFields {
	/** The gateway's title as the customer saw it ('Credit card (Stripe)'). */
	payment_method_title?: string;
	shipping_country?: string;
	shipping_state?: string;
	shipping_lines?: OrderShippingLineRecord[];
	/** Order meta; only `ATTRIBUTION_META_KEYS` are kept. */
	meta?: Array<{ key: string; value: string }>;
}

/** Creates the dimension tables and the `order_dimensions` view (idempotent). */
export async function createDimensionSchema(db: Db): Promise<void> {
	await db.exec(`
		CREATE TABLE IF NOT EXISTS order_details (
			order_id INTEGER NOT NULL, payment_method_title VARCHAR NOT NULL DEFAULT '',
			shipping_country VARCHAR NOT NULL DEFAULT '', shipping_state VARCHAR NOT NULL DEFAULT ''
		);
		CREATE TABLE IF NOT EXISTS order_shipping_lines (
			order_item_id BIGINT NOT NULL, order_id INTEGER NOT NULL, method_id VARCHAR NOT NULL,
			method_title VARCHAR NOT NULL, total DOUBLE NOT NULL DEFAULT 0, total_tax DOUBLE NOT NULL DEFAULT 0
		);
		CREATE TABLE IF NOT EXISTS order_meta (
			order_id INTEGER NOT NULL, meta_key VARCHAR NOT NULL, meta_value VARCHAR NOT NULL
		);
		CREATE OR REPLACE VIEW order_dimensions AS
		SELECT o.id AS order_id, o.customer_id,
			o.payment_method, COALESCE(d.payment_method_title, '') AS payment_method_title,
			COALESCE(l.method_id, '') AS shipping_method, COALESCE(l.method_title, '') AS shipping_method_title,
			COALESCE(m.source_type, '') AS origin_type, COALESCE(m.utm_source, '') AS origin_source,
			COALESCE(m.utm_medium, '') AS origin_medium, COALESCE(m.utm_campaign, '') AS origin_campaign,
			COALESCE(m.device_type, '') AS origin_device, COALESCE(m.referrer, '') AS origin_referrer,
			o.billing_country, o.billing_state,
			COALESCE(d.shipping_country, '') AS shipping_country, COALESCE(d.shipping_state, '') AS shipping_state
		FROM orders o
		LEFT JOIN (
			SELECT order_id, max(payment_method_title) AS payment_method_title,
				max(shipping_country) AS shipping_country, max(shipping_state) AS shipping_state
			FROM order_details GROUP BY order_id
		) d ON d.order_id = o.id
		LEFT JOIN (
			SELECT order_id, arg_min(method_id, order_item_id) AS method_id,
				arg_min(method_title, order_item_id) AS method_title
			FROM order_shipping_lines GROUP BY order_id
		) l ON l.order_id = o.id
		LEFT JOIN (
			SELECT order_id,
				max(meta_value) FILTER (WHERE meta_key = '_wc_order_attribution_source_type') AS source_type,
				max(meta_value) FILTER (WHERE meta_key = '_wc_order_attribution_utm_source') AS utm_source,
				max(meta_value) FILTER (WHERE meta_key = '_wc_order_attribution_utm_medium') AS utm_medium,
				max(meta_value) FILTER (WHERE meta_key = '_wc_order_attribution_utm_campaign') AS utm_campaign,
				max(meta_value) FILTER (WHERE meta_key = '_wc_order_attribution_device_type') AS device_type,
				max(meta_value) FILTER (WHERE meta_key = '_wc_order_attribution_referrer') AS referrer
			FROM order_meta GROUP BY order_id
		) m ON m.order_id = o.id
		WHERE o.parent_id = 0;
	`);
}

/** The dimension rows of a batch of orders, as `insertRows` takes them. */
export function dimensionRows(
	orders: ReadonlyArray<OrderDimensionFields & { id: number; parent_id: number }>,
): {
	details: SqlValue[][];
	shippingLines: SqlValue[][];
	meta: SqlValue[][];
} {
	const keep = new Set<string>(ATTRIBUTION_META_KEYS);
	const parents = orders.filter((o) => o.parent_id === 0);
	return {
		details: parents.map((o) => [
			o.id,
			o.payment_method_title ?? '',
			o.shipping_country ?? '',
			o.shipping_state ?? '',
		]),
		shippingLines: parents.flatMap((o) =>
			(o.shipping_lines ?? []).map((l) => [
				l.order_item_id,
				o.id,
				l.method_id,
				l.method_title,
				l.total,
				l.total_tax,
			]),
		),
		meta: parents.flatMap((o) =>
			(o.meta ?? []).filter((m) => keep.has(m.key)).map((m) => [o.id, m.key, m.value]),
		),
	};
}

/** The dimension tables, deleted with their order. */
export const DIMENSION_TABLES = ['order_details', 'order_shipping_lines', 'order_meta'] as const;
