/**
 * The date basis (woocommerce_date_type), applied where WooCommerce applies it: revenue, orders
 * stats (and their indicators) and the orders list count the orders dated by that basis (orders
 * without that date are left out; a refund counts on its own date), while products, profit and the
 * other item reports keep the creation date; the orders list's `date_created` is the creation time
 * under every basis, its `date` the basis date. A change is in force at the next request.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Db } from '../../core/db.js';
import { deriveLookups } from '../../db/pipeline.js';
import { ROLLUP_VERSION } from '../../db/rollups.js';
import { generateStore } from '../../demo/generate.js';
import { startServer, type RunningServer } from '../../index.js';
import { get, writeFixture, type FixtureOrder } from './fixtures.js';

jest.setTimeout(180_000);

const ORDERS: FixtureOrder[] = [
	// Created in November, paid in November, completed in December.
	{
		id: 1,
		date: '2021-11-20 10:00:00',
		status: 'completed',
		customer: 1,
		lines: [{ product: 1, qty: 1, net: 10 }],
	},
	// Created in November, paid in December, still processing (no completed date).
	{
		id: 2,
		date: '2021-11-28 09:00:00',
		status: 'processing',
		customer: 2,
		lines: [{ product: 2, qty: 2, net: 20 }],
	},
	// Created in December, on hold: neither paid nor completed.
	{
		id: 3,
		date: '2021-12-03 12:00:00',
		status: 'on-hold',
		customer: 1,
		lines: [{ product: 1, qty: 4, net: 40 }],
	},
	// A refund of order 1, created in December.
	{
		id: 4,
		date: '2021-12-05 08:00:00',
		status: 'completed',
		customer: 1,
		refundOf: 1,
		lines: [{ product: 1, qty: -1, net: -10 }],
	},
];

const PAID: Record<number, string> = { 1: '2021-11-20 10:05:00', 2: '2021-12-01 09:00:00' };
const COMPLETED: Record<number, string> = { 1: '2021-12-02 16:00:00' };

type Stats = {
	totals: Record<string, number>;
	intervals: Array<{ interval: string; subtotals: Record<string, number> }>;
};

let server: RunningServer;

/** The store's folder, removed after the tests. */
let dir = '';
beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-date-basis-'));
	const file = path.join(dir, 'store.duckdb');
	await writeFixture(file, { orders: ORDERS });
	const db = await Db.open(file);
	try {
		for (const [id, paid] of Object.entries(PAID)) {
			await db.run('UPDATE orders SET date_paid = CAST(? AS TIMESTAMP) WHERE id = ?', [
				paid,
				Number(id),
			]);
		}
		for (const [id, done] of Object.entries(COMPLETED)) {
			await db.run('UPDATE orders SET date_completed = CAST(? AS TIMESTAMP) WHERE id = ?', [
				done,
				Number(id),
			]);
		}
		await deriveLookups(db);
	} finally {
		db.close();
	}
	server = await startServer({ databasePath: file, quiet: true, nonce: 'test-nonce' });
});

afterAll(async () => {
	await server.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

async function setBasis(basis: string): Promise<number> {
	const res = await fetch(`${server.url}/wp-json/wc-admin/options`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': server.nonce },
		body: JSON.stringify({ woocommerce_date_type: basis }),
	});
	return res.status;
}

const RANGE = 'after=2021-11-01T00:00:00&before=2021-12-31T23:59:59';

/** Net revenue and orders per month for revenue, products, profit and the orders table. */
async function figures() {
	const revenue = (
		await get<Stats>(
			server,
			`/wc-analytics/reports/revenue/stats?${RANGE}&interval=month&order=asc`,
		)
	).body.intervals.map((i) => [i.interval, i.subtotals.net_revenue, i.subtotals.orders_count]);
	const products = (
		await get<Stats>(
			server,
			`/wc-analytics/reports/products/stats?${RANGE}&interval=month&order=asc`,
		)
	).body.intervals.map((i) => [i.interval, i.subtotals.net_revenue]);
	const profit = (
		await get<Stats>(
			server,
			`/wc-analytics/reports/profit/stats?${RANGE}&interval=month&order=asc`,
		)
	).body.intervals.map((i) => [i.interval, i.subtotals.net_revenue]);
	const decemberRows = (
		await get<Array<{ order_id: number; date: string; date_created: string }>>(
			server,
			'/wc-analytics/reports/orders?after=2021-12-01T00:00:00&before=2021-12-31T23:59:59&per_page=100',
		)
	).body.sort((a, b) => a.order_id - b.order_id);
	const december = decemberRows.map((o) => o.order_id);
	const dates = decemberRows.map((o) => [o.order_id, o.date_created, o.date]);
	// The Overview's indicators for December (whole days: they read the daily roll-ups).
	const indicators = (
		await get<Array<{ stat: string; value: number }>>(
			server,
			'/wc-analytics/reports/performance-indicators?after=2021-12-01T00:00:00&before=2021-12-31T23:59:59&stats=revenue/net_revenue,orders/orders_count',
		)
	).body.map((i) => [i.stat, i.value]);
	return { revenue, products, profit, december, dates, indicators };
}

describe('date basis', () => {
	it('by creation date (the default): every order on the day it was created', async () => {
		const f = await figures();
		expect(f.revenue).toEqual([
			['2021-11', 30, 2],
			['2021-12', 30, 1], // order 3 (40) and the refund (−10)
		]);
		expect(f.products).toEqual([
			['2021-11', 30],
			['2021-12', 30],
		]);
		expect(f.profit).toEqual(f.products);
		expect(f.december).toEqual([3, 4]);
		expect(f.indicators).toEqual([
			['revenue/net_revenue', 30],
			['orders/orders_count', 1],
		]);
	});

	it('by paid date: order 2 moves to December, the unpaid order 3 is left out, the refund stays', async () => {
		expect(await setBasis('date_paid')).toBe(200);
		const f = await figures();
		expect(f.revenue).toEqual([
			['2021-11', 10, 1],
			['2021-12', 10, 1], // order 2 (20) and the refund (−10)
		]);
		// Products and profit keep the creation date, as WooCommerce's products report does.
		expect(f.products).toEqual([
			['2021-11', 30],
			['2021-12', 30],
		]);
		expect(f.profit).toEqual(f.products);
		expect(f.december).toEqual([2, 4]);
		// The list shows when order 2 was created, and the paid date it counts on.
		expect(f.dates).toEqual([
			[2, '2021-11-28 09:00:00', '2021-12-01 09:00:00'],
			[4, '2021-12-05 08:00:00', '2021-12-05 08:00:00'],
		]);
		expect(f.indicators).toEqual([
			['revenue/net_revenue', 10],
			['orders/orders_count', 1],
		]);
	});

	it('by completed date: only the completed order, in December, with the refund', async () => {
		expect(await setBasis('date_completed')).toBe(200);
		const f = await figures();
		expect(f.revenue).toEqual([
			['2021-11', 0, 0],
			['2021-12', 0, 1], // order 1 (10) and the refund (−10)
		]);
		expect(f.december).toEqual([1, 4]);
	});

	it('refuses an unknown date type and keeps the current one; back to created restores the figures', async () => {
		expect(await setBasis('date_shipped')).toBe(400);
		const settings = (
			await get<Array<{ id: string; value: unknown }>>(
				server,
				'/wc-analytics/settings/wc_admin',
			)
		).body;
		expect(settings.find((s) => s.id === 'woocommerce_date_type')?.value).toBe(
			'date_completed',
		);
		expect(await setBasis('date_created')).toBe(200);
		expect((await figures()).december).toEqual([3, 4]);
	});
});

describe('a database whose lookups were dated by the paid date (roll-ups before version 4)', () => {
	it('is derived again on start: every order on its creation date in the item reports', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-date-basis-old-'));
		const file = path.join(dir, 'store.duckdb');
		await writeFixture(file, { orders: ORDERS });
		const db = await Db.open(file);
		try {
			// What the lookups held under the paid date before: the unpaid order 3 left out,
			// order 2 on its paid day.
			for (const table of ['order_stats', 'order_product_lookup']) {
				await db.run(`DELETE FROM ${table} WHERE order_id = 3`);
				await db.run(
					`UPDATE ${table} SET date_created = CAST('2021-12-01 09:00:00' AS TIMESTAMP) WHERE order_id = 2`,
				);
			}
			await db.run('CREATE OR REPLACE TABLE rollup_version AS SELECT 3 AS version');
		} finally {
			db.close();
		}
		const old = await startServer({ databasePath: file, quiet: true });
		try {
			const products = (
				await get<Stats>(
					old,
					`/wc-analytics/reports/products/stats?${RANGE}&interval=month&order=asc`,
				)
			).body.intervals.map((i) => [i.interval, i.subtotals.net_revenue]);
			expect(products).toEqual([
				['2021-11', 30],
				['2021-12', 30],
			]);
		} finally {
			await old.close();
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('a database whose lookups and roll-ups are not in date order (before version 7)', () => {
	it('is put in date order on start, the same rows and the same answers', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-date-order-'));
		const file = path.join(dir, 'store.duckdb');
		const fresh = path.join(dir, 'fresh.duckdb');
		await writeFixture(file, { orders: ORDERS });
		fs.copyFileSync(file, fresh);
		const tables = [
			'order_stats',
			'order_product_lookup',
			'order_tax_lookup',
			'order_coupon_lookup',
		];
		const stored = async (db: Db, table: string, column: string): Promise<string[]> =>
			(
				await db.all<{ d: string }>(`SELECT CAST(${column} AS VARCHAR) AS d FROM ${table}`)
			).map((r) => r.d);
		const db = await Db.open(file);
		let before: Record<string, string[]> = {};
		try {
			await db.run('SET threads = 1');
			// Newest first, as rows written in the order a sync or the joins gave them may be.
			for (const table of tables) {
				await db.run(
					`CREATE TEMP TABLE t AS SELECT * FROM ${table} ORDER BY date_created DESC, order_id DESC`,
				);
				await db.run(`DELETE FROM ${table}`);
				await db.run(`INSERT INTO ${table} SELECT * FROM t`);
				await db.run('DROP TABLE t');
			}
			await db.run(
				'CREATE OR REPLACE TABLE order_stats_daily AS SELECT * FROM order_stats_daily ORDER BY day DESC',
			);
			await db.run('CREATE OR REPLACE TABLE rollup_version AS SELECT 6 AS version');
			before = Object.fromEntries(
				await Promise.all(
					tables.map(
						async (t) => [t, (await stored(db, t, 'date_created')).sort()] as const,
					),
				),
			);
			expect((await stored(db, 'order_stats', 'date_created'))[0]).toBe(
				before.order_stats[before.order_stats.length - 1],
			);
		} finally {
			db.close();
		}
		const upgraded = await startServer({ databasePath: file, quiet: true });
		const reference = await startServer({ databasePath: fresh, quiet: true });
		try {
			for (const url of [
				`/wc-analytics/reports/revenue/stats?${RANGE}&interval=day&order=asc`,
				`/wc-analytics/reports/products?${RANGE}&orderby=items_sold&order=desc`,
				`/wc-analytics/reports/orders?${RANGE}&per_page=100`,
				`/wc-analytics/reports/taxes/stats?${RANGE}&interval=week`,
			])
				expect((await get(upgraded, url)).body).toEqual((await get(reference, url)).body);
		} finally {
			await upgraded.close();
			await reference.close();
		}
		const after = await Db.open(file);
		try {
			await after.run('SET threads = 1');
			for (const table of tables) {
				const rows = await stored(after, table, 'date_created');
				expect(rows).toEqual(before[table]);
			}
			expect(await stored(after, 'order_stats_daily', 'day')).toEqual(
				(await stored(after, 'order_stats_daily', 'day')).sort(),
			);
			expect(
				(await after.one<{ v: number }>('SELECT MAX(version) AS v FROM rollup_version'))?.v,
			).toBe(ROLLUP_VERSION);
		} finally {
			after.close();
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('a database whose coupon roll-up has no orders count (before version 8)', () => {
	it('has its roll-ups rebuilt on start: the coupons table over whole days answers as from the lines', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-coupon-rollup-'));
		const file = path.join(dir, 'store.duckdb');
		const db = await Db.open(file);
		try {
			await generateStore(db, {
				orders: 600,
				seed: 8,
				now: new Date('2025-03-01T12:00:00Z'),
			});
			await db.run(
				'CREATE OR REPLACE TABLE order_coupon_daily AS SELECT day, status, coupon_id, discount_amount FROM order_coupon_daily',
			);
			await db.run('CREATE OR REPLACE TABLE rollup_version AS SELECT 7 AS version');
			// The part-of-day range below leaves out the last second only: no order falls in it.
			expect(
				(
					await db.one<{ n: number }>(
						"SELECT COUNT(*) AS n FROM order_stats WHERE date_created = TIMESTAMP '2025-02-28 23:59:59'",
					)
				)?.n,
			).toBe(0);
		} finally {
			db.close();
		}
		const server = await startServer({ databasePath: file, quiet: true });
		try {
			const coupons = async (before: string) =>
				(
					await get<Array<{ coupon_id: number; amount: number; orders_count: number }>>(
						server,
						`/wc-analytics/reports/coupons?after=2024-12-01T00:00:00&before=${before}&orderby=coupon_id&order=asc&per_page=-1`,
					)
				).body;
			// Whole days read the daily roll-up; a range ending a second early reads the lines.
			const byDays = await coupons('2025-02-28T23:59:59');
			expect(byDays.filter((c) => c.orders_count > 1).length).toBeGreaterThan(1);
			expect(byDays).toEqual(await coupons('2025-02-28T23:59:58'));
			const version = await server.ctx.db.one<{ v: number }>(
				'SELECT MAX(version) AS v FROM rollup_version',
			);
			expect(version?.v).toBe(ROLLUP_VERSION);
		} finally {
			await server.close();
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});
