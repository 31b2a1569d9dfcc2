/**
 * Stats of the item reports: products, variations, coupons, taxes and downloads (REST §6.5–6.10).
 */
import { dialectOf, type SqlReader } from '../metrics/dialect.js';
import {
	COUPON_METRICS,
	DOWNLOAD_METRICS,
	PRODUCT_METRICS,
	PRODUCT_ROLLUP_SQL,
	TAX_METRICS,
	type Metric,
} from '../metrics/index.js';
import { inList } from '../db/sql.js';
import { runStats, type SegmentCandidate, type Source, type StatsResult } from './stats-query.js';
import {
	dateWhere,
	orderFilters,
	productsInCategories,
	statusWhere,
	whereClause,
	type Where,
} from './filters.js';
import type { Interval } from './intervals.js';
import { downloadWhere } from './downloads-list.js';
import { Query } from '../http/params.js';
import { variationLabels } from './order-stats.js';
import { type StoreSettings } from '../db/store-settings.js';
import { dateRange } from './date-range.js';

const metricsOf = (set: Record<string, Metric>, keys: string[]): Record<string, Metric> =>
	Object.fromEntries(keys.filter((k) => set[k]).map((k) => [k, set[k]]));

function base(q: Query, settings: StoreSettings) {
	const range = dateRange(q.raw, settings.timeZone);
	return {
		range,
		common: {
			interval: q.str('interval', 'week') as Interval,
			startOfWeek: settings.startOfWeek,
			timeZone: settings.timeZone,
			after: range.after,
			before: range.before,
			order: (q.str('order', 'desc') === 'asc' ? 'asc' : 'desc') as 'asc' | 'desc',
			orderby: q.str('orderby', 'date'),
			page: q.int('page', 1),
			perPage: q.int('per_page', 10),
			fields: q.strings('fields'),
		},
	};
}

const PRODUCT_KEYS = [
	'items_sold',
	'net_revenue',
	'orders_count',
	'products_count',
	'variations_count',
];

async function productSegments(
	db: SqlReader,
	q: Query,
	segmentby: string,
	where: { sql: string; params: (string | number | boolean | null | bigint)[] },
	products: number[],
): Promise<{ candidates: SegmentCandidate[]; sources: Source[]; metrics: Record<string, Metric> }> {
	const metrics = metricsOf(PRODUCT_METRICS, PRODUCT_KEYS);
	const list = Object.values(metrics);
	if (segmentby === 'category') {
		const cats = q.ids('categories');
		const rows = await db.all(
			`SELECT id, name FROM categories ${cats.length ? `WHERE ${inList('id', cats)}` : ''} ORDER BY id`,
			cats,
		);
		const tree =
			'(SELECT DISTINCT pc.product_id, cl.category_tree_id FROM product_categories pc JOIN category_lookup cl ON cl.category_id = pc.category_id)';
		return {
			candidates: rows.map((r) => ({ id: Number(r.id), label: String(r.name) })),
			metrics,
			sources: [
				{
					// One JOIN per SELECT (ClickHouse 18.16 takes no more): each line with its
					// categories first, then the orders.
					from: `FROM (SELECT l.*, t.category_tree_id FROM order_product_lookup l JOIN ${tree} t ON t.product_id = l.product_id) p JOIN order_stats s ON s.order_id = p.order_id ${where.sql}`,
					params: where.params,
					date: 's.date_created',
					segment: 'p.category_tree_id',
					metrics: list,
				},
			],
		};
	}
	if (segmentby === 'variation') {
		const variations = q.ids('variations');
		const rows = variations.length
			? await db.all(
					`SELECT id FROM products WHERE ${inList('id', variations)} ORDER BY id`,
					variations,
				)
			: products.length
				? await db.all(
						`SELECT id FROM products WHERE ${inList('parent_id', products)} ORDER BY id`,
						products,
					)
				: await db.all("SELECT id FROM products WHERE type = 'variation' ORDER BY id");
		const labels = await variationLabels(
			db,
			rows.map((r) => Number(r.id)),
		);
		return {
			candidates: rows.map((r) => ({
				id: Number(r.id),
				label: labels.get(Number(r.id)) ?? '',
			})),
			metrics,
			sources: [
				{
					from: `FROM order_product_lookup p JOIN order_stats s ON s.order_id = p.order_id ${where.sql}`,
					params: where.params,
					date: 's.date_created',
					segment: 'p.variation_id',
					metrics: list,
				},
			],
		};
	}
	const rows = await db.all(
		`SELECT id, name FROM products WHERE parent_id = 0 ${products.length ? `AND ${inList('id', products)}` : ''} ORDER BY id`,
		products,
	);
	return {
		candidates: rows.map((r) => ({ id: Number(r.id), label: String(r.name) })),
		metrics,
		sources: [
			{
				from: `FROM order_product_lookup p JOIN order_stats s ON s.order_id = p.order_id ${where.sql}`,
				params: where.params,
				date: 's.date_created',
				segment: 'p.product_id',
				metrics: list,
			},
		],
	};
}

export async function productStats(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
	variationsReport: boolean,
): Promise<StatsResult> {
	const { range, common } = base(q, settings);
	const dialect = dialectOf(db);
	const parts: Where[] = [
		dateWhere(range, 's.date_created', dialect),
		statusWhere(new Query({}), settings),
	];
	let products = variationsReport ? q.ids('product_includes') : q.ids('products');
	const catParam = variationsReport ? 'category_includes' : 'categories';
	if (q.ids(catParam).length) {
		const expanded = await productsInCategories(db, q.ids(catParam));
		products = products.length ? products.filter((id) => expanded.includes(id)) : expanded;
		if (!products.length) products = [-1];
	}
	if (products.length) parts.push({ sql: [inList('p.product_id', products)], params: products });
	const variations = q.ids('variations');
	if (variations.length)
		parts.push({ sql: [inList('p.variation_id', variations)], params: variations });
	else if (variationsReport) parts.push({ sql: ['p.variation_id <> 0'], params: [] });
	if (variationsReport) {
		const exc = q.ids('product_excludes');
		if (exc.length) parts.push({ sql: [`NOT ${inList('p.product_id', exc)}`], params: exc });
		const catExc = q.ids('category_excludes');
		if (catExc.length) {
			const ids = await productsInCategories(db, catExc);
			if (ids.length)
				parts.push({ sql: [`NOT ${inList('p.product_id', ids)}`], params: ids });
		}
		const attr = await orderFilters(
			db,
			new Query({
				attribute_is: q.raw.attribute_is,
				attribute_is_not: q.raw.attribute_is_not,
				match: q.raw.match,
			}),
		);
		if (attr) parts.push(attr);
	}
	const where = whereClause(...parts);
	const keys = variationsReport
		? ['items_sold', 'net_revenue', 'orders_count', 'variations_count']
		: PRODUCT_KEYS;
	const metrics = metricsOf(PRODUCT_METRICS, keys);
	const segmentby = q.str('segmentby');
	const fields = q.strings('fields');
	const rollable = ['items_sold', 'net_revenue', 'products_count'];
	const dayAligned = range.after % 86_400_000 === 0 && range.before % 86_400_000 === 86_399_000;
	if (
		dialect.rollups &&
		!variationsReport &&
		dayAligned &&
		!segmentby &&
		!variations.length &&
		fields.length > 0 &&
		fields.every((f) => rollable.includes(f) || !(f in metrics)) &&
		!(common.orderby in metrics && !rollable.includes(common.orderby))
	) {
		// Whole days, product-level figures only: the daily product roll-up gives the same sums.
		const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
		const rolled = whereClause(
			{
				sql: ['p.day BETWEEN CAST(? AS DATE) AND CAST(? AS DATE)'],
				params: [day(range.after), day(range.before)],
			},
			statusWhere(new Query({}), settings, 'p'),
			products.length ? { sql: [inList('p.product_id', products)], params: products } : null,
		);
		const onRollup = (key: string, sql: string): Metric => ({ ...PRODUCT_METRICS[key], sql });
		return runStats(db, {
			...common,
			metrics,
			sources: [
				{
					from: `FROM order_product_daily p ${rolled.sql}`,
					params: rolled.params,
					date: 'p.day',
					metrics: [
						onRollup('items_sold', PRODUCT_ROLLUP_SQL.items_sold),
						onRollup('net_revenue', PRODUCT_ROLLUP_SQL.net_revenue),
						onRollup('products_count', PRODUCT_METRICS.products_count.sql ?? ''),
					],
				},
			],
		});
	}
	const result = await runStats(db, {
		...common,
		metrics,
		sources: [
			{
				from: `FROM order_product_lookup p JOIN order_stats s ON s.order_id = p.order_id ${where.sql}`,
				params: where.params,
				date: 's.date_created',
				metrics: Object.values(metrics),
			},
		],
		segments: segmentby
			? await productSegments(
					db,
					q,
					variationsReport ? 'variation' : segmentby,
					where,
					products,
				)
			: undefined,
	});
	return result;
}

export async function couponStats(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<StatsResult> {
	const { range, common } = base(q, settings);
	const coupons = q.ids('coupons');
	const where = whereClause(
		dateWhere(range, 's.date_created', dialectOf(db)),
		statusWhere(new Query({}), settings),
		coupons.length ? { sql: [inList('c.coupon_id', coupons)], params: coupons } : null,
	);
	const metrics = metricsOf(COUPON_METRICS, ['amount', 'coupons_count', 'orders_count']);
	const from = `FROM order_coupon_lookup c JOIN order_stats s ON s.order_id = c.order_id ${where.sql}`;
	let segments;
	if (q.str('segmentby') === 'coupon') {
		const rows = await db.all(
			`SELECT id, code FROM coupons ${coupons.length ? `WHERE ${inList('id', coupons)}` : ''} ORDER BY id`,
			coupons,
		);
		segments = {
			candidates: rows.map((r) => ({ id: Number(r.id), label: String(r.code) })),
			metrics,
			sources: [
				{
					from,
					params: where.params,
					date: 's.date_created',
					segment: 'c.coupon_id',
					metrics: Object.values(metrics),
				},
			],
		};
	} else if (q.str('segmentby')) {
		const lineSet = q.str('segmentby');
		const seg = await productSegments(
			db,
			q,
			lineSet,
			{ sql: '', params: [] },
			q.ids('products'),
		);
		segments = {
			candidates: seg.candidates,
			metrics,
			sources: [
				{
					// One JOIN per SELECT (ClickHouse 18.16): each coupon line with its orders'
					// products or categories first, then the orders.
					from: `FROM (SELECT k.*, g.seg FROM order_coupon_lookup k JOIN (SELECT DISTINCT l.order_id, ${lineSet === 'category' ? 't.category_tree_id AS seg FROM order_product_lookup l JOIN (SELECT DISTINCT pc.product_id, cl.category_tree_id FROM product_categories pc JOIN category_lookup cl ON cl.category_id = pc.category_id) t ON t.product_id = l.product_id' : `l.${lineSet === 'variation' ? 'variation_id' : 'product_id'} AS seg FROM order_product_lookup l`}) g ON g.order_id = k.order_id) c JOIN order_stats s ON s.order_id = c.order_id ${where.sql}`,
					params: where.params,
					date: 's.date_created',
					segment: 'c.seg',
					metrics: Object.values(metrics),
				},
			],
		};
	}
	return runStats(db, {
		...common,
		metrics,
		sources: [
			{ from, params: where.params, date: 's.date_created', metrics: Object.values(metrics) },
		],
		segments,
	});
}

/** A tax rate's label: COUNTRY-STATE-NAME-PRIORITY in capitals, empty parts left out. */
function taxRateLabel(r: Record<string, unknown>): string {
	return [r.tax_rate_country, r.tax_rate_state, r.tax_rate_name]
		.map((v) => (v === null || v === undefined ? '' : String(v)))
		.filter((v) => v !== '')
		.concat(String(Number(r.tax_rate_priority)))
		.join('-')
		.toUpperCase();
}

export async function taxStats(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<StatsResult> {
	const { range, common } = base(q, settings);
	const taxes = q.ids('taxes');
	const where = whereClause(
		dateWhere(range, 's.date_created', dialectOf(db)),
		statusWhere(new Query({}), settings),
		taxes.length ? { sql: [inList('t.tax_rate_id', taxes)], params: taxes } : null,
	);
	const metrics = metricsOf(TAX_METRICS, [
		'tax_codes',
		'total_tax',
		'order_tax',
		'shipping_tax',
		'orders_count',
	]);
	const from = `FROM order_tax_lookup t JOIN order_stats s ON s.order_id = t.order_id ${where.sql}`;
	let segments;
	if (q.str('segmentby') === 'tax_rate_id') {
		const rows = await db.all(
			`SELECT tax_rate_id AS id, tax_rate_country, tax_rate_state, tax_rate_name, tax_rate_priority FROM tax_rates ${taxes.length ? `WHERE ${inList('tax_rate_id', taxes)}` : ''} ORDER BY tax_rate_id`,
			taxes,
		);
		segments = {
			candidates: rows.map((r) => ({ id: Number(r.id), label: taxRateLabel(r) })),
			metrics,
			sources: [
				{
					from,
					params: where.params,
					date: 's.date_created',
					segment: 't.tax_rate_id',
					metrics: Object.values(metrics),
				},
			],
		};
	}
	return runStats(db, {
		...common,
		metrics,
		sources: [
			{ from, params: where.params, date: 's.date_created', metrics: Object.values(metrics) },
		],
		segments,
	});
}

export async function downloadStats(
	db: SqlReader,
	q: Query,
	settings: StoreSettings,
): Promise<StatsResult> {
	const { common } = base(q, settings);
	const where = await downloadWhere(db, q, settings);
	const metrics = metricsOf(DOWNLOAD_METRICS, ['download_count']);
	// Buckets are store-local: convert the UTC log time with the store offset in SQL when not UTC.
	const date =
		settings.timeZone === 'UTC'
			? 'd.timestamp'
			: dialectOf(db).localTime('d.timestamp', settings.timeZone);
	return runStats(db, {
		...common,
		metrics,
		sources: [
			{
				from: `FROM download_log d JOIN downloadable_product_permissions perm ON perm.permission_id = d.permission_id ${where.sql}`,
				params: where.params,
				date,
				metrics: Object.values(metrics),
			},
		],
	});
}
