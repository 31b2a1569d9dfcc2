/**
 * The Profit report (`wc-analytics/reports/profit`, `/profit/stats`, `/profit/missing-costs`):
 * net sales, cost of goods, gross profit, margin and profit per order over the product lines of
 * the orders in range (the default status exclusion applies; dates are the lookup's dates, i.e.
 * the store's date basis).
 *
 * Each line's cost is fixed at its sale (`db/costs.ts`); a refund line returns its sale's cost.
 * Lines without a cost are never counted as free: cost, gross profit and margin are computed over
 * the lines that have a cost only, and the lines (items, products) without one are counted
 * separately (`items_without_cost`, `products_without_cost`, and the missing-costs route that
 * names them), so the page can say how much of the figure is not covered. One definition for all
 * three: items without a cost are counted as items sold are, net of their returns (a refund line
 * has its sale's cost, or none), so they never exceed the items sold; a product without a cost is
 * a product (its variations together, as the table's rows) with an order line without a cost.
 */
import { getMetric, type MetricKey } from '@abacus/metrics';

import { Db, type Row, type SqlValue } from '../../core/db.js';
import { ensureCostSchema } from '../../db/costs.js';
import { formatSql as formatLocal, gmtText } from '../../db/store-time.js';
import type { StoreSettings } from '../../db/store-settings.js';
import type { Query } from '../../http/params.js';
import { pageRows } from '../../http/paging.js';
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { dateRange } from '../shared/date-range.js';
import { bucketKeyOf, buckets, type Interval } from '../shared/intervals.js';

/** Creates the cost tables of the embedded store when missing (an engine's exist on its cluster). */
async function ensureCosts(db: SqlReader): Promise<void> {
	if (db instanceof Db) await ensureCostSchema(db);
}

/** Fields of the stats totals and interval subtotals. */
export const PROFIT_FIELDS = [
	'net_revenue',
	'cost',
	'gross_profit',
	'margin',
	'orders_count',
	'profit_per_order',
	'items_sold',
	'costed_revenue',
	'items_without_cost',
	'products_without_cost',
] as const;
export type ProfitField = (typeof PROFIT_FIELDS)[number];

export const PROFIT_LIST_ORDERBY = [
	'net_revenue',
	'cost',
	'gross_profit',
	'margin',
	'items_sold',
	'orders_count',
	'items_without_cost',
	'name',
] as const;

type Totals = Record<ProfitField, number | null>;

const quote = (text: string): string => `'${text.replace(/'/g, "''")}'`;

interface Where {
	sql: string;
	params: SqlValue[];
}

/** The status and product conditions every profit query applies (`product` a product id column). */
function itemConditions(
	q: Query,
	settings: StoreSettings,
	status: string,
	product: string,
): string[] {
	const excluded = settings.excludedStatuses.map((s) => quote(`wc-${s}`)).join(', ');
	const conditions = [excluded ? `${status} NOT IN (${excluded})` : '1 = 1'];
	const products = q.ids('products');
	if (products.length) conditions.push(`${product} IN (${products.map(Number).join(', ')})`);
	const categories = q.ids('categories');
	if (categories.length) {
		conditions.push(`${product} IN (
			SELECT pc.product_id FROM product_categories pc
			JOIN category_lookup cl ON cl.category_id = pc.category_id
			WHERE cl.category_tree_id IN (${categories.map(Number).join(', ')}))`);
	}
	return conditions;
}

/**
 * The lines in range with their cost: the FROM clause every line-level profit query starts with
 * (the engine's dialect gives each line's unit cost, `Dialect.lineCosts`).
 */
function linesSql(db: SqlReader, q: Query, settings: StoreSettings): Where {
	const dialect = dialectOf(db);
	const { after, before } = dateRange(q.raw, settings.timeZone);
	const conditions = [
		`l.date_created >= ${dialect.timestamp('?')}`,
		`l.date_created <= ${dialect.timestamp('?')}`,
		...itemConditions(q, settings, 's.status', 'l.product_id'),
	];
	const params: SqlValue[] = [formatLocal(after), formatLocal(before)];
	return {
		sql: `(
			SELECT x.*, c.unit_cost AS unit_cost, c.unit_cost * x.qty AS line_cost FROM (
				SELECT l.order_item_id AS order_item_id, l.order_id AS order_id,
					l.product_id AS product_id, l.variation_id AS variation_id,
					l.date_created AS date_created, l.product_qty AS qty,
					${dialect.real('l.product_net_revenue')} AS revenue, s.parent_id AS parent_id
				FROM order_product_lookup l
				JOIN order_stats s ON s.order_id = l.order_id
				WHERE ${conditions.join(' AND ')}
			) x
			LEFT JOIN ${dialect.lineCosts()} c ON c.cost_item = x.order_item_id
		)`,
		params,
	};
}

/** How a profit query is answered: `rollups: false` reads the lines whatever the range. */
export interface ProfitOptions {
	rollups?: boolean;
}

/**
 * The whole store days of the request's range ('YYYY-MM-DD') when the daily roll-up can answer
 * it: a range of whole days, an interval of a day or more, on an engine that keeps roll-ups.
 * Otherwise null and the lines are read.
 */
function rollupDays(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
	options: ProfitOptions,
	interval?: Interval,
): { from: string; to: string } | null {
	const dialect = dialectOf(db);
	if (
		interval === 'hour' ||
		options.rollups === false ||
		!dialect.rollups ||
		!dialect.profitRollup
	)
		return null;
	const { after, before } = dateRange(q.raw, settings.timeZone);
	if (after % 86_400_000 !== 0 || before % 86_400_000 !== 86_399_000) return null;
	const day = (ms: number): string => formatLocal(ms).slice(0, 10);
	return { from: day(after), to: day(before) };
}

/** WHERE of the roll-up rows (`alias`: a table with `day`, `status`, `product_id`) of the days. */
function rollupWhere(
	q: Query,
	settings: StoreSettings,
	days: { from: string; to: string },
	alias: string,
): Where {
	return {
		sql: `WHERE ${[
			`${alias}.day BETWEEN CAST(? AS DATE) AND CAST(? AS DATE)`,
			...itemConditions(q, settings, `${alias}.status`, `${alias}.product_id`),
		].join(' AND ')}`,
		params: [days.from, days.to],
	};
}

/**
 * The distinct orders (not refunds) with product lines in range, one row per order with its
 * `day`: the orders count of a profit figure limited to some products or categories (per-day
 * counts cannot be added up across products; an order may hold several of them).
 */
function orderDaysSql(db: SqlReader, q: Query, settings: StoreSettings): Where {
	const lines = orderLinesSql(db, q, settings);
	return {
		sql: `(SELECT DISTINCT l.order_id, CAST(l.date_created AS DATE) AS day ${lines.sql})`,
		params: lines.params,
	};
}

/** FROM and WHERE of the product lines (`l`) of orders (not refunds) in range, without costs. */
function orderLinesSql(db: SqlReader, q: Query, settings: StoreSettings): Where {
	const { after, before } = dateRange(q.raw, settings.timeZone);
	const dialect = dialectOf(db);
	return {
		sql: `FROM order_product_lookup l JOIN order_stats s ON s.order_id = l.order_id
			WHERE l.date_created >= ${dialect.timestamp('?')}
				AND l.date_created <= ${dialect.timestamp('?')}
				AND s.parent_id = 0
				AND ${itemConditions(q, settings, 's.status', 'l.product_id').join(' AND ')}`,
		params: [formatLocal(after), formatLocal(before)],
	};
}

/** Whether a request limits profit to some products or categories. */
const limitsItems = (q: Query): boolean =>
	q.ids('products').length > 0 || q.ids('categories').length > 0;

/**
 * The aggregate columns of a group of daily profit roll-up rows (`r`), but the orders count, in
 * the reader's dialect (no column is read under the name of another's alias: ClickHouse would
 * read the alias).
 */
const rollupAggregates = (db: SqlReader): string => `
	SUM(r.items_sold) AS items_sold,
	SUM(r.net_revenue) AS net_revenue,
	SUM(r.costed_revenue) AS costed_revenue,
	SUM(r.cost) AS cost,
	SUM(r.gross_profit) AS gross_profit,
	COALESCE(SUM(r.items_without_cost), 0) AS items_without_cost,
	COALESCE(SUM(r.uncosted_lines), 0) AS lines_without_cost,
	${dialectOf(db).aggregate('COUNT(DISTINCT r.product_id) FILTER (WHERE r.uncosted_lines > 0)')} AS products_without_cost`;

/** The aggregate columns of a group of lines (`x` is the lines relation). */
const AGGREGATES = `
	SUM(x.qty) AS items_sold,
	SUM(x.revenue) AS net_revenue,
	SUM(CASE WHEN x.line_cost IS NOT NULL THEN x.revenue END) AS costed_revenue,
	SUM(x.line_cost) AS cost,
	SUM(CASE WHEN x.line_cost IS NOT NULL THEN x.revenue - x.line_cost END) AS gross_profit,
	COUNT(DISTINCT CASE WHEN x.parent_id = 0 THEN x.order_id END) AS orders_count,
	COALESCE(SUM(CASE WHEN x.line_cost IS NULL THEN x.qty END), 0) AS items_without_cost,
	COUNT(CASE WHEN x.line_cost IS NULL AND x.parent_id = 0 THEN 1 END) AS lines_without_cost,
	COUNT(DISTINCT CASE WHEN x.line_cost IS NULL AND x.parent_id = 0 THEN x.product_id END) AS products_without_cost`;

const money = (value: unknown): number | null =>
	value === null || value === undefined ? null : Math.round(Number(value) * 1e6) / 1e6;

/** Totals of one group from its aggregate row (margin and profit per order derived). */
function totalsOf(row: Row | undefined): Totals {
	const gross = money(row?.gross_profit);
	const costed = money(row?.costed_revenue);
	const orders = Number(row?.orders_count ?? 0);
	return {
		net_revenue: money(row?.net_revenue) ?? 0,
		cost: money(row?.cost),
		gross_profit: gross,
		margin:
			gross !== null && costed !== null && costed !== 0
				? Math.round((gross / costed) * 10000) / 100
				: null,
		orders_count: orders,
		profit_per_order:
			gross !== null && orders > 0 ? Math.round((gross / orders) * 100) / 100 : null,
		items_sold: Number(row?.items_sold ?? 0),
		costed_revenue: costed,
		items_without_cost: Number(row?.items_without_cost ?? 0),
		products_without_cost: Number(row?.products_without_cost ?? 0),
	};
}

function pick(totals: Totals, fields: string[]): Partial<Totals> {
	if (!fields.length) return totals;
	const out: Partial<Totals> = {};
	for (const f of fields) {
		if ((PROFIT_FIELDS as readonly string[]).includes(f))
			out[f as ProfitField] = totals[f as ProfitField];
	}
	return out;
}

/** Totals and per-bucket rows of the lines in range (any range, any interval). */
async function lineProfitStats(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
	interval: Interval,
): Promise<[Row | undefined, Row[]]> {
	const { sql, params } = linesSql(db, q, settings);
	const dialect = dialectOf(db);
	const startSql = dialect.bucketStart('x.date_created', interval, settings.startOfWeek);
	// Totals and buckets on two reader connections at once.
	return Promise.all([
		db.one(`SELECT ${AGGREGATES} FROM ${sql} x`, params),
		db.all(
			`SELECT ${dialect.text(startSql)} AS bucket, ${AGGREGATES}
			FROM ${sql} x GROUP BY ${dialect.groupBy(['bucket'])}`,
			params,
		),
	]);
}

/**
 * The same totals and per-bucket rows from the daily profit roll-up (whole days): sums of the
 * days, and the orders count from the daily order roll-up, or from the distinct orders when the
 * request is limited to some products or categories.
 */
async function rollupProfitStats(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
	days: { from: string; to: string },
	interval: Interval,
): Promise<[Row | undefined, Row[]]> {
	const where = rollupWhere(q, settings, days, 'r');
	const dialect = dialectOf(db);
	const bucket = (column: string): string =>
		dialect.text(dialect.bucketStart(column, interval, settings.startOfWeek));
	const byBucket = dialect.groupBy(['bucket']);
	const aggregates = rollupAggregates(db);
	let orders: { from: string; count: string; params: SqlValue[] };
	if (limitsItems(q)) {
		const o = orderDaysSql(db, q, settings);
		orders = { from: `${o.sql} o`, count: 'COUNT(*)', params: o.params };
	} else {
		const o = rollupWhere(q, settings, days, 'o');
		orders = {
			from: `order_stats_daily o ${o.sql}`,
			count: 'COALESCE(SUM(o.product_orders), 0)',
			params: o.params,
		};
	}
	const [totals, grouped, orderTotal, orderBuckets] = await Promise.all([
		db.one(`SELECT ${aggregates} FROM order_profit_daily r ${where.sql}`, where.params),
		db.all(
			`SELECT ${bucket('r.day')} AS bucket, ${aggregates}
			FROM order_profit_daily r ${where.sql} GROUP BY ${byBucket}`,
			where.params,
		),
		db.one(`SELECT ${orders.count} AS orders_count FROM ${orders.from}`, orders.params),
		db.all(
			`SELECT ${bucket('o.day')} AS bucket, ${orders.count} AS orders_count
			FROM ${orders.from} GROUP BY ${byBucket}`,
			orders.params,
		),
	]);
	const ordersByBucket = new Map(orderBuckets.map((r) => [String(r.bucket), r.orders_count]));
	return [
		totals && { ...totals, orders_count: orderTotal?.orders_count ?? 0 },
		grouped.map((row) => ({
			...row,
			orders_count: ordersByBucket.get(String(row.bucket)) ?? 0,
		})),
	];
}

export interface ProfitStatsResult {
	body: { totals: Partial<Totals>; intervals: unknown[] };
	total: number;
	totalPages: number;
}

/** `reports/profit/stats`: totals over the range and subtotals per interval (zero-filled). */
export async function profitStats(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
	options: ProfitOptions = {},
): Promise<ProfitStatsResult> {
	await ensureCosts(db);
	const interval = q.str('interval', 'week') as Interval;
	const fields = q.strings('fields');
	const days = rollupDays(db, q, settings, options, interval);
	const [totalsRow, grouped] = days
		? await rollupProfitStats(db, q, settings, days, interval)
		: await lineProfitStats(db, q, settings, interval);
	const byKey = new Map<string, Row>();
	for (const row of grouped) {
		byKey.set(bucketKeyOf(String(row.bucket), interval, settings.startOfWeek), row);
	}
	const { after, before } = dateRange(q.raw, settings.timeZone);
	const all = buckets(after, before, interval, settings.startOfWeek).map((b) => {
		const subtotals = pick(totalsOf(byKey.get(b.key)), fields);
		return {
			interval: b.key,
			date_start: formatLocal(b.start),
			date_start_gmt: gmtText(b.start, settings.timeZone),
			date_end: formatLocal(b.end),
			date_end_gmt: gmtText(b.end, settings.timeZone),
			subtotals,
		};
	});
	const orderby = q.str('orderby', 'date');
	const direction = q.str('order', 'desc') === 'asc' ? 1 : -1;
	all.sort((a, b) => {
		if (orderby !== 'date') {
			const av = Number(a.subtotals[orderby as ProfitField] ?? -Infinity);
			const bv = Number(b.subtotals[orderby as ProfitField] ?? -Infinity);
			if (av !== bv) return (av - bv) * direction;
			return a.interval < b.interval ? -1 : 1;
		}
		return (a.interval < b.interval ? -1 : a.interval > b.interval ? 1 : 0) * direction;
	});
	const perPage = q.int('per_page', 10);
	const page = q.int('page', 1);
	return {
		body: {
			totals: pick(totalsOf(totalsRow), fields),
			intervals: all.slice((page - 1) * perPage, page * perPage),
		},
		total: all.length,
		totalPages: Math.max(1, Math.ceil(all.length / perPage)),
	};
}

export interface ProfitListResult {
	body: Array<Record<string, unknown>>;
	total: number;
	totalPages: number;
}

/** Sort expression of a list column, rows without a figure last whatever the direction. */
function orderSql(orderby: string, order: 'asc' | 'desc', id: string): string {
	const column = (PROFIT_LIST_ORDERBY as readonly string[]).includes(orderby)
		? orderby
		: 'net_revenue';
	const dir = order === 'asc' ? 'ASC' : 'DESC';
	if (column === 'name') return `lower(name) ${dir}, ${id} ASC`;
	return `${column} ${dir} NULLS LAST, ${id} ASC`;
}

/**
 * `(tree_product, tree_id, tree_name)`: each product with each of its categories and their
 * ancestors (a sale counts for them all, as in the categories report; one JOIN per SELECT).
 */
const CATEGORY_TREE = `(
	SELECT pc.product_id AS tree_product, a.tree_id AS tree_id, a.tree_name AS tree_name
	FROM product_categories pc
	JOIN (
		SELECT cl.category_id AS leaf_id, cl.category_tree_id AS tree_id, cat.name AS tree_name
		FROM category_lookup cl JOIN categories cat ON cat.id = cl.category_tree_id
	) a ON a.leaf_id = pc.category_id
)`;

/**
 * `reports/profit?by=product|category`: one row per product (variations summed into their
 * product) or per category (a sale counts for the product's categories and all their ancestors,
 * as in the categories report) with net sales, cost, gross profit, margin, orders, items and the
 * items sold without a cost (`cost_status`: complete, partial or missing).
 */
export async function profitList(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
	options: ProfitOptions = {},
): Promise<ProfitListResult> {
	await ensureCosts(db);
	const dialect = dialectOf(db);
	const by = q.str('by', 'product');
	const order = q.str('order', 'desc') === 'asc' ? 'asc' : 'desc';
	const orderby = q.str('orderby', 'net_revenue');
	// A row lacks a cost when an order line of it has none (as products_without_cost counts).
	// Not aliased `uncosted_lines`: ClickHouse resolves an alias before a column of that name, so
	// `r.uncosted_lines` inside the aggregates would read the SUM (an aggregate inside another).
	const status = `CASE WHEN lines_without_cost = 0 THEN 'complete'
		WHEN cost IS NULL THEN 'missing' ELSE 'partial' END AS cost_status`;
	const derived = `CASE WHEN costed_revenue IS NOT NULL AND costed_revenue <> 0
		THEN round(gross_profit / costed_revenue * 100, 2) END AS margin`;
	const days = rollupDays(db, q, settings, options);
	let base: string;
	let params: SqlValue[];
	if (days) {
		// Sums from the daily profit roll-up; a product's orders count from the daily product
		// roll-up (an order falls on one day), a category's from its distinct orders. One JOIN per
		// SELECT and no column under another's alias (ClickHouse 18.16).
		const where = rollupWhere(q, settings, days, 'r');
		const aggregates = rollupAggregates(db);
		if (by === 'category') {
			const o = orderLinesSql(db, q, settings);
			base = `SELECT g.*, COALESCE(oc.oc_orders, 0) AS orders_count, ${derived}, ${status} FROM (
				SELECT t.tree_id AS category_id, t.tree_name AS name,
					COUNT(DISTINCT r.product_id) AS products_count, ${aggregates}
				FROM order_profit_daily r
				JOIN ${CATEGORY_TREE} t ON t.tree_product = r.product_id
				${where.sql}
				GROUP BY ${dialect.groupBy(['category_id', 'name'])}) g
				LEFT JOIN (
					SELECT t.tree_id AS oc_category, COUNT(DISTINCT l.order_id) AS oc_orders
					FROM (SELECT l.order_id AS order_id, l.product_id AS product_id ${o.sql}) l
					JOIN ${CATEGORY_TREE} t ON t.tree_product = l.product_id
					GROUP BY ${dialect.groupBy(['oc_category'])}) oc ON oc.oc_category = g.category_id`;
			params = [...where.params, ...o.params];
		} else {
			const o = rollupWhere(q, settings, days, 'op');
			base = `SELECT g.*, COALESCE(oc.oc_orders, 0) AS orders_count, ${derived}, ${status} FROM (
				SELECT r.product_id AS product_id, COALESCE(p.name, '') AS name, p.sku AS sku,
					${aggregates}
				FROM order_profit_daily r LEFT JOIN products p ON p.id = r.product_id
				${where.sql}
				GROUP BY ${dialect.groupBy(['product_id', 'name', 'sku'])}) g
				LEFT JOIN (
					SELECT op.product_id AS oc_product, SUM(op.orders_count) AS oc_orders
					FROM order_product_daily op ${o.sql}
					GROUP BY ${dialect.groupBy(['oc_product'])}) oc ON oc.oc_product = g.product_id`;
			params = [...where.params, ...o.params];
		}
	} else {
		const lines = linesSql(db, q, settings);
		params = lines.params;
		// A sale counts for the product's categories and their ancestors (one JOIN per SELECT).
		base =
			by === 'category'
				? `SELECT g.*, ${derived}, ${status} FROM (
				SELECT t.tree_id AS category_id, t.tree_name AS name,
					COUNT(DISTINCT x.product_id) AS products_count, ${AGGREGATES}
				FROM ${lines.sql} x
				JOIN ${CATEGORY_TREE} t ON t.tree_product = x.product_id
				GROUP BY ${dialect.groupBy(['category_id', 'name'])}) g`
				: `SELECT g.*, ${derived}, ${status} FROM (
				SELECT x.product_id AS product_id, COALESCE(p.name, '') AS name, p.sku AS sku,
					${AGGREGATES}
				FROM ${lines.sql} x LEFT JOIN products p ON p.id = x.product_id
				GROUP BY ${dialect.groupBy(['product_id', 'name', 'sku'])}) g`;
	}
	const id = by === 'category' ? 'category_id' : 'product_id';
	const page = await pageRows(db, base, params, orderSql(orderby, order, id), q);
	const body = page.rows.map((row) => {
		const totals = totalsOf(row);
		const out: Record<string, unknown> = {
			[id]: Number(row[id]),
			name: String(row.name ?? ''),
			items_sold: totals.items_sold,
			net_revenue: totals.net_revenue,
			cost: totals.cost,
			gross_profit: totals.gross_profit,
			margin: totals.margin,
			orders_count: totals.orders_count,
			items_without_cost: totals.items_without_cost,
			cost_status: String(row.cost_status),
		};
		if (by === 'category') out.products_count = Number(row.products_count ?? 0);
		else out.sku = String(row.sku ?? '');
		out.extended_info = { name: String(row.name ?? '') };
		return out;
	});
	return { body, total: page.total, totalPages: page.totalPages };
}

export interface MissingCost {
	product_id: number;
	/** Always 0: a product is named once, whichever of its variations lack a cost. */
	variation_id: number;
	name: string;
	/** Items sold without a cost, net of their returns (as the report's items sold). */
	items_sold: number;
}

/**
 * The products sold in range with an order line (not a refund) without a cost, most sold first:
 * one per product, its variations together, as `products_without_cost` counts them and as the
 * Profit table's rows are (at most `limit` named, `count` says how many there are). Their items are
 * counted as `items_without_cost` is: net of returns.
 */
export async function missingCosts(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
	limit = 100,
	options: ProfitOptions = {},
): Promise<{ count: number; products: MissingCost[] }> {
	await ensureCosts(db);
	const days = rollupDays(db, q, settings, options);
	let base: string;
	let params: SqlValue[];
	if (days) {
		const where = rollupWhere(q, settings, days, 'r');
		base = `SELECT r.product_id AS product_id, SUM(r.items_without_cost) AS items_sold
			FROM order_profit_daily r ${where.sql}
			GROUP BY ${dialectOf(db).groupBy(['product_id'])}
			HAVING SUM(r.uncosted_lines) > 0`;
		params = where.params;
	} else {
		const lines = linesSql(db, q, settings);
		base = `SELECT x.product_id AS product_id, SUM(x.qty) AS items_sold
			FROM ${lines.sql} x WHERE x.line_cost IS NULL
			GROUP BY ${dialectOf(db).groupBy(['product_id'])}
			HAVING SUM(CASE WHEN x.parent_id = 0 THEN 1 ELSE 0 END) > 0`;
		params = lines.params;
	}
	const count = await db.one<{ n: number }>(`SELECT COUNT(*) AS n FROM (${base}) m`, params);
	const rows = await db.all(
		`SELECT m.product_id AS product_id, m.items_sold AS items_sold,
			COALESCE(m.product_name, '') AS name
		FROM (
			SELECT b.*, p.name AS product_name FROM (${base}) b
			LEFT JOIN products p ON p.id = b.product_id
		) m
		ORDER BY items_sold DESC, product_id LIMIT ?`,
		[...params, limit],
	);
	return {
		count: Number(count?.n ?? 0),
		products: rows.map((r) => ({
			product_id: Number(r.product_id),
			variation_id: 0,
			name: String(r.name),
			items_sold: Number(r.items_sold),
		})),
	};
}

/**
 * The CSV columns of a whole-report export of the Profit table (headers = the table's column
 * labels; a figure without a cost is written as N/A, never 0).
 */
const profitLabel = (key: MetricKey<'profit'>): string => getMetric('profit', key).columnLabel;

export const PROFIT_EXPORT_COLUMNS: Array<[string, (row: Record<string, unknown>) => unknown]> = [
	['Name', (r) => r.name],
	[profitLabel('items_sold'), (r) => r.items_sold],
	[profitLabel('net_revenue'), (r) => r.net_revenue],
	[profitLabel('cost'), (r) => (r.cost === null ? 'N/A' : r.cost)],
	[profitLabel('gross_profit'), (r) => (r.gross_profit === null ? 'N/A' : r.gross_profit)],
	[profitLabel('margin'), (r) => (r.margin === null ? 'N/A' : r.margin)],
	[profitLabel('items_without_cost'), (r) => r.items_without_cost],
	[profitLabel('orders_count'), (r) => r.orders_count],
];
