/**
 * Registers the `wc-analytics/reports/*` and `wc-analytics/leaderboards*` routes.
 */
import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../core/context.js';
import { orderStats } from './order-stats.js';
import { commonStatsParams, ORDER_FILTER_PARAMS } from './params.js';
import { ReportCache, reportRoute } from './route.js';

const NS = '/wc-analytics';

export async function registerReportRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
): Promise<void> {
	const cache = new ReportCache(ctx);
	const route = reportRoute.bind(null, app, ctx, cache);
	const segmentby = {
		type: 'string',
		enum: ['product', 'category', 'variation', 'coupon', 'customer_type'],
	} as const;

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
			segmentby,
			product_includes: { type: 'ids' },
			categories: { type: 'ids' },
			coupons: { type: 'ids' },
			variations: { type: 'ids' },
		},
		async (q, settings) => {
			const r = await orderStats(ctx.db, q, settings, false);
			return { body: r.body, total: r.total, totalPages: r.totalPages };
		},
	);
	route(
		`${NS}/reports/orders/stats`,
		{
			...commonStatsParams(['date', 'net_revenue', 'orders_count', 'avg_order_value']),
			...ORDER_FILTER_PARAMS,
			segmentby,
			coupons: { type: 'ids' },
			variations: { type: 'ids' },
		},
		async (q, settings) => {
			const r = await orderStats(ctx.db, q, settings, true);
			return { body: r.body, total: r.total, totalPages: r.totalPages };
		},
	);
}
