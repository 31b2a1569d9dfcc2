import { Db, type Row } from '../../core/db.js';
import { generateStore } from '../../demo/generate.js';
import { applyOrderChanges, deriveLookups, type OrderRecord } from '../pipeline.js';

jest.setTimeout(120_000);

/** Every table the pipeline derives, in a comparable form (rows sorted, amounts rounded). */
const DERIVED = [
	'order_stats',
	'order_product_lookup',
	'order_tax_lookup',
	'order_coupon_lookup',
	'order_stats_daily',
	'order_coupon_daily',
	'order_tax_daily',
	'order_product_daily',
	'categories',
	'products',
];

async function derived(db: Db): Promise<Record<string, string[]>> {
	const out: Record<string, string[]> = {};
	for (const table of DERIVED) {
		const rows = await db.all(`SELECT * FROM ${table}`);
		out[table] = rows
			.map((r) =>
				JSON.stringify(r, (_key, v: unknown) =>
					typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v,
				),
			)
			.sort();
	}
	return out;
}

const text = (v: Row[string]): string => (v === null ? '' : String(v));
const num = (v: Row[string]): number => Number(v);
const date = (v: Row[string]): string | null => (v === null ? null : String(v).replace('T', ' '));

/** An order as a store sync would hand it over, read back from the raw tables. */
async function readOrder(db: Db, id: number): Promise<OrderRecord> {
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

describe('db pipeline: a store sync round', () => {
	let db: Db;
	beforeAll(async () => {
		db = await Db.open(':memory:');
		await generateStore(db, { orders: 400, seed: 3, now: new Date('2025-03-01T12:00:00Z') });
	});
	afterAll(() => db.close());

	/** After `applyOrderChanges`, the derived tables equal a rebuild of everything from the raw rows. */
	async function expectSameAsFullRebuild(): Promise<void> {
		const incremental = await derived(db);
		await deriveLookups(db);
		expect(incremental).toEqual(await derived(db));
	}

	it('replacing orders with changed status, customer and lines re-derives what they touch', async () => {
		const refunded = await db.one<{ parent_id: number }>(
			'SELECT parent_id FROM orders WHERE parent_id <> 0 ORDER BY id LIMIT 1',
		);
		const order = await readOrder(db, Number(refunded?.parent_id));
		const before = await db.one<{ n: number }>(
			"SELECT count(*) AS n FROM order_stats WHERE status = 'wc-on-hold'",
		);
		const other = await readOrder(db, 5);
		// Order 2 moves to the customer of order 5: order 5 now has an earlier order of its customer
		// (returning), and order 2's former customer loses one.
		const moved = await readOrder(db, 2);
		moved.customer_id = other.customer_id;
		moved.lines = moved.lines.slice(0, 1).map((l) => ({ ...l, qty: l.qty + 1 }));
		await applyOrderChanges(db, { upsert: [{ ...order, status: 'on-hold' }, moved] });
		const after = await db.one<{ n: number }>(
			"SELECT count(*) AS n FROM order_stats WHERE status = 'wc-on-hold'",
		);
		// The order and its refund rows take the new status.
		expect(Number(after?.n)).toBeGreaterThanOrEqual(Number(before?.n) + 2);
		await expectSameAsFullRebuild();
	});

	it('a new order and a deleted order (with its refunds) leave no stale lookup rows', async () => {
		const refunded = await db.one<{ parent_id: number }>(
			'SELECT parent_id FROM orders WHERE parent_id <> 0 ORDER BY id DESC LIMIT 1',
		);
		const gone = Number(refunded?.parent_id);
		const template = await readOrder(db, 10);
		const maxIds = await db.one<{ o: number; i: number }>(
			'SELECT (SELECT max(id) FROM orders) AS o, (SELECT max(order_item_id) FROM order_items) AS i',
		);
		const fresh: OrderRecord = {
			...template,
			id: Number(maxIds?.o) + 1,
			number: String(Number(maxIds?.o) + 1),
			lines: template.lines.map((l, k) => ({
				...l,
				order_item_id: Number(maxIds?.i) + 1 + k,
			})),
		};
		await applyOrderChanges(db, { upsert: [fresh], remove: [gone] });
		for (const table of ['orders', 'order_items', 'order_stats', 'order_product_lookup']) {
			const column = table === 'orders' ? 'id' : 'order_id';
			const left = await db.one<{ n: number }>(
				`SELECT count(*) AS n FROM ${table} WHERE ${column} = ? OR ${column} IN (SELECT order_id FROM order_stats WHERE parent_id = ?)`,
				[gone, gone],
			);
			expect([table, Number(left?.n)]).toEqual([table, 0]);
		}
		const refunds = await db.one<{ n: number }>(
			'SELECT count(*) AS n FROM orders WHERE parent_id = ?',
			[gone],
		);
		expect(Number(refunds?.n)).toBe(0);
		const added = await db.one<{ n: number }>(
			'SELECT count(*) AS n FROM order_product_lookup WHERE order_id = ?',
			[fresh.id],
		);
		expect(Number(added?.n)).toBe(fresh.lines.filter((l) => l.qty !== 0).length);
		await expectSameAsFullRebuild();
	});
});
