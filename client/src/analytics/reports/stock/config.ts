/**
 * Stock report: no date range and no chart; a stock-status filter and the stock table with a
 * summary of the stock counts.
 */
import { __ } from '@wordpress/i18n';
import { getColumn } from '@abacus/metrics';

import { numberField, stringField, textColumn } from '../../components/columns.js';
import { summaryItem } from '../../components/metrics.js';
import { stockStatusLabel } from '../products/config.js';
import type { Cell, ReportConfig } from '../../components/types.js';

export const config: ReportConfig = {
	report: 'stock',
	title: __('Stock', 'abacus'),
	path: '/analytics/stock',
	endpoint: 'stock',
	hasChart: false,
	charts: [],
	filters: [
		{
			label: __('Show', 'abacus'),
			param: 'type',
			defaultValue: 'all',
			staticParams: ['paged', 'per_page'],
			showFilters: () => true,
			filters: [
				{ label: __('All products', 'abacus'), value: 'all' },
				...['outofstock', 'lowstock', 'instock', 'onbackorder'].map((value) => ({
					label: stockStatusLabel(value),
					value,
				})),
			],
		},
	],
	table: {
		title: __('Stock', 'abacus'),
		endpoint: 'stock',
		defaultOrderby: 'stock_status',
		defaultOrder: 'asc',
		tableQuery: { type: 'all' },
		idField: 'id',
		columns: [
			textColumn(
				'title',
				getColumn('stock', 'title').label,
				{ isSortable: true, required: true },
				'name',
			),
			textColumn('sku', getColumn('stock', 'sku').label, { isSortable: true }),
			{
				key: 'stock_status',
				label: getColumn('stock', 'stock_status').label,
				isSortable: true,
				isLeftAligned: true,
				defaultSort: true,
				cell: (row): Cell => {
					const value = stringField(row, 'stock_status');
					return { display: stockStatusLabel(value), value };
				},
			},
			{
				key: 'stock_quantity',
				label: getColumn('stock', 'stock_quantity').label,
				isSortable: true,
				isNumeric: true,
				cell: (row, context): Cell => {
					const manages = row.manage_stock === true;
					const value = numberField(row, 'stock_quantity');
					return {
						display:
							manages && value !== null
								? context.formatNumber(value)
								: __('N/A', 'abacus'),
						value: manages ? value : null,
					};
				},
			},
		],
		summary: (['products', 'outofstock', 'lowstock', 'instock', 'onbackorder'] as const).map(
			(key) => summaryItem('stock', key),
		),
	},
};
