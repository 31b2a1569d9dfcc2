/**
 * Taxes report: taxes stats tiles; tax code comparison; taxes table.
 */
import { __ } from '@wordpress/i18n';
import { getColumn } from '@abacus/metrics';

import {
	numberField,
	stringField,
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

/** 'COUNTRY-STATE-NAME-PRIORITY' code of a tax rate row. */
export function taxCode(row: Record<string, unknown>): string {
	return [
		stringField(row, 'country'),
		stringField(row, 'state'),
		stringField(row, 'name'),
		stringField(row, 'priority'),
	]
		.filter(Boolean)
		.join('-')
		.toUpperCase();
}

export const config: ReportConfig = {
	report: 'taxes',
	title: __('Taxes', 'abacus'),
	path: '/analytics/taxes',
	endpoint: 'taxes',
	hasChart: true,
	comparisonSegment: 'tax_rate_id',
	limitBy: ['taxes'],
	charts: (['total_tax', 'order_tax', 'shipping_tax', 'orders_count'] as const).map((key) =>
		chartMetric('taxes', key, key),
	),
	filters: [
		itemFilter({
			allLabel: __('All taxes', 'abacus'),
			compare: {
				value: 'compare-taxes',
				label: __('Comparison', 'abacus'),
				type: 'taxes',
				itemParam: 'taxes',
				labels: {
					helpText: __('Check at least two tax codes below to compare', 'abacus'),
					placeholder: __('Search for tax codes to compare', 'abacus'),
					title: __('Compare tax codes', 'abacus'),
					update: __('Compare', 'abacus'),
				},
			},
		}),
	],
	table: {
		title: __('Taxes', 'abacus'),
		endpoint: 'taxes',
		defaultOrderby: 'tax_rate_id',
		defaultOrder: 'desc',
		idField: 'tax_rate_id',
		columns: [
			{
				key: 'tax_code',
				label: getColumn('taxes', 'tax_code').label,
				isSortable: true,
				isLeftAligned: true,
				required: true,
				cell: (row): Cell => {
					const value = taxCode(row);
					return { display: value, value };
				},
			},
			{
				key: 'rate',
				label: getColumn('taxes', 'rate').label,
				isSortable: true,
				isNumeric: true,
				cell: (row): Cell => {
					const value = numberField(row, 'tax_rate');
					return { display: value === null ? '' : `${value.toFixed(2)}%`, value };
				},
			},
			metricColumn('taxes', 'total_tax', { defaultSort: true }),
			metricColumn('taxes', 'order_tax'),
			metricColumn('taxes', 'shipping_tax'),
			ordersCountColumn(
				metricColumnLabel('taxes', 'orders_count'),
				itemOrdersFilter('tax_rate_id', 'tax_rate_includes'),
			),
		],
		summary: (
			['tax_codes', 'total_tax', 'order_tax', 'shipping_tax', 'orders_count'] as const
		).map((key) => summaryItem('taxes', key)),
	},
};
