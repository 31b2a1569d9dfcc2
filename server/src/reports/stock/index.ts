/**
 * The stock report: `reports/stock` and `reports/stock/stats` (`list.ts`) and its export, one row
 * per product or variation.
 */
import { heading, stockLabel, type ExportColumn } from '../shared/export-columns.js';
import { NS } from '../shared/list-query.js';
import type { Report } from '../shared/report.js';
import { CONTEXT_PARAMS } from '../shared/report-params.js';
import { stockList, stockStats } from './list.js';

const COLUMNS: ExportColumn[] = [
	[heading('stock', 'title'), (r) => r.name],
	[heading('stock', 'sku'), (r) => r.sku],
	[heading('stock', 'stock_status'), (r) => stockLabel(r.stock_status)],
	[
		heading('stock', 'stock_quantity'),
		(r) => (r.stock_quantity === null ? 'N/A' : r.stock_quantity),
	],
];

export const stock: Report = {
	routes({ route }) {
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
					enum: [
						'stock_status',
						'stock_quantity',
						'date',
						'id',
						'include',
						'title',
						'sku',
					],
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
				...CONTEXT_PARAMS,
			},
			(q, settings, _request, reader) => stockList(reader, q, settings),
			{ seam: true },
		);
		route(
			`${NS}/reports/stock/stats`,
			CONTEXT_PARAMS,
			(_q, settings, _request, reader) => stockStats(reader, settings),
			{ seam: true },
		);
	},
	exports: { stock: { columns: COLUMNS, page: stockList } },
};
