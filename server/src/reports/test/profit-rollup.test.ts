/**
 * The Profit report answers whole-day ranges from the daily profit roll-up (`order_profit_daily`)
 * and the daily order roll-ups: every figure must equal the same report computed from the lines,
 * on a generated store, after cost edits (applied to past sales, a gap filled) and after a sync
 * batch changed orders.
 */
import { Db } from '../../core/db.js';
import { setProductCost } from '../../db/costs.js';
import { applyOrderChanges } from '../../db/pipeline.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { readOrder } from '../../db/test/read-order.js';
import { generateStore } from '../../demo/generate.js';
import { Query } from '../../http/params.js';
import { missingCosts, profitList, profitStats } from '../profit/profit.js';
import { testSettings } from './kept-fixtures.js';

jest.setTimeout(180_000);

const settings = (startOfWeek: number): StoreSettings => testSettings({ startOfWeek });

/** Money compared to the cent (per-day partial sums may differ from line sums past it). */
function cents(value: unknown): unknown {
	return JSON.parse(
		JSON.stringify(value, (_key, v: unknown) =>
			typeof v === 'number' ? Math.round(v * 100) / 100 : v,
		),
	);
}

describe('Profit from the daily roll-up equals Profit from the lines', () => {
	let db: Db;
	let productId = 0;
	let categoryId = 0;
	let uncostedProduct = 0;

	const RANGES = [
		{ after: '2024-03-01T00:00:00', before: '2025-02-28T23:59:59', interval: 'month' },
		{ after: '2024-10-01T00:00:00', before: '2024-12-31T23:59:59', interval: 'week' },
	];

	async function expectSame(): Promise<number> {
		let compared = 0;
		for (const range of RANGES) {
			const filters = [
				{},
				{ products: String(productId) },
				{ categories: String(categoryId) },
			];
			for (const [i, filter] of filters.entries()) {
				// Weeks from Monday and from Sunday.
				for (const startOfWeek of range.interval === 'week' && i === 0 ? [1, 0] : [1]) {
					const raw = { ...range, per_page: '100', ...filter };
					const s = settings(startOfWeek);
					const rolled = await profitStats(db, new Query(raw), s);
					const lines = await profitStats(db, new Query(raw), s, { rollups: false });
					expect(cents(rolled.body)).toEqual(cents(lines.body));
					expect(rolled.total).toBe(lines.total);
					compared++;
				}
			}
			for (const by of ['product', 'category']) {
				for (const orderby of ['orders_count', 'margin']) {
					const raw = { ...range, by, orderby, per_page: '-1' };
					const rolled = await profitList(db, new Query(raw), settings(1));
					const lines = await profitList(db, new Query(raw), settings(1), {
						rollups: false,
					});
					expect(rolled.body.length).toBeGreaterThan(0);
					expect(cents(rolled.body)).toEqual(cents(lines.body));
					compared++;
				}
			}
			const rolled = await missingCosts(db, new Query(range), settings(1));
			const lines = await missingCosts(db, new Query(range), settings(1), 100, {
				rollups: false,
			});
			expect(rolled).toEqual(lines);
			compared++;
		}
		return compared;
	}

	beforeAll(async () => {
		db = await Db.open(':memory:');
		await generateStore(db, { orders: 800, seed: 7, now: new Date('2025-03-01T12:00:00Z') });
		const top = await db.one<{ product_id: number }>(
			`SELECT product_id FROM order_product_lookup GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1`,
		);
		productId = Number(top?.product_id);
		const category = await db.one<{ category_id: number }>(
			'SELECT category_id FROM product_categories WHERE product_id = ? LIMIT 1',
			[productId],
		);
		categoryId = Number(category?.category_id);
		const missing = await db.one<{ product_id: number }>(
			`SELECT l.product_id FROM order_product_lookup l
			WHERE l.product_id NOT IN (SELECT product_id FROM product_costs)
			GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1`,
		);
		uncostedProduct = Number(missing?.product_id);
	});
	afterAll(() => db.close());

	it('on a generated store (some products without a cost)', async () => {
		expect(uncostedProduct).toBeGreaterThan(0);
		const year = new Query({ after: '2024-03-01T00:00:00', before: '2025-02-28T23:59:59' });
		const stats = await profitStats(db, year, settings(1));
		expect(stats.body.totals.products_without_cost).toBeGreaterThan(0);
		expect(stats.body.totals.orders_count).toBeGreaterThan(0);
		expect(await expectSame()).toBe(17);
	});

	it('after a cost applied to past sales and a cost filling a gap', async () => {
		await setProductCost(
			db,
			{
				product_id: productId,
				variation_id: 0,
				cost: 3.21,
				date_from: '2024-06-01',
				source: 'abacus',
			},
			true,
		);
		const before = await missingCosts(
			db,
			new Query({ after: '2024-03-01T00:00:00', before: '2025-02-28T23:59:59' }),
			settings(1),
		);
		await setProductCost(db, {
			product_id: uncostedProduct,
			variation_id: 0,
			cost: 1.5,
			date_from: '2020-01-01',
			source: 'abacus',
		});
		const after = await missingCosts(
			db,
			new Query({ after: '2024-03-01T00:00:00', before: '2025-02-28T23:59:59' }),
			settings(1),
		);
		// The product now has a cost: it is no longer named, on the roll-up path too.
		expect(before.products.some((p) => p.product_id === uncostedProduct)).toBe(true);
		expect(after.products.some((p) => p.product_id === uncostedProduct)).toBe(false);
		await expectSame();
	});

	it('after a sync batch changed and deleted orders', async () => {
		const ids = await db.all<{ order_id: number }>(
			`SELECT DISTINCT order_id FROM order_product_lookup WHERE product_id = ?
			AND order_id IN (SELECT id FROM orders WHERE parent_id = 0) ORDER BY order_id LIMIT 3`,
			[productId],
		);
		const changed = await readOrder(db, Number(ids[0]?.order_id));
		changed.status = 'cancelled';
		const moved = await readOrder(db, Number(ids[1]?.order_id));
		moved.date_created = '2025-01-15 10:00:00';
		moved.date_created_gmt = '2025-01-15 10:00:00';
		await applyOrderChanges(db, {
			upsert: [changed, moved],
			remove: [Number(ids[2]?.order_id)],
		});
		await expectSame();
	});

	it('a refund synced in a later batch than its sale takes the sale’s cost, not fixed yet', async () => {
		// A sale of a costed product on one day, synced (its lines are not fixed until the next
		// cost edit), then in another batch its refund on a later day: the refund's day is
		// re-derived alone, and its line still takes the cost of the sale's day.
		const sample = await db.one<{ order_id: number; product_id: number }>(
			`SELECT l.order_id, l.product_id FROM order_product_lookup l
			JOIN orders o ON o.id = l.order_id
			JOIN order_line_costs f ON f.order_item_id = l.order_item_id
			WHERE o.parent_id = 0 AND l.variation_id = 0 AND f.source = 'history'
			ORDER BY l.order_id LIMIT 1`,
		);
		const costed = Number(sample?.product_id);
		const next = await db.one<{ id: number; item: number }>(
			'SELECT (SELECT MAX(id) FROM orders) AS id, (SELECT MAX(order_item_id) FROM order_items) AS item',
		);
		const saleId = Number(next?.id) + 1;
		const sale = await readOrder(db, Number(sample?.order_id));
		const line = sale.lines.find((l) => l.product_id === costed && l.variation_id === 0);
		if (!line) throw new Error('the sample order has no line of the product');
		Object.assign(sale, {
			id: saleId,
			number: String(saleId),
			status: 'completed',
			date_created: '2025-02-03 09:00:00',
			date_created_gmt: '2025-02-03 09:00:00',
			date_paid: '2025-02-03 09:00:00',
			date_completed: '2025-02-04 09:00:00',
			lines: [{ ...line, order_item_id: Number(next?.item) + 1, qty: 4, meta: [] }],
			coupons: [],
		});
		await applyOrderChanges(db, { upsert: [sale], remove: [] });
		const refund = {
			...sale,
			id: saleId + 1,
			parent_id: saleId,
			type: 'shop_order_refund' as const,
			date_created: '2025-02-20 15:00:00',
			date_created_gmt: '2025-02-20 15:00:00',
			date_paid: null,
			date_completed: null,
			total: -line.total / 2,
			shipping_total: 0,
			shipping_tax: 0,
			cart_tax: 0,
			discount_total: 0,
			taxes: [],
			lines: [
				{
					...line,
					order_item_id: Number(next?.item) + 2,
					qty: -2,
					subtotal: -line.subtotal / 2,
					total: -line.total / 2,
					tax: 0,
					shipping: 0,
					shipping_tax: 0,
					meta: [],
				},
			],
		};
		await applyOrderChanges(db, { upsert: [refund], remove: [] });
		const fixed = await db.one<{ n: number }>(
			'SELECT COUNT(*) AS n FROM order_line_costs WHERE order_id IN (?, ?)',
			[saleId, saleId + 1],
		);
		expect(Number(fixed?.n)).toBe(0);
		// The refund's day: its returned items carry the sale's cost back.
		const day = new Query({
			after: '2025-02-20T00:00:00',
			before: '2025-02-20T23:59:59',
			products: String(costed),
		});
		const rolled = await profitStats(db, day, settings(1));
		const lines = await profitStats(db, day, settings(1), { rollups: false });
		expect(cents(rolled.body)).toEqual(cents(lines.body));
		expect(rolled.body.totals.items_without_cost).toBe(0);
		await expectSame();
	});
});
