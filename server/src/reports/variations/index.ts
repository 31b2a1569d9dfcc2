/**
 * The variations report: `reports/variations` (`list.ts`), `reports/variations/stats` (the products
 * stats of variations, `products/stats.ts`) and its export, one row per variation.
 */
import { getMetric } from '@abacus/metrics';

import type { ParamSpecs } from '../../http/params.js';
import { productStats } from '../products/stats.js';
import { ext, heading, stockLabel, type ExportColumn } from '../shared/export-columns.js';
import { NS } from '../shared/list-query.js';
import { stats, type Report } from '../shared/report.js';
import { commonListParams, commonStatsParams, PRODUCT_SEGMENTS } from '../shared/report-params.js';
import { variationsList } from './list.js';

const ATTRIBUTE_PARAMS: ParamSpecs = {
	attribute_is: { type: 'tuples' },
	attribute_is_not: { type: 'tuples' },
};

const COLUMNS: ExportColumn[] = [
	[heading('variations', 'name'), (r) => ext(r).name],
	[heading('variations', 'sku'), (r) => ext(r).sku],
	[getMetric('variations', 'items_sold').columnLabel, (r) => r.items_sold],
	[getMetric('variations', 'net_revenue').columnLabel, (r) => r.net_revenue],
	[getMetric('variations', 'orders_count').columnLabel, (r) => r.orders_count],
	[heading('variations', 'stock_status'), (r) => stockLabel(ext(r).stock_status)],
	[heading('variations', 'stock'), (r) => ext(r).stock_quantity],
];

export const variations: Report = {
	routes({ route }) {
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
				segmentby: PRODUCT_SEGMENTS,
			},
			async (q, settings, _request, reader) =>
				stats(await productStats(reader, q, settings, true)),
			{ seam: true },
		);
	},
	exports: { variations: { columns: COLUMNS, page: variationsList } },
};
