/**
 * The revenue report: `reports/revenue/stats` (the orders stats with the excluded statuses and the
 * breakdown dimension filters alone, `shared/order-stats.ts`) and its export, one row per interval.
 */
import { getMetric } from '@abacus/metrics';

import { DIMENSION_FILTER_PARAMS } from '../shared/breakdown-filters.js';
import { heading, type ExportColumn } from '../shared/export-columns.js';
import { NS } from '../shared/list-query.js';
import { orderStats } from '../shared/order-stats.js';
import { stats, type Report } from '../shared/report.js';
import { commonStatsParams, ORDER_SEGMENTS } from '../shared/report-params.js';

type Item = Record<string, unknown>;

const COLUMNS: ExportColumn[] = [
	[heading('revenue', 'date'), (r) => r.date_start],
	[getMetric('revenue', 'orders_count').columnLabel, (r) => (r.subtotals as Item).orders_count],
	[getMetric('revenue', 'gross_sales').columnLabel, (r) => (r.subtotals as Item).gross_sales],
	[getMetric('revenue', 'total_sales').columnLabel, (r) => (r.subtotals as Item).total_sales],
	[getMetric('revenue', 'refunds').columnLabel, (r) => (r.subtotals as Item).refunds],
	[getMetric('revenue', 'coupons').columnLabel, (r) => (r.subtotals as Item).coupons],
	[getMetric('revenue', 'taxes').columnLabel, (r) => (r.subtotals as Item).taxes],
	[getMetric('revenue', 'shipping').columnLabel, (r) => (r.subtotals as Item).shipping],
	[getMetric('revenue', 'net_revenue').columnLabel, (r) => (r.subtotals as Item).net_revenue],
];

export const revenue: Report = {
	routes({ route }) {
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
				segmentby: ORDER_SEGMENTS,
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
	},
	exports: {
		revenue: {
			columns: COLUMNS,
			// One row per interval: 100 intervals a batch (the stats route's most), by day unless asked.
			batchRows: 100,
			defaults(args) {
				args.interval = args.interval ?? 'day';
			},
			async page(db, q, settings) {
				const r = await orderStats(db, q, settings, false);
				return { body: r.body.intervals, total: r.total, totalPages: r.totalPages };
			},
		},
	},
};
