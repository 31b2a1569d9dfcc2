import { Db } from '../../core/db.js';
import { generateStore } from '../../demo/generate.js';
import { applyOrderChanges, deriveLookups, type OrderRecord } from '../pipeline.js';
import { readOrder } from './read-order.js';

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
	'order_profit_daily',
	'order_basis_daily',
	'order_basis_coupon_daily',
	'order_basis_product_daily',
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

	it('an order moved to another day, with its refunds, re-derives the roll-ups of both days (the others stay as they were)', async () => {
		const refunded = await db.one<{ parent_id: number }>(
			'SELECT parent_id FROM orders WHERE parent_id <> 0 ORDER BY id LIMIT 1 OFFSET 1',
		);
		const order = await readOrder(db, Number(refunded?.parent_id));
		const oldDay = order.date_created.slice(0, 10);
		const shift = (value: string) =>
			new Date(Date.parse(`${value.replace(' ', 'T')}Z`) - 40 * 86400000)
				.toISOString()
				.replace('T', ' ')
				.slice(0, 19);
		const moved = {
			...order,
			date_created: shift(order.date_created),
			date_created_gmt: shift(order.date_created_gmt),
		};
		const newDay = moved.date_created.slice(0, 10);
		const untouched = await db.all(
			'SELECT * FROM order_stats_daily WHERE day NOT IN (CAST(? AS DATE), CAST(? AS DATE)) ORDER BY ALL',
			[oldDay, newDay],
		);
		await applyOrderChanges(db, { upsert: [moved] });
		const onNewDay = await db.one<{ n: number }>(
			'SELECT count(*) AS n FROM order_stats WHERE order_id = ? AND CAST(date_created AS DATE) = CAST(? AS DATE)',
			[order.id, newDay],
		);
		expect(Number(onNewDay?.n)).toBe(1);
		expect(
			await db.all(
				'SELECT * FROM order_stats_daily WHERE day NOT IN (CAST(? AS DATE), CAST(? AS DATE)) ORDER BY ALL',
				[oldDay, newDay],
			),
		).toEqual(untouched);
		await expectSameAsFullRebuild();
	});

	it('a batch moving orders to other days on every date basis, with changed statuses, products, coupons and refunds, leaves every roll-up as a full rebuild makes it', async () => {
		const shift = (value: string, days: number) =>
			new Date(Date.parse(`${value.replace(' ', 'T')}Z`) + days * 86400000)
				.toISOString()
				.replace('T', ' ')
				.slice(0, 19);
		// One order per change, each picked once.
		const picked: number[] = [0];
		const pick = async (where: string) => {
			const row = await db.one<{ id: number }>(
				`SELECT id FROM orders WHERE parent_id = 0 AND ${where}
					AND id NOT IN (SELECT unnest(CAST(? AS INTEGER[]))) ORDER BY id LIMIT 1`,
				[JSON.stringify(picked)],
			);
			if (!row) throw new Error(`no order where ${where}`);
			picked.push(Number(row.id));
			return readOrder(db, Number(row.id));
		};
		const completed =
			"status = 'completed' AND date_paid IS NOT NULL AND date_completed IS NOT NULL";
		const products = (await db.all<{ id: number }>('SELECT id FROM products ORDER BY id')).map(
			(r) => Number(r.id),
		);
		const coupon = await db.one<{ id: number }>('SELECT id FROM coupons ORDER BY id LIMIT 1');
		// Paid three days later and completed eight days later: both other days than before.
		const repaid = await pick(completed);
		const paidMove = {
			...repaid,
			date_paid: shift(String(repaid.date_paid), 3),
			date_completed: shift(String(repaid.date_completed), 8),
		};
		// No longer paid nor completed: it leaves both bases.
		const unpaidBase = await pick(completed);
		const unpaid = {
			...unpaidBase,
			status: 'on-hold',
			date_paid: null,
			date_completed: null,
		};
		// Completed now, on a day of its own: it comes to the completed basis.
		const finishedBase = await pick("status = 'processing' AND date_paid IS NOT NULL");
		const finished = {
			...finishedBase,
			status: 'completed',
			date_completed: shift(finishedBase.date_created, 11),
		};
		// Its first line sold another product; its coupons dropped.
		const relinedBase = await pick(
			`${completed} AND id IN (SELECT order_id FROM order_coupon_items)`,
		);
		const other = products.find((id) => id !== relinedBase.lines[0].product_id) ?? products[0];
		const relined = {
			...relinedBase,
			lines: relinedBase.lines.map((l, k) =>
				k === 0 ? { ...l, product_id: other, variation_id: 0, meta: [] } : l,
			),
			coupons: [],
		};
		// A coupon it did not have.
		const couponedBase = await pick(
			`${completed} AND id NOT IN (SELECT order_id FROM order_coupon_items)`,
		);
		const couponed = {
			...couponedBase,
			coupons: [{ coupon_id: Number(coupon?.id), discount_amount: 2.5 }],
		};
		// A refund changed (another day, another amount) and a new refund of another order.
		const refundRow = await db.one<{ id: number }>(
			'SELECT id FROM orders WHERE parent_id <> 0 ORDER BY id LIMIT 1 OFFSET 2',
		);
		const refund = await readOrder(db, Number(refundRow?.id));
		const changedRefund = {
			...refund,
			date_created: shift(refund.date_created, 2),
			date_created_gmt: shift(refund.date_created_gmt, 2),
			total: refund.total - 1,
			lines: refund.lines.map((l) => ({ ...l, total: l.total - 1 })),
		};
		const maxIds = await db.one<{ o: number; i: number }>(
			'SELECT (SELECT max(id) FROM orders) AS o, (SELECT max(order_item_id) FROM order_items) AS i',
		);
		const newRefund: OrderRecord = {
			...refund,
			id: Number(maxIds?.o) + 1,
			number: String(Number(maxIds?.o) + 1),
			parent_id: paidMove.id,
			date_created: shift(String(paidMove.date_completed), 1),
			date_created_gmt: shift(String(paidMove.date_completed), 1),
			lines: paidMove.lines.slice(0, 1).map((l) => ({
				...l,
				order_item_id: Number(maxIds?.i) + 1,
				qty: -1,
				subtotal: -l.subtotal / Math.max(1, l.qty),
				total: -l.total / Math.max(1, l.qty),
				tax: 0,
				shipping: 0,
				shipping_tax: 0,
			})),
			taxes: [],
			coupons: [],
		};
		const days = (o: OrderRecord) =>
			[o.date_created, o.date_paid, o.date_completed].map((d) => d?.slice(0, 10) ?? null);
		// Every move lands on days of its own: the test checks them, not a rebuild of the whole.
		expect(days(paidMove)).not.toEqual(days(repaid));
		expect(days(paidMove)[1]).not.toBe(days(repaid)[1]);
		expect(days(paidMove)[2]).not.toBe(days(repaid)[2]);
		await applyOrderChanges(db, {
			upsert: [paidMove, unpaid, finished, relined, couponed, changedRefund, newRefund],
		});
		const basisRows = await db.all<{ basis: string; n: number }>(
			`SELECT basis, count(*) AS n FROM order_basis_daily
			WHERE (basis = 'date_paid' AND day = CAST(? AS DATE))
				OR (basis = 'date_completed' AND day IN (CAST(? AS DATE), CAST(? AS DATE)))
			GROUP BY basis ORDER BY basis`,
			[
				String(paidMove.date_paid).slice(0, 10),
				String(paidMove.date_completed).slice(0, 10),
				String(finished.date_completed).slice(0, 10),
			],
		);
		expect(basisRows.map((r) => r.basis)).toEqual(['date_completed', 'date_paid']);
		await expectSameAsFullRebuild();
	});

	it('a batch that only deletes orders re-derives the roll-ups of their days', async () => {
		const rows = await db.all<{ id: number }>(
			'SELECT id FROM orders WHERE parent_id = 0 ORDER BY id DESC LIMIT 3',
		);
		await applyOrderChanges(db, { remove: rows.map((r) => Number(r.id)) });
		await expectSameAsFullRebuild();
	});
});
