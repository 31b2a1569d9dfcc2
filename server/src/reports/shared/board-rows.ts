/**
 * The daily product and coupon roll-ups' rows, with the names the boards show, kept in memory per
 * embedded store until its next write (`shared/kept.ts`): the leaderboards' top products,
 * categories and coupons over whole days are then read without a statement. On the 200,000-order
 * store those three statements took 4-5 ms of the month's leaderboards after an idle moment, side
 * by side with the customers' board (which stays a statement: its rows are the orders).
 *
 * Each function answers the rows its list's statement would (the same columns, values and order;
 * sums of amounts added with compensation) or `null` when the rows are not read at the store's
 * generation yet, the store is not an embedded one, or the order asked for is not one of the
 * whole-number figures (the statement answers then).
 */
import { Db, type Row } from '../../core/db.js';
import type { StoreSettings } from '../../db/store-settings.js';
import { onePage, type Page } from '../../http/paging.js';
import type { Query } from '../../http/params.js';
import type { DateRange } from './date-range.js';
import { statusAccepts } from './filters.js';
import { keptValue, keptValueRead, Sum } from './kept.js';

/** A page of a board over whole days. */
export interface BoardPage {
	/** First and last day, as days since 1970-01-01 (store-local dates). */
	from: number;
	to: number;
	/** Whether a row of that status counts (`null`: a row without a status). */
	accepts: (status: string | null) => boolean;
	orderby: string;
	descending: boolean;
	limit: number;
	offset: number;
}

const DAY_MS = 86_400_000;

/**
 * The page of a board a list was asked for, over the whole days of `range` (checked by the
 * caller) and the statuses of `q` (statusWhere's): `null` for a list without pages (per_page -1).
 */
export function boardPage(
	q: Query,
	settings: StoreSettings,
	range: DateRange,
	orderby: string,
): BoardPage | null {
	const limit = q.int('per_page', 10);
	if (limit <= 0) return null;
	return {
		from: Math.floor(range.after / DAY_MS),
		to: Math.floor(range.before / DAY_MS),
		accepts: statusAccepts(q, settings),
		orderby,
		descending: q.direction() === 'DESC',
		limit,
		offset: Math.max(0, q.int('page', 1) - 1) * limit,
	};
}

/** Rows of a daily roll-up, in day order. */
interface DayRows {
	day: Int32Array;
	status: Int32Array;
	item: Int32Array;
	/** Column name → values. */
	values: Record<string, Float64Array>;
	statuses: Array<string | null>;
}

interface BoardData {
	products: DayRows;
	coupons: DayRows;
	/** Product id → its name (`null`: a product without one). */
	productNames: Map<number, string | null>;
	/** Coupon id → its columns as the coupons' board reads them (`coupon_code`, ...). */
	couponInfo: Map<number, Row>;
	/** Category id → its name. */
	categoryNames: Map<number, string | null>;
	/** Product id → its categories and their ancestors. */
	trees: Map<number, number[]>;
}

/** The coupon's columns its `extended_info` is made of (the coupons' list reads the same). */
export const COUPON_COLUMNS = [
	'code',
	'discount_type',
	'date_created',
	'date_created_gmt',
	'date_expires',
	'date_expires_gmt',
];

async function readDays(db: Db, table: string, item: string, columns: string[]): Promise<DayRows> {
	const rows = await db.all(
		`SELECT datediff('day', DATE '1970-01-01', day) AS d, status, ${item} AS item, ${columns.join(', ')} FROM ${table} ORDER BY day, status, ${item}`,
	);
	const statuses: Array<string | null> = [];
	const index = new Map<string | null, number>();
	const out: DayRows = {
		day: new Int32Array(rows.length),
		status: new Int32Array(rows.length),
		item: new Int32Array(rows.length),
		values: Object.fromEntries(columns.map((c) => [c, new Float64Array(rows.length)])),
		statuses,
	};
	rows.forEach((row, i) => {
		const status = row.status === null ? null : String(row.status);
		let at = index.get(status);
		if (at === undefined) {
			at = statuses.length;
			statuses.push(status);
			index.set(status, at);
		}
		out.day[i] = Number(row.d);
		out.status[i] = at;
		out.item[i] = Number(row.item);
		for (const c of columns) out.values[c][i] = Number(row[c] ?? 0);
	});
	return out;
}

async function readBoards(db: Db): Promise<BoardData> {
	const [products, coupons, productRows, couponRows, categoryRows, treeRows] = await Promise.all([
		readDays(db, 'order_product_daily', 'product_id', [
			'items_sold',
			'net_revenue',
			'orders_count',
		]),
		readDays(db, 'order_coupon_daily', 'coupon_id', ['discount_amount', 'orders_count']),
		db.all('SELECT id, name FROM products'),
		db.all(`SELECT id, ${COUPON_COLUMNS.join(', ')} FROM coupons`),
		db.all('SELECT id, name FROM categories'),
		db.all(
			'SELECT DISTINCT pc.product_id AS product_id, cl.category_tree_id AS category_tree_id FROM product_categories pc JOIN category_lookup cl ON cl.category_id = pc.category_id',
		),
	]);
	const trees = new Map<number, number[]>();
	for (const row of treeRows) {
		const product = Number(row.product_id);
		const list = trees.get(product);
		if (list) list.push(Number(row.category_tree_id));
		else trees.set(product, [Number(row.category_tree_id)]);
	}
	const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
	return {
		products,
		coupons,
		productNames: new Map(productRows.map((r) => [Number(r.id), text(r.name)])),
		couponInfo: new Map(
			couponRows.map((r) => [
				Number(r.id),
				Object.fromEntries(COUPON_COLUMNS.map((c) => [`coupon_${c}`, r[c]])),
			]),
		),
		categoryNames: new Map(categoryRows.map((r) => [Number(r.id), text(r.name)])),
		trees,
	};
}

const NAME = 'board-rows';

/** Resolves once the boards' rows are kept at `db`'s current generation (tests, benches). */
export function boardRowsRead(db: Db): Promise<void> {
	return keptValueRead(db, NAME, readBoards);
}

function kept(db: unknown): BoardData | undefined {
	return db instanceof Db ? keptValue(db, NAME, readBoards) : undefined;
}

/** The first row of `day` or later (rows in day order). */
function firstRow(days: Int32Array, day: number): number {
	let lo = 0;
	let hi = days.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (days[mid] < day) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

interface Totals {
	/** Whole-number sums (exact as doubles). */
	counts: Record<string, number>;
	amounts: Record<string, Sum>;
}

/** Per item, the sums of `counts` and `amounts` over the page's days and statuses. */
function sumItems(
	rows: DayRows,
	page: BoardPage,
	counts: string[],
	amounts: string[],
): Map<number, Totals> {
	const accepted = rows.statuses.map((s) => page.accepts(s));
	const out = new Map<number, Totals>();
	const end = firstRow(rows.day, page.to + 1);
	for (let i = firstRow(rows.day, page.from); i < end; i++) {
		if (!accepted[rows.status[i]]) continue;
		const id = rows.item[i];
		let t = out.get(id);
		if (!t) {
			t = {
				counts: Object.fromEntries(counts.map((c) => [c, 0])),
				amounts: Object.fromEntries(amounts.map((c) => [c, new Sum()])),
			};
			out.set(id, t);
		}
		for (const c of counts) t.counts[c] += rows.values[c][i];
		for (const c of amounts) t.amounts[c].add(rows.values[c][i]);
	}
	return out;
}

/** `ORDER BY <orderby> <direction> NULLS LAST, <id> ASC LIMIT … OFFSET …` of whole-number keys. */
function pageOf(rows: Row[], id: string, page: BoardPage): Row[] {
	const sign = page.descending ? -1 : 1;
	rows.sort(
		(a, b) =>
			sign * (Number(a[page.orderby]) - Number(b[page.orderby])) ||
			Number(a[id]) - Number(b[id]),
	);
	return rows.slice(page.offset, page.offset + page.limit);
}

/**
 * The products' board: `product_id, items_sold, net_revenue, orders_count` with `item_name` and
 * `named` (the product's row found), as `productsList`'s statement over the daily roll-up with the
 * names joined reads them (its `last_sale`, which a board neither shows nor is ordered by here, is
 * not kept).
 */
export function keptProductRows(db: unknown, page: BoardPage): Row[] | null {
	if (!['items_sold', 'orders_count', 'product_id'].includes(page.orderby)) return null;
	const data = kept(db);
	if (!data) return null;
	const sums = sumItems(data.products, page, ['items_sold', 'orders_count'], ['net_revenue']);
	const rows: Row[] = [...sums].map(([id, t]) => ({
		product_id: id,
		items_sold: t.counts.items_sold,
		net_revenue: t.amounts.net_revenue.value,
		orders_count: t.counts.orders_count,
	}));
	return pageOf(rows, 'product_id', page).map((row) => {
		const id = Number(row.product_id);
		const named = data.productNames.has(id);
		return { ...row, item_name: named ? (data.productNames.get(id) ?? null) : null, named };
	});
}

/**
 * The coupons' board: `coupon_id, amount, orders_count` with the coupon's columns
 * (`coupon_code`, …) and `named`, as `couponsList`'s statement over the daily roll-up.
 */
export function keptCouponRows(db: unknown, page: BoardPage): Row[] | null {
	if (!['orders_count', 'coupon_id'].includes(page.orderby)) return null;
	const data = kept(db);
	if (!data) return null;
	const sums = sumItems(data.coupons, page, ['orders_count'], ['discount_amount']);
	const rows: Row[] = [...sums].map(([id, t]) => ({
		coupon_id: id,
		amount: t.amounts.discount_amount.value,
		orders_count: t.counts.orders_count,
	}));
	const empty = Object.fromEntries(COUPON_COLUMNS.map((c) => [`coupon_${c}`, null]));
	return pageOf(rows, 'coupon_id', page).map((row) => {
		const info = data.couponInfo.get(Number(row.coupon_id));
		return { ...row, ...(info ?? empty), named: info !== undefined };
	});
}

/**
 * The categories' board without its orders count: `category_id, items_sold, net_revenue,
 * orders_count` (0), `products_count, category`, as `categoriesList`'s statement with
 * `ordersCount: false`: each product sold counts once in each of its categories and their
 * ancestors.
 */
export function keptCategoryRows(db: unknown, page: BoardPage): Row[] | null {
	if (!['items_sold', 'products_count', 'category_id'].includes(page.orderby)) return null;
	const data = kept(db);
	if (!data) return null;
	const perProduct = sumItems(data.products, page, ['items_sold'], ['net_revenue']);
	const perCategory = new Map<number, { items: number; net: Sum; products: number }>();
	for (const [product, t] of perProduct) {
		for (const category of data.trees.get(product) ?? []) {
			let c = perCategory.get(category);
			if (!c) {
				c = { items: 0, net: new Sum(), products: 0 };
				perCategory.set(category, c);
			}
			c.items += t.counts.items_sold;
			c.net.add(t.amounts.net_revenue.value);
			c.products += 1;
		}
	}
	const rows: Row[] = [...perCategory].map(([id, c]) => ({
		category_id: id,
		items_sold: c.items,
		net_revenue: c.net.value,
		orders_count: 0,
		products_count: c.products,
	}));
	return pageOf(rows, 'category_id', page).map((row) => ({
		...row,
		category: data.categoryNames.get(Number(row.category_id)) ?? null,
	}));
}

const KEPT = {
	products: keptProductRows,
	coupons: keptCouponRows,
	categories: keptCategoryRows,
};

/**
 * A list's page asked for as a board (`asked`: no totals, names only, whole days, no item filter;
 * the caller checks) from the rows kept in memory, or `null` (the list's statement answers).
 */
export function keptBoard(
	list: keyof typeof KEPT,
	asked: boolean,
	db: unknown,
	q: Query,
	settings: StoreSettings,
	range: DateRange,
	orderby: string,
): Page | null {
	const page = asked ? boardPage(q, settings, range, orderby) : null;
	const rows = page ? KEPT[list](db, page) : null;
	return rows ? onePage(rows) : null;
}
