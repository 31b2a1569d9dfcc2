/**
 * Categories report: tiles and chart from the products stats limited by categories; categories table.
 */
import { __, _n } from '@wordpress/i18n';

import { currencyColumn, numberColumn, textColumn } from '../columns.js';
import { itemFilter } from '../filters.js';
import type { ReportConfig } from '../types.js';

export const config: ReportConfig = {
	report: 'categories',
	title: __('Categories', 'abacus'),
	path: '/analytics/categories',
	endpoint: 'products',
	hasDateRange: true,
	hasChart: true,
	comparisonSegment: 'category',
	limitBy: ['categories'],
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
			allLabel: __('All categories', 'abacus'),
			single: {
				value: 'single_category',
				label: __('Single category', 'abacus'),
				type: 'categories',
				itemParam: 'categories',
				placeholder: __('Type to search for a category', 'abacus'),
			},
			compare: {
				value: 'compare-categories',
				label: __('Comparison', 'abacus'),
				type: 'categories',
				itemParam: 'categories',
				labels: {
					helpText: __('Check at least two categories below to compare', 'abacus'),
					placeholder: __('Search for categories to compare', 'abacus'),
					title: __('Compare categories', 'abacus'),
					update: __('Compare', 'abacus'),
				},
			},
		}),
	],
	table: {
		title: __('Categories', 'abacus'),
		endpoint: 'categories',
		defaultOrderby: 'items_sold',
		defaultOrder: 'desc',
		tableQuery: { extended_info: true },
		idField: 'category_id',
		columns: [
			textColumn(
				'category',
				__('Category', 'abacus'),
				{ isSortable: true, required: true },
				'extended_info.name',
			),
			numberColumn('items_sold', __('Items sold', 'abacus'), {
				defaultSort: true,
				required: true,
			}),
			currencyColumn('net_revenue', __('Net sales', 'abacus')),
			numberColumn('products_count', __('Products', 'abacus')),
			numberColumn('orders_count', __('Orders', 'abacus')),
		],
		summary: [
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
