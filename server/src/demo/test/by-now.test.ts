/**
 * What follows an order in the demo store (its payment, completion, refund and downloads) has
 * happened by the moment the store is made, or not yet at all: none is dated after it, and none
 * is piled onto it. A store made early in the day used to show that day's returns several times
 * any other day's (every refund still to come dated at the store's making), net sales below zero
 * and products sold negative on the Overview.
 */
import { Db } from '../../core/db.js';
import { generateStore } from '../generate.js';

jest.setTimeout(120_000);

const NOW = new Date('2026-03-10T04:30:00Z');
const HOUR = 3_600_000;

let db: Db;

beforeAll(async () => {
	db = await Db.open(':memory:');
	await generateStore(db, { orders: 4000, seed: 7, timeZone: 'UTC', now: NOW, days: 300 });
});

afterAll(() => db?.close());

/**
 * How many of `times` fall in the window of `width` ms that ends at NOW, and the most that fell
 * in any of the `windows` windows of that width before it.
 */
function lastAgainstBefore(
	times: number[],
	width: number,
	windows: number,
): { last: number; most: number } {
	const counts = new Array<number>(windows + 1).fill(0);
	for (const t of times) {
		const back = Math.floor((NOW.getTime() - t) / width);
		if (back >= 0 && back <= windows) counts[back] += 1;
	}
	return { last: counts[0], most: Math.max(...counts.slice(1)) };
}

async function times(sql: string): Promise<number[]> {
	const rows = await db.all<{ at: string }>(sql);
	return rows.map((r) => new Date(`${r.at.replace(' ', 'T')}Z`).getTime());
}

const AT = (column: string): string => `strftime(${column}, '%Y-%m-%d %H:%M:%S.%g') AS at`;

test('no refund, payment, completion or download is dated after the store was made', async () => {
	const after = await db.all<{ what: string; n: number }>(
		`SELECT 'refund' AS what, CAST(count(*) AS INTEGER) AS n FROM orders
			WHERE type = 'shop_order_refund' AND date_created_gmt > $1
		UNION ALL SELECT 'payment', CAST(count(*) AS INTEGER) FROM orders WHERE date_paid > $1
		UNION ALL SELECT 'completion', CAST(count(*) AS INTEGER) FROM orders WHERE date_completed > $1
		UNION ALL SELECT 'download', CAST(count(*) AS INTEGER) FROM download_log WHERE timestamp > $1
		ORDER BY 1`,
		[NOW.toISOString().replace('T', ' ').replace('Z', '')],
	);
	expect(after).toEqual([
		{ what: 'completion', n: 0 },
		{ what: 'download', n: 0 },
		{ what: 'payment', n: 0 },
		{ what: 'refund', n: 0 },
	]);
});

test("the last day's refunds are no more than on any of the sixty days before it", async () => {
	const refunds = await times(
		`SELECT ${AT('date_created_gmt')} FROM orders WHERE type = 'shop_order_refund'`,
	);
	const { last, most } = lastAgainstBefore(refunds, 24 * HOUR, 60);
	expect(most).toBeGreaterThan(0);
	expect(last).toBeLessThanOrEqual(most);
});

test("the last hour's completed orders are no more than in any of the two weeks' hours before it", async () => {
	const completed = await times(
		`SELECT ${AT('date_completed')} FROM orders WHERE date_completed IS NOT NULL`,
	);
	const { last, most } = lastAgainstBefore(completed, HOUR, 14 * 24);
	expect(most).toBeGreaterThan(0);
	expect(last).toBeLessThanOrEqual(most);
});

test("the last day's downloads are no more than on any of the sixty days before it, and each permission counts its own", async () => {
	const downloads = await times(`SELECT ${AT('timestamp')} FROM download_log`);
	const { last, most } = lastAgainstBefore(downloads, 24 * HOUR, 60);
	expect(most).toBeGreaterThan(0);
	expect(last).toBeLessThanOrEqual(most);
	const miscounted = await db.all<{ n: number }>(
		`SELECT CAST(count(*) AS INTEGER) AS n FROM downloadable_product_permissions p
		WHERE p.download_count <> (SELECT count(*) FROM download_log l WHERE l.permission_id = p.permission_id)`,
	);
	expect(miscounted).toEqual([{ n: 0 }]);
});

test('every refunded order has its whole refund: none is refunded before its refund has come', async () => {
	const rows = await db.all<{ status: string; orders: number; refunded: number; full: number }>(
		`SELECT o.status, CAST(count(*) AS INTEGER) AS orders,
			CAST(count(r.id) AS INTEGER) AS refunded,
			CAST(count(*) FILTER (WHERE round(-r.total, 2) = round(o.total, 2)) AS INTEGER) AS full
		FROM orders o LEFT JOIN orders r ON r.parent_id = o.id AND r.type = 'shop_order_refund'
		WHERE o.type = 'shop_order' AND o.status IN ('refunded', 'completed')
		GROUP BY 1 ORDER BY 1`,
	);
	const byStatus = Object.fromEntries(rows.map((r) => [r.status, r]));
	expect(byStatus.refunded.orders).toBeGreaterThan(0);
	expect(byStatus.refunded.refunded).toBe(byStatus.refunded.orders);
	expect(byStatus.refunded.full).toBe(byStatus.refunded.orders);
	// A refund still to come leaves its order completed so far, with nothing refunded yet.
	expect(byStatus.completed.orders).toBeGreaterThan(byStatus.completed.refunded);
});
