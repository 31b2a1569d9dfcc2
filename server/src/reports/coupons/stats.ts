/**
 * Stats of the coupons report (`reports/coupons/stats`).
 */
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { COUPON_METRICS } from '../../metrics/index.js';
import { inList } from '../../db/sql.js';
import { runStats, type StatsResult } from '../shared/stats-query.js';
import { dateWhere, statusWhere, whereClause } from '../shared/filters.js';
import { base, metricsOf, productSegments } from '../shared/item-stats.js';
import { Query } from '../../http/params.js';
import { type StoreSettings } from '../../db/store-settings.js';

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
