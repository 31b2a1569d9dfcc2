/**
 * The Profit report and cost editing over a hand-made store (fixtures.ts: 1 Shirt in Shirts ›
 * Clothing, 2 Album in Music, 3 Hoodie in Clothing with variation 31), and over a generated store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer, type RunningServer } from '../../index.js';
import { get, startFixtureServer, type FixtureOrder } from './fixtures.js';

jest.setTimeout(180_000);

const ORDERS: FixtureOrder[] = [
	{
		id: 1,
		date: '2021-11-29 10:00:00',
		status: 'completed',
		customer: 1,
		lines: [{ product: 1, qty: 2, net: 20 }],
	},
	{
		id: 2,
		date: '2021-11-30 09:00:00',
		status: 'completed',
		customer: 2,
		lines: [
			{ product: 2, qty: 1, net: 10 },
			{ product: 1, qty: 1, net: 10 },
		],
	},
	{
		id: 3,
		date: '2021-12-06 12:00:00',
		status: 'processing',
		customer: 1,
		lines: [{ product: 3, variation: 31, qty: 2, net: 80 }],
	},
	// Pending: excluded from reports.
	{
		id: 4,
		date: '2021-12-07 08:00:00',
		status: 'pending',
		customer: 2,
		lines: [{ product: 1, qty: 5, net: 50 }],
	},
	// A refund of one hoodie of order 3.
	{
		id: 5,
		date: '2021-12-08 08:00:00',
		status: 'processing',
		customer: 1,
		refundOf: 3,
		lines: [{ product: 3, variation: 31, qty: -1, net: -40 }],
	},
];

const RANGE = 'after=2021-11-01T00:00:00&before=2021-12-31T23:59:59';

type Totals = Record<string, number | null>;
interface Stats {
	totals: Totals;
	intervals: Array<{ interval: string; subtotals: Totals }>;
}

async function post(
	server: RunningServer,
	route: string,
	body: unknown,
	nonce: string | null = server.nonce,
): Promise<{ status: number; body: Record<string, unknown> }> {
	const res = await fetch(`${server.url}/wp-json${route}`, {
		method: 'POST',
		headers: {
			'Content-Type': 'application/json',
			...(nonce ? { 'X-WP-Nonce': nonce } : {}),
		},
		body: JSON.stringify(body),
	});
	return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const setCost = (
	server: RunningServer,
	product: number,
	variation: number,
	cost: number | string,
	from: string,
	applyToPast = false,
) =>
	post(server, '/abacus/v1/costs', {
		product_id: product,
		variation_id: variation,
		cost,
		date_from: from,
		apply_to_past: applyToPast,
	});

const close = (a: number | null | undefined, b: number): void =>
	expect(Math.abs(Number(a) - b)).toBeLessThan(0.005);

describe('profit over a hand-made store', () => {
	let server: RunningServer;
	beforeAll(async () => {
		server = await startFixtureServer({ orders: ORDERS });
	});
	afterAll(async () => server.close());

	const stats = async (): Promise<Totals> =>
		(
			await get<Stats>(
				server,
				`/wc-analytics/reports/profit/stats?${RANGE}&interval=week&per_page=100`,
			)
		).body.totals;

	it('counts products without a cost as not available, never as free', async () => {
		const totals = await stats();
		expect(totals.net_revenue).toBe(80); // 20 + 10 + 10 + 80 − 40 (order 4 pending)
		expect(totals.cost).toBeNull();
		expect(totals.gross_profit).toBeNull();
		expect(totals.margin).toBeNull();
		// Items sold net of returns (2 + 1 + 1 + 2 − 1): without a cost, counted the same way.
		expect(totals.items_sold).toBe(5);
		expect(totals.items_without_cost).toBe(5);
		expect(totals.products_without_cost).toBe(3);
		const missing = await get<{
			count: number;
			products: Array<{ name: string; product_id: number; items_sold: number }>;
		}>(server, `/wc-analytics/reports/profit/missing-costs?${RANGE}`);
		expect(missing.body.count).toBe(3);
		// One per product, as the table's rows: the hoodie's variation is named by its product.
		expect(missing.body.products.map((p) => [p.name, p.items_sold]).sort()).toEqual([
			['Album', 1],
			['Hoodie', 1],
			['Shirt', 3],
		]);
		const rows = (
			await get<Array<Record<string, number>>>(
				server,
				`/wc-analytics/reports/profit?${RANGE}&per_page=-1`,
			)
		).body;
		const hoodie = rows.find((row) => row.product_id === 3);
		expect(hoodie?.items_sold).toBe(1);
		expect(hoodie?.items_without_cost).toBe(1);
	});

	it('refuses bad costs with a clear error and writes nothing', async () => {
		for (const [body, field] of [
			[{ product_id: 1, cost: -1, date_from: '2021-01-01' }, 'cost'],
			[{ product_id: 1, cost: '12.345', date_from: '2021-01-01' }, 'cost'],
			[{ product_id: 1, cost: 'abc', date_from: '2021-01-01' }, 'cost'],
			[{ product_id: 1, cost: 2, date_from: '2021-02-30' }, 'date_from'],
			[{ product_id: 999, cost: 2, date_from: '2021-01-01' }, 'product_id'],
			[{ product_id: 3, variation_id: 1, cost: 2, date_from: '2021-01-01' }, 'variation_id'],
			[{ product_id: 1, cost: 2, date_from: '2021-01-01', price: 3 }, 'price'],
		] as const) {
			const res = await post(server, '/abacus/v1/costs', body);
			expect(res.status).toBe(400);
			expect(res.body.code).toBe('abacus_invalid_cost');
			expect(Object.keys((res.body.data as { params: object }).params)).toContain(field);
		}
		const noNonce = await post(
			server,
			'/abacus/v1/costs',
			{ product_id: 1, cost: 2, date_from: '2021-01-01' },
			null,
		);
		expect(noNonce.status).toBe(403);
		const history = await get<{ history: unknown[] }>(server, '/abacus/v1/costs?product=1');
		expect(history.body.history).toEqual([]);
	});

	it('profit per product and per category reconcile with the store, refunds return cost', async () => {
		expect((await setCost(server, 1, 0, 4, '2021-01-01')).status).toBe(200);
		expect((await setCost(server, 2, 0, '3.50', '2021-01-01')).status).toBe(200);
		// The hoodie's product-level cost applies to its variation.
		expect((await setCost(server, 3, 0, 15, '2021-01-01')).status).toBe(200);
		const totals = await stats();
		// Costs: shirt 3 × 4 = 12, album 3.5, hoodie (2 − 1) × 15 = 15 → 30.5.
		close(totals.cost, 30.5);
		close(totals.gross_profit, 80 - 30.5);
		// Margin in percent, to 2 decimals.
		expect(Math.abs(Number(totals.margin) - ((80 - 30.5) / 80) * 100)).toBeLessThan(0.01);
		expect(totals.orders_count).toBe(3);
		close(totals.profit_per_order, (80 - 30.5) / 3);
		expect(totals.items_without_cost).toBe(0);

		const products = (
			await get<Array<Record<string, number | string>>>(
				server,
				`/wc-analytics/reports/profit?${RANGE}&per_page=-1`,
			)
		).body;
		const sum = (rows: Array<Record<string, number | string>>, key: string) =>
			rows.reduce((s, r) => s + Number(r[key]), 0);
		close(sum(products, 'gross_profit'), Number(totals.gross_profit));
		close(sum(products, 'cost'), Number(totals.cost));
		close(sum(products, 'net_revenue'), totals.net_revenue as number);
		const hoodie = products.find((p) => p.product_id === 3) as Record<string, number>;
		close(hoodie.net_revenue, 40);
		close(hoodie.cost, 15);
		close(hoodie.gross_profit, 25);

		const categories = (
			await get<Array<Record<string, number | string>>>(
				server,
				`/wc-analytics/reports/profit?${RANGE}&per_page=-1&by=category`,
			)
		).body;
		const byId = (id: number) =>
			categories.find((c) => c.category_id === id) as Record<string, number>;
		// Shirts ⊂ Clothing; Clothing also holds the hoodie; Music the album.
		close(byId(2).gross_profit, 30 - 12);
		close(byId(1).gross_profit, 30 - 12 + 25);
		close(byId(3).gross_profit, 10 - 3.5);
		// Top-level categories partition the store's profit.
		close(byId(1).gross_profit + byId(3).gross_profit, Number(totals.gross_profit));
	});

	it('a cost change after a sale does not change that sale, unless applied to past sales', async () => {
		const before = await stats();
		// A new shirt cost from 2021-11-30: the sale of the 30th already had its cost (4).
		const res = await setCost(server, 1, 0, 6, '2021-11-30');
		expect(res.status).toBe(200);
		expect(res.body.rewritten_lines).toBe(0);
		close((await stats()).cost, Number(before.cost));
		// Applied to past sales: the shirt sold on the 30th now costs 6 (the 29th keeps 4); the
		// pending order of 7 December (not in the report) is rewritten too.
		const applied = await setCost(server, 1, 0, 6, '2021-11-30', true);
		expect(applied.body.rewritten_lines).toBe(2);
		close((await stats()).cost, Number(before.cost) + 2);
	});

	it('a line sold without a cost gets one when a cost covering its day is entered', async () => {
		const fresh = await startFixtureServer({ orders: ORDERS });
		try {
			expect((await setCost(fresh, 2, 0, 3, '2021-12-01')).status).toBe(200);
			let totals = (
				await get<Stats>(
					fresh,
					`/wc-analytics/reports/profit/stats?${RANGE}&interval=month`,
				)
			).body.totals;
			// The album was sold on 2021-11-30, before its cost applies: still no cost.
			expect(totals.cost).toBeNull();
			expect((await setCost(fresh, 2, 0, 3, '2021-11-01')).status).toBe(200);
			totals = (
				await get<Stats>(
					fresh,
					`/wc-analytics/reports/profit/stats?${RANGE}&interval=month`,
				)
			).body.totals;
			close(totals.cost, 3);
			expect(totals.products_without_cost).toBe(2);
		} finally {
			await fresh.close();
		}
	});

	it('exports the whole table as CSV, by product and by category, N/A where no cost is known', async () => {
		const exportCsv = async (by: string): Promise<string[]> => {
			const started = await post(server, '/wc-analytics/reports/profit/export', {
				report_args: {
					after: '2021-11-01T00:00:00',
					before: '2021-12-31T23:59:59',
					orderby: 'name',
					order: 'asc',
					by,
				},
				email: true,
			});
			expect(started.status).toBe(200);
			const id = String(started.body.export_id);
			for (let i = 0; i < 200; i++) {
				const status = await get<{ download_url?: string }>(
					server,
					`/wc-analytics/reports/profit/export/${id}/status`,
				);
				if (status.body.download_url) {
					const res = await fetch(`${server.url}${status.body.download_url}`, {
						headers: { 'X-WP-Nonce': server.nonce },
					});
					return (await res.text()).trim().split('\n');
				}
				await new Promise((resolve) => setTimeout(resolve, 25));
			}
			throw new Error('The export never completed.');
		};
		const products = await exportCsv('product');
		expect(products[0]).toBe(
			'Name,Items sold,Net sales,Cost of goods,Gross profit,Margin,Without cost,Orders',
		);
		expect(products.slice(1).map((line) => line.split(',')[0])).toEqual([
			'Album',
			'Hoodie',
			'Shirt',
		]);
		expect(products.find((line) => line.startsWith('Hoodie'))).toBe(
			'Hoodie,1,40,15,25,62.50,0,1',
		);
		const categories = await exportCsv('category');
		expect(categories.slice(1).map((line) => line.split(',')[0])).toEqual([
			'Clothing',
			'Music',
			'Shirts',
		]);
	});

	it('interval subtotals sum to the totals', async () => {
		const body = (
			await get<Stats>(
				server,
				`/wc-analytics/reports/profit/stats?${RANGE}&interval=day&per_page=100&order=asc`,
			)
		).body;
		const sum = (key: string) =>
			body.intervals.reduce((s, i) => s + Number(i.subtotals[key] ?? 0), 0);
		close(sum('gross_profit'), Number(body.totals.gross_profit));
		close(sum('net_revenue'), Number(body.totals.net_revenue));
		expect(sum('orders_count')).toBe(body.totals.orders_count);
	});
});

describe('profit over a generated store', () => {
	let server: RunningServer;
	/** The store's folder, removed after the tests. */
	let dir = '';
	beforeAll(async () => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-profit-'));
		server = await startServer({
			databasePath: path.join(dir, 'store.duckdb'),
			orders: 800,
			seed: 5,
			quiet: true,
		});
	});
	afterAll(async () => {
		await server.close();
		fs.rmSync(dir, { recursive: true, force: true });
	});

	it('has costs for most products, some dated changes, some products without a cost; products sum to the store', async () => {
		const today = new Date().toISOString().slice(0, 10);
		const range = `after=2000-01-01T00:00:00&before=${today}T23:59:59`;
		const totals = (
			await get<Stats>(server, `/wc-analytics/reports/profit/stats?${range}&interval=year`)
		).body.totals;
		expect(Number(totals.cost)).toBeGreaterThan(0);
		expect(Number(totals.margin)).toBeGreaterThan(20);
		expect(Number(totals.margin)).toBeLessThan(80);
		expect(Number(totals.products_without_cost)).toBeGreaterThan(0);
		const rows = (
			await get<Array<Record<string, number>>>(
				server,
				`/wc-analytics/reports/profit?${range}&per_page=-1`,
			)
		).body;
		const sum = (key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);
		close(sum('gross_profit'), Number(totals.gross_profit));
		close(sum('net_revenue'), Number(totals.net_revenue));
		// One definition of "without a cost" everywhere: no row, nor the footer, has more items
		// without a cost than items sold; the rows add up to the totals; the products without a
		// cost of the totals (the Overview's) are the rows without a full cost and the products
		// the Profit page names, variations counted with their product.
		for (const row of rows) expect(row.items_without_cost).toBeLessThanOrEqual(row.items_sold);
		expect(sum('items_without_cost')).toBe(totals.items_without_cost);
		expect(Number(totals.items_without_cost)).toBeLessThanOrEqual(Number(totals.items_sold));
		const uncosted = rows.filter((row) => String(row.cost_status) !== 'complete');
		expect(uncosted.length).toBe(totals.products_without_cost);
		const missing = (
			await get<{
				count: number;
				products: Array<{ product_id: number; items_sold: number }>;
			}>(server, `/wc-analytics/reports/profit/missing-costs?${range}`)
		).body;
		expect(missing.count).toBe(totals.products_without_cost);
		expect(missing.products.map((p) => p.product_id).sort()).toEqual(
			uncosted.map((row) => row.product_id).sort(),
		);
		for (const product of missing.products) {
			const row = rows.find((r) => r.product_id === product.product_id);
			expect(product.items_sold).toBe(row?.items_without_cost);
		}
		const overview = (
			await get<Stats>(
				server,
				`/wc-analytics/reports/profit/stats?${range}&interval=year&per_page=1&fields=products_without_cost`,
			)
		).body.totals;
		expect(overview.products_without_cost).toBe(missing.count);
		const revenue = (
			await get<Stats>(server, `/wc-analytics/reports/products/stats?${range}&interval=year`)
		).body.totals;
		close(Number(totals.net_revenue), Number(revenue.net_revenue));
	});
});
