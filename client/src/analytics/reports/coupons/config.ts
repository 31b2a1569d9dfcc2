/**
 * Coupons report: coupons stats tiles; single coupon and comparison; coupons table.
 */
import { __ } from '@wordpress/i18n';
import { getColumn } from '@abacus/metrics';

import {
	dateColumn,
	stringField,
	textColumn,
	itemOrdersFilter,
	ordersCountColumn,
} from '../../components/columns.js';
import { itemFilter } from '../../components/filters.js';
import {
	chartMetric,
	metricColumn,
	metricColumnLabel,
	summaryItem,
} from '../../components/metrics.js';
import type { Cell, ReportConfig } from '../../components/types.js';

export const config: ReportConfig = {
	report: 'coupons',
	title: __('Coupons', 'abacus'),
	path: '/analytics/coupons',
	endpoint: 'coupons',
	hasChart: true,
	comparisonSegment: 'coupon',
	limitBy: ['coupons'],
	charts: (['orders_count', 'amount'] as const).map((key) => chartMetric('coupons', key, key)),
	filters: [
		itemFilter({
			allLabel: __('All coupons', 'abacus'),
			single: {
				value: 'single_coupon',
				label: __('Single coupon', 'abacus'),
				type: 'coupons',
				itemParam: 'coupons',
				placeholder: __('Type to search for a coupon', 'abacus'),
			},
			compare: {
				value: 'compare-coupons',
				label: __('Comparison', 'abacus'),
				type: 'coupons',
				itemParam: 'coupons',
				labels: {
					helpText: __('Check at least two coupon codes below to compare', 'abacus'),
					placeholder: __('Search for coupon codes to compare', 'abacus'),
					title: __('Compare coupon codes', 'abacus'),
					update: __('Compare', 'abacus'),
				},
			},
		}),
	],
	table: {
		title: __('Coupons', 'abacus'),
		endpoint: 'coupons',
		defaultOrderby: 'orders_count',
		defaultOrder: 'desc',
		tableQuery: { extended_info: true },
		idField: 'coupon_id',
		columns: [
			textColumn(
				'code',
				getColumn('coupons', 'code').label,
				{ isSortable: true, required: true },
				'extended_info.code',
			),
			ordersCountColumn(
				metricColumnLabel('coupons', 'orders_count'),
				itemOrdersFilter('coupon_id', 'coupon_includes'),
				{ defaultSort: true, required: true },
			),
			metricColumn('coupons', 'amount'),
			dateColumn(
				'created',
				getColumn('coupons', 'created').label,
				{},
				'extended_info.date_created',
			),
			dateColumn(
				'expires',
				getColumn('coupons', 'expires').label,
				{},
				'extended_info.date_expires',
			),
			{
				key: 'type',
				label: getColumn('coupons', 'type').label,
				isLeftAligned: true,
				cell: (row): Cell => {
					const value = stringField(row, 'extended_info.discount_type');
					const labels: Record<string, string> = {
						percent: __('Percentage', 'abacus'),
						fixed_cart: __('Fixed cart', 'abacus'),
						fixed_product: __('Fixed product', 'abacus'),
					};
					return { display: labels[value] ?? value, value };
				},
			},
		],
		summary: (['coupons_count', 'orders_count', 'amount'] as const).map((key) =>
			summaryItem('coupons', key),
		),
	},
};
