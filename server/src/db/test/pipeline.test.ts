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

	it('a batch that only deletes orders re-derives the roll-ups of their days', async () => {
		const rows = await db.all<{ id: number }>(
			'SELECT id FROM orders WHERE parent_id = 0 ORDER BY id DESC LIMIT 3',
		);
		await applyOrderChanges(db, { remove: rows.map((r) => Number(r.id)) });
		await expectSameAsFullRebuild();
	});
});
