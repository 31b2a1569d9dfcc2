/**
 * Revenue report: the revenue stats endpoint, its tiles, and a table by day from the same endpoint;
 * advanced filters by payment method, shipping method, origin and billing or shipping place (the
 * breakdown dimensions revenue stats take).
 */
import { __ } from '@wordpress/i18n';

import { dimensionOrderFilters } from '../breakdown/order-filters.js';
import { dateColumn, ordersCountColumn } from '../columns.js';
import { itemFilter } from '../filters.js';
import { chartMetric, metricColumn, metricColumnLabel, summaryItem } from '../metrics.js';
import type { ReportConfig } from '../types.js';

/** The revenue figures of the tiles, the table's columns and its summary, in this order. */
const FIGURES = [
	'gross_sales',
	'refunds',
	'coupons',
	'net_revenue',
	'taxes',
	'shipping',
	'total_sales',
] as const;

export const config: ReportConfig = {
	report: 'revenue',
	title: __('Revenue', 'abacus'),
	path: '/analytics/revenue',
	endpoint: 'revenue',
	hasChart: true,
	charts: FIGURES.map((key) => chartMetric('revenue', key, key)),
	filters: [itemFilter({ allLabel: __('All revenue', 'abacus'), hasAdvanced: true })],
	advancedFilters: {
		title: __('Revenue matches {{select /}} filters', 'abacus'),
		filters: dimensionOrderFilters([
			'payment_method',
			'shipping_method',
			'origin',
			'origin_type',
			'campaign',
			'device',
			'country',
			'state',
			'shipping_country',
			'shipping_state',
		]),
	},
	table: {
		title: __('Revenue', 'abacus'),
		endpoint: 'revenue',
		isStatsByInterval: true,
		defaultOrderby: 'date',
		defaultOrder: 'desc',
		tableQuery: { interval: 'day' },
		statsFields: ['orders_count', ...FIGURES],
		columns: [
			dateColumn(
				'date',
				__('Date', 'abacus'),
				{ isSortable: true, defaultSort: true, required: true },
				'date_start',
			),
			ordersCountColumn(metricColumnLabel('revenue', 'orders_count'), () => ({}), {
				byInterval: true,
			}),
			...FIGURES.map((key) => metricColumn('revenue', key)),
		],
		summary: (['orders_count', ...FIGURES] as const).map((key) => summaryItem('revenue', key)),
	},
};
