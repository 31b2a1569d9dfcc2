/**
 * Categories report: tiles and chart from the products stats limited by categories; categories table.
 */
import { __ } from '@wordpress/i18n';
import { getColumn } from '@abacus/metrics';

import { textColumn } from '../../components/columns.js';
import { itemFilter } from '../../components/filters.js';
import { chartMetric, metricColumn, summaryItem } from '../../components/metrics.js';
import type { ReportConfig } from '../../components/types.js';

export const config: ReportConfig = {
	report: 'categories',
	title: __('Categories', 'abacus'),
	path: '/analytics/categories',
	endpoint: 'products',
	hasChart: true,
	comparisonSegment: 'category',
	limitBy: ['categories'],
	charts: (['items_sold', 'net_revenue', 'orders_count'] as const).map((key) =>
		chartMetric('categories', key, key),
	),
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
				getColumn('categories', 'category').label,
				{ isSortable: true, required: true },
				'extended_info.name',
			),
			metricColumn('categories', 'items_sold', { defaultSort: true, required: true }),
			metricColumn('categories', 'net_revenue'),
			metricColumn('categories', 'products_count'),
			metricColumn('categories', 'orders_count'),
		],
		summary: (['items_sold', 'net_revenue', 'orders_count'] as const).map((key) =>
			summaryItem('categories', key),
		),
	},
};
