/**
 * Hand-made stores for report tests: a tiny catalogue and the exact orders a test lists, written
 * to a temporary DuckDB file; the lookup tables are derived like the generator does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createAdminSchema } from '../../db/admin-schema.js';
import { Db } from '../../core/db.js';
import { startServer, type RunningServer } from '../../index.js';
import { deriveLookups } from '../../db/pipeline.js';
import { seedOptions } from '../../db/options.js';
import { createStoreSchema } from '../../db/schema.js';
import { formatSql, localToUtc, parseNaive } from '../../db/store-time.js';

export interface FixtureLine {
	product: number;
	variation?: number;
	qty: number;
	/** Line total after discount, without tax. */
	net: number;
	tax?: number;
	/** Discount on the line (subtotal = net + discount). */
	discount?: number;
}

export interface FixtureOrder {
	id: number;
	/** Store-local `YYYY-MM-DD HH:MM:SS`. */
	date: string;
	status: string;
	customer: number;
	lines: FixtureLine[];
	shipping?: number;
	coupon?: { id: number; amount: number };
	/** Makes this row a refund of that order (use negative quantities and amounts). */
	refundOf?: number;
}

export interface Fixture {
	timeZone?: string;
	startOfWeek?: number;
	orders: FixtureOrder[];
}

/** Categories: 1 Clothing › 2 Shirts, 3 Music. Products: 1 Shirt (2), 2 Album (3), 3 Hoodie (1) with variation 31 (red). */
export async function writeFixture(file: string, fixture: Fixture): Promise<void> {
	const tz = fixture.timeZone ?? 'UTC';
	const db = await Db.open(file);
	try {
		await createStoreSchema(db);
		await seedOptions(db, tz);
		if (fixture.startOfWeek !== undefined) {
			await db.run("UPDATE options SET value = ? WHERE name = 'start_of_week'", [
				JSON.stringify(fixture.startOfWeek),
			]);
		}
		await db.exec(`
			INSERT INTO categories (id, name, slug, parent) VALUES (1, 'Clothing', 'clothing', 0), (2, 'Shirts', 'shirts', 1), (3, 'Music', 'music', 0);
			INSERT INTO category_lookup VALUES (1, 1), (1, 2), (2, 2), (3, 3);
			INSERT INTO attributes (id, name, slug) VALUES (1, 'Color', 'color');
			INSERT INTO attribute_terms (id, attribute_id, name, slug) VALUES (1, 1, 'Red', 'red');
			INSERT INTO products (id, parent_id, type, status, name, slug, sku, price, stock_quantity, manage_stock, stock_status, date_created, date_created_gmt) VALUES
				(1, 0, 'simple', 'publish', 'Shirt', 'shirt', 'SHIRT', 10, 2, true, 'instock', '2021-01-01', '2021-01-01'),
				(2, 0, 'simple', 'publish', 'Album', 'album', 'ALBUM', 10, NULL, false, 'instock', '2021-01-01', '2021-01-01'),
				(3, 0, 'variable', 'publish', 'Hoodie', 'hoodie', 'HOODIE', 40, NULL, false, 'instock', '2021-01-01', '2021-01-01'),
				(31, 3, 'variation', 'publish', 'Hoodie - Red', 'hoodie-red', 'HOODIE-RED', 40, 0, true, 'outofstock', '2021-01-01', '2021-01-01');
			INSERT INTO product_categories VALUES (1, 2), (2, 3), (3, 1);
			INSERT INTO variation_attributes VALUES (31, 1, 1);
			INSERT INTO coupons (id, code, discount_type, amount, date_created, date_created_gmt) VALUES (1, 'save2', 'fixed_cart', 2, '2021-01-01', '2021-01-01');
			INSERT INTO tax_rates (tax_rate_id, tax_rate_country, tax_rate_state, tax_rate, tax_rate_name) VALUES (1, 'US', 'CA', '10.0000', 'Tax');
			INSERT INTO customer_lookup (customer_id, user_id, username, first_name, last_name, email, country) VALUES
				(1, 11, 'ada', 'Ada', 'Lovelace', 'ada@example.com', 'GB'), (2, NULL, '', 'Alan', 'Turing', 'alan@example.com', 'US');
		`);
		let itemId = 0;
		for (const o of fixture.orders) {
			const gmt = formatSql(localToUtc(parseNaive(o.date), tz));
			const net = o.lines.reduce((s, l) => s + l.net, 0);
			const tax = o.lines.reduce((s, l) => s + (l.tax ?? 0), 0);
			const shipping = o.shipping ?? 0;
			await db.run(
				`INSERT INTO orders (id, parent_id, type, number, status, customer_id, shipping_total, cart_tax, total, discount_total, date_created, date_created_gmt)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP))`,
				[
					o.id,
					o.refundOf ?? 0,
					o.refundOf ? 'shop_order_refund' : 'shop_order',
					String(o.refundOf ?? o.id),
					o.status,
					o.customer,
					shipping,
					tax,
					net + tax + shipping,
					o.coupon?.amount ?? 0,
					o.date,
					gmt,
				],
			);
			for (const l of o.lines) {
				itemId += 1;
				await db.run(
					'INSERT INTO order_items (order_item_id, order_id, product_id, variation_id, name, qty, subtotal, total, tax, shipping, shipping_tax) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)',
					[
						itemId,
						o.id,
						l.product,
						l.variation ?? 0,
						`Product ${l.product}`,
						l.qty,
						l.net + (l.discount ?? 0),
						l.net,
						l.tax ?? 0,
						o.lines.length === 1 ? shipping : 0,
					],
				);
				if (l.variation === 31)
					await db.run("INSERT INTO order_item_meta VALUES (?, 'pa_color', 'red')", [
						itemId,
					]);
			}
			if (tax) {
				await db.run('INSERT INTO order_tax_items VALUES (?, 1, 0, ?)', [o.id, tax]);
			}
			if (o.coupon) {
				await db.run('INSERT INTO order_coupon_items VALUES (?, ?, ?)', [
					o.id,
					o.coupon.id,
					o.coupon.amount,
				]);
			}
		}
		await deriveLookups(db);
		await createAdminSchema(db);
	} finally {
		db.close();
	}
}

/**
 * Writes the fixture to a fresh temporary folder and starts the server on it; closing the server
 * removes the folder.
 */
export async function startFixtureServer(fixture: Fixture): Promise<RunningServer> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-reports-test-'));
	const file = path.join(dir, 'store.duckdb');
	try {
		await writeFixture(file, fixture);
		const server = await startServer({
			databasePath: file,
			quiet: true,
			nonce: 'test-nonce',
			timeZone: fixture.timeZone,
		});
		const close = server.close.bind(server);
		server.close = async () => {
			await close();
			fs.rmSync(dir, { recursive: true, force: true });
		};
		return server;
	} catch (error) {
		fs.rmSync(dir, { recursive: true, force: true });
		throw error;
	}
}

export interface Response<T> {
	status: number;
	headers: Headers;
	body: T;
}

export async function get<T = unknown>(server: RunningServer, route: string): Promise<Response<T>> {
	const res = await fetch(`${server.url}/wp-json${route}`);
	return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

/** The store used by most report tests (UTC, weeks start on Monday). */
export const BASIC_ORDERS: FixtureOrder[] = [
	{
		id: 1,
		date: '2021-11-29 10:00:00',
		status: 'completed',
		customer: 1,
		shipping: 5,
		lines: [{ product: 1, qty: 2, net: 20, tax: 2 }],
	},
	{
		id: 2,
		date: '2021-11-30 09:00:00',
		status: 'completed',
		customer: 2,
		coupon: { id: 1, amount: 2 },
		lines: [{ product: 2, qty: 1, net: 10, tax: 1, discount: 2 }],
	},
	{
		id: 3,
		date: '2021-12-06 12:00:00',
		status: 'processing',
		customer: 1,
		lines: [{ product: 3, variation: 31, qty: 1, net: 40, tax: 4 }],
	},
	{
		id: 4,
		date: '2021-12-07 08:00:00',
		status: 'pending',
		customer: 2,
		lines: [{ product: 1, qty: 1, net: 10 }],
	},
	{
		id: 5,
		date: '2021-12-12 23:30:00',
		status: 'refunded',
		customer: 2,
		lines: [{ product: 2, qty: 1, net: 10, tax: 1 }],
	},
	{
		id: 6,
		date: '2021-12-13 01:00:00',
		status: 'completed',
		customer: 2,
		refundOf: 5,
		lines: [{ product: 2, qty: -1, net: -10, tax: -1 }],
	},
	{
		id: 7,
		date: '2021-12-08 15:00:00',
		status: 'completed',
		customer: 1,
		refundOf: 1,
		lines: [{ product: 1, qty: -1, net: -10, tax: -1 }],
	},
];
