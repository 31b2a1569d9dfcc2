/**
 * Variations report: variations stats tiles; variation comparison; variations table.
 */
import { __, _n } from '@wordpress/i18n';

import {
	currencyColumn,
	numberColumn,
	stringField,
	textColumn,
	itemOrdersFilter,
	ordersCountColumn,
} from '../columns.js';
import { itemFilter } from '../filters.js';
import { stockCell, stockStatusLabel } from '../products/config.js';
import type { Cell, ReportConfig } from '../types.js';

export const config: ReportConfig = {
	report: 'variations',
	title: __('Variations', 'abacus'),
	path: '/analytics/variations',
	endpoint: 'variations',
	hasDateRange: true,
	hasChart: true,
	comparisonSegment: 'variation',
	limitBy: ['variations'],
	charts: [
		{
			key: 'items_sold',
			label: __('Items sold', 'abacus'),
			type: 'number',
			orderby: 'items_sold',
		},
		{
			key: 'net_revenue',
			label: __('Net sales', 'abacus'),
			type: 'currency',
			orderby: 'net_revenue',
		},
		{
			key: 'orders_count',
			label: __('Orders', 'abacus'),
			type: 'number',
			orderby: 'orders_count',
		},
	],
	filters: [
		itemFilter({
			param: 'filter-variations',
			allLabel: __('All variations', 'abacus'),
			compare: {
				value: 'compare-variations',
				label: __('Comparison', 'abacus'),
				type: 'variations',
				itemParam: 'variations',
				labels: {
					helpText: __('Check at least two variations below to compare', 'abacus'),
					placeholder: __('Search for variations to compare', 'abacus'),
					title: __('Compare variations', 'abacus'),
					update: __('Compare', 'abacus'),
				},
			},
		}),
	],
	table: {
		title: __('Variations', 'abacus'),
		endpoint: 'variations',
		defaultOrderby: 'items_sold',
		defaultOrder: 'desc',
		tableQuery: { extended_info: true },
		idField: 'variation_id',
		columns: [
			textColumn(
				'name',
				__('Product / Variation title', 'abacus'),
				{ required: true },
				'extended_info.name',
			),
			textColumn(
				'sku',
				__('SKU', 'abacus'),
				{ isSortable: true, hiddenByDefault: true },
				'extended_info.sku',
			),
			numberColumn('items_sold', __('Items sold', 'abacus'), {
				defaultSort: true,
				required: true,
			}),
			currencyColumn('net_revenue', __('Net sales', 'abacus')),
			ordersCountColumn(
				__('Orders', 'abacus'),
				itemOrdersFilter('variation_id', 'variation_includes'),
			),
			{
				key: 'stock_status',
				label: __('Status', 'abacus'),
				isLeftAligned: true,
				cell: (row): Cell => {
					const value = stringField(row, 'extended_info.stock_status');
					return { display: stockStatusLabel(value), value };
				},
			},
			{
				key: 'stock',
				label: __('Stock', 'abacus'),
				isNumeric: true,
				cell: stockCell,
			},
		],
		summary: [
			{
				key: 'variations_count',
				type: 'number',
				label: (n) => _n('variation sold', 'variations sold', n, 'abacus'),
			},
			{
				key: 'items_sold',
				type: 'number',
				label: (n) => _n('item sold', 'items sold', n, 'abacus'),
			},
			{ key: 'net_revenue', type: 'currency', label: () => __('net sales', 'abacus') },
			{
				key: 'orders_count',
				type: 'number',
				label: (n) => _n('order', 'orders', n, 'abacus'),
			},
		],
	},
};
