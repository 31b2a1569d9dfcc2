/**
 * Revenue report: the revenue stats endpoint, its tiles, and a table by day from the same endpoint;
 * advanced filters by payment method, shipping method, origin and billing or shipping place (the
 * breakdown dimensions revenue stats take).
 */
import { __ } from '@wordpress/i18n';
import { getColumn } from '@abacus/metrics';

import { dimensionOrderFilters } from '../breakdown/order-filters.js';
import { dateColumn, ordersCountColumn } from '../../components/columns.js';
import { itemFilter } from '../../components/filters.js';
import {
	chartMetric,
	metricColumn,
	metricColumnLabel,
	summaryItem,
} from '../../components/metrics.js';
import type { ReportConfig } from '../../components/types.js';

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

/** The dimension filters of the Revenue page. */
const ADVANCED = dimensionOrderFilters([
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
]);

/**
 * The page's active dimension filters (and their match), which a day's order count carries to
 * the orders report: the orders behind a filtered figure.
 */
export function activeDimensionFilters(query: Record<string, unknown>): Record<string, string> {
	if (query.filter !== 'advanced') return {};
	const filters: Record<string, string> = {};
	for (const name of Object.keys(ADVANCED)) {
		for (const rule of ['includes', 'excludes']) {
			const value = query[`${name}_${rule}`];
			if (typeof value === 'string' && value) filters[`${name}_${rule}`] = value;
		}
	}
	if (!Object.keys(filters).length) return {};
	return {
		filter: 'advanced',
		...(query.match === 'any' ? { match: 'any' } : {}),
		...filters,
	};
}

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
		filters: ADVANCED,
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
				getColumn('revenue', 'date').label,
				{ isSortable: true, defaultSort: true, required: true },
				'date_start',
			),
			ordersCountColumn(
				metricColumnLabel('revenue', 'orders_count'),
				(_row, context) => activeDimensionFilters(context.query),
				{ byInterval: true },
			),
			...FIGURES.map((key) => metricColumn('revenue', key)),
		],
		summary: (['orders_count', ...FIGURES] as const).map((key) => summaryItem('revenue', key)),
	},
};
