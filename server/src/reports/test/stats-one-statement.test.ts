/**
 * The stats query's two plans (`stats-query.ts`): one statement per metric group, side by side
 * (what both engines run), and, where a dialect's `groupingSets` asks for it, a request of up to a
 * month in one statement (GROUPING SETS joined by UNION ALL). Both must give the same answer,
 * field for field, and the totals must agree with the intervals they sum up.
 */
import { startServer, type RunningServer } from '../../index.js';
import type { Row, SqlValue } from '../../core/db.js';
import { storeSettings, type StoreSettings } from '../../db/store-settings.js';
import { Query } from '../../http/params.js';
import { DUCKDB, type SqlReader } from '../../metrics/dialect.js';
import { couponStats, downloadStats, productStats, taxStats } from '../item-stats.js';
import { ORDER_STATS_KEYS, orderStats } from '../order-stats.js';
import type { StatsResult } from '../stats-query.js';

jest.setTimeout(180_000);

let server: RunningServer;
let settings: StoreSettings;

beforeAll(async () => {
	// A store in a zone with a half-hour offset, so hours and days are the store's own.
	server = await startServer({ orders: 1200, seed: 7, timeZone: 'Asia/Kolkata', quiet: true });
	settings = await storeSettings(server.ctx);
});

afterAll(async () => server.close());

/** The server's database read with `groupingSets` as given, counting the statements it runs. */
function reader(groupingSets: boolean): SqlReader & { statements: string[] } {
	const db = server.ctx.db;
	const statements: string[] = [];
	return {
		statements,
		dialect: { ...DUCKDB, groupingSets },
		all<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]> {
			statements.push(sql);
			return db.all<T>(sql, params);
		},
		async one<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T | undefined> {
			return (await this.all<T>(sql, params))[0];
		},
	};
}

type Report = (db: SqlReader, q: Query, s: StoreSettings) => Promise<StatsResult>;
const REPORTS: Record<string, Report> = {
	revenue: (db, q, s) => orderStats(db, q, s, false),
	orders: (db, q, s) => orderStats(db, q, s, true),
	products: (db, q, s) => productStats(db, q, s, false),
	variations: (db, q, s) => productStats(db, q, s, true),
	coupons: couponStats,
	taxes: taxStats,
	downloads: downloadStats,
};

const day = (offset: number): string =>
	new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const YESTERDAY = { after: `${day(-1)}T00:00:00`, before: `${day(-1)}T23:59:59` };
const MONTH = { after: `${day(-30)}T00:00:00`, before: `${day(0)}T23:59:59` };
const YEAR = { after: `${day(-365)}T00:00:00`, before: `${day(0)}T23:59:59` };
const RAGGED = { after: `${day(-29)}T07:30:00`, before: `${day(-2)}T18:15:00` };

const CASES: Array<[string, Record<string, unknown>]> = [
	['revenue', { ...YESTERDAY, interval: 'hour' }],
	['revenue', { ...MONTH, interval: 'day' }],
	['revenue', { ...MONTH, interval: 'week', fields: ['net_revenue', 'total_customers'] }],
	['revenue', { ...RAGGED, interval: 'day', orderby: 'total_customers' }],
	['revenue', { ...MONTH, interval: 'month', segmentby: 'product' }],
	['revenue', { ...MONTH, interval: 'week', segmentby: 'customer_type' }],
	['revenue', { ...MONTH, interval: 'month', segmentby: 'coupon' }],
	['revenue', { ...MONTH, interval: 'month', segmentby: 'category' }],
	['orders', { ...MONTH, interval: 'week', status_is: ['completed'] }],
	['orders', { ...RAGGED, interval: 'hour' }],
	['products', { ...MONTH, interval: 'day' }],
	['products', { ...RAGGED, interval: 'week', segmentby: 'product' }],
	['variations', { ...MONTH, interval: 'month' }],
	['coupons', { ...MONTH, interval: 'week' }],
	['taxes', { ...MONTH, interval: 'month' }],
	['downloads', { ...MONTH, interval: 'day' }],
];

describe('stats in one statement', () => {
	it.each(CASES)(
		'%s %j: the same answer as one statement per metric group',
		async (name, raw) => {
			const query = { order: 'asc', per_page: 100, ...raw };
			const inOne = reader(true);
			const perGroup = reader(false);
			const one = await REPORTS[name](inOne, new Query(query), settings);
			const several = await REPORTS[name](perGroup, new Query(query), settings);
			expect(one).toEqual(several);
			expect(inOne.statements.length).toBeLessThan(perGroup.statements.length);
		},
	);

	it('a year keeps one statement per metric group', async () => {
		const db = reader(true);
		const query = new Query({ ...YEAR, interval: 'week', order: 'asc', per_page: 100 });
		await productStats(db, query, settings, false);
		expect(db.statements.length).toBeGreaterThan(1);
	});

	it('a day by hour of revenue runs one statement and its totals add up', async () => {
		const db = reader(true);
		const query = new Query({ ...YESTERDAY, interval: 'hour', order: 'asc', per_page: 100 });
		const { body } = await orderStats(db, query, settings, false);
		expect(db.statements).toHaveLength(1);
		expect(body.intervals).toHaveLength(24);
		expect(Object.keys(body.totals)).toEqual([...ORDER_STATS_KEYS, 'segments']);
		const subtotals = body.intervals.map(
			(i) => i.subtotals as Record<string, number | unknown[]>,
		);
		for (const s of subtotals) {
			expect(Object.keys(s)).toEqual([
				...ORDER_STATS_KEYS.filter((k) => k !== 'products'),
				'segments',
			]);
		}
		const totals = body.totals as Record<string, number>;
		const sum = (key: string): number => subtotals.reduce((acc, s) => acc + Number(s[key]), 0);
		for (const key of [
			'orders_count',
			'num_items_sold',
			'gross_sales',
			'total_sales',
			'coupons',
			'refunds',
			'taxes',
			'shipping',
			'net_revenue',
		]) {
			expect(totals[key]).toBeCloseTo(sum(key), 2);
		}
		// Distinct counts: the day's are at least each hour's and at most their sum.
		for (const key of ['total_customers', 'coupons_count']) {
			const hours = subtotals.map((s) => Number(s[key]));
			expect(totals[key]).toBeGreaterThanOrEqual(Math.max(...hours));
			expect(totals[key]).toBeLessThanOrEqual(sum(key));
		}
		expect(totals.orders_count).toBeGreaterThan(0);
		expect(totals.total_customers).toBeGreaterThan(0);
		expect(totals.products).toBeGreaterThan(0);
	});
});
