/**
 * The products report: `reports/products` (`list.ts`), `reports/products/stats` (`stats.ts`) and
 * its export, one row per product.
 */
import { getMetric } from '@abacus/metrics';

import { ext, heading, stockLabel, type ExportColumn } from '../shared/export-columns.js';
import { NS } from '../shared/list-query.js';
import { stats, type Report } from '../shared/report.js';
import { commonListParams, commonStatsParams, PRODUCT_SEGMENTS } from '../shared/report-params.js';
import { productsList } from './list.js';
import { productStats } from './stats.js';

const COLUMNS: ExportColumn[] = [
	[heading('products', 'product_name'), (r) => ext(r).name],
	[heading('products', 'sku'), (r) => ext(r).sku],
	[getMetric('products', 'items_sold').columnLabel, (r) => r.items_sold],
	[getMetric('products', 'net_revenue').columnLabel, (r) => r.net_revenue],
	[getMetric('products', 'orders_count').columnLabel, (r) => r.orders_count],
	[
		getMetric('products', 'variations_count').columnLabel,
		(r) => ((ext(r).variations as unknown[] | undefined) ?? []).length,
	],
	[heading('products', 'stock_status'), (r) => stockLabel(ext(r).stock_status)],
	[heading('products', 'stock'), (r) => ext(r).stock_quantity],
];

export const products: Report = {
	routes({ route }) {
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
				segmentby: PRODUCT_SEGMENTS,
			},
			async (q, settings, _request, reader) =>
				stats(await productStats(reader, q, settings, false)),
			{ seam: true },
		);
	},
	exports: { products: { columns: COLUMNS, page: productsList } },
};
