import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer, type RunningServer } from '../../index.js';
import { get } from './fixtures.js';

type Row = Record<string, number>;
interface Stats {
	totals: Record<string, number>;
	intervals: Array<{ interval: string; subtotals: Record<string, number> }>;
}

let server: RunningServer;
const today = new Date().toISOString().slice(0, 10);
const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
const RANGE = `after=${lastYear}T00:00:00&before=${today}T23:59:59`;
const close = (a: number, b: number): void => expect(Math.abs(a - b)).toBeLessThan(0.01);

beforeAll(async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-reconcile-'));
	server = await startServer({
		databasePath: path.join(dir, 'store.duckdb'),
		orders: 1000,
		seed: 3,
		quiet: true,
	});
}, 120000);

afterAll(async () => {
	await server.close();
});

async function all(route: string): Promise<Row[]> {
	return (await get<Row[]>(server, `${route}&per_page=-1`)).body;
}

describe('a generated 1k store reconciles', () => {
	it('interval subtotals sum to totals, for every interval type', async () => {
		for (const interval of ['day', 'week', 'month', 'quarter']) {
			const first = await get<Stats>(
				server,
				`/wc-analytics/reports/revenue/stats?${RANGE}&interval=${interval}&per_page=100&order=asc`,
			);
			const pages = Number(first.headers.get('x-wp-totalpages'));
			let intervals = first.body.intervals;
			for (let page = 2; page <= pages; page++) {
				intervals = intervals.concat(
					(
						await get<Stats>(
							server,
							`/wc-analytics/reports/revenue/stats?${RANGE}&interval=${interval}&per_page=100&order=asc&page=${page}`,
						)
					).body.intervals,
				);
			}
			expect(intervals).toHaveLength(Number(first.headers.get('x-wp-total')));
			for (const key of [
				'net_revenue',
				'orders_count',
				'refunds',
				'taxes',
				'shipping',
				'gross_sales',
				'coupons',
			]) {
				close(
					intervals.reduce((s, i) => s + i.subtotals[key], 0),
					first.body.totals[key],
				);
			}
		}
	});

	it('products, categories, orders and stats agree with revenue', async () => {
		const revenue = (
			await get<Stats>(server, `/wc-analytics/reports/revenue/stats?${RANGE}&interval=year`)
		).body.totals;
		expect(revenue.orders_count).toBeGreaterThan(100);
		expect(revenue.refunds).toBeGreaterThan(0);
		const products = await all(`/wc-analytics/reports/products?${RANGE}`);
		close(
			products.reduce((s, r) => s + r.net_revenue, 0),
			revenue.net_revenue,
		);
		const productStats = (
			await get<Stats>(server, `/wc-analytics/reports/products/stats?${RANGE}&interval=year`)
		).body.totals;
		close(productStats.net_revenue, revenue.net_revenue);
		close(productStats.items_sold, revenue.num_items_sold);
		const orders = await all(`/wc-analytics/reports/orders?${RANGE}`);
		close(
			orders.reduce((s, r) => s + r.net_total, 0),
			revenue.net_revenue,
		);
		expect(orders.filter((r) => r.parent_id === 0)).toHaveLength(revenue.orders_count);
		const ordersStats = (
			await get<Stats>(server, `/wc-analytics/reports/orders/stats?${RANGE}&interval=year`)
		).body.totals;
		expect(ordersStats).toEqual(revenue);
		// A category equals the products report restricted to it.
		const categories = await all(`/wc-analytics/reports/categories?${RANGE}`);
		const clothing = categories.find((c) => c.category_id === 1);
		const inClothing = await all(`/wc-analytics/reports/products?${RANGE}&categories=1`);
		close(
			inClothing.reduce((s, r) => s + r.net_revenue, 0),
			clothing?.net_revenue ?? NaN,
		);
		// Taxes and coupons agree with the order totals.
		const taxes = (
			await get<Stats>(server, `/wc-analytics/reports/taxes/stats?${RANGE}&interval=year`)
		).body.totals;
		close(taxes.total_tax, revenue.taxes);
		const coupons = (
			await get<Stats>(server, `/wc-analytics/reports/coupons/stats?${RANGE}&interval=year`)
		).body.totals;
		close(coupons.amount, revenue.coupons);
		// Segments by product sum to the product report.
		const segmented = (
			await get<{ totals: { segments: Array<{ subtotals: Row }> } }>(
				server,
				`/wc-analytics/reports/products/stats?${RANGE}&interval=year&segmentby=product`,
			)
		).body.totals;
		close(
			segmented.segments.reduce((s, g) => s + g.subtotals.net_revenue, 0),
			revenue.net_revenue,
		);
	});

	it('day-aligned requests (daily roll-ups) match the order-level computation', async () => {
		const keys =
			'net_revenue,refunds,coupons,gross_sales,orders_count,taxes,shipping,num_items_sold,avg_order_value';
		for (const interval of ['day', 'week', 'month']) {
			const route = `/wc-analytics/reports/revenue/stats?${RANGE}&interval=${interval}&order=asc&per_page=100`;
			const rolled = (await get<Stats>(server, `${route}&fields=${keys}`)).body;
			const raw = (
				await get<Stats>(
					server,
					`${route.replace('revenue/stats', 'orders/stats')}&fields=${keys}&product_excludes=999999`,
				)
			).body;
			const strip = (values: Record<string, unknown>): Record<string, unknown> => {
				const copy = { ...values };
				delete copy.total_customers;
				return copy;
			};
			expect(strip(rolled.totals)).toEqual(strip(raw.totals));
			expect(rolled.intervals.map((i) => strip(i.subtotals))).toEqual(
				raw.intervals.map((i) => strip(i.subtotals)),
			);
		}
		// All fields (roll-ups plus a distinct-customer scan) equal the filtered, order-level path.
		const route = `/wc-analytics/reports/revenue/stats?${RANGE}&interval=week&order=asc&per_page=100`;
		const hybrid = (await get<Stats>(server, route)).body;
		const raw = (
			await get<Stats>(
				server,
				`${route.replace('revenue/stats', 'orders/stats')}&product_excludes=999999`,
			)
		).body;
		expect(hybrid).toEqual(raw);
	});

	it('the products table (daily roll-up) matches product segments computed from the lines', async () => {
		const rows = await all(`/wc-analytics/reports/products?${RANGE}&orderby=items_sold`);
		const segments = (
			await get<{ totals: { segments: Array<{ segment_id: number; subtotals: Row }> } }>(
				server,
				`/wc-analytics/reports/products/stats?${RANGE}&interval=year&segmentby=product`,
			)
		).body.totals.segments.filter(
			(g) => g.subtotals.items_sold !== 0 || g.subtotals.orders_count !== 0,
		);
		const bySegment = new Map(segments.map((g) => [g.segment_id, g.subtotals]));
		expect(rows.length).toBe(segments.length);
		for (const row of rows) {
			const seg = bySegment.get(row.product_id);
			expect([row.items_sold, row.orders_count]).toEqual([
				seg?.items_sold,
				seg?.orders_count,
			]);
			close(row.net_revenue, seg?.net_revenue ?? NaN);
		}
	});

	it('product stats read from the roll-up match the line-level computation', async () => {
		const route = `/wc-analytics/reports/products/stats?${RANGE}&interval=month&order=asc&per_page=100`;
		const rolled = (await get<Stats>(server, `${route}&fields=items_sold,net_revenue`)).body;
		const raw = (
			await get<Stats>(server, `${route}&fields=items_sold,net_revenue,orders_count`)
		).body;
		const strip = (values: Record<string, unknown>): Record<string, unknown> => {
			const copy = { ...values };
			delete copy.orders_count;
			return copy;
		};
		expect(strip(rolled.totals)).toEqual(strip(raw.totals));
		expect(rolled.intervals.map((i) => strip(i.subtotals))).toEqual(
			raw.intervals.map((i) => strip(i.subtotals)),
		);
	});

	it('every performance indicator equals the totals of its own report (whole days and partial days)', async () => {
		const ranges = [RANGE, `after=${lastYear}T09:30:00&before=${today}T17:15:00`];
		for (const range of ranges) {
			const items = (
				await get<Array<{ stat: string; chart: string; value: number }>>(
					server,
					`/wc-analytics/reports/performance-indicators?${range}`,
				)
			).body;
			expect(items).toHaveLength(15);
			const totals = new Map<string, Record<string, number>>();
			for (const item of items) {
				const report = item.stat.split('/')[0];
				let reportTotals = totals.get(report);
				if (!reportTotals) {
					reportTotals = (
						await get<Stats>(
							server,
							`/wc-analytics/reports/${report}/stats?${range}&interval=year`,
						)
					).body.totals;
					totals.set(report, reportTotals);
				}
				expect([item.stat, item.value]).toEqual([item.stat, reportTotals[item.chart]]);
			}
			expect(items.find((i) => i.stat === 'taxes/total_tax')?.value).toBeGreaterThan(0);
			expect(items.find((i) => i.stat === 'coupons/orders_count')?.value).toBeGreaterThan(0);
			expect(items.find((i) => i.stat === 'variations/items_sold')?.value).toBeGreaterThan(0);
		}
	});

	it('performance indicators take the same totals', async () => {
		const revenue = (
			await get<Stats>(server, `/wc-analytics/reports/revenue/stats?${RANGE}&interval=year`)
		).body.totals;
		const items = (
			await get<Array<{ stat: string; value: number }>>(
				server,
				`/wc-analytics/reports/performance-indicators?${RANGE}&stats=revenue/net_revenue,orders/orders_count`,
			)
		).body;
		expect(items.map((i) => [i.stat, i.value])).toEqual([
			['revenue/net_revenue', revenue.net_revenue],
			['orders/orders_count', revenue.orders_count],
		]);
	});
});
