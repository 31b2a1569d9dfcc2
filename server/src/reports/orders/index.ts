/**
 * The orders report: `reports/orders/stats` (every order filter, `shared/order-stats.ts`),
 * `reports/orders` (`list.ts`) and its export, one row per order.
 */
import { getMetric } from '@abacus/metrics';

import { ext, heading, type ExportColumn } from '../shared/export-columns.js';
import { NS } from '../shared/list-query.js';
import { orderStats } from '../shared/order-stats.js';
import { stats, type Report } from '../shared/report.js';
import {
	commonListParams,
	commonStatsParams,
	ORDER_FILTER_PARAMS,
	ORDER_SEGMENTS,
} from '../shared/report-params.js';
import { ordersList } from './list.js';

type Item = Record<string, unknown>;

const COLUMNS: ExportColumn[] = [
	[heading('orders', 'date'), (r) => r.date_created],
	[heading('orders', 'order_number'), (r) => r.order_number],
	[heading('orders', 'total'), (r) => r.total_formatted],
	[heading('orders', 'status'), (r) => r.status],
	[
		heading('orders', 'customer'),
		(r) => {
			const c = ext(r).customer as Item | undefined;
			return c && !Array.isArray(c)
				? `${String(c.first_name ?? '')} ${String(c.last_name ?? '')}`.trim()
				: '';
		},
	],
	[heading('orders', 'customer_type'), (r) => r.customer_type],
	[
		heading('orders', 'products'),
		(r) =>
			((ext(r).products as Item[] | undefined) ?? [])
				.map((p) => `${String(p.quantity)}× ${String(p.name)}`)
				.join(', '),
	],
	[getMetric('orders', 'num_items_sold').columnLabel, (r) => r.num_items_sold],
	[
		heading('orders', 'coupons'),
		(r) => ((ext(r).coupons as Item[] | undefined) ?? []).map((c) => String(c.code)).join(', '),
	],
	[getMetric('orders', 'net_revenue').columnLabel, (r) => r.net_total],
];

export const orders: Report = {
	routes({ route }) {
		route(
			`${NS}/reports/orders/stats`,
			{
				...commonStatsParams(['date', 'net_revenue', 'orders_count', 'avg_order_value']),
				...ORDER_FILTER_PARAMS,
				segmentby: ORDER_SEGMENTS,
				coupons: { type: 'ids' },
				variations: { type: 'ids' },
			},
			async (q, settings, _request, reader) =>
				stats(await orderStats(reader, q, settings, true)),
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
	},
	exports: { orders: { columns: COLUMNS, page: ordersList } },
};
