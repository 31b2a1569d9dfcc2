/**
 * Variations report: variations stats tiles; variation comparison; variations table.
 */
import { __ } from '@wordpress/i18n';
import { getColumn } from '@abacus/metrics';

import { textColumn, itemOrdersFilter, ordersCountColumn } from '../../components/columns.js';
import { itemFilter } from '../../components/filters.js';
import {
	chartMetric,
	metricColumn,
	metricColumnLabel,
	summaryItem,
} from '../../components/metrics.js';
import { stockColumns } from '../products/config.js';
import type { ReportConfig } from '../../components/types.js';

export const config: ReportConfig = {
	report: 'variations',
	title: __('Variations', 'abacus'),
	path: '/analytics/variations',
	endpoint: 'variations',
	hasChart: true,
	comparisonSegment: 'variation',
	limitBy: ['variations'],
	charts: (['items_sold', 'net_revenue', 'orders_count'] as const).map((key) =>
		chartMetric('variations', key, key),
	),
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
				getColumn('variations', 'name').label,
				{ required: true },
				'extended_info.name',
			),
			textColumn(
				'sku',
				getColumn('variations', 'sku').label,
				{ isSortable: true, hiddenByDefault: true },
				'extended_info.sku',
			),
			metricColumn('variations', 'items_sold', { defaultSort: true, required: true }),
			metricColumn('variations', 'net_revenue'),
			ordersCountColumn(
				metricColumnLabel('variations', 'orders_count'),
				itemOrdersFilter('variation_id', 'variation_includes'),
			),
			...stockColumns('variations'),
		],
		summary: (['variations_count', 'items_sold', 'net_revenue', 'orders_count'] as const).map(
			(key) => summaryItem('variations', key),
		),
	},
};
