/**
 * The leaderboards' products, categories and coupons over whole days on the embedded store come
 * from the daily roll-ups' rows kept in memory (`shared/board-rows.ts`), without a statement. Each
 * board and each list asked for as a board must equal what its statement answers, for every
 * range, status filter, page and order, with deleted items, and a write must be in the next answer.
 */
import type { Db } from '../../core/db.js';
import { applyOrderChanges } from '../../db/pipeline.js';
import { readOrder } from '../../db/test/read-order.js';
import { Query } from '../../http/params.js';
import type { SqlReader } from '../../metrics/dialect.js';
import { categoriesList } from '../categories/list.js';
import { couponsList } from '../coupons/list.js';
import { leaderboards } from '../dashboard/dashboard.js';
import { productsList } from '../products/list.js';
import { boardRowsRead } from '../shared/board-rows.js';
import type { ListOptions } from '../shared/list-query.js';
import { recordedStore, testSettings, WHOLE_DAYS } from './kept-fixtures.js';

jest.setTimeout(180_000);

const SETTINGS = testSettings({ dateBasis: 'date_created' });

const RANGES = WHOLE_DAYS;

/** Other queries of a list asked for as a board: statuses, pages, direction. */
const EXTRAS: Array<Record<string, unknown>> = [
	{},
	{ status_is: ['completed'] },
	{ status_is_not: ['completed', 'processing'] },
	{ status_is: ['any'] },
	{ page: 2, per_page: 3 },
	{ order: 'asc' },
];

const BOARD: ListOptions = { total: false, namesOnly: true };

describe('leaderboards from the daily roll-ups kept in memory', () => {
	let db: Db;
	/** The same database through a plain reader: every board from its statement. */
	let statements: SqlReader;
	/** Statements the Db ran. */
	let ran: string[] = [];

	const lists = (
		reader: SqlReader | Db,
		[after, before]: [string, string],
		extra: Record<string, unknown>,
	): Array<Promise<unknown>> => {
		const q = (orderby: string): Query =>
			new Query({
				after: `${after}T00:00:00`,
				before: `${before}T23:59:59`,
				per_page: 5,
				page: 1,
				order: 'desc',
				extended_info: true,
				orderby,
				...extra,
			});
		return [
			productsList(reader, q('items_sold'), SETTINGS, BOARD),
			productsList(reader, q('orders_count'), SETTINGS, BOARD),
			couponsList(reader, q('orders_count'), SETTINGS, BOARD),
			categoriesList(reader, q('items_sold'), SETTINGS, { ...BOARD, ordersCount: false }),
			categoriesList(reader, q('products_count'), SETTINGS, {
				...BOARD,
				ordersCount: false,
			}),
		];
	};
	const boards = async (reader: SqlReader | Db, [after, before]: [string, string]) =>
		(
			await leaderboards(
				reader,
				new Query({
					after: `${after}T00:00:00`,
					before: `${before}T23:59:59`,
					per_page: 5,
					persisted_query: '{}',
				}),
				SETTINGS,
			)
		).body;

	/** Every board and list the same both ways; the memory side ran no statement but the customers'. */
	async function expectSame(): Promise<void> {
		await boardRowsRead(db);
		ran.length = 0;
		for (const range of RANGES) {
			expect(JSON.stringify(await boards(db, range))).toBe(
				JSON.stringify(await boards(statements, range)),
			);
			for (const extra of EXTRAS) {
				const kept = await Promise.all(lists(db, range, extra));
				const read = await Promise.all(lists(statements, range, extra));
				expect(JSON.stringify(kept)).toBe(JSON.stringify(read));
			}
		}
		expect(ran.filter((sql) => !sql.includes('customer_lookup'))).toEqual([]);
		expect(ran.length).toBe(RANGES.length);
	}

	beforeAll(async () => {
		({ db, ran, statements } = await recordedStore(900, 5));
	});
	afterAll(() => db.close());

	it('equal the statements for every range, status filter, page and order', async () => {
		const month: [string, string] = ['2025-01-01', '2025-01-31'];
		// The first answer runs the statements and starts reading the rows beside it.
		ran.length = 0;
		const first = await boards(db, month);
		expect(ran.some((sql) => /FROM order_product_daily p .*LIMIT/s.test(sql))).toBe(true);
		const rows = (id: string): unknown[] =>
			(first as Array<{ id: string; rows: unknown[] }>).find((b) => b.id === id)?.rows ?? [];
		for (const id of ['customers', 'coupons', 'categories', 'products'])
			expect(rows(id).length).toBeGreaterThan(0);
		await expectSame();
	});

	it('name a deleted product, coupon or category as its statement does', async () => {
		const month: [string, string] = ['2024-10-01', '2024-12-31'];
		const top = (await boards(db, month)) as Array<{
			id: string;
			rows: Array<Array<{ display: string }>>;
		}>;
		const firstId = (board: string, key: string): number =>
			Number(
				new URLSearchParams(
					/href='admin\.php\?([^']*)'/
						.exec(top.find((b) => b.id === board)?.rows[0][0].display ?? '')?.[1]
						.replace(/&#(\d+);/g, (_m, code: string) =>
							String.fromCharCode(Number(code)),
						) ?? '',
				).get(key),
			);
		const product = firstId('products', 'products');
		const coupon = firstId('coupons', 'coupons');
		const category = firstId('categories', 'categories');
		expect(product * coupon * category).toBeGreaterThan(0);
		await db.run('DELETE FROM products WHERE id = ?', [product]);
		await db.run('DELETE FROM coupons WHERE id = ?', [coupon]);
		await db.run('DELETE FROM categories WHERE id = ?', [category]);
		await expectSame();
		const after = JSON.stringify(await boards(db, month));
		expect(after.match(/\(Deleted\)/g)?.length).toBeGreaterThanOrEqual(3);
	});

	it('a write is in the next answer: an order cancelled leaves its products', async () => {
		const month: [string, string] = ['2025-01-01', '2025-01-31'];
		await boardRowsRead(db);
		const before = await Promise.all(lists(db, month, {}));
		const row = await db.one<{ id: number }>(
			`SELECT o.id AS id FROM orders o WHERE o.status = 'completed' AND o.parent_id = 0
			AND o.date_created BETWEEN TIMESTAMP '2025-01-05' AND TIMESTAMP '2025-01-25'
			AND NOT EXISTS (SELECT 1 FROM orders r WHERE r.parent_id = o.id)
			ORDER BY o.id LIMIT 1`,
		);
		const order = await readOrder(db, Number(row?.id));
		await applyOrderChanges(db, { upsert: [{ ...order, status: 'cancelled' }] });
		const after = await Promise.all(lists(db, month, {}));
		expect(JSON.stringify(after)).not.toBe(JSON.stringify(before));
		expect(JSON.stringify(after)).toBe(
			JSON.stringify(await Promise.all(lists(statements, month, {}))),
		);
		await expectSame();
	});

	it('leave a list without pages, or ordered by an amount, to its statement', async () => {
		await boardRowsRead(db);
		const q = new Query({
			after: '2025-01-01T00:00:00',
			before: '2025-01-31T23:59:59',
			per_page: 5,
			extended_info: true,
			orderby: 'net_revenue',
		});
		ran.length = 0;
		const kept = await productsList(db, q, SETTINGS, BOARD);
		expect(ran.length).toBe(1);
		expect(JSON.stringify(kept)).toBe(
			JSON.stringify(await productsList(statements, q, SETTINGS, BOARD)),
		);
	});
});
