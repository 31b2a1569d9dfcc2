/**
 * Bulk seeding (seed-bulk.ts) on the real stack: a generated store of 2,000 orders over 800 days
 * written into WooCommerce 10.0.2's own tables by bulk SQL, then checked through WooCommerce's own
 * REST answers — its order count, a month's orders and their totals (wc/v3/orders) and the month's
 * revenue (wc-analytics/reports/revenue/stats, computed afresh) equal the generator's figures.
 * Prints the seeding rate.
 *
 * The same store (more than two years of daily orders, enough for the forecast's back-test) then
 * serves notes on charts and forecasts in wp-admin, as a store manager in Chromium at 1440 and
 * 390 px (notes-forecast.ts): on WooCommerce's own figures, then with the Abacus engine chosen
 * (the store copied by `connect --sync`, the built server serving it on a loopback port).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Db } from '../../server/src/core/db.js';
import {
	connect,
	engineStack,
	missingPrerequisite,
	pageToken,
	type EngineStack,
} from '../engine/stack.js';
import {
	startEngine as startEngineProcess,
	type EngineProcess,
} from '../support/engine-process.js';
import { allowLoopbackEngine, pluginZip, startWordPress } from './harness.js';
import { notesAndForecastSuite } from './notes-forecast.js';
import { bulkSeedWooCommerce, describeBulkSeed, type BulkSeedResult } from './seed-bulk.js';

const ORDERS = 2000;
const missing = missingPrerequisite();
if (missing) console.warn(`Skipping the bulk seeding test: ${missing}`);
const describeIfReady = missing ? describe.skip : describe;

interface RevenueTotals {
	orders_count: number;
	net_revenue: number;
	total_sales: number;
	num_items_sold: number;
	refunds: number;
}

interface WooOrder {
	id: number;
	total: string;
	status: string;
	line_items: Array<{ product_id: number; quantity: number; total: string }>;
}

describeIfReady('bulk seeding of WooCommerce', () => {
	let stack: EngineStack;
	let dir: string;
	let seeded: BulkSeedResult;
	let db: Db;

	beforeAll(async () => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'abacus-seed-bulk-'));
		// The Abacus plugin (the client build) for the pages below; WordPress's own calls may
		// reach the engine on 127.0.0.1 at its port, as a store with its engine on a private
		// network allows it with WordPress's filters.
		stack = engineStack(
			await startWordPress(pluginZip(dir), {
				contentFiles: allowLoopbackEngine(dir),
			}),
		);
		const duckdb = path.join(dir, 'generated.duckdb');
		seeded = await bulkSeedWooCommerce(path.join(path.dirname(stack.root), 'db.sock'), {
			orders: ORDERS,
			duckdb,
			log: (line) => console.log(line),
		});
		console.log(`Bulk seeding: ${describeBulkSeed(seeded)}`);
		db = await Db.open(duckdb);
	}, 600000);

	afterAll(async () => {
		db?.close();
		await stopEngine();
		await stack?.close();
		if (dir) rmSync(dir, { recursive: true, force: true });
	}, 120000);

	test('the order count equals the generator', async () => {
		expect(seeded.orders).toBe(ORDERS);
		const answer = await stack.wc<WooOrder[]>('wc/v3/orders', { per_page: 1 });
		expect(Number(answer.headers.get('x-wp-total'))).toBe(ORDERS);
	}, 120000);

	test("last month's orders, totals and revenue equal the generator's", async () => {
		const month = await db.one<{ after: string; before: string }>(
			`SELECT strftime(date_trunc('month', max(date_created)) - INTERVAL 1 MONTH, '%Y-%m-%dT00:00:00') AS after,
			strftime(date_trunc('month', max(date_created)) - INTERVAL 1 SECOND, '%Y-%m-%dT%H:%M:%S') AS before FROM orders`,
		);
		if (!month) throw new Error('The generated store has no orders.');
		const range = `date_created BETWEEN '${month.after.replace('T', ' ')}' AND '${month.before.replace('T', ' ')}'`;
		const expected = await db.one<{
			orders: number;
			total: number;
			counted: number;
			net: number;
			gross: number;
			items: number;
			refunds: number;
		}>(
			`SELECT
				(SELECT count(*) FROM orders WHERE parent_id = 0 AND ${range}) AS orders,
				(SELECT round(sum(total), 2) FROM orders WHERE parent_id = 0 AND ${range}) AS total,
				count(*) FILTER (WHERE parent_id = 0) AS counted, round(sum(net_total), 2) AS net,
				round(sum(total_sales), 2) AS gross, sum(num_items_sold) AS items,
				round(-sum(net_total) FILTER (WHERE net_total < 0), 2) AS refunds
			FROM order_stats WHERE ${range} AND status NOT IN ('wc-pending', 'wc-failed', 'wc-cancelled')`,
		);
		if (!expected) throw new Error('No expected figures.');
		expect(Number(expected.orders)).toBeGreaterThan(20);

		// wc/v3/orders: the month's orders, every page (the first says how many; the others
		// asked together), and the sum of their totals.
		const ordersPage = (page: number) =>
			stack.wc<WooOrder[]>('wc/v3/orders', {
				after: month.after,
				before: month.before,
				per_page: 100,
				page,
			});
		const first = await ordersPage(1);
		const pages = Number(first.headers.get('x-wp-totalpages'));
		const answers = [
			first,
			...(await Promise.all(
				Array.from({ length: Math.max(0, pages - 1) }, (_, index) => ordersPage(index + 2)),
			)),
		];
		let count = 0;
		let total = 0;
		for (const answer of answers) {
			for (const order of answer.body) {
				count++;
				total += Math.round(Number(order.total) * 100);
				expect(order.line_items.length).toBeGreaterThan(0);
			}
		}
		expect(count).toBe(Number(expected.orders));
		expect(total / 100).toBeCloseTo(Number(expected.total), 2);

		// WooCommerce's analytics, computed afresh, over the month.
		const revenue = await stack.wc<{ totals: RevenueTotals }>(
			'wc-analytics/reports/revenue/stats',
			{
				after: month.after,
				before: month.before,
				interval: 'month',
				force_cache_refresh: 'true',
			},
		);
		const totals = revenue.body.totals;
		expect(totals.orders_count).toBe(Number(expected.counted));
		expect(totals.net_revenue).toBeCloseTo(Number(expected.net), 2);
		expect(totals.total_sales).toBeCloseTo(Number(expected.gross), 2);
		expect(totals.num_items_sold).toBe(Number(expected.items));
		expect(totals.refunds).toBeCloseTo(Number(expected.refunds ?? 0), 2);
	}, 300000);
	// The Abacus engine of this store, started when the engine part of the pages' tests asks.
	const SECRET = 'seed-bulk-engine-secret-0123456789abcdef';
	let engine: EngineProcess | null = null;

	async function startEngine(): Promise<{ url: string; token: () => string }> {
		const file = path.join(dir, 'engine.duckdb');
		const out = connect(stack.url, stack.keys(), {
			db: file,
			engineSecret: SECRET,
			args: ['--sync'],
		});
		expect(out).toContain(`Registered ${stack.url}`);
		// The built server (npx tsc -b server), an hour between sync rounds.
		engine = await startEngineProcess([
			'--db',
			file,
			'--allow-private-stores',
			'--sync-interval',
			'3600',
		]);
		const { url } = engine;
		// Chosen as Analytics › Settings saves it: the engine's address and the shared secret.
		stack.php(`update_option( 'abacus_engine', array( 'mode' => 'abacus', 'url' => ${JSON.stringify(url)} ) );
update_option( 'abacus_engine_secret', ${JSON.stringify(SECRET)}, false );`);
		return { url, token: () => pageToken({ id: stack.url, secret: SECRET }, url, 900) };
	}

	async function stopEngine(): Promise<void> {
		const running = engine;
		engine = null;
		await running?.stop(10000);
	}

	notesAndForecastSuite(() => stack, startEngine);
});
