/**
 * `reports/revenue/stats` and `reports/orders/stats`: order-level metrics (§3.3) per interval,
 * with segments by product, variation, category, coupon or customer type.
 */
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { RestError } from '../../http/errors.js';
import { onRollup, ORDER_LINE_METRICS, ORDER_METRICS, type Metric } from '../../metrics/index.js';
import { runStats, type SegmentCandidate, type Source, type StatsResult } from './stats-query.js';
import {
	dateWhere,
	dimensionFilters,
	orderFilters,
	productsInCategories,
	statusWhere,
	whereClause,
	type Where,
} from './filters.js';
import type { Interval } from './intervals.js';
import { Query } from '../../http/params.js';
import { type StoreSettings } from '../../db/store-settings.js';
import { dateRange } from './date-range.js';
import { orderStatsOn } from '../../db/date-basis.js';
import { orderRollupTables } from '../../db/rollups.js';

const pick = (set: Record<string, Metric>, keys: string[]): Metric[] =>
	keys.map((k) => set[k]).filter((m): m is Metric => !!m);

/** Order-stats metric keys in response order. */
export const ORDER_STATS_KEYS = [
	'orders_count',
	'num_items_sold',
	'gross_sales',
	'total_sales',
	'coupons',
	'coupons_count',
	'refunds',
	'taxes',
	'shipping',
	'net_revenue',
	'avg_items_per_order',
	'avg_order_value',
	'total_customers',
	'products',
];
const SEGMENT_KEYS = [
	'num_items_sold',
	'total_sales',
	'coupons',
	'coupons_count',
	'refunds',
	'taxes',
	'shipping',
	'net_revenue',
	'orders_count',
	'avg_items_per_order',
	'avg_order_value',
	'total_customers',
];

const metricsOf = (set: Record<string, Metric>, keys: string[]): Record<string, Metric> =>
	Object.fromEntries(keys.filter((k) => set[k]).map((k) => [k, set[k]]));

/** Label of a variation: "<parent> - <attribute values>". */
export async function variationLabels(db: SqlReader, ids: number[]): Promise<Map<number, string>> {
	const map = new Map<number, string>();
	if (!ids.length) return map;
	const rows = await db.all<{ id: number; name: string }>(
		`SELECT v.id AS id, v.name AS name FROM products v WHERE v.id IN (${ids.map(() => '?').join(', ')})`,
		ids,
	);
	for (const r of rows) map.set(Number(r.id), String(r.name));
	return map;
}

async function segmentSetup(
	db: SqlReader,
	q: Query,
	segmentby: string,
	where: { sql: string; params: (string | number | boolean | null | bigint)[] },
	/** `order_stats` on the store's date basis (`orderStatsOn`). */
	table: string,
): Promise<{ candidates: SegmentCandidate[]; sources: Source[]; metrics: Record<string, Metric> }> {
	const lineFrom = (extraJoin: string, extraWhere: string): string =>
		`FROM order_product_lookup p JOIN ${table} s ON s.order_id = p.order_id ${extraJoin} ${where.sql}${extraWhere ? `${where.sql ? ' AND ' : 'WHERE '}${extraWhere}` : ''}`;
	/**
	 * The coupon lines of orders in scope, each with a segment value `seg` of its order's product
	 * lines (`lines`: `… AS seg FROM …`, distinct per order): one JOIN per SELECT.
	 */
	const couponFrom = (lines: string, cond: string, extra = ''): string =>
		`FROM (SELECT k.*, g.seg AS seg${extra} FROM order_coupon_lookup k JOIN (SELECT DISTINCT l.order_id AS order_id, ${lines}) g ON g.order_id = k.order_id) c JOIN ${table} s ON s.order_id = c.order_id ${where.sql}${cond ? `${where.sql ? ' AND ' : 'WHERE '}${cond}` : ''}`;
	const lineMetrics = metricsOf(ORDER_LINE_METRICS, SEGMENT_KEYS);
	const lineAggs = pick(
		ORDER_LINE_METRICS,
		SEGMENT_KEYS.filter((k) => k !== 'coupons_count'),
	);
	const couponCount = [ORDER_METRICS.coupons_count];
	let products = q.ids('product_includes');
	if (q.ids('categories').length) {
		const expanded = await productsInCategories(db, q.ids('categories'));
		products = products.length ? products.filter((id) => expanded.includes(id)) : expanded;
		if (!products.length) products = [-1];
	}
	const inList = (col: string, ids: number[]): string =>
		ids.length ? `${col} IN (${ids.map(() => '?').join(', ')})` : '';
	if (segmentby === 'product') {
		const rows = await db.all<{ id: number; name: string }>(
			`SELECT id, name FROM products WHERE parent_id = 0 ${products.length ? `AND ${inList('id', products)}` : ''} ORDER BY id`,
			products,
		);
		const candidates = rows.map((r) => ({ id: Number(r.id), label: String(r.name) }));
		const cond = inList('p.product_id', products);
		const couponCond = inList('c.seg', products);
		return {
			candidates,
			metrics: lineMetrics,
			sources: [
				{
					from: lineFrom('', cond),
					params: [...where.params, ...products],
					date: 's.date_created',
					segment: 'p.product_id',
					metrics: lineAggs,
				},
				{
					from: couponFrom('l.product_id AS seg FROM order_product_lookup l', couponCond),
					params: [...where.params, ...products],
					date: 's.date_created',
					segment: 'c.seg',
					metrics: couponCount,
				},
			],
		};
	}
	if (segmentby === 'variation') {
		const variations = q.ids('variations');
		if (products.length !== 1 && !variations.length) {
			throw new RestError(
				'wc_admin_reports_invalid_segmenting_variation',
				'product_includes parameter need to specify exactly one product when segmenting by variation.',
				400,
			);
		}
		const parent = products.length === 1 ? products[0] : null;
		const rows = await db.all<{ id: number }>(
			variations.length
				? `SELECT id FROM products WHERE ${inList('id', variations)} ORDER BY id`
				: 'SELECT id FROM products WHERE parent_id = ? ORDER BY id',
			variations.length ? variations : [parent],
		);
		const labels = await variationLabels(
			db,
			rows.map((r) => Number(r.id)),
		);
		const candidates: SegmentCandidate[] = rows.map((r) => ({
			id: Number(r.id),
			label: labels.get(Number(r.id)) ?? '',
		}));
		if (parent !== null && !variations.length) {
			const p = await db.one<{ name: string }>('SELECT name FROM products WHERE id = ?', [
				parent,
			]);
			candidates.unshift({ id: 0, label: p ? String(p.name) : '' });
		}
		const cond = variations.length ? inList('p.variation_id', variations) : 'p.product_id = ?';
		// The coupon lines with each of their orders' variations (`seg`) and its product.
		const couponCond = variations.length ? inList('c.seg', variations) : 'c.product_id = ?';
		const params = variations.length ? variations : [parent ?? -1];
		return {
			candidates,
			metrics: lineMetrics,
			sources: [
				{
					from: lineFrom('', cond),
					params: [...where.params, ...params],
					date: 's.date_created',
					segment: 'p.variation_id',
					metrics: lineAggs,
				},
				{
					from: couponFrom(
						'l.variation_id AS seg, l.product_id AS product_id FROM order_product_lookup l',
						couponCond,
						', g.product_id AS product_id',
					),
					params: [...where.params, ...params],
					date: 's.date_created',
					segment: 'c.seg',
					metrics: couponCount,
				},
			],
		};
	}
	if (segmentby === 'category') {
		const categories = q.ids('categories');
		const rows = await db.all<{ id: number; name: string }>(
			`SELECT id, name FROM categories ${categories.length ? `WHERE ${inList('id', categories)}` : ''} ORDER BY id`,
			categories,
		);
		const tree =
			'(SELECT DISTINCT pc.product_id, cl.category_tree_id FROM product_categories pc JOIN category_lookup cl ON cl.category_id = pc.category_id)';
		return {
			candidates: rows.map((r) => ({ id: Number(r.id), label: String(r.name) })),
			metrics: lineMetrics,
			sources: [
				{
					// Each line with its product's categories (the whole tree), then its order.
					from: `FROM (SELECT l.*, t.category_tree_id AS category_tree_id FROM order_product_lookup l JOIN ${tree} t ON t.product_id = l.product_id) p JOIN ${table} s ON s.order_id = p.order_id ${where.sql}`,
					params: where.params,
					date: 's.date_created',
					segment: 'p.category_tree_id',
					metrics: lineAggs,
				},
				{
					from: couponFrom(
						`t.category_tree_id AS seg FROM order_product_lookup l JOIN ${tree} t ON t.product_id = l.product_id`,
						'',
					),
					params: where.params,
					date: 's.date_created',
					segment: 'c.seg',
					metrics: couponCount,
				},
			],
		};
	}
	const orderAggs = pick(ORDER_METRICS, [
		'orders_count',
		'num_items_sold',
		'total_sales',
		'refunds',
		'taxes',
		'shipping',
		'net_revenue',
		'total_customers',
	]);
	const segMetrics = metricsOf(ORDER_METRICS, SEGMENT_KEYS);
	if (segmentby === 'coupon') {
		const coupons = q.ids('coupons');
		const rows = await db.all<{ id: number; code: string }>(
			`SELECT id, code FROM coupons ${coupons.length ? `WHERE ${inList('id', coupons)}` : ''} ORDER BY id`,
			coupons,
		);
		return {
			candidates: rows.map((r) => ({ id: Number(r.id), label: String(r.code) })),
			metrics: segMetrics,
			sources: [
				{
					from: `FROM ${table} s JOIN order_coupon_lookup c ON c.order_id = s.order_id ${where.sql}`,
					params: where.params,
					date: 's.date_created',
					segment: 'c.coupon_id',
					metrics: [...orderAggs, ORDER_METRICS.coupons, ORDER_METRICS.coupons_count],
				},
			],
		};
	}
	// customer_type: 0 = new, 1 = returning (a refund without its own flag follows its order).
	// The order's flag is joined on an equality only, and no boolean literal is written
	// (ClickHouse 18.16 takes neither a non-equi LEFT JOIN nor `false`).
	const kind = `CASE WHEN x.returning_customer THEN 1 WHEN NOT x.returning_customer THEN 0
		WHEN x.parent_id <> 0 AND r.parent_returning THEN 1 ELSE 0 END`;
	const typeExpr = 's.customer_kind';
	const from = `FROM (SELECT x.*, ${kind} AS customer_kind FROM ${table} x LEFT JOIN (SELECT order_id AS ref_id, returning_customer AS parent_returning FROM order_stats) r ON r.ref_id = x.parent_id) s`;
	return {
		candidates: [
			{ id: 0, label: 'new' },
			{ id: 1, label: 'returning' },
		],
		metrics: segMetrics,
		sources: [
			{
				from: `${from} ${where.sql}`,
				params: where.params,
				date: 's.date_created',
				segment: typeExpr,
				metrics: orderAggs,
			},
			{
				from: `${from} JOIN order_coupon_lookup c ON c.order_id = s.order_id ${where.sql}`,
				params: where.params,
				date: 's.date_created',
				segment: typeExpr,
				metrics: [ORDER_METRICS.coupons, ORDER_METRICS.coupons_count],
			},
		],
	};
}

/**
 * Runs revenue stats (`filters: false`: the excluded statuses, and of the order filters only the
 * breakdown dimensions') or orders stats (every order filter and the status filters).
 */
export async function orderStats(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
	filters: boolean,
): Promise<StatsResult> {
	const range = dateRange(q.raw, settings.timeZone);
	const status: Where = filters ? statusWhere(q, settings) : statusWhere(new Query({}), settings);
	const extra = filters ? await orderFilters(db, q) : dimensionFilters(q);
	const where = whereClause(dateWhere(range, 's.date_created', dialectOf(db)), status, extra);
	// Revenue and orders count an order on the store's date type (db/date-basis.ts); the daily
	// roll-ups of revenue and orders stats are kept by each date type (db/rollups.ts) where the
	// engine keeps them (`basisRollups`; else another date type reads the order rows).
	const basis = settings.dateBasis ?? 'date_created';
	const table = orderStatsOn(basis);
	// A coupon lookup row carries its order's creation date (db/date-basis.ts): by creation date
	// the coupons' own rows are read in range too, so that only those meet the orders (a day by
	// hour on the 50,000-order demo store: 1.3 -> 0.9 ms for its coupons).
	const couponWhere =
		basis === 'date_created'
			? whereClause(
					dateWhere(range, 's.date_created', dialectOf(db)),
					dateWhere(range, 'c.date_created', dialectOf(db)),
					status,
					extra,
				)
			: where;
	const base = pick(ORDER_METRICS, [
		'orders_count',
		'num_items_sold',
		'total_sales',
		'refunds',
		'taxes',
		'shipping',
		'net_revenue',
		'total_customers',
	]);
	const segmentby = q.str('segmentby');
	const fields = q.strings('fields');
	const interval = q.str('interval', 'week') as Interval;
	// Day-aligned ranges without filters or segments read the daily roll-ups (on engines that
	// keep them); only the distinct customer count (when asked for) still scans the orders.
	const dayAligned = range.after % 86_400_000 === 0 && range.before % 86_400_000 === 86_399_000;
	const wantsCustomers =
		!fields.length ||
		fields.includes('total_customers') ||
		q.str('orderby') === 'total_customers';
	const rollups =
		dayAligned &&
		!extra &&
		!segmentby &&
		dialectOf(db).rollups &&
		(basis === 'date_created' || dialectOf(db).basisRollups);
	const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
	const rolled = orderRollupTables(basis);
	const rollWhere = whereClause(
		rolled.where,
		{
			sql: ['s.day BETWEEN CAST(? AS DATE) AND CAST(? AS DATE)'],
			params: [day(range.after), day(range.before)],
		},
		status,
	);
	/** The products count of the range (its total only) from the daily roll-up by product. */
	const rolledProducts: Source = {
		from: `FROM ${rolled.products} p ${rollWhere.sql.replace(/\bs\./g, 'p.')}`,
		params: rollWhere.params,
		date: 'p.day',
		metrics: [onRollup(ORDER_METRICS.products)],
		totalsOnly: true,
	};
	if (rollups && interval !== 'hour') {
		const additive = base.filter((m) => m.key !== 'total_customers').map(onRollup);
		return runStats(db, {
			interval,
			startOfWeek: settings.startOfWeek,
			timeZone: settings.timeZone,
			after: range.after,
			before: range.before,
			order: q.str('order', 'desc') === 'asc' ? 'asc' : 'desc',
			orderby: q.str('orderby', 'date'),
			page: q.int('page', 1),
			perPage: q.int('per_page', 10),
			fields,
			metrics: metricsOf(ORDER_METRICS, ORDER_STATS_KEYS),
			totalsOnly: ['products'],
			alwaysInTotals: ['products', 'coupons_count'],
			sources: [
				{
					from: `FROM ${rolled.stats} s ${rollWhere.sql}`,
					params: rollWhere.params,
					date: 's.day',
					metrics: additive,
				},
				{
					from: `FROM ${rolled.coupons} c ${rollWhere.sql.replace(/\bs\./g, 'c.')}`,
					params: rollWhere.params,
					date: 'c.day',
					metrics: [
						onRollup(ORDER_METRICS.coupons),
						onRollup(ORDER_METRICS.coupons_count),
					],
				},
				rolledProducts,
				...(wantsCustomers
					? [
							{
								from: `FROM ${table} s ${where.sql}`,
								params: where.params,
								date: 's.date_created',
								metrics: [ORDER_METRICS.total_customers],
							},
						]
					: []),
			],
		});
	}
	const sources: Source[] = [
		{
			from: `FROM ${table} s ${where.sql}`,
			params: where.params,
			date: 's.date_created',
			metrics: base,
		},
		{
			from: `FROM order_coupon_lookup c JOIN ${table} s ON s.order_id = c.order_id ${couponWhere.sql}`,
			params: couponWhere.params,
			date: 's.date_created',
			metrics: [ORDER_METRICS.coupons, ORDER_METRICS.coupons_count],
		},
		// Whole days by hour: the buckets need the order rows, the products count (a total) does
		// not (a day by hour on the 50,000-order demo store: 1.2 -> 0.4 ms for it).
		rollups
			? rolledProducts
			: {
					from: `FROM order_product_lookup p JOIN ${table} s ON s.order_id = p.order_id ${where.sql}`,
					params: where.params,
					date: 's.date_created',
					metrics: [ORDER_METRICS.products],
					totalsOnly: true,
				},
	];
	return runStats(db, {
		interval,
		startOfWeek: settings.startOfWeek,
		timeZone: settings.timeZone,
		after: range.after,
		before: range.before,
		order: q.str('order', 'desc') === 'asc' ? 'asc' : 'desc',
		orderby: q.str('orderby', 'date'),
		page: q.int('page', 1),
		perPage: q.int('per_page', 10),
		fields,
		metrics: metricsOf(ORDER_METRICS, ORDER_STATS_KEYS),
		totalsOnly: ['products'],
		alwaysInTotals: ['products', 'coupons_count'],
		sources,
		segments: segmentby ? await segmentSetup(db, q, segmentby, where, table) : undefined,
	});
}
