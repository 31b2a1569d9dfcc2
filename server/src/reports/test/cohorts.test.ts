/**
 * "When orders come" and cohorts against the store's own figures: the heat map's 168 cells sum to
 * the orders report's count and net sales for the same range and filters; cohort sizes sum to the
 * new customers of the range; period 0 retention is 100 %; an order at 23:30 store time lands in
 * the 23 h cell of its local weekday in zones far from UTC, rows following the store's week start;
 * too many cohorts or periods is a 400 naming the limit; lifetime value and time to a second order.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer, type RunningServer } from '../../index.js';
import { COHORT_LIMITS, type CohortsAnswer, type Lifetime } from '../cohorts/cohorts.js';
import type { OrderTimes } from '../order-times/order-times.js';
import { get, startFixtureServer, type FixtureOrder } from './fixtures.js';

jest.setTimeout(180_000);

let server: RunningServer;
const today = new Date().toISOString().slice(0, 10);
const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
const RANGE = `after=${lastYear}T00:00:00&before=${today}T23:59:59`;
const close = (a: number, b: number): void => expect(Math.abs(a - b)).toBeLessThan(0.02);

/** The store's folder, removed after the tests. */
let dir = '';
beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-cohorts-'));
	server = await startServer({
		databasePath: path.join(dir, 'store.duckdb'),
		orders: 1500,
		seed: 7,
		quiet: true,
		nonce: 'test-nonce',
	});
}, 180_000);

afterAll(async () => {
	await server.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

type Stats = { totals: Record<string, number> };

describe('order times (heat map)', () => {
	it.each([
		['no filter', ''],
		['completed only', '&status_is[]=completed'],
		['new customers', '&customer_type=new'],
		['a product', '&product_includes=1,2,3'],
		['refunds excluded', '&refunds=none'],
	])('168 cells sum to the orders report (%s)', async (_name, filter) => {
		const times = (
			await get<OrderTimes>(server, `/wc-analytics/reports/order-times?${RANGE}${filter}`)
		).body;
		const stats = (
			await get<Stats>(
				server,
				`/wc-analytics/reports/orders/stats?${RANGE}&interval=year&per_page=100${filter}`,
			)
		).body.totals;
		expect(times.cells).toHaveLength(168);
		const orders = times.cells.reduce((s, c) => s + c.orders_count, 0);
		const net = times.cells.reduce((s, c) => s + c.net_revenue, 0);
		expect(stats.orders_count).toBeGreaterThan(0);
		expect(orders).toBe(stats.orders_count);
		close(net, stats.net_revenue);
		expect(times.totals.orders_count).toBe(stats.orders_count);
		close(times.totals.net_revenue, stats.net_revenue);
	});

	it('refuses a bad filter value with a 400 naming it', async () => {
		const res = await get<{ code: string; data: { params: Record<string, string> } }>(
			server,
			`/wc-analytics/reports/order-times?${RANGE}&customer_type=sometimes`,
		);
		expect(res.status).toBe(400);
		expect(Object.keys(res.body.data.params)).toContain('customer_type');
	});
});

describe('cohorts', () => {
	it('cohort sizes sum to the new customers of the range; period 0 is 100 %', async () => {
		for (const period of ['month', 'week']) {
			const answer = (
				await get<CohortsAnswer>(
					server,
					`/wc-analytics/reports/cohorts?${RANGE}&period=${period}&periods=12`,
				)
			).body;
			const newCustomers = (
				await get<Stats>(
					server,
					`/wc-analytics/reports/orders/stats?${RANGE}&interval=year&customer_type=new&fields[]=total_customers`,
				)
			).body.totals.total_customers;
			const sizes = answer.cohorts.reduce((s, c) => s + c.size, 0);
			expect(sizes).toBeGreaterThan(0);
			expect(sizes).toBe(newCustomers);
			expect(answer.totals.customers).toBe(newCustomers);
			for (const c of answer.cohorts) {
				expect(c.retention).toHaveLength(12);
				if (c.size) expect(c.retention[0]).toBe(100);
				expect(c.customers[0]).toBe(c.size);
				// Later periods never hold more customers than the cohort.
				for (const n of c.customers) if (n !== null) expect(n).toBeLessThanOrEqual(c.size);
			}
			// Repeat customers exist in the demo store (some cohort keeps customers after period 0;
			// which period they come back in depends on the day the store is generated).
			expect(answer.cohorts.some((c) => c.customers.slice(1).some((n) => (n ?? 0) > 0))).toBe(
				true,
			);
			// The newest cohort's later periods lie after the range: not yet seen.
			expect(answer.cohorts[answer.cohorts.length - 1].retention[11]).toBeNull();
		}
	});

	it('refuses too many periods or cohorts with a 400 naming the limit', async () => {
		const periods = await get<{ code: string; message: string }>(
			server,
			`/wc-analytics/reports/cohorts?${RANGE}&periods=${COHORT_LIMITS.periods + 1}`,
		);
		expect(periods.status).toBe(400);
		expect(periods.body.code).toBe('abacus_cohorts_too_large');
		expect(periods.body.message).toContain(String(COHORT_LIMITS.periods));
		const weeks = await get<{ code: string; message: string }>(
			server,
			`/wc-analytics/reports/cohorts?after=2020-01-01T00:00:00&before=${today}T23:59:59&period=week`,
		);
		expect(weeks.status).toBe(400);
		expect(weeks.body.message).toContain(`at most ${COHORT_LIMITS.cohorts}`);
	});

	it('lifetime: customers are the new customers of the range, value and days are positive', async () => {
		const life = (
			await get<Lifetime>(server, `/wc-analytics/reports/customers/lifetime?${RANGE}`)
		).body;
		const cohorts = (
			await get<CohortsAnswer>(server, `/wc-analytics/reports/cohorts?${RANGE}&periods=24`)
		).body;
		expect(life.customers).toBe(cohorts.totals.customers);
		close(life.avg_lifetime_value, cohorts.totals.net_revenue / cohorts.totals.customers);
		expect(life.repeat_customers).toBeGreaterThan(0);
		expect(life.avg_days_to_second_order).toBeGreaterThan(0);
	});
});

const LATE: FixtureOrder[] = [
	// Sunday 12 December 2021, 23:30 store time.
	{
		id: 1,
		date: '2021-12-12 23:30:00',
		status: 'completed',
		customer: 1,
		lines: [{ product: 1, qty: 1, net: 10 }],
	},
	// Monday 13 December 2021, 00:15 store time.
	{
		id: 2,
		date: '2021-12-13 00:15:00',
		status: 'completed',
		customer: 2,
		lines: [{ product: 2, qty: 1, net: 25 }],
	},
	// Customer 1 again 10 days later (second order), and a pending order (excluded).
	{
		id: 3,
		date: '2021-12-22 23:30:00',
		status: 'processing',
		customer: 1,
		lines: [{ product: 1, qty: 1, net: 30 }],
	},
	{
		id: 4,
		date: '2021-12-23 10:00:00',
		status: 'pending',
		customer: 2,
		lines: [{ product: 1, qty: 1, net: 99 }],
	},
];
const FIXTURE_RANGE = 'after=2021-12-01T00:00:00&before=2021-12-31T23:59:59';

describe.each([
	['Pacific/Kiritimati', 0],
	['Pacific/Pago_Pago', 1],
])('store in %s, weeks starting on day %i', (timeZone, startOfWeek) => {
	let fixture: RunningServer;
	beforeAll(async () => {
		fixture = await startFixtureServer({ timeZone, startOfWeek, orders: LATE });
	});
	afterAll(async () => {
		await fixture.close();
	});

	it('an order at 23:30 store time lands in its local weekday and hour', async () => {
		const times = (
			await get<OrderTimes>(fixture, `/wc-analytics/reports/order-times?${FIXTURE_RANGE}`)
		).body;
		expect(times.weekdays[0]).toBe(startOfWeek);
		expect(times.time_zone).toBe(timeZone);
		const cell = (weekday: number, hour: number) =>
			times.cells.find((c) => c.weekday === weekday && c.hour === hour);
		expect(cell(0, 23)).toMatchObject({ orders_count: 1, net_revenue: 10 });
		expect(cell(1, 0)).toMatchObject({ orders_count: 1, net_revenue: 25 });
		// Wednesday 22 December, 23:30.
		expect(cell(3, 23)).toMatchObject({ orders_count: 1, net_revenue: 30 });
		// Rows in the store's week order: Sunday's cells come first when weeks start on Sunday.
		expect(times.cells.findIndex((c) => c.weekday === 0 && c.hour === 23)).toBe(
			startOfWeek === 0 ? 23 : 6 * 24 + 23,
		);
		expect(times.totals.orders_count).toBe(3);
	});

	it('weekly cohorts split at the store week start; lifetime figures', async () => {
		const weeks = (
			await get<CohortsAnswer>(
				fixture,
				`/wc-analytics/reports/cohorts?${FIXTURE_RANGE}&period=week&periods=4`,
			)
		).body;
		const withCustomers = weeks.cohorts.filter((c) => c.size > 0);
		if (startOfWeek === 0) {
			// Sunday 12 and Monday 13 December share the week starting Sunday 12.
			expect(withCustomers.map((c) => [c.start, c.size])).toEqual([['2021-12-12', 2]]);
			expect(withCustomers[0].customers).toEqual([2, 1, 0, null]);
			expect(withCustomers[0].retention).toEqual([100, 50, 0, null]);
			expect(withCustomers[0].cumulative_value).toEqual([17.5, 32.5, 32.5, null]);
		} else {
			expect(withCustomers.map((c) => [c.start, c.size])).toEqual([
				['2021-12-06', 1],
				['2021-12-13', 1],
			]);
			expect(withCustomers[0].retention).toEqual([100, 0, 100, 0]);
		}
		const months = (
			await get<CohortsAnswer>(fixture, `/wc-analytics/reports/cohorts?${FIXTURE_RANGE}`)
		).body;
		expect(months.cohorts.map((c) => [c.cohort, c.size])).toEqual([['2021-12', 2]]);
		expect(months.cohorts[0].net_revenue[0]).toBe(65);
		const life = (
			await get<Lifetime>(
				fixture,
				`/wc-analytics/reports/customers/lifetime?${FIXTURE_RANGE}`,
			)
		).body;
		expect(life).toEqual({
			customers: 2,
			repeat_customers: 1,
			repeat_rate: 50,
			avg_lifetime_value: 32.5,
			avg_days_to_second_order: 10,
			median_days_to_second_order: 10,
		});
	});
});

describe('orders of a heat-map cell', () => {
	it('lists the orders of one weekday and hour; the counts match the cell', async () => {
		const times = (
			await get<OrderTimes>(
				server,
				`/wc-analytics/reports/order-times?${RANGE}&customer_type=new`,
			)
		).body;
		const busiest = [...times.cells].sort((a, b) => b.orders_count - a.orders_count)[0];
		const res = await get<Array<{ order_id: number; date: string; net_total: number }>>(
			server,
			`/wc-analytics/reports/order-times/orders?${RANGE}&customer_type=new&weekday=${busiest.weekday}&hour=${busiest.hour}&per_page=100`,
		);
		expect(res.status).toBe(200);
		expect(Number(res.headers.get('x-wp-total'))).toBe(busiest.orders_count);
		for (const order of res.body) {
			const d = new Date(`${order.date}Z`);
			expect(d.getUTCDay()).toBe(busiest.weekday);
			expect(d.getUTCHours()).toBe(busiest.hour);
		}
		const missing = await get<{ code: string; message: string }>(
			server,
			`/wc-analytics/reports/order-times/orders?${RANGE}&hour=3`,
		);
		expect(missing.status).toBe(400);
		expect(missing.body.message).toContain('weekday');
	});
});

describe('orders of a cohort cell', () => {
	type Row = { order_id: number; customer_id: number; date: string };

	/** Every order of one cell, page by page (100 a page). */
	async function cellOrders(query: string): Promise<Row[]> {
		const rows: Row[] = [];
		for (let page = 1; ; page++) {
			const res = await get<Row[]>(
				server,
				`/wc-analytics/reports/cohorts/orders?${query}&per_page=100&page=${page}`,
			);
			expect(res.status).toBe(200);
			rows.push(...res.body);
			if (page >= Number(res.headers.get('x-wp-totalpages'))) {
				expect(rows).toHaveLength(Number(res.headers.get('x-wp-total')));
				return rows;
			}
		}
	}

	it.each(['month', 'week'])(
		'%s: the distinct customers of a cell’s orders are the triangle’s customers[k]',
		async (period) => {
			const answer = (
				await get<CohortsAnswer>(
					server,
					`/wc-analytics/reports/cohorts?${RANGE}&period=${period}&periods=6`,
				)
			).body;
			// A cohort with customers back within the periods read below.
			const cohort = answer.cohorts.find((c) =>
				c.customers.slice(1, 4).some((n) => (n ?? 0) > 0),
			);
			if (!cohort) throw new Error('no cohort with repeat customers');
			for (const k of [0, 1, 2, 3]) {
				const rows = await cellOrders(
					`${RANGE}&period=${period}&cohort=${cohort.cohort}&k=${k}`,
				);
				const customers = new Set(rows.map((r) => r.customer_id));
				expect(customers.size).toBe(cohort.customers[k] ?? 0);
				if (k === 0) expect(customers.size).toBe(cohort.size);
				expect(new Set(rows.map((r) => r.order_id)).size).toBe(rows.length);
				const dates = rows.map((r) => r.date);
				expect([...dates].sort().reverse()).toEqual(dates);
			}
			expect(cohort.size).toBeGreaterThan(0);
		},
	);

	it('refuses a missing or bad cohort or k with a 400 naming it', async () => {
		const missing = await get<{ message: string }>(
			server,
			`/wc-analytics/reports/cohorts/orders?${RANGE}&k=1`,
		);
		expect(missing.status).toBe(400);
		expect(missing.body.message).toContain('cohort');
		const bad = await get<{ data: { params: Record<string, string> } }>(
			server,
			`/wc-analytics/reports/cohorts/orders?${RANGE}&cohort=1999-01&k=1`,
		);
		expect(bad.status).toBe(400);
		expect(bad.body.data.params.cohort).toContain('1999-01');
		const week = await get<{ data: { params: Record<string, string> } }>(
			server,
			`/wc-analytics/reports/cohorts/orders?${RANGE}&period=week&cohort=${today.slice(0, 7)}&k=0`,
		);
		expect(week.status).toBe(400);
		expect(Object.keys(week.body.data.params)).toEqual(['cohort']);
		const k = await get<{ data: { params: Record<string, string> } }>(
			server,
			`/wc-analytics/reports/cohorts/orders?${RANGE}&cohort=${today.slice(0, 7)}&k=-1`,
		);
		expect(k.status).toBe(400);
		expect(Object.keys(k.body.data.params)).toContain('k');
	});
});
