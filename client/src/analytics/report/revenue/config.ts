/**
 * Revenue report: the revenue stats endpoint, its tiles, and a table by day from the same endpoint.
 */
import { __, _n } from '@wordpress/i18n';

import { currencyColumn, dateColumn, ordersCountColumn } from '../columns.js';
import type { ReportConfig } from '../types.js';

export const config: ReportConfig = {
	report: 'revenue',
	title: __('Revenue', 'abacus'),
	path: '/analytics/revenue',
	endpoint: 'revenue',
	hasDateRange: true,
	hasChart: true,
	charts: [
		{
			key: 'gross_sales',
			label: __('Gross sales', 'abacus'),
			type: 'currency',
			orderby: 'gross_sales',
		},
		{
			key: 'refunds',
			label: __('Returns', 'abacus'),
			type: 'currency',
			orderby: 'refunds',
			isReverseTrend: true,
		},
		{
			key: 'coupons',
			label: __('Coupons', 'abacus'),
			type: 'currency',
			orderby: 'coupons',
			isReverseTrend: true,
		},
		{
			key: 'net_revenue',
			label: __('Net sales', 'abacus'),
			type: 'currency',
			orderby: 'net_revenue',
		},
		{ key: 'taxes', label: __('Taxes', 'abacus'), type: 'currency', orderby: 'taxes' },
		{ key: 'shipping', label: __('Shipping', 'abacus'), type: 'currency', orderby: 'shipping' },
		{
			key: 'total_sales',
			label: __('Total sales', 'abacus'),
			type: 'currency',
			orderby: 'total_sales',
		},
	],
	filters: [],
	table: {
		title: __('Revenue', 'abacus'),
		endpoint: 'revenue',
		isStatsByInterval: true,
		defaultOrderby: 'date',
		defaultOrder: 'desc',
		tableQuery: { interval: 'day' },
		statsFields: [
			'orders_count',
			'gross_sales',
			'refunds',
			'coupons',
			'net_revenue',
			'taxes',
			'shipping',
			'total_sales',
		],
		columns: [
			dateColumn(
				'date',
				__('Date', 'abacus'),
				{ isSortable: true, defaultSort: true, required: true },
				'date_start',
			),
			ordersCountColumn(__('Orders', 'abacus'), () => ({}), { byInterval: true }),
			currencyColumn('gross_sales', __('Gross sales', 'abacus')),
			currencyColumn('refunds', __('Returns', 'abacus')),
			currencyColumn('coupons', __('Coupons', 'abacus')),
			currencyColumn('net_revenue', __('Net sales', 'abacus')),
			currencyColumn('taxes', __('Taxes', 'abacus')),
			currencyColumn('shipping', __('Shipping', 'abacus')),
			currencyColumn('total_sales', __('Total sales', 'abacus')),
		],
		summary: [
			{
				key: 'orders_count',
				type: 'number',
				label: (n) => _n('order', 'orders', n, 'abacus'),
			},
			{ key: 'gross_sales', type: 'currency', label: () => __('gross sales', 'abacus') },
			{ key: 'refunds', type: 'currency', label: () => __('returns', 'abacus') },
			{ key: 'coupons', type: 'currency', label: () => __('coupons', 'abacus') },
			{ key: 'net_revenue', type: 'currency', label: () => __('net sales', 'abacus') },
			{ key: 'taxes', type: 'currency', label: () => __('taxes', 'abacus') },
			{ key: 'shipping', type: 'currency', label: () => __('shipping', 'abacus') },
			{ key: 'total_sales', type: 'currency', label: () => __('total sales', 'abacus') },
		],
	},
};
