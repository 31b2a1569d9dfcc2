/**
 * The summary tiles of "When orders come" and Cohorts, and their whole-report exports, against
 * the reports' own rows and against direct queries of the store: the order-times totals (orders,
 * net sales, average order value, busiest hour and weekday) are the sums and maxima of its 168
 * cells, for the range and for its comparison period, whose figures equal a direct query of that
 * period; the lifetime tiles (new customers, repeat customers, lifetime value, average and median
 * days to a second order) equal the sums of the cohorts export's customer rows and, for the
 * comparison period, a direct query; the exports hold one row per order / customer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer, type RunningServer } from '../../index.js';
import type { CohortsAnswer, Lifetime } from '../cohorts/cohorts.js';
import type { OrderTimes } from '../order-times/order-times.js';
import { get } from './fixtures.js';

jest.setTimeout(180_000);

let server: RunningServer;
const DAY = 86_400_000;
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const todayMs = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
/** The range (the last 120 days) and its comparison period (the 120 days before). */
const PRIMARY = {
	after: `${day(todayMs - 119 * DAY)}T00:00:00`,
	before: `${day(todayMs)}T23:59:59`,
};
const PREVIOUS = {
	after: `${day(todayMs - 239 * DAY)}T00:00:00`,
	before: `${day(todayMs - 120 * DAY)}T23:59:59`,
};
type Range = typeof PRIMARY;
const qs = (range: Range): string => `after=${range.after}&before=${range.before}`;
const close = (a: number, b: number, within = 0.02): void =>
	expect(Math.abs(a - b)).toBeLessThanOrEqual(within);

/** The store's folder, removed after the tests. */
let dir = '';
beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-tiles-'));
	server = await startServer({
		databasePath: path.join(dir, 'store.duckdb'),
		orders: 1500,
		seed: 11,
		quiet: true,
		nonce: 'test-nonce',
	});
}, 180_000);

afterAll(async () => {
	await server.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

async function post<T>(route: string, body: unknown): Promise<{ status: number; body: T }> {
	const res = await fetch(`${server.url}/wp-json${route}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': 'test-nonce' },
		body: JSON.stringify(body),
	});
	return { status: res.status, body: (await res.json()) as T };
}

/** Starts a whole-report export and returns its CSV lines (header first). */
async function exportCsv(type: string, args: Record<string, unknown>): Promise<string[][]> {
	const started = await post<{ export_id: string }>(`/wc-analytics/reports/${type}/export`, {
		report_args: args,
		email: false,
	});
	expect(started.status).toBe(200);
	let url = '';
	for (let i = 0; i < 500 && !url; i++) {
		const status = await get<{ download_url?: string }>(
			server,
			`/wc-analytics/reports/${type}/export/${started.body.export_id}/status`,
		);
		expect(status.status).toBe(200);
		url = status.body.download_url ?? '';
		if (!url) await new Promise((resolve) => setTimeout(resolve, 20));
	}
	const res = await fetch(`${server.url}${url}`, { headers: { 'X-WP-Nonce': 'test-nonce' } });
	expect(res.status).toBe(200);
	// The cells of these exports hold no commas or quotes (names are plain words).
	return (await res.text())
		.trim()
		.split('\n')
		.map((line) => line.split(','));
}

describe('When orders come: tiles', () => {
	it.each([
		['the range', PRIMARY],
		['the comparison period', PREVIOUS],
	])('totals are the sums and maxima of the 168 cells (%s)', async (_name, range) => {
		const { body } = await get<OrderTimes>(
			server,
			`/wc-analytics/reports/order-times?${qs(range)}`,
		);
		const orders = body.cells.reduce((s, c) => s + c.orders_count, 0);
		const net = body.cells.reduce((s, c) => s + c.net_revenue, 0);
		expect(orders).toBeGreaterThan(20);
		expect(body.totals.orders_count).toBe(orders);
		close(body.totals.net_revenue, net);
		close(body.totals.avg_order_value, net / orders);
		const top = Math.max(...body.cells.map((c) => c.orders_count));
		const first = body.cells.find((c) => c.orders_count === top);
		expect(body.totals.busiest_hour).toEqual({
			weekday: first?.weekday,
			hour: first?.hour,
			orders_count: top,
		});
		const perDay = body.weekdays.map((w) =>
			body.cells.filter((c) => c.weekday === w).reduce((s, c) => s + c.orders_count, 0),
		);
		const most = Math.max(...perDay);
		expect(body.totals.busiest_weekday).toEqual({
			weekday: body.weekdays[perDay.indexOf(most)],
			orders_count: most,
		});
	});

	it('the comparison period’s figures equal a direct query of that period', async () => {
		const { body } = await get<OrderTimes>(
			server,
			`/wc-analytics/reports/order-times?${qs(PREVIOUS)}&status_is[]=completed&status_is[]=processing`,
		);
		const row = await server.ctx.db.one<{ orders: number; net: number }>(
			`SELECT COUNT(*) FILTER (WHERE parent_id = 0) AS orders, COALESCE(SUM(net_total), 0) AS net
			 FROM order_stats WHERE status IN ('wc-completed', 'wc-processing')
			 AND date_created BETWEEN CAST(? AS TIMESTAMP) AND CAST(? AS TIMESTAMP)`,
			[PREVIOUS.after.replace('T', ' '), PREVIOUS.before.replace('T', ' ')],
		);
		expect(Number(row?.orders)).toBeGreaterThan(0);
		expect(body.totals.orders_count).toBe(Number(row?.orders));
		close(body.totals.net_revenue, Number(row?.net));
		const busiest = await server.ctx.db.one<{ weekday: number; hour: number; n: number }>(
			`SELECT CAST(dayofweek(date_created) AS INTEGER) AS weekday,
				CAST(hour(date_created) AS INTEGER) AS hour, COUNT(*) AS n
			 FROM order_stats WHERE parent_id = 0 AND status IN ('wc-completed', 'wc-processing')
			 AND date_created BETWEEN CAST(? AS TIMESTAMP) AND CAST(? AS TIMESTAMP)
			 GROUP BY 1, 2 ORDER BY n DESC LIMIT 1`,
			[PREVIOUS.after.replace('T', ' '), PREVIOUS.before.replace('T', ' ')],
		);
		expect(body.totals.busiest_hour?.orders_count).toBe(Number(busiest?.n));
	});

	it('a range without orders has no busiest hour or weekday', async () => {
		const { body } = await get<OrderTimes>(
			server,
			'/wc-analytics/reports/order-times?after=2001-01-01T00:00:00&before=2001-01-31T23:59:59',
		);
		expect(body.totals).toEqual({
			orders_count: 0,
			net_revenue: 0,
			avg_order_value: 0,
			busiest_hour: null,
			busiest_weekday: null,
		});
	});

	it('refuses a bad date with a 400 naming it', async () => {
		const res = await get<{ data: { params: Record<string, string> } }>(
			server,
			`/wc-analytics/reports/order-times?after=yesterday&before=${PRIMARY.before}`,
		);
		expect(res.status).toBe(400);
		expect(Object.keys(res.body.data.params)).toEqual(['after']);
	});

	it('the whole-report export holds one row per order, grouped they are the cells', async () => {
		const { body } = await get<OrderTimes>(
			server,
			`/wc-analytics/reports/order-times?${qs(PRIMARY)}&customer_type=returning`,
		);
		const lines = await exportCsv('order-times', { ...PRIMARY, customer_type: 'returning' });
		expect(lines[0]).toEqual([
			'Date',
			'Weekday',
			'Hour',
			'Order #',
			'Status',
			'Customer',
			'Items sold',
			'Net sales',
		]);
		const rows = lines.slice(1);
		expect(rows).toHaveLength(body.totals.orders_count);
		const names = [
			'Sunday',
			'Monday',
			'Tuesday',
			'Wednesday',
			'Thursday',
			'Friday',
			'Saturday',
		];
		const busiest = body.totals.busiest_hour;
		const inBusiest = rows.filter(
			(r) =>
				r[1] === names[busiest?.weekday ?? -1] &&
				r[2] === `${String(busiest?.hour).padStart(2, '0')}:00`,
		);
		expect(inBusiest).toHaveLength(busiest?.orders_count ?? -1);
		// Each row's weekday and hour are those of its date (store time).
		for (const r of rows.slice(0, 50)) {
			const d = new Date(`${r[0]}Z`);
			expect(r[1]).toBe(names[d.getUTCDay()]);
			expect(r[2]).toBe(`${String(d.getUTCHours()).padStart(2, '0')}:00`);
		}
	});
});

describe('Cohorts: tiles', () => {
	it.each([
		['the range', PRIMARY],
		['the comparison period', PREVIOUS],
	])('the lifetime tiles are the sums of the export’s customer rows (%s)', async (_n, range) => {
		const life = (
			await get<Lifetime>(server, `/wc-analytics/reports/customers/lifetime?${qs(range)}`)
		).body;
		const cohorts = (
			await get<CohortsAnswer>(
				server,
				`/wc-analytics/reports/cohorts?${qs(range)}&period=month&periods=12`,
			)
		).body;
		const lines = await exportCsv('cohorts', { ...range, period: 'month' });
		expect(lines[0]).toEqual([
			'Cohort',
			'Customer ID',
			'Customer',
			'First order',
			'Second order',
			'Days to second order',
			'Orders',
			'Net sales',
		]);
		const rows = lines.slice(1);
		expect(life.customers).toBeGreaterThan(5);
		expect(rows).toHaveLength(life.customers);
		// New customers = the cohorts' sizes; each cohort's rows are its size.
		expect(cohorts.totals.customers).toBe(life.customers);
		for (const c of cohorts.cohorts) {
			expect(rows.filter((r) => r[0] === c.cohort)).toHaveLength(c.size);
		}
		const repeaters = rows.filter((r) => r[4] !== '');
		expect(life.repeat_customers).toBe(repeaters.length);
		expect(repeaters.every((r) => Number(r[6]) >= 2)).toBe(true);
		close(life.repeat_rate, (repeaters.length / rows.length) * 100, 0.01);
		const value = rows.reduce((s, r) => s + Number(r[7]), 0) / rows.length;
		close(life.avg_lifetime_value, value, 0.01);
		const days = repeaters.map((r) => Number(r[5])).sort((a, b) => a - b);
		if (days.length) {
			const mean = days.reduce((s, d) => s + d, 0) / days.length;
			close(life.avg_days_to_second_order ?? NaN, mean, 0.1);
			const mid = days.length / 2;
			const median =
				days.length % 2 ? days[Math.floor(mid)] : (days[mid - 1] + days[mid]) / 2;
			close(life.median_days_to_second_order ?? NaN, median, 0.1);
		} else {
			expect(life.avg_days_to_second_order).toBeNull();
			expect(life.median_days_to_second_order).toBeNull();
		}
	});

	it('the comparison period’s figures equal a direct query of that period', async () => {
		const life = (
			await get<Lifetime>(
				server,
				`/wc-analytics/reports/customers/lifetime?${qs(PREVIOUS)}&status_is[]=completed`,
			)
		).body;
		const before = PREVIOUS.before.replace('T', ' ');
		const rows = await server.ctx.db.all<{
			customer_id: number;
			first_at: string;
			second_at: string | null;
			net: number;
		}>(
			`WITH o AS (SELECT * FROM order_stats WHERE status = 'wc-completed'
					AND customer_id IS NOT NULL AND date_created <= CAST(? AS TIMESTAMP)),
				firsts AS (SELECT customer_id, MIN(date_created) AS first_at FROM o
					WHERE parent_id = 0 GROUP BY customer_id)
			 SELECT f.customer_id, strftime(f.first_at, '%Y-%m-%dT%H:%M:%S') AS first_at,
				(SELECT strftime(date_created, '%Y-%m-%dT%H:%M:%S') FROM o
					WHERE o.customer_id = f.customer_id AND parent_id = 0
					ORDER BY date_created LIMIT 1 OFFSET 1) AS second_at,
				(SELECT SUM(net_total) FROM o WHERE o.customer_id = f.customer_id) AS net
			 FROM firsts f WHERE f.first_at >= CAST(? AS TIMESTAMP)`,
			[before, PREVIOUS.after.replace('T', ' ')],
		);
		expect(rows.length).toBeGreaterThan(5);
		expect(life.customers).toBe(rows.length);
		const repeaters = rows.filter((r) => r.second_at !== null);
		expect(life.repeat_customers).toBe(repeaters.length);
		close(
			life.avg_lifetime_value,
			rows.reduce((s, r) => s + Number(r.net), 0) / rows.length,
			0.01,
		);
		const days = repeaters
			.map((r) => (Date.parse(`${r.second_at}Z`) - Date.parse(`${r.first_at}Z`)) / DAY)
			.sort((a, b) => a - b);
		if (days.length) {
			close(
				life.avg_days_to_second_order ?? NaN,
				days.reduce((s, d) => s + d, 0) / days.length,
				0.05,
			);
			const mid = days.length / 2;
			const median =
				days.length % 2 ? days[Math.floor(mid)] : (days[mid - 1] + days[mid]) / 2;
			close(life.median_days_to_second_order ?? NaN, median, 0.05);
		}
	});

	it('refuses a bad status with a 400 naming it', async () => {
		const res = await get<{ data: { params: Record<string, string> } }>(
			server,
			`/wc-analytics/reports/customers/lifetime?${qs(PRIMARY)}&status_is[]=shipped`,
		);
		expect(res.status).toBe(400);
		expect(Object.keys(res.body.data.params)).toEqual(['status_is']);
	});
});
