import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer, type RunningServer } from '../../index.js';
import { get } from './fixtures.js';

interface Progress {
	imported: number;
	total: number;
}
interface Status {
	is_importing: boolean;
	orders?: Progress;
	customers?: Progress;
	imported_from?: string | number;
}

/** Import batches wait here until the test lets one through. */
const waiting: Array<() => void> = [];
let gated = false;
let server: RunningServer;

const today = new Date().toISOString().slice(0, 10);
const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
const RANGE = `after=${lastYear}T00:00:00&before=${today}T23:59:59`;
const REPORTS = [
	`/wc-analytics/reports/revenue/stats?${RANGE}&interval=month&per_page=100`,
	`/wc-analytics/reports/revenue/stats?after=${lastYear}T10:00:00&before=${today}T13:00:00&interval=week&per_page=100`,
	`/wc-analytics/reports/products?${RANGE}&orderby=items_sold&per_page=-1`,
	`/wc-analytics/reports/taxes/stats?${RANGE}&interval=quarter`,
	`/wc-analytics/reports/coupons?${RANGE}&per_page=-1`,
	`/wc-analytics/reports/customers?per_page=-1&orderby=total_spend`,
	`/wc-analytics/reports/performance-indicators?${RANGE}`,
];

/** The store's folder, removed after the tests. */
let dir = '';
beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-import-'));
	server = await startServer({
		databasePath: path.join(dir, 'store.duckdb'),
		orders: 400,
		seed: 11,
		quiet: true,
		nonce: 'test-nonce',
		importBatchSize: 100,
		importPace: () =>
			gated ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve(),
	});
}, 120000);

afterAll(async () => {
	gated = false;
	waiting.splice(0).forEach((release) => release());
	await server.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

async function post<T>(route: string): Promise<{ status: number; body: T }> {
	const res = await fetch(`${server.url}/wp-json${route}`, {
		method: 'POST',
		headers: { 'X-WP-Nonce': 'test-nonce' },
	});
	return { status: res.status, body: (await res.json()) as T };
}

const status = async (): Promise<Status> =>
	(await get<Status>(server, '/wc-analytics/reports/import/status?timestamp=1')).body;

/** Yields until an import batch is waiting at the gate. */
async function batchWaiting(): Promise<void> {
	while (!waiting.length) await new Promise((resolve) => setImmediate(resolve));
}

async function untilDone(): Promise<Status> {
	let s = await status();
	while (s.is_importing) {
		await new Promise((resolve) => setImmediate(resolve));
		s = await status();
	}
	return s;
}

async function snapshot(): Promise<unknown[]> {
	const out = [];
	for (const route of REPORTS) out.push((await get(server, route)).body);
	return out;
}

async function lookupRows(): Promise<number> {
	const row = await server.ctx.db.one<{ n: number }>('SELECT COUNT(*) AS n FROM order_stats');
	return Number(row?.n ?? 0);
}

describe('historical import', () => {
	it('runs in the background in batches with progress, and rebuilds the same figures', async () => {
		const before = await snapshot();
		const totals = (
			await get<{ orders: number; customers: number }>(
				server,
				'/wc-analytics/reports/import/totals',
			)
		).body;
		expect(totals.orders).toBeGreaterThan(300);

		await post('/wc-analytics/reports/import/delete');
		expect(await lookupRows()).toBe(0);
		expect(await status()).toEqual({ is_importing: false });

		gated = true;
		const started = await post<{ status: string }>('/wc-analytics/reports/import');
		expect(started.body.status).toBe('success');
		await batchWaiting();
		expect(await status()).toEqual({
			is_importing: true,
			orders: { imported: 0, total: totals.orders },
			customers: { imported: 0, total: totals.customers },
			imported_from: -1,
		});
		const again = await post<{ status: string; message: string }>(
			'/wc-analytics/reports/import',
		);
		expect(again.body.status).toBe('error');

		waiting.shift()?.();
		await batchWaiting();
		const midway = await status();
		expect(midway.is_importing).toBe(true);
		expect(midway.orders?.imported).toBe(100);
		expect(midway.customers?.imported).toBeGreaterThan(0);
		expect(midway.customers?.imported).toBeLessThan(totals.customers);
		expect(await lookupRows()).toBe(100);

		gated = false;
		waiting.splice(0).forEach((release) => release());
		const done = await untilDone();
		expect(done.orders).toEqual({ imported: totals.orders, total: totals.orders });
		expect(done.customers).toEqual({ imported: totals.customers, total: totals.customers });
		expect(await snapshot()).toEqual(before);
	}, 120000);

	it('cancel stops between batches and leaves whole orders in every table', async () => {
		await post('/wc-analytics/reports/import/delete');
		gated = true;
		await post('/wc-analytics/reports/import?days=100000');
		await batchWaiting();
		waiting.shift()?.();
		await batchWaiting();
		let answered = false;
		const cancelling = post<{ status: string }>('/wc-analytics/reports/import/cancel').then(
			(res) => {
				answered = true;
				return res;
			},
		);
		// Batches go on one at a time until the job sees the cancel between two of them.
		while (!answered) {
			waiting.shift()?.();
			await new Promise((resolve) => setImmediate(resolve));
		}
		gated = false;
		expect((await cancelling).body.status).toBe('success');
		const stopped = await untilDone();
		const imported = stopped.orders?.imported ?? 0;
		expect(imported % 100).toBe(0);
		expect(imported).toBeGreaterThanOrEqual(100);
		expect(imported).toBeLessThan(stopped.orders?.total ?? 0);
		expect(await lookupRows()).toBe(imported);
		const db = server.ctx.db;
		const orphans = await db.one<{ n: number }>(
			`SELECT (SELECT COUNT(*) FROM order_product_lookup WHERE order_id NOT IN (SELECT order_id FROM order_stats))
				+ (SELECT COUNT(*) FROM order_tax_lookup WHERE order_id NOT IN (SELECT order_id FROM order_stats))
				+ (SELECT COUNT(*) FROM order_coupon_lookup WHERE order_id NOT IN (SELECT order_id FROM order_stats)) AS n`,
		);
		expect(Number(orphans?.n)).toBe(0);
		const missing = await db.one<{ n: number }>(
			`SELECT COUNT(*) AS n FROM order_items i JOIN order_stats s ON s.order_id = i.order_id
				WHERE i.qty <> 0 AND i.order_item_id NOT IN (SELECT order_item_id FROM order_product_lookup)`,
		);
		expect(Number(missing?.n)).toBe(0);
		const sums = await db.one<{ raw: number; rolled: number }>(
			`SELECT (SELECT ROUND(SUM(net_total), 4) FROM order_stats) AS raw,
				(SELECT ROUND(SUM(net_total), 4) FROM order_stats_daily) AS rolled`,
		);
		expect(sums?.rolled).toBe(sums?.raw);

		// Importing again with skip_existing adds only the rest.
		const rest = (
			await get<{ orders: number }>(
				server,
				'/wc-analytics/reports/import/totals?skip_existing=true',
			)
		).body;
		expect(rest.orders).toBe((stopped.orders?.total ?? 0) - imported);
		await post('/wc-analytics/reports/import?skip_existing=true');
		const finished = await untilDone();
		expect(finished.orders).toEqual({ imported: rest.orders, total: rest.orders });
		expect(await lookupRows()).toBe(stopped.orders?.total);
	}, 120000);

	it('delete removes the imported data and the import status', async () => {
		expect(await lookupRows()).toBeGreaterThan(0);
		const deleted = await post<{ status: string }>('/wc-analytics/reports/import/delete');
		expect(deleted.body.status).toBe('success');
		expect(await lookupRows()).toBe(0);
		expect(await status()).toEqual({ is_importing: false });
		const revenue = await get<{ totals: Record<string, number> }>(
			server,
			`/wc-analytics/reports/revenue/stats?${RANGE}&interval=month`,
		);
		expect(revenue.body.totals.net_revenue).toBe(0);
		expect(revenue.body.totals.orders_count).toBe(0);
		await post('/wc-analytics/reports/import');
		await untilDone();
	}, 120000);
});
