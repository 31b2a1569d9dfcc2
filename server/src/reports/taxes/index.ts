/**
 * The taxes report: `reports/taxes` (`list.ts`), `reports/taxes/stats` (`stats.ts`) and its
 * export, one row per tax rate.
 */
import { getMetric } from '@abacus/metrics';

import { heading, type ExportColumn } from '../shared/export-columns.js';
import { NS } from '../shared/list-query.js';
import { stats, type Report } from '../shared/report.js';
import { commonListParams, commonStatsParams } from '../shared/report-params.js';
import { taxesList } from './list.js';
import { taxStats } from './stats.js';

const COLUMNS: ExportColumn[] = [
	[
		heading('taxes', 'tax_code'),
		(r) =>
			[r.country, r.state, r.name, r.priority]
				.filter((x) => x !== '' && x !== undefined)
				.join('-')
				.toUpperCase(),
	],
	[heading('taxes', 'rate'), (r) => `${String(r.tax_rate)}%`],
	[getMetric('taxes', 'total_tax').columnLabel, (r) => r.total_tax],
	[getMetric('taxes', 'order_tax').columnLabel, (r) => r.order_tax],
	[getMetric('taxes', 'shipping_tax').columnLabel, (r) => r.shipping_tax],
	[getMetric('taxes', 'orders_count').columnLabel, (r) => r.orders_count],
];

export const taxes: Report = {
	routes({ route }) {
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
	},
	exports: { taxes: { columns: COLUMNS, page: taxesList } },
};
