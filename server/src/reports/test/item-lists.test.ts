/**
 * The categories, coupons and products tables (and the dashboard's leaderboards built on them) on a
 * store where a product sits in two categories under one parent, an order holds two products of
 * the same category and a refund takes a line back: each figure counted as its definition says,
 * alike over whole days (daily roll-ups) and over part of a day (the orders' lines), with the
 * filters, orders and pages the tables accept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Db } from '../../core/db.js';
import { startServer, type RunningServer } from '../../index.js';
import { get, writeFixture, type FixtureOrder } from './fixtures.js';

type Row = Record<string, unknown>;

const DAYS = 'after=2021-12-01T00:00:00&before=2021-12-03T23:59:59';
/** Not whole days (the orders' lines, not the roll-ups): holds the same orders. */
const PART = 'after=2021-12-01T06:30:00&before=2021-12-03T20:15:00';

const ORDERS: FixtureOrder[] = [
	// Two products of Clothing in one order: Clothing counts it once.
	{
		id: 1,
		date: '2021-12-01 10:00:00',
		status: 'completed',
		customer: 1,
		coupon: { id: 1, amount: 2 },
		lines: [
			{ product: 1, qty: 2, net: 20 },
			{ product: 3, qty: 1, net: 40 },
		],
	},
	{
		id: 2,
		date: '2021-12-02 09:00:00',
		status: 'completed',
		customer: 2,
		lines: [
			{ product: 1, qty: 1, net: 10 },
			{ product: 2, qty: 1, net: 10 },
		],
	},
	// A refund of one shirt of order 1: items and revenue, never an order.
	{
		id: 3,
		date: '2021-12-02 12:00:00',
		status: 'completed',
		customer: 1,
		refundOf: 1,
		lines: [{ product: 1, qty: -1, net: -10 }],
	},
	// Pending: not counted by default.
	{
		id: 4,
		date: '2021-12-03 08:00:00',
		status: 'pending',
		customer: 2,
		lines: [{ product: 2, qty: 1, net: 10 }],
	},
	{
		id: 5,
		date: '2021-12-03 15:00:00',
		status: 'processing',
		customer: 2,
		coupon: { id: 1, amount: 2 },
		lines: [{ product: 3, qty: 1, net: 40 }],
	},
	// Outside both ranges.
	{
		id: 6,
		date: '2021-12-05 10:00:00',
		status: 'completed',
		customer: 1,
		lines: [{ product: 2, qty: 3, net: 30 }],
	},
];

let server: RunningServer;
let dir: string;

beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-item-lists-'));
	const file = path.join(dir, 'store.duckdb');
	await writeFixture(file, { orders: ORDERS });
	// The Shirt (in Shirts, under Clothing) is in Tees too, also under Clothing.
	const db = await Db.open(file);
	try {
		await db.exec(`
			INSERT INTO categories (id, name, slug, parent) VALUES (4, 'Tees', 'tees', 1);
			INSERT INTO category_lookup VALUES (1, 4), (4, 4);
			INSERT INTO product_categories VALUES (1, 4);
		`);
	} finally {
		db.close();
	}
	server = await startServer({ databasePath: file, quiet: true, nonce: 'test-nonce' });
}, 60_000);

afterAll(async () => {
	await server?.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

async function list(route: string): Promise<{ rows: Row[]; total: string; pages: string }> {
	const res = await get<Row[]>(server, `/wc-analytics/reports/${route}`);
	expect(res.status).toBe(200);
	return {
		rows: res.body,
		total: res.headers.get('x-wp-total') ?? '',
		pages: res.headers.get('x-wp-totalpages') ?? '',
	};
}

const categoryFigures = (rows: Row[]): unknown[][] =>
	rows.map((r) => [r.category_id, r.items_sold, r.net_revenue, r.orders_count, r.products_count]);

describe.each([
	['whole days', DAYS],
	['part of a day', PART],
])('over %s', (_label, range) => {
	it('counts a category once per order and per product, refunds in items and revenue only', async () => {
		const all = await list(`categories?${range}&orderby=category_id&order=asc&per_page=-1`);
		expect(categoryFigures(all.rows)).toEqual([
			// Clothing: orders 1, 2 and 5 (order 1 once for its two products), Shirt and Hoodie.
			[1, 4, 100, 3, 2],
			[2, 2, 20, 2, 1],
			[3, 1, 10, 1, 1],
			[4, 2, 20, 2, 1],
		]);
		expect([all.total, all.pages]).toEqual(['4', '1']);
	});

	it('orders categories with ties by id, pages past the end keep the totals', async () => {
		const first = await list(`categories?${range}&orderby=orders_count&order=desc&per_page=2`);
		expect(first.rows.map((r) => r.category_id)).toEqual([1, 2]);
		expect([first.total, first.pages]).toEqual(['4', '2']);
		const second = await list(
			`categories?${range}&orderby=orders_count&order=desc&per_page=2&page=2`,
		);
		expect(second.rows.map((r) => r.category_id)).toEqual([4, 3]);
		const past = await list(
			`categories?${range}&orderby=orders_count&order=desc&per_page=2&page=3`,
		);
		expect(past.rows).toEqual([]);
		expect([past.total, past.pages]).toEqual(['4', '2']);
		const byName = await list(`categories?${range}&orderby=category&order=asc&per_page=-1`);
		expect(byName.rows.map((r) => r.category_id)).toEqual([1, 3, 2, 4]);
	});

	it('answers the categories asked for, unsold and unknown ones with zeros', async () => {
		const asked = await list(
			`categories?${range}&categories=4,1,9&orderby=items_sold&order=desc&per_page=-1&extended_info=true`,
		);
		expect(categoryFigures(asked.rows)).toEqual([
			[1, 4, 100, 3, 2],
			[4, 2, 20, 2, 1],
			[9, 0, 0, 0, 0],
		]);
		expect(asked.rows.map((r) => (r.extended_info as { name: string }).name)).toEqual([
			'Clothing',
			'Tees',
			'(Deleted)',
		]);
		expect(asked.total).toBe('3');
	});

	it('follows the status filters', async () => {
		const processing = await list(`categories?${range}&status_is=processing&per_page=-1`);
		expect(categoryFigures(processing.rows)).toEqual([[1, 1, 40, 1, 1]]);
		// Pending counted when asked for: the Album's second order.
		const any = await list(`categories?${range}&status_is=any&categories=3&per_page=-1`);
		expect(categoryFigures(any.rows)).toEqual([[3, 2, 20, 2, 1]]);
	});

	it('counts coupons per order, codes in order and asked ids with zeros', async () => {
		const coupons = await list(`coupons?${range}&orderby=orders_count&order=desc`);
		expect(coupons.rows.map((r) => [r.coupon_id, r.amount, r.orders_count])).toEqual([
			[1, 4, 2],
		]);
		const asked = await list(
			`coupons?${range}&coupons=7,1&orderby=code&order=asc&extended_info=1`,
		);
		expect(
			asked.rows.map((r) => [r.coupon_id, (r.extended_info as { code: string }).code]),
		).toEqual([
			[1, 'save2'],
			[7, '(Deleted)'],
		]);
		expect(asked.total).toBe('2');
	});

	it('sums products, ties by id, and orders them by catalogue columns too', async () => {
		const products = await list(`products?${range}&orderby=items_sold&order=desc`);
		expect(
			products.rows.map((r) => [r.product_id, r.items_sold, r.net_revenue, r.orders_count]),
		).toEqual([
			[1, 2, 20, 2],
			[3, 2, 80, 2],
			[2, 1, 10, 1],
		]);
		expect(products.total).toBe('3');
		const byName = await list(`products?${range}&orderby=product_name&order=asc`);
		expect(byName.rows.map((r) => r.product_id)).toEqual([2, 3, 1]);
		const bySku = await list(`products?${range}&orderby=sku&order=desc&per_page=1&page=2`);
		expect(bySku.rows.map((r) => r.product_id)).toEqual([3]);
		expect([bySku.total, bySku.pages]).toEqual(['3', '3']);
		const inTees = await list(`products?${range}&categories=4&per_page=-1`);
		expect(inTees.rows.map((r) => [r.product_id, r.items_sold])).toEqual([[1, 2]]);
	});
});

it('the leaderboards show the same categories, coupons and products', async () => {
	const res = await get<Array<{ id: string; rows: Array<Array<{ value: unknown }>> }>>(
		server,
		`/wc-analytics/leaderboards?${DAYS}&per_page=5`,
	);
	const board = (id: string): unknown[][] =>
		(res.body.find((b) => b.id === id)?.rows ?? []).map((r) => r.map((c) => c.value));
	expect(board('categories')).toEqual([
		['Clothing', 4, 100],
		['Shirts', 2, 20],
		['Tees', 2, 20],
		['Music', 1, 10],
	]);
	expect(board('coupons')).toEqual([['save2', 2, 4]]);
	expect(board('products')).toEqual([
		['Shirt', 2, 20],
		['Hoodie', 2, 80],
		['Album', 1, 10],
	]);
});

it("the leaderboards name a product and a coupon whose catalogue row is gone '(Deleted)', as their tables do", async () => {
	const db = server.ctx.db;
	const [{ id }] = await db.all<{ id: number }>("SELECT id FROM products WHERE name = 'Hoodie'");
	await db.run('CREATE TEMP TABLE kept_product AS SELECT * FROM products WHERE id = ?', [id]);
	await db.run('DELETE FROM products WHERE id = ?', [id]);
	await db.run("CREATE TEMP TABLE kept_coupon AS SELECT * FROM coupons WHERE code = 'save2'");
	await db.run("DELETE FROM coupons WHERE code = 'save2'");
	try {
		// per_page=4: not asked before, so no answer comes from the report cache.
		const res = await get<Array<{ id: string; rows: Array<Array<{ value: unknown }>> }>>(
			server,
			`/wc-analytics/leaderboards?${DAYS}&per_page=4`,
		);
		const products = res.body.find((b) => b.id === 'products');
		expect((products?.rows ?? []).map((r) => r.map((c) => c.value))).toEqual([
			['Shirt', 2, 20],
			['(Deleted)', 2, 80],
			['Album', 1, 10],
		]);
		const coupons = res.body.find((b) => b.id === 'coupons');
		expect((coupons?.rows ?? []).map((r) => r.map((c) => c.value))).toEqual([
			['(Deleted)', 2, 4],
		]);
		const table = await get<Array<{ product_id: number; extended_info: { name: string } }>>(
			server,
			`/wc-analytics/reports/products?${DAYS}&orderby=items_sold&order=desc&extended_info=true&per_page=4`,
		);
		expect(table.body.map((r) => r.extended_info.name)).toEqual([
			'Shirt',
			'(Deleted)',
			'Album',
		]);
	} finally {
		await db.run('INSERT INTO products SELECT * FROM kept_product');
		await db.run('DROP TABLE kept_product');
		await db.run('INSERT INTO coupons SELECT * FROM kept_coupon');
		await db.run('DROP TABLE kept_coupon');
	}
});
