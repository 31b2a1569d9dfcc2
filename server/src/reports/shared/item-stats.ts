/**
 * What the item reports' stats share (products, variations, coupons, taxes and downloads, REST
 * §6.5–6.10; each report's own stats are in its folder, `products/stats.ts` and so on): the stats
 * request common to them, the metric picking and the product, variation and category segments.
 */
import { type SqlReader } from '../../metrics/dialect.js';
import { PRODUCT_METRICS, type Metric } from '../../metrics/index.js';
import { inList } from '../../db/sql.js';
import { type SegmentCandidate, type Source } from './stats-query.js';
import type { Interval } from './intervals.js';
import { type Query } from '../../http/params.js';
import { variationLabels } from './order-stats.js';
import { type StoreSettings } from '../../db/store-settings.js';
import { dateRange } from './date-range.js';

export const metricsOf = (set: Record<string, Metric>, keys: string[]): Record<string, Metric> =>
	Object.fromEntries(keys.filter((k) => set[k]).map((k) => [k, set[k]]));

export function base(q: Query, settings: StoreSettings) {
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

export const PRODUCT_KEYS = [
	'items_sold',
	'net_revenue',
	'orders_count',
	'products_count',
	'variations_count',
];

export async function productSegments(
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
