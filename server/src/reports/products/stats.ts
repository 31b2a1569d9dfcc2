/**
 * Stats of the products report (`reports/products/stats`), and of variations (`variationsReport`: `reports/variations/stats`).
 */
import { dialectOf, type SqlReader } from '../../metrics/dialect.js';
import { PRODUCT_METRICS, PRODUCT_ROLLUP_SQL, type Metric } from '../../metrics/index.js';
import { inList } from '../../db/sql.js';
import { runStats, type StatsResult } from '../shared/stats-query.js';
import {
	dateWhere,
	orderFilters,
	productsInCategories,
	statusWhere,
	whereClause,
	type Where,
} from '../shared/filters.js';
import { base, metricsOf, PRODUCT_KEYS, productSegments } from '../shared/item-stats.js';
import { Query } from '../../http/params.js';
import { type StoreSettings } from '../../db/store-settings.js';

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
