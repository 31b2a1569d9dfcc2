/**
 * Customers report (/customers): no date range by default, no chart; customers table with the
 * averages summary and the advanced filters REST.md lists for customers.
 */
import { __ } from '@wordpress/i18n';
import { getColumn } from '@abacus/metrics';

import { placeLabels, searchStates } from '../breakdown/order-filters.js';
import { dateColumn, stringField, textColumn } from '../../components/columns.js';
import { itemFilter } from '../../components/filters.js';
import { metricColumn, summaryItem } from '../../components/metrics.js';
import type { AdvancedFilter, Cell, ReportConfig } from '../../components/types.js';

const includeRules = [
	{ value: 'includes', label: __('Includes', 'abacus') },
	{ value: 'excludes', label: __('Excludes', 'abacus') },
];
const numberRules = [
	{ value: 'lessthan', label: __('Less than', 'abacus') },
	{ value: 'morethan', label: __('More than', 'abacus') },
	{ value: 'between', label: __('Between', 'abacus') },
];
const dateRules = [
	{ value: 'before', label: __('Before', 'abacus') },
	{ value: 'after', label: __('After', 'abacus') },
	{ value: 'between', label: __('Between', 'abacus') },
];

function filter(
	add: string,
	title: string,
	rules: AdvancedFilter['rules'],
	input: AdvancedFilter['input'],
): AdvancedFilter {
	return {
		labels: {
			add,
			remove: __('Remove filter', 'abacus'),
			rule: __('Select a filter match', 'abacus'),
			title,
			filter: __('Select', 'abacus'),
		},
		rules,
		input,
	};
}

export const config: ReportConfig = {
	report: 'customers',
	title: __('Customers', 'abacus'),
	path: '/customers',
	endpoint: 'customers',
	hasChart: false,
	limitBy: ['customers'],
	charts: [],
	filters: [
		itemFilter({
			allLabel: __('All customers', 'abacus'),
			single: {
				value: 'single_customer',
				label: __('Single customer', 'abacus'),
				type: 'customers',
				itemParam: 'customers',
				placeholder: __('Type to search for a customer', 'abacus'),
			},
			hasAdvanced: true,
		}),
	],
	advancedFilters: {
		title: __('Customers match {{select /}} filters', 'abacus'),
		filters: {
			name: filter(
				__('Name', 'abacus'),
				__('Name {{rule /}} {{filter /}}', 'abacus'),
				includeRules,
				{
					component: 'Search',
					type: 'customers',
				},
			),
			country: filter(
				__('Country / Region', 'abacus'),
				__('Country / Region {{rule /}} {{filter /}}', 'abacus'),
				includeRules,
				{
					component: 'Search',
					type: 'countries',
					getLabels: placeLabels,
				},
			),
			state: filter(
				__('State / Region', 'abacus'),
				__('State / Region {{rule /}} {{filter /}}', 'abacus'),
				includeRules,
				{
					component: 'Search',
					loadOptions: searchStates,
					getLabels: placeLabels,
				},
			),
			username: filter(
				__('Username', 'abacus'),
				__('Username {{rule /}} {{filter /}}', 'abacus'),
				includeRules,
				{
					component: 'Search',
					type: 'usernames',
				},
			),
			email: filter(
				__('Email', 'abacus'),
				__('Email {{rule /}} {{filter /}}', 'abacus'),
				includeRules,
				{
					component: 'Search',
					type: 'emails',
				},
			),
			orders_count: filter(
				__('No. of Orders', 'abacus'),
				__('No. of Orders {{rule /}} {{filter /}}', 'abacus'),
				numberRules,
				{
					component: 'Number',
				},
			),
			total_spend: filter(
				__('Total Spend', 'abacus'),
				__('Total Spend {{rule /}} {{filter /}}', 'abacus'),
				numberRules,
				{
					component: 'Currency',
				},
			),
			avg_order_value: filter(
				__('AOV', 'abacus'),
				__('AOV {{rule /}} {{filter /}}', 'abacus'),
				numberRules,
				{
					component: 'Currency',
				},
			),
			registered: filter(
				__('Sign Up', 'abacus'),
				__('Signed up {{rule /}} {{filter /}}', 'abacus'),
				dateRules,
				{
					component: 'Date',
				},
			),
			last_active: filter(
				__('Last active', 'abacus'),
				__('Last active {{rule /}} {{filter /}}', 'abacus'),
				dateRules,
				{
					component: 'Date',
				},
			),
		},
	},
	table: {
		title: __('Customers', 'abacus'),
		endpoint: 'customers',
		defaultOrderby: 'date_last_active',
		defaultOrder: 'desc',
		idField: 'id',
		columns: [
			textColumn('name', getColumn('customers', 'name').label, {
				isSortable: true,
				required: true,
			}),
			textColumn('username', getColumn('customers', 'username').label, {
				hiddenByDefault: true,
			}),
			dateColumn('date_last_active', getColumn('customers', 'date_last_active').label, {
				isSortable: true,
				defaultSort: true,
			}),
			dateColumn('date_registered', getColumn('customers', 'date_registered').label, {
				isSortable: true,
			}),
			textColumn('email', getColumn('customers', 'email').label),
			metricColumn('customers', 'orders_count'),
			metricColumn('customers', 'total_spend'),
			metricColumn('customers', 'avg_order_value'),
			{
				key: 'country',
				label: getColumn('customers', 'country').label,
				isSortable: true,
				isLeftAligned: true,
				cell: (row, context): Cell => {
					const value = stringField(row, 'country');
					return { display: context.countries[value] ?? value, value };
				},
			},
			textColumn('city', getColumn('customers', 'city').label, {
				isSortable: true,
				hiddenByDefault: true,
			}),
			textColumn('state', getColumn('customers', 'state').label, {
				isSortable: true,
				hiddenByDefault: true,
			}),
			textColumn('postcode', getColumn('customers', 'postcode').label, {
				isSortable: true,
				hiddenByDefault: true,
			}),
		],
		summary: (
			[
				'customers_count',
				'avg_orders_count',
				'avg_total_spend',
				'avg_avg_order_value',
			] as const
		).map((key) => summaryItem('customers', key)),
	},
};
