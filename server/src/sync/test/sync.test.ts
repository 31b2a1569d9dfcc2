/**
 * The store sync against a local fake WooCommerce (fake-woo.ts): paging, retries (429, 5xx, a
 * page that is not JSON, a list of non-orders), resuming a stopped backfill without duplicates,
 * incremental rounds catching status changes, new refunds, trashed and deleted orders, a catalogue
 * round reading the settings once, refunds read from `wc/v3/refunds` by their ids or order by
 * order (a store without that route), the sync status, and what the reports read from the store
 * (payment, shipping, origin and place breakdowns; cost of goods sold in the profit report; the
 * store's date type).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Db } from '../../core/db.js';
import { REPORTS_CAPABILITY, signEngineToken } from '../../engine-auth/index.js';
import { startServer } from '../../index.js';
import { StoreSync, type SyncOptions } from '../store-sync.js';
import { syncStatus } from '../index.js';
import { prepareEngineDatabase } from '../prepare.js';
import { listEngineStores, listStores, readState, registerStore } from '../registry.js';
import { FAKE_COSTS, FakeWoo } from './fake-woo.js';

// Databases and HTTP servers on a loaded 2-core machine.
jest.setTimeout(120_000);

const noWait = { sleep: async () => undefined, backoffMs: 1, timeoutMs: 5000 };

async function engineDb(woo: FakeWoo, file = ':memory:', fullScanEvery?: number): Promise<Db> {
	const db = await Db.open(file);
	await prepareEngineDatabase(db);
	await registerStore(db, {
		url: woo.url,
		auth: { kind: 'keys', key: 'ck_test', secret: 'cs_test' },
		fullScanEvery,
	});
	return db;
}

async function newSync(db: Db, extra: Partial<SyncOptions> = {}): Promise<StoreSync> {
	const [store] = await listStores(db);
	return new StoreSync({ db, store, client: noWait, ...extra });
}

async function orderCounts(db: Db): Promise<{ rows: number; distinct: number; stats: number }> {
	const row = await db.one<{ rows: number; distinct: number; stats: number }>(
		`SELECT (SELECT count(*) FROM orders WHERE parent_id = 0) AS rows,
			(SELECT count(DISTINCT id) FROM orders WHERE parent_id = 0) AS distinct,
			(SELECT count(*) FROM order_stats WHERE parent_id = 0) AS stats`,
	);
	return { rows: Number(row?.rows), distinct: Number(row?.distinct), stats: Number(row?.stats) };
}

describe('backfill', () => {
	let woo: FakeWoo;
	beforeEach(async () => {
		woo = new FakeWoo(250);
		await woo.start();
	});
	afterEach(() => woo.close());

	test('reads every page once, writes every order once, with progress and the store settings', async () => {
		const db = await engineDb(woo);
		const lines: string[] = [];
		const sync = await newSync(db, { log: (l) => lines.push(l) });
		await sync.backfill();
		expect(await orderCounts(db)).toEqual({ rows: 250, distinct: 250, stats: 250 });
		const pages = woo.requests.filter(
			(r) =>
				r.startsWith('wc/v3/orders?') && r.includes('orderby=id') && !r.includes('_fields'),
		);
		expect(pages.map((r) => new URLSearchParams(r.split('?')[1]).get('page'))).toEqual([
			'1',
			'2',
			'3',
		]);
		expect(
			lines.some((l) => /^Backfill: 250 \/ 250 orders \(100 %\), \d+ orders\/s/.test(l)),
		).toBe(true);
		expect(lines.some((l) => l.startsWith('Backfill done: 250 orders'))).toBe(true);
		const options = Object.fromEntries(
			(await db.all<{ name: string; value: string }>('SELECT name, value FROM options')).map(
				(o) => [o.name, JSON.parse(o.value)],
			),
		);
		expect(options).toMatchObject({
			timezone_string: 'Europe/Paris',
			woocommerce_currency: 'EUR',
			blogname: 'Fake store',
		});
		// Registered customers by user, guests by e-mail: one customer row each.
		const customers = await db.all('SELECT user_id, email FROM customer_lookup ORDER BY email');
		expect(customers).toHaveLength(6);
		expect((await readState(db, woo.url)).phase).toBe('incremental');
		db.close();
	});

	test('reads the orders before the full list of registered customers, then every customer once', async () => {
		// A registered customer without orders, and one who changes her name later.
		woo.customers.push({
			id: 8,
			email: 'grace@example.test',
			first_name: 'Grace',
			last_name: 'Hopper',
			username: 'grace',
		});
		const db = await engineDb(woo, ':memory:', 1);
		const sync = await newSync(db);
		await sync.backfill();
		const firstOrders = woo.requests.findIndex(
			(r) => r.startsWith('wc/v3/orders?') && r.includes('orderby=id'),
		);
		const fullList = woo.requests.findIndex(
			(r) => r.startsWith('wc/v3/customers?') && !r.includes('include='),
		);
		expect(firstOrders).toBeGreaterThanOrEqual(0);
		expect(fullList).toBeGreaterThan(firstOrders);
		const registered = () =>
			db.all<{ customer_id: number; user_id: number; username: string; first_name: string }>(
				'SELECT customer_id, user_id, username, first_name FROM customer_lookup WHERE user_id IS NOT NULL ORDER BY user_id',
			);
		const before = await registered();
		expect(before.map((c) => [Number(c.user_id), c.username, c.first_name])).toEqual([
			[7, 'ada', 'Ada'],
			[8, 'grace', 'Grace'],
		]);
		expect(
			(await db.all('SELECT id, username FROM users ORDER BY id')).map((u) => [
				Number(u.id),
				u.username,
			]),
		).toEqual([
			[7, 'ada'],
			[8, 'grace'],
		]);
		// A catalogue round reads the list again: the changed name, the same rows and ids.
		woo.customers[0].first_name = 'Augusta Ada';
		await sync.round();
		const after = await registered();
		expect(after.map((c) => [Number(c.user_id), c.first_name])).toEqual([
			[7, 'Augusta Ada'],
			[8, 'Grace'],
		]);
		expect(after.map((c) => Number(c.customer_id))).toEqual(
			before.map((c) => Number(c.customer_id)),
		);
		expect(await db.one('SELECT count(*) AS n FROM users')).toEqual({ n: 2 });
		db.close();
	});

	test("asks for the next pages while a group's customers and refunds are read and written", async () => {
		const big = new FakeWoo(1000);
		await big.start();
		try {
			for (const order of big.orders.values()) {
				if (order.id % 10 === 3)
					order.refunds = [{ id: 9000 + order.id, amount: 1, qty: 1, date: order.date }];
			}
			big.latencyMs = 30;
			// Customers and refunds answer slowly: requests asked side by side overlap even when a
			// busy machine starts one of them a few hundred milliseconds late; asked one after the
			// other, they never do.
			big.routeLatencyMs = { 'wc/v3/refunds': 600, 'wc/v3/customers': 600 };
			const db = await engineDb(big);
			await (await newSync(db)).backfill();
			expect(await orderCounts(db)).toEqual({ rows: 1000, distinct: 1000, stats: 1000 });
			const pages = big.timeline.filter((t) => t.route === 'wc/v3/orders');
			const lookups = (route: string) => big.timeline.filter((t) => t.route === route);
			const overlap = (
				a: { start: number; end: number },
				b: { start: number; end: number },
			): boolean => a.start < b.end && b.start < a.end;
			// Pages of orders go on while refunds are read (the group before), three at most.
			expect(pages.some((p) => lookups('wc/v3/refunds').some((r) => overlap(p, r)))).toBe(
				true,
			);
			expect(big.mostAtOnce((route) => route === 'wc/v3/orders')).toBeLessThanOrEqual(3);
			// A group's customers and refunds are read side by side.
			expect(
				lookups('wc/v3/customers').some((c) =>
					lookups('wc/v3/refunds').some((r) => overlap(c, r)),
				),
			).toBe(true);
			db.close();
		} finally {
			await big.close();
		}
	});

	test('the time zone and name from the REST index, the date and time formats in one request', async () => {
		woo.siteOptions = { date_format: 'd/m/Y', time_format: 'H:i' };
		const db = await engineDb(woo);
		const sync = await newSync(db);
		await sync.syncSettings();
		const options = Object.fromEntries(
			(await db.all<{ name: string; value: string }>('SELECT name, value FROM options')).map(
				(o) => [o.name, JSON.parse(o.value)],
			),
		);
		expect(options).toMatchObject({
			timezone_string: 'Europe/Paris',
			gmt_offset: 1,
			blogname: 'Fake store',
			date_format: 'd/m/Y',
			time_format: 'H:i',
		});
		expect(
			woo.requests
				.filter((r) => r.startsWith('wc-admin/options?'))
				.map((r) => new URLSearchParams(r.split('?')[1]).get('options')),
		).toEqual(['date_format,time_format']);
		db.close();
	});

	test('retries a 429 (after Retry-After), a 502, a page that is not JSON and a list of non-orders', async () => {
		woo.fail('wc/v3/orders', [
			{ status: 429, headers: { 'Retry-After': '0' }, body: '{}' },
			{ status: 502, body: '<html>Bad gateway</html>' },
			{ status: 200, body: '<html><body>Fatal error</body>' },
			{ status: 200, body: '[1, 2, 3]' },
		]);
		const db = await engineDb(woo);
		const retries: string[] = [];
		const sync = await newSync(db, {
			client: { ...noWait, onRetry: (i) => retries.push(i.error) },
		});
		await sync.backfill();
		expect(retries).toEqual([
			'the store answered 429 to wc/v3/orders',
			'the store answered 502 to wc/v3/orders',
			'the store answered wc/v3/orders with a page that is not JSON',
			'the store answered wc/v3/orders with a list of non-objects',
		]);
		expect(await orderCounts(db)).toEqual({ rows: 250, distinct: 250, stats: 250 });
		db.close();
	});

	test('an order missing its id is a malformed page: asked again, never half-written', async () => {
		woo.fail('wc/v3/orders', [
			{
				status: 200,
				body: JSON.stringify([{ status: 'completed' }]),
				headers: { 'X-WP-Total': '1', 'X-WP-TotalPages': '1' },
			},
		]);
		const db = await engineDb(woo);
		const sync = await newSync(db);
		await sync.backfill();
		expect(await orderCounts(db)).toEqual({ rows: 250, distinct: 250, stats: 250 });
		db.close();
	});

	test('a store that keeps failing: the error is recorded, nothing is written', async () => {
		woo.fail(
			'wc/v3/orders',
			Array.from({ length: 10 }, () => ({ status: 503, body: 'down' })),
		);
		const db = await engineDb(woo);
		const sync = await newSync(db, { client: { ...noWait, retries: 2 } });
		await expect(sync.syncNow()).rejects.toThrow(
			'the store answered 503 to wc/v3/orders (gave up after 3 attempts)',
		);
		const status = await syncStatus(db, undefined);
		expect(status.stores[0].lastError?.message).toBe(
			'the store answered 503 to wc/v3/orders (gave up after 3 attempts)',
		);
		expect(status.stores[0].state).toBe('error');
		expect(await orderCounts(db)).toEqual({ rows: 0, distinct: 0, stats: 0 });
		db.close();
	});

	test('a backfill stopped after its first batch resumes at the next page and never duplicates an order', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-sync-'));
		const file = path.join(dir, 'engine.duckdb');
		try {
			let db = await engineDb(woo, file);
			let sync = await newSync(db, {
				pageSize: 50,
				batchOrders: 50,
				afterBatch: async () => {
					throw new Error('killed');
				},
			});
			await expect(sync.backfill()).rejects.toThrow('killed');
			const stopped = await readState(db, woo.url);
			expect(stopped).toMatchObject({
				phase: 'backfill',
				backfillPage: 1,
				backfillDone: 50,
				backfillTotal: 250,
			});
			expect(await orderCounts(db)).toEqual({ rows: 50, distinct: 50, stats: 50 });
			db.close();
			// A new process on the same file.
			woo.requests.length = 0;
			db = await Db.open(file);
			const status = await syncStatus(db, undefined);
			expect(status.stores[0].backfill).toMatchObject({ done: 50, total: 250 });
			sync = await newSync(db, { pageSize: 50 });
			await sync.backfill();
			const pages = woo.requests
				.filter(
					(r) =>
						r.startsWith('wc/v3/orders?') &&
						r.includes('orderby=id') &&
						!r.includes('_fields') &&
						!r.includes('include'),
				)
				.map((r) => Number(new URLSearchParams(r.split('?')[1]).get('page')));
			expect(pages.sort((a, b) => a - b)).toEqual([2, 3, 4, 5]);
			expect(await orderCounts(db)).toEqual({ rows: 250, distinct: 250, stats: 250 });
			db.close();
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('incremental rounds', () => {
	test('catch status changes, new refunds, trashed and deleted orders', async () => {
		const woo = new FakeWoo(120);
		await woo.start();
		try {
			const db = await engineDb(woo);
			const sync = await newSync(db);
			await sync.backfill();
			const revenue = async () =>
				Number(
					(
						await db.one<{ n: number }>(
							"SELECT sum(net_total) AS n FROM order_stats WHERE status NOT IN ('wc-cancelled', 'wc-pending', 'wc-failed')",
						)
					)?.n,
				);
			const before = await revenue();
			woo.touch(1001, { status: 'cancelled' });
			woo.touch(1002, {
				refunds: [{ id: 5002, amount: 4, qty: 1, date: '2026-11-01 09:00:00' }],
			});
			woo.touch(1003, {});
			woo.trash.add(1003);
			woo.orders.delete(1004);
			const round = await sync.round();
			expect(round).toMatchObject({ deleted: 2 });
			const rows = await db.all<{ id: number; status: string }>(
				'SELECT id, status FROM orders WHERE id IN (1001, 1002, 1003, 1004, 5002) ORDER BY id',
			);
			expect(rows).toEqual([
				{ id: 1001, status: 'cancelled' },
				{ id: 1002, status: 'completed' },
				{ id: 5002, status: 'completed' },
			]);
			const stats = await db.all(
				'SELECT order_id FROM order_stats WHERE order_id IN (1003, 1004)',
			);
			expect(stats).toEqual([]);
			const gone = [1001, 1003, 1004].map((id) => woo.orders.get(id)?.total ?? 0);
			const deletedTotal = 10 + (4 % 7);
			expect(await revenue()).toBeCloseTo(before - gone[0] - gone[1] - deletedTotal - 4, 6);
			expect(await orderCounts(db)).toEqual({ rows: 118, distinct: 118, stats: 118 });
			// A second round with nothing new writes nothing new.
			const again = await sync.round();
			expect(again.deleted).toBe(0);
			expect(await orderCounts(db)).toEqual({ rows: 118, distinct: 118, stats: 118 });
			const status = await syncStatus(db, undefined);
			expect(status.stores[0]).toMatchObject({
				id: woo.url,
				auth: 'keys',
				rounds: 2,
				lastError: null,
				backfill: null,
			});
			expect(status.stores[0].counts).toMatchObject({ orders: 118, refunds: 1, products: 2 });
			db.close();
		} finally {
			await woo.close();
		}
	});
});

describe('catalogue rounds', () => {
	test('read the settings once, at the start, then the whole catalogue', async () => {
		const woo = new FakeWoo(30);
		await woo.start();
		try {
			// Every round a catalogue round.
			const db = await engineDb(woo, ':memory:', 1);
			const sync = await newSync(db);
			await sync.backfill();
			woo.requests.length = 0;
			woo.dateType = 'date_completed';
			const round = await sync.round();
			expect(round.fullScan).toBe(true);
			const asked = (route: string) =>
				woo.requests.filter((r) => r.startsWith(`${route}?`)).length;
			expect({
				settings: asked('wc/v3/settings/general'),
				analytics: asked('wc-analytics/settings/wc_admin'),
				taxes: asked('wc/v3/taxes'),
				categories: asked('wc/v3/products/categories'),
				customers: asked('wc/v3/customers'),
			}).toEqual({ settings: 1, analytics: 1, taxes: 1, categories: 1, customers: 1 });
			const dateType = await db.one<{ value: string }>(
				"SELECT value FROM options WHERE name = 'woocommerce_date_type'",
			);
			expect(JSON.parse(dateType?.value ?? 'null')).toBe('date_completed');
			expect(sync.settings.lastChange?.names).toEqual(['woocommerce_date_type']);
			db.close();
		} finally {
			await woo.close();
		}
	});
});

describe('registered customers of a large store', () => {
	test('a catalogue round reads the newest customers, the whole list once a day', async () => {
		const woo = new FakeWoo(30);
		await woo.start();
		try {
			for (let id = 20; id < 25; id++) {
				woo.customers.push({
					id,
					email: `c${id}@example.test`,
					first_name: `C${id}`,
					last_name: 'Shopper',
					username: `c${id}`,
				});
			}
			let now = Date.parse('2026-11-30T12:00:00Z');
			// Every round a catalogue round; "large" from two registered customers on.
			const db = await engineDb(woo, ':memory:', 1);
			const sync = await newSync(db, { customerListUpTo: 2, now: () => now });
			await sync.backfill();
			const names = async () =>
				Object.fromEntries(
					(
						await db.all<{ user_id: number; first_name: string }>(
							'SELECT user_id, first_name FROM customer_lookup WHERE user_id IS NOT NULL',
						)
					).map((c) => [Number(c.user_id), c.first_name]),
				);
			expect(Object.keys(await names())).toHaveLength(6);
			// A new registration without orders, a changed name, then a round an hour later.
			woo.customers.push({
				id: 30,
				email: 'new@example.test',
				first_name: 'Newcomer',
				last_name: 'Shopper',
				username: 'new',
			});
			woo.customers[0].first_name = 'Augusta Ada';
			woo.requests.length = 0;
			now += 60 * 60 * 1000;
			await sync.round();
			const customerRequests = () =>
				woo.requests
					.filter((r) => r.startsWith('wc/v3/customers?') && !r.includes('include='))
					.map((r) => new URLSearchParams(r.split('?')[1]));
			// One page of the newest: the newcomer, then customers the engine knows.
			expect(
				customerRequests().map((q) => [q.get('orderby'), q.get('order'), q.get('page')]),
			).toEqual([['id', 'desc', '1']]);
			expect(await names()).toMatchObject({ 7: 'Ada', 30: 'Newcomer' });
			// A day after the whole list was read: the whole list again, with the changed name.
			woo.requests.length = 0;
			now += 24 * 60 * 60 * 1000;
			await sync.round();
			expect(customerRequests().some((q) => q.get('orderby') === null)).toBe(true);
			expect(await names()).toMatchObject({ 7: 'Augusta Ada', 30: 'Newcomer' });
			db.close();
		} finally {
			await woo.close();
		}
	});
});

describe('refunds', () => {
	/** Orders 1001–1060 with two refunds each, 1101–1130 with one. */
	function refundedStore(mode: FakeWoo['refundsCollection']): FakeWoo {
		const woo = new FakeWoo(250);
		woo.refundsCollection = mode;
		for (const order of woo.orders.values()) {
			const n = order.id <= 1060 ? 2 : order.id >= 1101 && order.id <= 1130 ? 1 : 0;
			order.refunds = Array.from({ length: n }, (_, i) => ({
				id: 5000 + order.id * 2 + i,
				amount: 1 + i,
				qty: 1,
				date: `2026-11-0${1 + i} 09:00:00`,
			}));
		}
		return woo;
	}

	/** Every row of the engine's tables (not the sync's state, the store's address, when done). */
	async function orderRows(db: Db): Promise<Record<string, unknown[]>> {
		const tables = await db.all<{ name: string }>(
			"SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'main' AND table_name NOT IN ('sync_state', 'sync_stores', 'abacus_store') ORDER BY 1",
		);
		const out: Record<string, unknown[]> = {};
		for (const { name } of tables) {
			out[name] = await db.all(`SELECT * FROM "${name}" ORDER BY ALL`);
		}
		return out;
	}

	/** The ids each `wc/v3/refunds` request asked for. */
	function bulkAsked(woo: FakeWoo): number[][] {
		return woo.requests
			.filter((r) => r.startsWith('wc/v3/refunds?'))
			.map((r) =>
				(new URLSearchParams(r.split('?')[1]).get('include') ?? '').split(',').map(Number),
			);
	}

	test('read from wc/v3/refunds by their ids, 100 a request, with the same rows as order by order (a store without that route)', async () => {
		const bulk = refundedStore('applies include');
		const perOrder = refundedStore('none');
		await bulk.start();
		await perOrder.start();
		try {
			const bulkDb = await engineDb(bulk);
			const perOrderDb = await engineDb(perOrder);
			const bulkLines: string[] = [];
			const perOrderLines: string[] = [];
			const bulkSync = await newSync(bulkDb, { log: (l) => bulkLines.push(l) });
			const perOrderSync = await newSync(perOrderDb, { log: (l) => perOrderLines.push(l) });
			await bulkSync.backfill();
			await perOrderSync.backfill();

			// 120 refunds of the first page (asked alone), 30 of the next two pages: 3 requests
			// instead of 90, each refund asked once.
			const asked = bulkAsked(bulk);
			expect(asked.map((ids) => ids.length)).toEqual([100, 20, 30]);
			const allIds = [...bulk.orders.values()].flatMap((o) => o.refunds.map((r) => r.id));
			expect(asked.flat().sort((a, b) => a - b)).toEqual(allIds.sort((a, b) => a - b));
			expect(bulk.requests.filter((r) => /^wc\/v3\/orders\/\d+\/refunds/.test(r))).toEqual(
				[],
			);
			// Without the route: one 404, then a request per refunded order.
			expect(bulkAsked(perOrder)).toHaveLength(1);
			expect(
				perOrder.requests.filter((r) => /^wc\/v3\/orders\/\d+\/refunds/.test(r)),
			).toHaveLength(90);
			expect(perOrderLines).toContain(
				`${perOrder.url} has no wc/v3/refunds route (404 rest_no_route): refunds are read order by order.`,
			);
			expect(bulkLines.some((l) => l.includes('order by order'))).toBe(false);

			const refunds = await bulkDb.one<{ n: number; total: number }>(
				'SELECT count(*) AS n, sum(net_total) AS total FROM order_stats WHERE parent_id <> 0',
			);
			expect({ n: Number(refunds?.n), total: Number(refunds?.total) }).toEqual({
				n: 150,
				total: -(60 * (1 + 2) + 30 * 1),
			});
			expect(await orderRows(bulkDb)).toEqual(await orderRows(perOrderDb));

			// A round: a new refund, and a refund deleted, read the same way on both.
			for (const woo of [bulk, perOrder]) {
				const second = woo.orders.get(1002)?.refunds ?? [];
				woo.touch(1002, { refunds: second.slice(0, 1) });
				woo.touch(1200, {
					refunds: [{ id: 9200, amount: 3, qty: 1, date: '2026-11-03 09:00:00' }],
				});
				woo.requests.length = 0;
			}
			await bulkSync.round();
			await perOrderSync.round();
			expect(bulkAsked(bulk)).toEqual([[7004, 9200]]);
			expect(bulkAsked(perOrder)).toEqual([]);
			const after = await bulkDb.all<{ id: number; parent_id: number }>(
				'SELECT id, parent_id FROM orders WHERE parent_id IN (1002, 1200) ORDER BY id',
			);
			expect(after).toEqual([
				{ id: 7004, parent_id: 1002 },
				{ id: 9200, parent_id: 1200 },
			]);
			expect(await orderRows(bulkDb)).toEqual(await orderRows(perOrderDb));
			bulkDb.close();
			perOrderDb.close();
		} finally {
			await bulk.close();
			await perOrder.close();
		}
	});

	test('a store whose wc/v3/refunds answers refunds not asked for: read order by order, the same rows', async () => {
		const ignoring = refundedStore('ignores include');
		const bulk = refundedStore('applies include');
		await ignoring.start();
		await bulk.start();
		try {
			const ignoringDb = await engineDb(ignoring);
			const bulkDb = await engineDb(bulk);
			const lines: string[] = [];
			await (await newSync(ignoringDb, { log: (l) => lines.push(l) })).backfill();
			await (await newSync(bulkDb)).backfill();
			expect(bulkAsked(ignoring)).toHaveLength(1);
			expect(
				ignoring.requests.filter((r) => /^wc\/v3\/orders\/\d+\/refunds/.test(r)),
			).toHaveLength(90);
			expect(lines).toContain(
				`${ignoring.url} answered wc/v3/refunds with refunds that were not asked for: refunds are read order by order.`,
			);
			expect(await orderRows(ignoringDb)).toEqual(await orderRows(bulkDb));
			ignoringDb.close();
			bulkDb.close();
		} finally {
			await ignoring.close();
			await bulk.close();
		}
	});
});

describe('reads while the sync writes', () => {
	test('answer at once from the last committed state, never half a batch', async () => {
		const woo = new FakeWoo(300);
		await woo.start();
		try {
			const db = await engineDb(woo);
			const sync = await newSync(db, { batchOrders: 100, pageSize: 100 });
			let release: () => void = () => undefined;
			const gate = new Promise<void>((resolve) => {
				release = resolve;
			});
			let committedPage = 0;
			const counts: number[] = [];
			const backfill = sync.backfill();
			// Once a batch is committed, hold a write transaction open (as a long batch would:
			// a status changed, the lookups emptied) and read meanwhile.
			const reading = (async () => {
				while (committedPage < 1) {
					await new Promise((r) => setTimeout(r, 20));
					committedPage = (await readState(db, woo.url)).backfillPage;
				}
			})();
			await reading;
			// The held transaction is queued behind the sync's writes: read only once it is open,
			// and roll it back afterwards so that it leaves the store as the sync wrote it.
			let opened: () => void = () => undefined;
			const inside = new Promise<void>((resolve) => {
				opened = resolve;
			});
			const held = db.transaction(async () => {
				await db.run("UPDATE orders SET status = 'on-hold' WHERE id = 1001");
				await db.run('DELETE FROM order_stats');
				opened();
				await gate;
				throw new Error('rolled back on purpose');
			});
			await inside;
			const started = Date.now();
			counts.push(
				Number((await db.one<{ n: number }>('SELECT count(*) AS n FROM order_stats'))?.n),
			);
			const status = await db.one<{ status: string }>(
				'SELECT status FROM orders WHERE id = 1001',
			);
			expect(Date.now() - started).toBeLessThan(5000);
			expect(counts[0]).toBeGreaterThanOrEqual(100);
			expect(status?.status).toBe('completed');
			release();
			await expect(held).rejects.toThrow('rolled back on purpose');
			await backfill;
			expect(await orderCounts(db)).toEqual({ rows: 300, distinct: 300, stats: 300 });
			db.close();
		} finally {
			await woo.close();
		}
	});
});

describe('the server with a registered store', () => {
	test('backfills on start, keeps rounds going and reports them at GET /wp-json/abacus/v1/sync', async () => {
		const woo = new FakeWoo(150);
		await woo.start();
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-sync-server-'));
		const file = path.join(dir, 'engine.duckdb');
		try {
			const db = await engineDb(woo, file);
			const [engineStore] = await listEngineStores(db);
			db.close();
			const server = await startServer({
				databasePath: file,
				quiet: true,
				sync: { intervalSeconds: 1 },
			});
			try {
				const now = Math.floor(Date.now() / 1000);
				const token = signEngineToken(
					{
						store: engineStore.id,
						sub: 1,
						cap: REPORTS_CAPABILITY,
						iat: now,
						exp: now + 600,
						aud: server.url,
					},
					engineStore.secret,
				);
				const status = async () => {
					const response = await fetch(`${server.url}/wp-json/abacus/v1/sync`, {
						headers: { Authorization: `Bearer ${token}` },
					});
					expect(response.status).toBe(200);
					return (await response.json()) as {
						stores: Array<{
							rounds: number;
							counts: { orders: number };
							state: string;
						}>;
					};
				};
				let body = await status();
				for (let i = 0; i < 200 && body.stores[0].rounds < 2; i++) {
					await new Promise((r) => setTimeout(r, 100));
					body = await status();
				}
				expect(body.stores[0]).toMatchObject({
					id: woo.url,
					counts: { orders: 150 },
					lastError: null,
					backfill: null,
				});
				expect(body.stores[0].rounds).toBeGreaterThanOrEqual(2);
				const unauthorised = await fetch(`${server.url}/wp-json/abacus/v1/sync`);
				expect(unauthorised.status).toBe(401);
			} finally {
				await server.close();
			}
		} finally {
			await woo.close();
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});

/**
 * Syncs the fake store into a database file, then serves it (no sync) to `run`; every round reads
 * the catalogue and settings.
 */
async function syncedServer(
	woo: FakeWoo,
	run: (
		get: <T>(route: string) => Promise<T>,
		store: { reopen: () => Promise<void> },
	) => Promise<void>,
): Promise<void> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-sync-reports-'));
	const file = path.join(dir, 'engine.duckdb');
	try {
		const db = await engineDb(woo, file, 1);
		const [engineStore] = await listEngineStores(db);
		await (await newSync(db)).backfill();
		db.close();
		const serve = async () => {
			const server = await startServer({ databasePath: file, quiet: true, sync: false });
			const now = Math.floor(Date.now() / 1000);
			const token = signEngineToken(
				{
					store: engineStore.id,
					sub: 1,
					cap: REPORTS_CAPABILITY,
					iat: now,
					exp: now + 600,
					aud: server.url,
				},
				engineStore.secret,
			);
			const get = async <T>(route: string): Promise<T> => {
				const response = await fetch(`${server.url}/wp-json${route}`, {
					headers: { Authorization: `Bearer ${token}` },
				});
				expect(response.status).toBe(200);
				return (await response.json()) as T;
			};
			return { server, get };
		};
		let running = await serve();
		try {
			await run((route) => running.get(route), {
				// Stops the server, runs a sync round on the file, serves it again.
				reopen: async () => {
					await running.server.close();
					const again = await Db.open(file);
					try {
						await (await newSync(again)).round();
					} finally {
						again.close();
					}
					running = await serve();
				},
			});
		} finally {
			await running.server.close();
		}
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

const OCTOBER = 'after=2026-10-01T00:00:00&before=2026-10-31T23:59:59';

interface BreakdownItem {
	key: string;
	label: string;
	orders_count: number;
	net_revenue: number;
}

describe('what the reports read from the store', () => {
	test('payment methods, shipping methods, origins and places show the store’s values', async () => {
		const woo = new FakeWoo(40);
		await woo.start();
		try {
			await syncedServer(woo, async (get) => {
				const report = async (slug: string, query = '') =>
					(
						await get<BreakdownItem[]>(
							`/wc-analytics/reports/${slug}?${OCTOBER}&per_page=-1${query}`,
						)
					)
						.map((i) => [i.key, i.label, i.orders_count])
						.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
				// 40 orders, every tenth cancelled (excluded): 36 counted, 20 odd ids (1001, 1003 …:
				// bank transfer, flat rate, newsletter, France), 16 even ones.
				expect(await report('payment-methods')).toEqual([
					['bacs', 'Direct bank transfer', 20],
					['cod', 'Cash on delivery', 16],
				]);
				expect(await report('shipping-methods')).toEqual([
					['flat_rate', 'Flat rate', 20],
					['local_pickup', 'Local pickup', 16],
				]);
				const origins = await report('origins');
				expect(origins.map((o) => o[2])).toEqual([16, 20]);
				expect(origins.map((o) => String(o[0])).join(' ')).toMatch(/google.*newsletter/);
				expect(await report('origins', '&group_by=device')).toEqual([['Mobile', '', 36]]);
				expect(await report('places', '&group_by=shipping_country')).toEqual([
					['DE', '', 16],
					['FR', '', 20],
				]);
			});
		} finally {
			await woo.close();
		}
	});

	test('the profit report uses the store’s cost of goods sold', async () => {
		const woo = new FakeWoo(40);
		woo.cogs = true;
		await woo.start();
		const counted = [...woo.orders.values()].filter((o) => o.status !== 'cancelled');
		const revenue = counted.reduce((s, o) => s + o.total, 0);
		const cost = counted.reduce((s, o) => s + FAKE_COSTS[o.product_id] * o.qty, 0);
		try {
			await syncedServer(woo, async (get) => {
				const stats = await get<{ totals: Record<string, number> }>(
					`/wc-analytics/reports/profit/stats?${OCTOBER}&interval=month`,
				);
				expect(stats.totals.net_revenue).toBeCloseTo(revenue, 2);
				expect(stats.totals.cost).toBeCloseTo(cost, 2);
				expect(stats.totals.gross_profit).toBeCloseTo(revenue - cost, 2);
				expect(stats.totals.items_without_cost).toBe(0);
				// The products' own costs are in the cost history, from the store's today on.
				const costs = await get<{ history: Array<Record<string, unknown>> }>(
					'/abacus/v1/costs?product=11',
				);
				expect(costs.history).toEqual([
					expect.objectContaining({
						product_id: 11,
						variation_id: 0,
						cost: FAKE_COSTS[11],
						source: 'woocommerce',
					}),
				]);
			});
		} finally {
			await woo.close();
		}
	});

	test('the store’s date type: under the paid date an unpaid order is in no revenue figure, in force once read', async () => {
		const woo = new FakeWoo(20);
		woo.dateType = 'date_created';
		const unpaid = woo.orders.get(1001);
		if (!unpaid) throw new Error('no order 1001');
		unpaid.paid = false;
		await woo.start();
		const counted = [...woo.orders.values()].filter((o) => o.status !== 'cancelled');
		const all = counted.reduce((s, o) => s + o.total, 0);
		try {
			await syncedServer(woo, async (get, { reopen }) => {
				const revenue = async () =>
					(
						await get<{ totals: Record<string, number> }>(
							`/wc-analytics/reports/revenue/stats?${OCTOBER}&interval=month`,
						)
					).totals;
				expect(await revenue()).toMatchObject({
					orders_count: counted.length,
					net_revenue: all,
				});
				woo.dateType = 'date_paid';
				await reopen();
				expect(await revenue()).toMatchObject({
					orders_count: counted.length - 1,
					net_revenue: all - unpaid.total,
				});
			});
		} finally {
			await woo.close();
		}
	});
});
