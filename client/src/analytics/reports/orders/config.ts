/**
 * Orders report: orders stats tiles, the orders table with customer, products and coupons, and the
 * advanced filters REST.md lists for orders.
 */
import { __ } from '@wordpress/i18n';
import { getColumn } from '@abacus/metrics';

import { dimensionOrderFilters } from '../breakdown/order-filters.js';
import { dateColumn, field, stringField } from '../../components/columns.js';
import { itemFilter } from '../../components/filters.js';
import { chartMetric, metricColumn, summaryItem } from '../../components/metrics.js';
import type { AdvancedFiltersConfig, Cell, ReportConfig } from '../../components/types.js';

const includeRules = [
	{ value: 'includes', label: __('Includes', 'abacus') },
	{ value: 'excludes', label: __('Excludes', 'abacus') },
];

function names(list: unknown, key: string): string {
	return Array.isArray(list)
		? list
				.map((item) =>
					item && typeof item === 'object'
						? String((item as Record<string, unknown>)[key] ?? '')
						: '',
				)
				.filter(Boolean)
				.join(', ')
		: '';
}

export const advancedFilters: AdvancedFiltersConfig = {
	title: __('Orders match {{select /}} filters', 'abacus'),
	filters: {
		status: {
			labels: {
				add: __('Order status', 'abacus'),
				remove: __('Remove order status filter', 'abacus'),
				rule: __('Select an order status filter match', 'abacus'),
				title: __('Order status {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Select an order status', 'abacus'),
			},
			rules: [
				{ value: 'is', label: __('Is', 'abacus') },
				{ value: 'is_not', label: __('Is not', 'abacus') },
			],
			input: { component: 'SelectControl', optionsFrom: 'orderStatuses' },
		},
		product: {
			labels: {
				add: __('Products', 'abacus'),
				remove: __('Remove products filter', 'abacus'),
				rule: __('Select a product filter match', 'abacus'),
				title: __('Product {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Select products', 'abacus'),
			},
			rules: includeRules,
			input: { component: 'Search', type: 'products' },
		},
		variation: {
			labels: {
				add: __('Product variation', 'abacus'),
				remove: __('Remove product variation filter', 'abacus'),
				rule: __('Select a product variation filter match', 'abacus'),
				title: __('Product variation {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Select variation', 'abacus'),
			},
			rules: includeRules,
			input: { component: 'Search', type: 'variations' },
		},
		coupon: {
			labels: {
				add: __('Coupon code', 'abacus'),
				remove: __('Remove coupon filter', 'abacus'),
				rule: __('Select a coupon filter match', 'abacus'),
				title: __('Coupon code {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Select coupon codes', 'abacus'),
			},
			rules: includeRules,
			input: { component: 'Search', type: 'coupons' },
		},
		customer_type: {
			labels: {
				add: __('Customer type', 'abacus'),
				remove: __('Remove customer filter', 'abacus'),
				rule: __('Select a customer filter match', 'abacus'),
				title: __('Customer is {{filter /}}', 'abacus'),
				filter: __('Select a customer type', 'abacus'),
			},
			rules: [],
			input: {
				component: 'SelectControl',
				options: [
					{ value: 'new', label: __('New', 'abacus') },
					{ value: 'returning', label: __('Returning', 'abacus') },
				],
				defaultOption: 'new',
			},
		},
		refunds: {
			labels: {
				add: __('Refunds', 'abacus'),
				remove: __('Remove refunds filter', 'abacus'),
				rule: __('Select a refund filter match', 'abacus'),
				title: __('Refunds {{filter /}}', 'abacus'),
				filter: __('Select a refund type', 'abacus'),
			},
			rules: [],
			input: {
				component: 'SelectControl',
				options: [
					{ value: 'all', label: __('All', 'abacus') },
					{ value: 'partial', label: __('Partially refunded', 'abacus') },
					{ value: 'full', label: __('Fully refunded', 'abacus') },
					{ value: 'none', label: __('None', 'abacus') },
				],
				defaultOption: 'all',
			},
		},
		attribute: {
			allowMultiple: true,
			labels: {
				add: __('Attribute', 'abacus'),
				remove: __('Remove attribute filter', 'abacus'),
				rule: __('Select a product attribute filter match', 'abacus'),
				title: __('Attribute {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Select attributes', 'abacus'),
			},
			rules: [
				{ value: 'is', label: __('Is', 'abacus') },
				{ value: 'is_not', label: __('Is not', 'abacus') },
			],
			input: { component: 'ProductAttribute' },
		},
		tax_rate: {
			labels: {
				add: __('Tax rates', 'abacus'),
				remove: __('Remove tax rate filter', 'abacus'),
				rule: __('Select a tax rate filter match', 'abacus'),
				title: __('Tax rate {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Select tax rates', 'abacus'),
			},
			rules: includeRules,
			input: { component: 'Search', type: 'taxes' },
		},
		...dimensionOrderFilters(),
	},
};

export const config: ReportConfig = {
	report: 'orders',
	title: __('Orders', 'abacus'),
	path: '/analytics/orders',
	endpoint: 'orders',
	hasChart: true,
	charts: [
		chartMetric('orders', 'orders_count'),
		chartMetric('orders', 'net_revenue', 'net_total'),
		chartMetric('orders', 'avg_order_value'),
		chartMetric('orders', 'avg_items_per_order'),
	],
	filters: [itemFilter({ allLabel: __('All orders', 'abacus'), hasAdvanced: true })],
	advancedFilters,
	table: {
		title: __('Orders', 'abacus'),
		endpoint: 'orders',
		defaultOrderby: 'date',
		defaultOrder: 'desc',
		tableQuery: { extended_info: true },
		idField: 'order_id',
		columns: [
			dateColumn(
				'date',
				getColumn('orders', 'date').label,
				{ isSortable: true, defaultSort: true, required: true },
				'date_created',
			),
			{
				key: 'order_number',
				label: getColumn('orders', 'order_number').label,
				isLeftAligned: true,
				required: true,
				cell: (row): Cell => {
					const value = stringField(row, 'order_number');
					return { display: value, value };
				},
			},
			{
				key: 'status',
				label: getColumn('orders', 'status').label,
				isLeftAligned: true,
				cell: (row, context): Cell => {
					const value = stringField(row, 'status');
					return { display: context.orderStatuses[value] ?? value, value };
				},
			},
			{
				key: 'customer',
				label: getColumn('orders', 'customer').label,
				isLeftAligned: true,
				cell: (row): Cell => {
					const first = stringField(row, 'extended_info.customer.first_name');
					const last = stringField(row, 'extended_info.customer.last_name');
					const value = `${first} ${last}`.trim();
					return { display: value, value };
				},
			},
			{
				key: 'customer_type',
				label: getColumn('orders', 'customer_type').label,
				isLeftAligned: true,
				cell: (row): Cell => {
					const value = stringField(row, 'customer_type');
					const display =
						value === 'new'
							? __('New', 'abacus')
							: value === 'returning'
								? __('Returning', 'abacus')
								: value;
					return { display, value };
				},
			},
			{
				key: 'products',
				label: getColumn('orders', 'products').label,
				isLeftAligned: true,
				cell: (row): Cell => {
					const products = field(row, 'extended_info.products');
					const list = Array.isArray(products)
						? products.map((p) => {
								const item = p as Record<string, unknown>;
								return `${String(item.quantity ?? '')}× ${String(item.name ?? '')}`;
							})
						: [];
					const value = list.join(', ');
					return { display: value, value, list };
				},
			},
			metricColumn('orders', 'num_items_sold'),
			{
				key: 'coupons',
				label: getColumn('orders', 'coupons').label,
				isLeftAligned: true,
				cell: (row): Cell => {
					const value = names(field(row, 'extended_info.coupons'), 'code');
					return { display: value, value };
				},
			},
			// A row is one order: its net sales.
			metricColumn('orders', 'net_revenue', {}, 'net_total'),
		],
		summary: (
			[
				'orders_count',
				'total_customers',
				'products',
				'num_items_sold',
				'coupons_count',
				'net_revenue',
			] as const
		).map((key) => summaryItem('orders', key)),
	},
};
