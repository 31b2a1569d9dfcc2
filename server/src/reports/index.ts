/**
 * Registers the `wc-analytics/reports/*` and `wc-analytics/leaderboards*` routes.
 */
import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../core/context.js';
import { registerBreakdownRoutes } from './breakdown.js';
import { DIMENSION_FILTER_PARAMS } from './breakdown-filters.js';
import { registerCohortRoutes } from './cohort-routes.js';
import { customersList, customersStats, CUSTOMER_FILTER_PARAMS } from './customers.js';
import {
	allowedIndicators,
	allowedLeaderboards,
	leaderboards,
	performanceIndicators,
	reportsIndex,
} from './dashboard.js';
import { couponStats, downloadStats, productStats, taxStats } from './item-stats.js';
import {
	categoriesList,
	couponsList,
	downloadsList,
	ordersList,
	productsList,
	stockList,
	stockStats,
	taxesList,
	variationsList,
} from './lists.js';
import { registerExportRoutes } from './export.js';
import { registerImportRoutes } from './import.js';
import { orderStats } from './order-stats.js';
import { registerForecastRoutes } from './forecast-routes.js';
import { registerProfitRoutes } from './profit-routes.js';
import {
	commonListParams,
	commonStatsParams,
	ORDER_FILTER_PARAMS,
	STATUSES,
} from './report-params.js';
import { type ParamSpecs } from '../http/params.js';
import { ReportCache, type ReportEngine, reportRoute, type RouteResult } from './report-route.js';
import type { StatsResult } from './stats-query.js';

const NS = '/wc-analytics';

const stats = (r: StatsResult): RouteResult => ({
	body: r.body,
	total: r.total,
	totalPages: r.totalPages,
});

const ATTRIBUTE_PARAMS: ParamSpecs = {
	attribute_is: { type: 'tuples' },
	attribute_is_not: { type: 'tuples' },
};
const DOWNLOAD_FILTERS: ParamSpecs = {
	match: { type: 'string', default: 'all', enum: ['all', 'any'] },
	product_includes: { type: 'ids' },
	product_excludes: { type: 'ids' },
	order_includes: { type: 'ids' },
	order_excludes: { type: 'ids' },
	customer_includes: { type: 'ids' },
	customer_excludes: { type: 'ids' },
	ip_address_includes: { type: 'strings' },
	ip_address_excludes: { type: 'strings' },
};

/**
 * `engine`: a multi-store engine (ClickHouse) answering the routes on the metric layer's seam for
 * the request's store; absent, every route reads the server's DuckDB store.
 */
export async function registerReportRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
	engine?: ReportEngine,
): Promise<void> {
	const cache = new ReportCache(ctx, engine);
	const route = reportRoute.bind(null, app, ctx, cache);
	const orderSegments = {
		type: 'string',
		enum: ['product', 'category', 'variation', 'coupon', 'customer_type'],
	} as const;
	const productSegments = { type: 'string', enum: ['product', 'category', 'variation'] } as const;
	const context: ParamSpecs = { context: { type: 'string', enum: ['view', 'edit', 'embed'] } };

	route(`${NS}/reports`, context, async () => reportsIndex(), { seam: true });

	route(
		`${NS}/reports/revenue/stats`,
		{
			...commonStatsParams([
				'date',
				'total_sales',
				'coupons',
				'refunds',
				'shipping',
				'taxes',
				'net_revenue',
				'orders_count',
				'items_sold',
				'gross_sales',
			]),
			segmentby: orderSegments,
			product_includes: { type: 'ids' },
			categories: { type: 'ids' },
			coupons: { type: 'ids' },
			variations: { type: 'ids' },
			match: { type: 'string', default: 'all', enum: ['all', 'any'] },
			...DIMENSION_FILTER_PARAMS,
		},
		async (q, settings, _request, reader) =>
			stats(await orderStats(reader, q, settings, false)),
		{ seam: true },
	);
	route(
		`${NS}/reports/orders/stats`,
		{
			...commonStatsParams(['date', 'net_revenue', 'orders_count', 'avg_order_value']),
			...ORDER_FILTER_PARAMS,
			segmentby: orderSegments,
			coupons: { type: 'ids' },
			variations: { type: 'ids' },
		},
		async (q, settings, _request, reader) => stats(await orderStats(reader, q, settings, true)),
		{ seam: true },
	);
	route(
		`${NS}/reports/orders`,
		{
			...commonListParams(['date', 'num_items_sold', 'net_total'], 'date'),
			per_page: { type: 'integer', default: 10, minimum: -1, maximum: 100 },
			...ORDER_FILTER_PARAMS,
			order_includes: { type: 'ids' },
			order_excludes: { type: 'ids' },
		},
		(q, settings, _request, reader) => ordersList(reader, q, settings),
		{ seam: true },
	);
	route(
		`${NS}/reports/products`,
		{
			...commonListParams(
				[
					'date',
					'net_revenue',
					'orders_count',
					'items_sold',
					'product_name',
					'variations',
					'sku',
				],
				'date',
			),
			categories: { type: 'ids' },
			products: { type: 'ids' },
			match: { type: 'string', default: 'all', enum: ['all', 'any'] },
		},
		(q, settings, _request, reader) => productsList(reader, q, settings),
		{ seam: true },
	);
	route(
		`${NS}/reports/products/stats`,
		{
			...commonStatsParams([
				'date',
				'net_revenue',
				'coupons',
				'refunds',
				'shipping',
				'taxes',
				'orders_count',
				'items_sold',
			]),
			categories: { type: 'ids' },
			products: { type: 'ids' },
			variations: { type: 'ids' },
			segmentby: productSegments,
		},
		async (q, settings, _request, reader) =>
			stats(await productStats(reader, q, settings, false)),
		{ seam: true },
	);
	const variationFilters: ParamSpecs = {
		match: { type: 'string', default: 'all', enum: ['all', 'any'] },
		product_includes: { type: 'ids' },
		product_excludes: { type: 'ids' },
		variations: { type: 'ids' },
		category_includes: { type: 'ids' },
		category_excludes: { type: 'ids' },
		...ATTRIBUTE_PARAMS,
	};
	route(
		`${NS}/reports/variations`,
		{
			...commonListParams(
				['date', 'net_revenue', 'orders_count', 'items_sold', 'sku'],
				'date',
			),
			...variationFilters,
		},
		(q, settings, _request, reader) => variationsList(reader, q, settings),
		{ seam: true },
	);
	route(
		`${NS}/reports/variations/stats`,
		{
			...commonStatsParams([
				'date',
				'net_revenue',
				'coupons',
				'refunds',
				'shipping',
				'taxes',
				'orders_count',
				'items_sold',
			]),
			...variationFilters,
			segmentby: productSegments,
		},
		async (q, settings, _request, reader) =>
			stats(await productStats(reader, q, settings, true)),
		{ seam: true },
	);
	route(
		`${NS}/reports/categories`,
		{
			...commonListParams(
				[
					'category_id',
					'items_sold',
					'net_revenue',
					'orders_count',
					'products_count',
					'category',
				],
				'category_id',
			),
			interval: { type: 'string', enum: ['hour', 'day', 'week', 'month', 'quarter', 'year'] },
			status_is: { type: 'strings', enum: STATUSES },
			status_is_not: { type: 'strings', enum: STATUSES },
			categories: { type: 'ids' },
		},
		(q, settings, _request, reader) => categoriesList(reader, q, settings),
		{ seam: true },
	);
	route(
		`${NS}/reports/coupons`,
		{
			...commonListParams(['coupon_id', 'code', 'amount', 'orders_count'], 'coupon_id'),
			coupons: { type: 'ids' },
		},
		(q, settings, _request, reader) => couponsList(reader, q, settings),
		{ seam: true },
	);
	route(
		`${NS}/reports/coupons/stats`,
		{
			...commonStatsParams(['date', 'amount', 'coupons_count', 'orders_count']),
			coupons: { type: 'ids' },
			products: { type: 'ids' },
			segmentby: { type: 'string', enum: ['product', 'variation', 'category', 'coupon'] },
		},
		async (q, settings, _request, reader) => stats(await couponStats(reader, q, settings)),
		{ seam: true },
	);
	route(
		`${NS}/reports/taxes`,
		{
			...commonListParams(
				[
					'name',
					'tax_rate_id',
					'tax_code',
					'rate',
					'order_tax',
					'total_tax',
					'shipping_tax',
					'orders_count',
				],
				'tax_rate_id',
			),
			taxes: { type: 'ids' },
		},
		(q, settings, _request, reader) => taxesList(reader, q, settings),
		{ seam: true },
	);
	route(
		`${NS}/reports/taxes/stats`,
		{
			...commonStatsParams([
				'date',
				'items_sold',
				'total_sales',
				'orders_count',
				'products_count',
				'total_tax',
				'order_tax',
				'shipping_tax',
			]),
			taxes: { type: 'ids' },
			segmentby: { type: 'string', enum: ['tax_rate_id'] },
		},
		async (q, settings, _request, reader) => stats(await taxStats(reader, q, settings)),
		{ seam: true },
	);
	route(
		`${NS}/reports/downloads`,
		{ ...commonListParams(['date', 'product'], 'date'), ...DOWNLOAD_FILTERS },
		(q, settings, _request, reader) => downloadsList(reader, q, settings),
		{ seam: true },
	);
	route(
		`${NS}/reports/downloads/stats`,
		{ ...commonStatsParams(['date', 'download_count']), ...DOWNLOAD_FILTERS },
		async (q, settings, _request, reader) => stats(await downloadStats(reader, q, settings)),
		{ seam: true },
	);
	route(
		`${NS}/reports/stock`,
		{
			page: { type: 'integer', default: 1, minimum: 1 },
			per_page: { type: 'integer', default: 10, minimum: -1, maximum: 100 },
			offset: { type: 'integer', minimum: 0 },
			order: { type: 'string', default: 'asc', enum: ['asc', 'desc'] },
			orderby: {
				type: 'string',
				default: 'stock_status',
				enum: ['stock_status', 'stock_quantity', 'date', 'id', 'include', 'title', 'sku'],
			},
			type: {
				type: 'string',
				default: 'all',
				enum: ['all', 'lowstock', 'instock', 'outofstock', 'onbackorder'],
			},
			include: { type: 'ids' },
			exclude: { type: 'ids' },
			parent: { type: 'ids' },
			parent_exclude: { type: 'ids' },
			...context,
		},
		(q, settings, _request, reader) => stockList(reader, q, settings),
		{ seam: true },
	);
	route(
		`${NS}/reports/stock/stats`,
		context,
		(_q, settings, _request, reader) => stockStats(reader, settings),
		{ seam: true },
	);
	const customerList: ParamSpecs = {
		page: { type: 'integer', default: 1, minimum: 1 },
		per_page: { type: 'integer', default: 10, minimum: -1, maximum: 100 },
		order: { type: 'string', default: 'desc', enum: ['asc', 'desc'] },
		orderby: {
			type: 'string',
			default: 'date_registered',
			enum: [
				'username',
				'name',
				'country',
				'city',
				'state',
				'postcode',
				'date_registered',
				'date_last_active',
				'orders_count',
				'total_spend',
				'avg_order_value',
			],
		},
		...CUSTOMER_FILTER_PARAMS,
		...context,
	};
	route(
		`${NS}/reports/customers`,
		customerList,
		(q, settings, _request, reader) => customersList(reader, q, settings),
		{ seam: true },
	);
	route(
		`${NS}/reports/customers/stats`,
		{ ...CUSTOMER_FILTER_PARAMS, fields: { type: 'strings' }, ...context },
		(q, settings, _request, reader) => customersStats(reader, q, settings),
		{ seam: true },
	);
	const indicatorParams: ParamSpecs = {
		stats: { type: 'strings' },
		after: { type: 'date-time' },
		before: { type: 'date-time' },
		...context,
	};
	route(
		`${NS}/reports/performance-indicators`,
		indicatorParams,
		(q, settings, _request, reader) => performanceIndicators(reader, q, settings),
		{ seam: true },
	);
	route(
		`${NS}/reports/performance-indicators/allowed`,
		context,
		async () => allowedIndicators(),
		{
			seam: true,
		},
	);
	route(
		`${NS}/leaderboards`,
		{
			page: { type: 'integer', default: 1, minimum: 1 },
			per_page: { type: 'integer', default: 5, minimum: 1, maximum: 20 },
			after: { type: 'date-time' },
			before: { type: 'date-time' },
			persisted_query: { type: 'string', maxLength: 5000 },
			...context,
		},
		(q, settings, _request, reader) => leaderboards(reader, q, settings),
		{ seam: true },
	);
	route(`${NS}/leaderboards/allowed`, context, async () => allowedLeaderboards(), {
		seam: true,
	});
	registerBreakdownRoutes(route, NS);
	registerCohortRoutes(route, NS);
	registerForecastRoutes(app, ctx, cache);
	await registerProfitRoutes(app, ctx, cache, NS);
	await registerExportRoutes(app, ctx, engine);
	await registerImportRoutes(app, ctx);
}
