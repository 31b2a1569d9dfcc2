/**
 * One definition per figure across reports (issue 18): refunds are never orders nor customers,
 * one stock status everywhere, `_embed` on downloads, hour intervals across a clock change.
 */
import type { RunningServer } from '../../index.js';
import { localToUtc, localToUtcLast, parseNaive, formatSql } from '../../db/store-time.js';
import { get, startFixtureServer } from './fixtures.js';

type Row = Record<string, unknown>;
interface Stats {
	totals: Record<string, number>;
	intervals: Array<Record<string, unknown> & { subtotals: Record<string, number> }>;
}

const RANGE = 'after=2021-12-01T00:00:00&before=2021-12-03T23:59:59';

/** A store needs an order (one without any is seeded as a demo store on start). */
const ONE_ORDER = [
	{
		id: 1,
		date: '2021-06-01 10:00:00',
		status: 'completed',
		customer: 1,
		lines: [{ product: 2, qty: 1, net: 10 }],
	},
];

describe('refund rows are not orders, and their customers are not customers of the period', () => {
	let server: RunningServer;
	beforeAll(async () => {
		server = await startFixtureServer({
			orders: [
				// Before the range: customer 2's order, refunded inside the range.
				{
					id: 1,
					date: '2021-10-01 10:00:00',
					status: 'completed',
					customer: 2,
					lines: [{ product: 1, qty: 1, net: 10 }],
				},
				{
					id: 2,
					date: '2021-12-01 10:00:00',
					status: 'completed',
					customer: 1,
					lines: [{ product: 1, qty: 1, net: 10 }],
				},
				// A refund of quantity only (no money): its line's gross revenue is 0.
				{
					id: 3,
					date: '2021-12-02 10:00:00',
					status: 'completed',
					customer: 2,
					refundOf: 1,
					lines: [{ product: 1, qty: -1, net: 0 }],
				},
				{
					id: 4,
					date: '2021-12-01 11:00:00',
					status: 'completed',
					customer: 1,
					lines: [{ product: 3, variation: 31, qty: 1, net: 40 }],
				},
				{
					id: 5,
					date: '2021-12-02 11:00:00',
					status: 'completed',
					customer: 1,
					refundOf: 4,
					lines: [{ product: 3, variation: 31, qty: -1, net: 0 }],
				},
			],
		});
	}, 60000);
	afterAll(async () => {
		await server.close();
	});

	it('counts customers of orders only: never more customers than orders', async () => {
		const orders = await get<Stats>(
			server,
			`/wc-analytics/reports/orders/stats?${RANGE}&interval=day`,
		);
		expect(orders.body.totals.orders_count).toBe(2);
		expect(orders.body.totals.total_customers).toBe(1);
		for (const i of orders.body.intervals)
			expect(i.subtotals.total_customers).toBeLessThanOrEqual(i.subtotals.orders_count);
	});

	it('counts a customer once over a short range and once in each hour she ordered in', async () => {
		// Up to a week, a source's buckets and distinct totals are one statement; longer ranges
		// count them apart: the days they share agree.
		const hours = await get<Stats>(
			server,
			'/wc-analytics/reports/revenue/stats?after=2021-12-01T00:00:00&before=2021-12-01T23:59:59&interval=hour&order=asc&per_page=100',
		);
		expect(hours.body.totals.total_customers).toBe(1);
		expect(hours.body.totals.orders_count).toBe(2);
		const ordered = hours.body.intervals.filter((i) => i.subtotals.orders_count > 0);
		expect(ordered.map((i) => [i.interval, i.subtotals.total_customers])).toEqual([
			['2021-12-01 10', 1],
			['2021-12-01 11', 1],
		]);
		const short = await get<Stats>(
			server,
			`/wc-analytics/reports/revenue/stats?${RANGE}&interval=day&order=asc`,
		);
		const long = await get<Stats>(
			server,
			'/wc-analytics/reports/revenue/stats?after=2021-11-15T00:00:00&before=2021-12-03T23:59:59&interval=day&order=asc&per_page=100',
		);
		expect(long.body.totals).toEqual(short.body.totals);
		expect(long.body.intervals.slice(-3)).toEqual(short.body.intervals);
	});

	it('gives the same daily order counts in products stats and revenue stats', async () => {
		const revenue = await get<Stats>(
			server,
			`/wc-analytics/reports/revenue/stats?${RANGE}&interval=day&order=asc`,
		);
		const products = await get<Stats>(
			server,
			`/wc-analytics/reports/products/stats?${RANGE}&interval=day&order=asc`,
		);
		expect(products.body.intervals.map((i) => i.subtotals.orders_count)).toEqual(
			revenue.body.intervals.map((i) => i.subtotals.orders_count),
		);
		expect(products.body.totals.orders_count).toBe(2);
		// Not whole days: the line-level path gives the same.
		const partial = await get<Stats>(
			server,
			'/wc-analytics/reports/products/stats?after=2021-12-01T00:00:00&before=2021-12-03T12:00:00&interval=day',
		);
		expect(partial.body.totals.orders_count).toBe(2);
	});

	it('never counts refund rows in orders_count of any list or segment', async () => {
		const categories = await get<Row[]>(
			server,
			`/wc-analytics/reports/categories?${RANGE}&orderby=category_id&order=asc`,
		);
		expect(categories.body.map((r) => [r.category_id, r.orders_count])).toEqual([
			[1, 2],
			[2, 1],
		]);
		const chart = await get<Stats>(
			server,
			`/wc-analytics/reports/products/stats?${RANGE}&segmentby=category&categories=1,2`,
		);
		const segments = (
			chart.body.totals as unknown as {
				segments: Array<{ segment_id: number; subtotals: Row }>;
			}
		).segments;
		expect(segments.map((s) => [s.segment_id, s.subtotals.orders_count])).toEqual([
			[1, 2],
			[2, 1],
		]);
		const products = await get<Row[]>(
			server,
			`/wc-analytics/reports/products?${RANGE}&orderby=product_name&order=asc&extended_info=true`,
		);
		expect(products.body.map((r) => [r.product_id, r.orders_count])).toEqual([
			[3, 1],
			[1, 1],
		]);
		const variations = await get<Row[]>(server, `/wc-analytics/reports/variations?${RANGE}`);
		expect(variations.body.map((r) => [r.variation_id, r.orders_count])).toEqual([[31, 1]]);
	});
});

describe('stock status: one definition for the stock report, its counts, products and the Stock screen', () => {
	let server: RunningServer;
	beforeAll(async () => {
		server = await startFixtureServer({ orders: ONE_ORDER });
	}, 60000);
	afterAll(async () => {
		await server.close();
	});

	it('labels every row by the same status its summary counts', async () => {
		// Fixture: Shirt (1) managed, 2 left (store threshold 2) → low stock; Album (2) not managed;
		// Hoodie (3) variable, not managed; Hoodie - Red (31) managed, 0 left → out of stock.
		const rows = await get<Row[]>(
			server,
			'/wc-analytics/reports/stock?type=all&orderby=title&order=asc&per_page=100',
		);
		expect(rows.body.map((r) => [r.id, r.stock_status, r.stock_quantity])).toEqual([
			[2, 'instock', null],
			[3, 'instock', null],
			// A variable product's variations come right beneath it.
			[31, 'outofstock', 0],
			[1, 'lowstock', 2],
		]);
		const stats = await get<{ totals: Record<string, number> }>(
			server,
			'/wc-analytics/reports/stock/stats',
		);
		expect(stats.body.totals).toEqual({
			lowstock: 1,
			instock: 2,
			outofstock: 1,
			onbackorder: 0,
			products: 4,
		});
		for (const type of ['lowstock', 'instock', 'outofstock']) {
			const list = await get<Row[]>(server, `/wc-analytics/reports/stock?type=${type}`);
			expect(list.body.every((r) => r.stock_status === type)).toBe(true);
			expect(Number(list.headers.get('x-wp-total'))).toBe(stats.body.totals[type]);
		}
	});

	it('lists low and out-of-stock products and variations on the Stock screen, and a restock leaves it', async () => {
		const low = await get<Row[]>(
			server,
			'/wc-analytics/products?low_in_stock=true&status=publish&per_page=25',
		);
		expect(low.body.map((r) => [r.id, r.type, r.effective_stock_status])).toEqual([
			[31, 'variation', 'outofstock'],
			[1, 'simple', 'lowstock'],
		]);
		const count = await get<Row[]>(
			server,
			'/wc-analytics/products/low-in-stock?page=1&per_page=1&status=publish',
		);
		expect(count.headers.get('x-wp-total')).toBe('2');
		const res = await fetch(`${server.url}/wp-json/wc-analytics/products/1`, {
			method: 'PUT',
			headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': 'test-nonce' },
			body: JSON.stringify({ stock_quantity: 25 }),
		});
		const updated = (await res.json()) as Row;
		expect(updated).toMatchObject({
			stock_quantity: 25,
			stock_status: 'instock',
			effective_stock_status: 'instock',
		});
		const after = await get<Row[]>(
			server,
			'/wc-analytics/products?low_in_stock=true&status=publish&per_page=25',
		);
		expect(after.body.map((r) => r.id)).toEqual([31]);
		const report = await get<Row[]>(server, '/wc-analytics/reports/stock?include=1');
		expect(report.body[0]).toMatchObject({ stock_status: 'instock', stock_quantity: 25 });
	});
});

describe('downloads: _embed', () => {
	let server: RunningServer;
	beforeAll(async () => {
		server = await startFixtureServer({ orders: ONE_ORDER });
	}, 60000);
	afterAll(async () => {
		await server.close();
	});

	it('embeds the product of each row (and the error of a deleted one)', async () => {
		const db = server.ctx.db;
		await db.exec(`
			INSERT INTO users (id, username, email, first_name, last_name, date_registered) VALUES (11, 'ada', 'ada@example.com', 'Ada', 'Lovelace', '2021-01-01');
			INSERT INTO product_downloads (download_id, product_id, name, file) VALUES ('d1', 2, 'Album', 'https://example.com/album.zip'), ('d2', 99, 'Gone', 'https://example.com/gone.zip');
			INSERT INTO downloadable_product_permissions (permission_id, download_id, product_id, order_id, user_id, access_granted) VALUES (1, 'd1', 2, 1, 11, '2021-01-01'), (2, 'd2', 99, 1, 11, '2021-01-01');
			INSERT INTO download_log (download_log_id, timestamp, permission_id, user_id, user_ip_address) VALUES (1, '2021-12-01 10:00:00', 1, 11, '10.0.0.1'), (2, '2021-12-01 11:00:00', 2, 11, '10.0.0.1');
		`);
		server.ctx.notifyWrite();
		const rows = await get<Row[]>(
			server,
			`/wc-analytics/reports/downloads?${RANGE}&orderby=date&order=asc&_embed=true`,
		);
		const embedded = rows.body.map(
			(r) => (r._embedded as { product: Row[] } | undefined)?.product[0],
		);
		expect(embedded[0]).toMatchObject({ id: 2, name: 'Album', slug: 'album' });
		expect(embedded[1]).toMatchObject({ code: 'woocommerce_rest_product_invalid_id' });
		const plain = await get<Row[]>(server, `/wc-analytics/reports/downloads?${RANGE}`);
		expect(plain.body[0]._embedded).toBeUndefined();
	});
});

describe('hour intervals across the clocks going back', () => {
	it('converts a wall time that happens twice to its first instant in every zone', () => {
		const utc = (local: string, tz: string): string =>
			formatSql(localToUtc(parseNaive(local), tz));
		const last = (local: string, tz: string): string =>
			formatSql(localToUtcLast(parseNaive(local), tz));
		// Auckland: 2021-04-04 03:00 NZDT (UTC+13) → 02:00 NZST (UTC+12).
		expect(utc('2021-04-04 02:30:00', 'Pacific/Auckland')).toBe('2021-04-03 13:30:00');
		expect(last('2021-04-04 02:30:00', 'Pacific/Auckland')).toBe('2021-04-03 14:30:00');
		// New York: 2021-11-07 02:00 EDT (UTC−4) → 01:00 EST (UTC−5).
		expect(utc('2021-11-07 01:30:00', 'America/New_York')).toBe('2021-11-07 05:30:00');
		expect(last('2021-11-07 01:30:00', 'America/New_York')).toBe('2021-11-07 06:30:00');
		// Ordinary wall times have one instant.
		expect(utc('2021-06-01 12:00:00', 'Pacific/Auckland')).toBe('2021-06-01 00:00:00');
	});

	for (const [zone, day, hour, startGmt, endGmt] of [
		['Pacific/Auckland', '2021-04-04', '02', '2021-04-03 13:00:00', '2021-04-03 14:59:59'],
		['America/New_York', '2021-11-07', '01', '2021-11-07 05:00:00', '2021-11-07 06:59:59'],
	] as const) {
		it(`${zone}: the repeated hour is one interval from its first to its last instant`, async () => {
			const server = await startFixtureServer({
				timeZone: zone,
				orders: [
					{
						id: 1,
						date: `${day} ${hour}:30:00`,
						status: 'completed',
						customer: 1,
						lines: [{ product: 1, qty: 1, net: 10 }],
					},
				],
			});
			try {
				const stats = await get<Stats>(
					server,
					`/wc-analytics/reports/revenue/stats?interval=hour&order=asc&per_page=100&after=${day}T00:00:00&before=${day}T05:59:59`,
				);
				const keys = stats.body.intervals.map((i) => i.interval);
				expect(keys.filter((k) => k === `${day} ${hour}`)).toHaveLength(1);
				const repeated = stats.body.intervals.find((i) => i.interval === `${day} ${hour}`);
				expect(repeated).toMatchObject({
					date_start_gmt: startGmt,
					date_end_gmt: endGmt,
				});
				expect(repeated?.subtotals.orders_count).toBe(1);
				// Consecutive intervals leave no gap and never overlap in UTC.
				const list = stats.body.intervals;
				for (let i = 1; i < list.length; i++) {
					const prevEnd = Date.parse(`${String(list[i - 1].date_end_gmt)}Z`);
					const start = Date.parse(`${String(list[i].date_start_gmt)}Z`);
					expect(start - prevEnd).toBe(1000);
				}
			} finally {
				await server.close();
			}
		}, 60000);
	}
});
