/**
 * The coupons report: `reports/coupons` (`list.ts`), `reports/coupons/stats` (`stats.ts`) and its
 * export, one row per coupon.
 */
import { getMetric } from '@abacus/metrics';

import { ext, heading, type ExportColumn } from '../shared/export-columns.js';
import { NS } from '../shared/list-query.js';
import { stats, type Report } from '../shared/report.js';
import { commonListParams, commonStatsParams } from '../shared/report-params.js';
import { couponsList } from './list.js';
import { couponStats } from './stats.js';

const COLUMNS: ExportColumn[] = [
	[heading('coupons', 'code'), (r) => ext(r).code],
	[getMetric('coupons', 'orders_count').columnLabel, (r) => r.orders_count],
	[getMetric('coupons', 'amount').columnLabel, (r) => r.amount],
	[heading('coupons', 'created'), (r) => ext(r).date_created],
	[heading('coupons', 'expires'), (r) => ext(r).date_expires],
	[heading('coupons', 'type'), (r) => ext(r).discount_type],
];

export const coupons: Report = {
	routes({ route }) {
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
	},
	exports: { coupons: { columns: COLUMNS, page: couponsList } },
};
