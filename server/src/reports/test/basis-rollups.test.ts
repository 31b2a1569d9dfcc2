/**
 * Revenue and orders stats over whole days read the daily roll-ups under every date type
 * (`db/rollups.ts`: by creation date, and `order_basis_*` by paid and by completed date). Each
 * answer must equal the same report computed from the order rows, on a generated store, before
 * and after a sync batch moved orders between days (a paid date, a completion, a deletion).
 */
import { Db } from '../../core/db.js';
import { DATE_BASES, type DateBasis } from '../../db/date-basis.js';
import { applyOrderChanges, deriveLookups } from '../../db/pipeline.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { readOrder } from '../../db/test/read-order.js';
import { generateStore } from '../../demo/generate.js';
import { Query } from '../../http/params.js';
import { DUCKDB, type SqlReader } from '../../metrics/dialect.js';
import { orderStats } from '../shared/order-stats.js';
import { testSettings } from './kept-fixtures.js';

jest.setTimeout(180_000);

const settings = (dateBasis: DateBasis, startOfWeek = 1): StoreSettings =>
	testSettings({ dateBasis, startOfWeek });

/** Money compared to the cent (per-day partial sums may differ from order sums past it). */
function cents(value: unknown): unknown {
	return JSON.parse(
		JSON.stringify(value, (_key, v: unknown) =>
			typeof v === 'number' ? Math.round(v * 100) / 100 : v,
		),
	);
}

const RANGES = [
	{ after: '2024-03-01T00:00:00', before: '2025-02-28T23:59:59', interval: 'month' },
	{ after: '2024-10-01T00:00:00', before: '2024-12-31T23:59:59', interval: 'week' },
	{ after: '2025-01-01T00:00:00', before: '2025-02-28T23:59:59', interval: 'day' },
];

describe('revenue and orders stats from the roll-ups equal those from the orders, under each date type', () => {
	let db: Db;
	/** The same database read with the roll-ups turned off (every figure from the order rows). */
	let orders: SqlReader;
	/** Statements the roll-up side ran (to see that it did read the roll-ups). */
	const statements: string[] = [];
	let rolled: SqlReader;

	async function expectSame(): Promise<Record<DateBasis, number>> {
		const netRevenue = {} as Record<DateBasis, number>;
		for (const basis of DATE_BASES) {
			for (const range of RANGES) {
				for (const filters of [false, true]) {
					const extra = filters ? { status_is: 'completed' } : {};
					for (const startOfWeek of range.interval === 'week' ? [1, 0] : [1]) {
						const raw = { ...range, per_page: '100', ...extra };
						const s = settings(basis, startOfWeek);
						statements.length = 0;
						const a = await orderStats(rolled, new Query(raw), s, filters);
						const usedRollups = statements.some((sql) =>
							sql.includes(
								basis === 'date_created'
									? 'order_stats_daily'
									: 'order_basis_daily',
							),
						);
						expect(usedRollups).toBe(true);
						const b = await orderStats(orders, new Query(raw), s, filters);
						expect(cents(a.body)).toEqual(cents(b.body));
						expect(a.total).toBe(b.total);
					}
				}
			}
			const year = await orderStats(rolled, new Query(RANGES[0]), settings(basis), false);
			netRevenue[basis] = Number(year.body.totals.net_revenue);
		}
		return netRevenue;
	}

	beforeAll(async () => {
		db = await Db.open(':memory:');
		await generateStore(db, { orders: 900, seed: 11, now: new Date('2025-03-01T12:00:00Z') });
		// As on a real store: orders on hold are not paid, and some are paid days later (a bank
		// transfer), so each date type counts other orders on other days.
		await db.run(
			"UPDATE orders SET date_paid = NULL WHERE status = 'on-hold' AND type = 'shop_order'",
		);
		await db.run(
			`UPDATE orders SET date_paid = date_paid + INTERVAL 3 DAY
			WHERE id % 7 = 0 AND date_paid IS NOT NULL AND type = 'shop_order'`,
		);
		await deriveLookups(db);
		orders = {
			all: (sql, params) => db.all(sql, params),
			one: (sql, params) => db.one(sql, params),
			dialect: { ...DUCKDB, rollups: false, basisRollups: false },
		};
		rolled = {
			all: (sql, params) => {
				statements.push(sql);
				return db.all(sql, params);
			},
			one: (sql, params) => {
				statements.push(sql);
				return db.one(sql, params);
			},
		};
	});
	afterAll(() => db.close());

	it('on a generated store: the three date types give different figures, each equal both ways', async () => {
		const net = await expectSame();
		expect(net.date_created).toBeGreaterThan(0);
		// Unpaid orders are left out by paid date, uncompleted ones by completed date.
		expect(net.date_paid).not.toBe(net.date_created);
		expect(net.date_completed).not.toBe(net.date_paid);
	});

	it('after a sync batch paid an order on another day, completed one and deleted one', async () => {
		const pick = async (where: string): Promise<number> => {
			const row = await db.one<{ id: number }>(
				`SELECT id FROM orders WHERE parent_id = 0 AND ${where}
				AND date_created BETWEEN TIMESTAMP '2024-11-01' AND TIMESTAMP '2025-01-31'
				ORDER BY id LIMIT 1`,
			);
			expect(row).toBeDefined();
			return Number(row?.id);
		};
		const unpaid = await pick("status = 'on-hold' AND date_paid IS NULL");
		const processing = await pick("status = 'processing' AND date_completed IS NULL");
		const removed = await pick("status = 'completed'");
		const before = await orderStats(
			rolled,
			new Query({ ...RANGES[2], per_page: '100' }),
			settings('date_completed'),
			false,
		);
		const paid = await readOrder(db, unpaid);
		paid.status = 'processing';
		paid.date_paid = '2025-01-20 10:00:00';
		const done = await readOrder(db, processing);
		done.status = 'completed';
		done.date_completed = '2025-02-03 09:30:00';
		await applyOrderChanges(db, { upsert: [paid, done], remove: [removed] });
		const after = await orderStats(
			rolled,
			new Query({ ...RANGES[2], per_page: '100' }),
			settings('date_completed'),
			false,
		);
		// The completion moved into the range by completed date: the roll-ups were refreshed on
		// the day it came to.
		expect(after.body.totals).not.toEqual(before.body.totals);
		await expectSame();
	});
});
