/** Test and bench helper: an order read back from the raw tables as a store sync hands it over. */
import type { Db, Row } from '../../core/db.js';
import type { OrderRecord } from '../pipeline.js';

const text = (v: Row[string]): string => (v === null ? '' : String(v));
const num = (v: Row[string]): number => Number(v);
const date = (v: Row[string]): string | null => (v === null ? null : String(v).replace('T', ' '));

/** An order as a store sync would hand it over, read back from the raw tables. */
export async function readOrder(db: Db, id: number): Promise<OrderRecord> {
	const o = await db.one(
		`SELECT *, strftime(date_created, '%Y-%m-%d %H:%M:%S') AS created,
			strftime(date_created_gmt, '%Y-%m-%d %H:%M:%S') AS created_gmt,
			strftime(date_paid, '%Y-%m-%d %H:%M:%S') AS paid,
			strftime(date_completed, '%Y-%m-%d %H:%M:%S') AS completed
		FROM orders WHERE id = ?`,
		[id],
	);
	if (!o) throw new Error(`order ${id} missing`);
	const lines = await db.all('SELECT * FROM order_items WHERE order_id = ? ORDER BY 1', [id]);
	const meta = await db.all(
		'SELECT m.* FROM order_item_meta m JOIN order_items i USING (order_item_id) WHERE i.order_id = ?',
		[id],
	);
	return {
		id,
		parent_id: num(o.parent_id),
		type: o.type === 'shop_order_refund' ? 'shop_order_refund' : 'shop_order',
		number: text(o.number),
		status: text(o.status),
		currency: text(o.currency),
		customer_id: o.customer_id === null ? null : num(o.customer_id),
		user_id: o.user_id === null ? null : num(o.user_id),
		billing_first_name: text(o.billing_first_name),
		billing_last_name: text(o.billing_last_name),
		billing_email: text(o.billing_email),
		billing_country: text(o.billing_country),
		billing_state: text(o.billing_state),
		billing_city: text(o.billing_city),
		billing_postcode: text(o.billing_postcode),
		discount_total: num(o.discount_total),
		shipping_total: num(o.shipping_total),
		shipping_tax: num(o.shipping_tax),
		cart_tax: num(o.cart_tax),
		total: num(o.total),
		payment_method: text(o.payment_method),
		date_created: text(o.created),
		date_created_gmt: text(o.created_gmt),
		date_paid: date(o.paid),
		date_completed: date(o.completed),
		lines: lines.map((l) => ({
			order_item_id: num(l.order_item_id),
			product_id: num(l.product_id),
			variation_id: num(l.variation_id),
			name: text(l.name),
			qty: num(l.qty),
			subtotal: num(l.subtotal),
			total: num(l.total),
			tax: num(l.tax),
			shipping: num(l.shipping),
			shipping_tax: num(l.shipping_tax),
			meta: meta
				.filter((m) => num(m.order_item_id) === num(l.order_item_id))
				.map((m) => ({ key: text(m.meta_key), value: text(m.meta_value) })),
		})),
		taxes: (await db.all('SELECT * FROM order_tax_items WHERE order_id = ?', [id])).map(
			(t) => ({
				tax_rate_id: num(t.tax_rate_id),
				shipping_tax: num(t.shipping_tax),
				order_tax: num(t.order_tax),
			}),
		),
		coupons: (await db.all('SELECT * FROM order_coupon_items WHERE order_id = ?', [id])).map(
			(c) => ({ coupon_id: num(c.coupon_id), discount_amount: num(c.discount_amount) }),
		),
	};
}
