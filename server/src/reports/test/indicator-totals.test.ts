/**
 * The performance indicators of whole days on the embedded store come from the daily roll-ups'
 * sums by day and status kept in memory (`dashboard/day-totals.ts`), without a statement. They must equal
 * the roll-up statements' answer and the order rows' (the roll-ups turned off) for every range,
 * status setting and indicator, and a write must be in the next answer.
 */
import type { Db } from '../../core/db.js';
import { applyOrderChanges } from '../../db/pipeline.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { readOrder } from '../../db/test/read-order.js';
import { Query } from '../../http/params.js';
import { DUCKDB, type SqlReader } from '../../metrics/dialect.js';
import { INDICATORS, performanceIndicators } from '../dashboard/dashboard.js';
import { dayTotalsRead, summedColumn } from '../dashboard/day-totals.js';
import { recordedStore, testSettings, WHOLE_DAYS } from './kept-fixtures.js';

jest.setTimeout(180_000);

const settings = (excludedStatuses: string[]): StoreSettings => testSettings({ excludedStatuses });

const DEFAULT = settings(['pending', 'failed', 'cancelled', 'trash']);

/** Every indicator the route answers from the roll-ups (downloads go through their report). */
const STATS = INDICATORS.map((i) => i.stat).filter((stat) => !stat.startsWith('downloads/'));

const RANGES = WHOLE_DAYS;

type Answer = Array<{ stat: string; value: number | null }>;

/** Money compared to the cent (the order rows' sums may differ from the roll-ups' past it). */
function cents(answer: Answer): Array<[string, number | null]> {
	return answer.map((i) => [i.stat, i.value === null ? null : Math.round(i.value * 100) / 100]);
}

describe('performance indicators from the sums kept in memory', () => {
	let db: Db;
	/** The same database through a plain reader: the roll-up statements run. */
	let statements: SqlReader;
	/** The roll-ups turned off: every figure from the order rows. */
	let rows: SqlReader;
	/** Statements the Db ran (the memory side must run none once its totals are read). */
	let ran: string[] = [];
	/** While set, a reading of the totals returns only once it resolves. */
	let held: Promise<void> | null = null;

	const ask = async (
		reader: SqlReader | Db,
		[after, before]: [string, string],
		s: StoreSettings = DEFAULT,
		stats: string[] = STATS,
	): Promise<Answer> =>
		(
			await performanceIndicators(
				reader,
				new Query({ after: `${after}T00:00:00`, before: `${before}T23:59:59`, stats }),
				s,
			)
		).body as Answer;

	async function expectSame(s: StoreSettings = DEFAULT): Promise<void> {
		await dayTotalsRead(db);
		ran.length = 0;
		for (const range of RANGES) {
			for (const stats of [STATS, ['taxes/total_tax'], ['products/items_sold']]) {
				const kept = await ask(db, range, s, stats);
				// As callers read them (JSON: the statements' -0 of no refunds is written 0).
				expect(JSON.stringify(kept)).toBe(
					JSON.stringify(await ask(statements, range, s, stats)),
				);
				expect(cents(kept)).toEqual(cents(await ask(rows, range, s, stats)));
			}
		}
		// Every answer of the memory side came without a statement.
		expect(ran).toEqual([]);
	}

	beforeAll(async () => {
		const store = await recordedStore(900, 5, (sql) =>
			held && sql.includes('GROUP BY day, status') ? held : null,
		);
		({ db, ran, statements } = store);
		rows = { ...statements, dialect: { ...DUCKDB, rollups: false, basisRollups: false } };
	});
	afterAll(() => db.close());

	it('equal the roll-up statements and the order rows for every range and indicator', async () => {
		const month: [string, string] = ['2025-01-01', '2025-01-31'];
		// The first answer runs the statements and starts reading the totals beside it.
		const first = await ask(db, month);
		expect(ran.filter((sql) => sql.includes('order_stats_daily')).length).toBeGreaterThan(0);
		expect(first.find((i) => i.stat === 'revenue/net_revenue')?.value).toBeGreaterThan(0);
		expect(first.find((i) => i.stat === 'taxes/total_tax')?.value).toBeGreaterThan(0);
		await expectSame();
		expect(JSON.stringify(await ask(db, month))).toBe(JSON.stringify(first));
	});

	it('count the statuses the store counts: another excluded list, another answer, the same both ways', async () => {
		const month: [string, string] = ['2024-10-01', '2024-12-31'];
		const completedOnly = settings([
			'pending',
			'failed',
			'cancelled',
			'trash',
			'processing',
			'on-hold',
			'refunded',
		]);
		const all = await ask(db, month);
		const fewer = await ask(db, month, completedOnly);
		const count = (a: Answer): number | null =>
			a.find((i) => i.stat === 'orders/orders_count')?.value ?? null;
		expect(count(fewer)).toBeLessThan(count(all) ?? 0);
		await expectSame(completedOnly);
	});

	it('a write is in the next answer: an order cancelled leaves the totals, the statements agree', async () => {
		const month: [string, string] = ['2025-01-01', '2025-01-31'];
		const before = await ask(db, month);
		const row = await db.one<{ id: number; net: number }>(
			`SELECT o.id AS id, s.net_total AS net FROM orders o JOIN order_stats s ON s.order_id = o.id
			WHERE o.status = 'completed' AND o.parent_id = 0 AND s.net_total > 0
			AND o.date_created BETWEEN TIMESTAMP '2025-01-05' AND TIMESTAMP '2025-01-25'
			AND NOT EXISTS (SELECT 1 FROM orders r WHERE r.parent_id = o.id)
			ORDER BY o.id LIMIT 1`,
		);
		expect(row).toBeDefined();
		const order = await readOrder(db, Number(row?.id));
		// A reading of the totals that read the rows before the write and ends after it is not
		// kept: it is held back until the write is done.
		let release = (): void => undefined;
		held = new Promise<void>((resolve) => {
			release = resolve;
		});
		await db.run('CREATE TABLE IF NOT EXISTS indicator_test_touch (a INTEGER)');
		await ask(db, month);
		await new Promise((resolve) => setTimeout(resolve, 200));
		await applyOrderChanges(db, { upsert: [{ ...order, status: 'cancelled' }] });
		release();
		held = null;
		// The next answer already has it (from the statements while the totals are read again).
		const after = await ask(db, month);
		const value = (a: Answer, stat: string): number =>
			Number(a.find((i) => i.stat === stat)?.value);
		expect(value(after, 'orders/orders_count')).toBe(value(before, 'orders/orders_count') - 1);
		expect(value(after, 'revenue/net_revenue')).toBeCloseTo(
			value(before, 'revenue/net_revenue') - Number(row?.net),
			4,
		);
		await expectSame();
		expect(JSON.stringify(await ask(db, month))).toBe(JSON.stringify(after));
	});

	it('sum amounts of many decimals as the statements do (taxes a store does not round per line)', async () => {
		// Thirds and sevenths of a cent in every day's amounts: summed day by day in memory, row
		// by row by the statements; equal once presented.
		await db.run(
			'UPDATE order_tax_daily SET order_tax = order_tax + 1.0 / 3, total_tax = total_tax + 1.0 / 7',
		);
		await db.run(
			'UPDATE order_stats_daily SET net_total = net_total + 2.0 / 3, tax_total = tax_total / 3',
		);
		await db.run('UPDATE order_coupon_daily SET discount_amount = discount_amount * 1.000001');
		await dayTotalsRead(db);
		ran.length = 0;
		for (const range of RANGES) {
			const kept = await ask(db, range);
			expect(JSON.stringify(kept)).toBe(JSON.stringify(await ask(statements, range)));
		}
		expect(ran).toEqual([]);
		const year = await ask(db, ['2024-03-01', '2025-02-28']);
		expect(String(year.find((i) => i.stat === 'taxes/order_tax')?.value)).toMatch(/\.\d{3,4}$/);
	});

	it('read only plain sums of the roll-ups: any other definition is refused when loading', () => {
		expect(summedColumn('x', 'COALESCE(SUM(s.net_total), 0)', 's')).toEqual({
			key: 'x',
			column: 'net_total',
			negate: false,
		});
		expect(summedColumn('x', 'COALESCE(-SUM(s.negative_net_total), 0)', 's').negate).toBe(true);
		expect(() => summedColumn('x', 'COUNT(DISTINCT c.coupon_id)', 'c')).toThrow(/plain sum/);
		expect(() => summedColumn('x', 'COALESCE(SUM(s.net_total), 0)', 'p')).toThrow(/plain sum/);
	});
});
