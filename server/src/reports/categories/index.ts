/** The categories report: `reports/categories` (`list.ts`) and its export, one row per category. */
import { getMetric } from '@abacus/metrics';

import { ext, heading, type ExportColumn } from '../shared/export-columns.js';
import { NS } from '../shared/list-query.js';
import type { Report } from '../shared/report.js';
import { commonListParams, STATUSES } from '../shared/report-params.js';
import { categoriesList } from './list.js';

const COLUMNS: ExportColumn[] = [
	[heading('categories', 'category'), (r) => ext(r).name],
	[getMetric('categories', 'items_sold').columnLabel, (r) => r.items_sold],
	[getMetric('categories', 'net_revenue').columnLabel, (r) => r.net_revenue],
	[getMetric('categories', 'products_count').columnLabel, (r) => r.products_count],
	[getMetric('categories', 'orders_count').columnLabel, (r) => r.orders_count],
];

export const categories: Report = {
	routes({ route }) {
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
				interval: {
					type: 'string',
					enum: ['hour', 'day', 'week', 'month', 'quarter', 'year'],
				},
				status_is: { type: 'strings', enum: STATUSES },
				status_is_not: { type: 'strings', enum: STATUSES },
				categories: { type: 'ids' },
			},
			(q, settings, _request, reader) => categoriesList(reader, q, settings),
			{ seam: true },
		);
	},
	exports: { categories: { columns: COLUMNS, page: categoriesList } },
};
