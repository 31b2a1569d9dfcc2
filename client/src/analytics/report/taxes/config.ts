/**
 * Taxes report: taxes stats tiles; tax code comparison; taxes table.
 */
import { __, _n } from '@wordpress/i18n';

import {
	currencyColumn,
	numberField,
	stringField,
	itemOrdersFilter,
	ordersCountColumn,
} from '../columns.js';
import { itemFilter } from '../filters.js';
import type { Cell, ReportConfig } from '../types.js';

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
	hasDateRange: true,
	hasChart: true,
	comparisonSegment: 'tax_rate_id',
	limitBy: ['taxes'],
	charts: [
		{
			key: 'total_tax',
			label: __('Total tax', 'abacus'),
			type: 'currency',
			orderby: 'total_tax',
		},
		{
			key: 'order_tax',
			label: __('Order tax', 'abacus'),
			type: 'currency',
			orderby: 'order_tax',
		},
		{
			key: 'shipping_tax',
			label: __('Shipping tax', 'abacus'),
			type: 'currency',
			orderby: 'shipping_tax',
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
				label: __('Tax code', 'abacus'),
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
				label: __('Rate', 'abacus'),
				isSortable: true,
				isNumeric: true,
				cell: (row): Cell => {
					const value = numberField(row, 'tax_rate');
					return { display: value === null ? '' : `${value.toFixed(2)}%`, value };
				},
			},
			currencyColumn('total_tax', __('Total tax', 'abacus'), { defaultSort: true }),
			currencyColumn('order_tax', __('Order tax', 'abacus')),
			currencyColumn('shipping_tax', __('Shipping tax', 'abacus')),
			ordersCountColumn(
				__('Orders', 'abacus'),
				itemOrdersFilter('tax_rate_id', 'tax_rate_includes'),
			),
		],
		summary: [
			{
				key: 'tax_codes',
				type: 'number',
				label: (n) => _n('tax code', 'tax codes', n, 'abacus'),
			},
			{ key: 'total_tax', type: 'currency', label: () => __('total tax', 'abacus') },
			{ key: 'order_tax', type: 'currency', label: () => __('order tax', 'abacus') },
			{ key: 'shipping_tax', type: 'currency', label: () => __('shipping tax', 'abacus') },
			{
				key: 'orders_count',
				type: 'number',
				label: (n) => _n('order', 'orders', n, 'abacus'),
			},
		],
	},
};
