/**
 * Downloads report: download count tile and chart; downloads table; advanced filters by product,
 * customer (username), order and IP address.
 */
import { __ } from '@wordpress/i18n';
import { getColumn } from '@abacus/metrics';

import { dateColumn, stringField, textColumn } from '../../components/columns.js';
import { itemFilter } from '../../components/filters.js';
import { chartMetric, summaryItem } from '../../components/metrics.js';
import type { AdvancedFilter, Cell, ReportConfig } from '../../components/types.js';

const rules = [
	{ value: 'includes', label: __('Includes', 'abacus') },
	{ value: 'excludes', label: __('Excludes', 'abacus') },
];

function searchFilter(name: string, type: string, title: string): AdvancedFilter {
	return {
		labels: {
			add: name,
			/* translators: %s: filter name */
			remove: __('Remove filter', 'abacus'),
			rule: __('Select a filter match', 'abacus'),
			title,
			filter: __('Select', 'abacus'),
		},
		rules,
		input: { component: 'Search', type },
	};
}

export const config: ReportConfig = {
	report: 'downloads',
	title: __('Downloads', 'abacus'),
	path: '/analytics/downloads',
	endpoint: 'downloads',
	hasChart: true,
	charts: [chartMetric('downloads', 'download_count')],
	filters: [itemFilter({ allLabel: __('All downloads', 'abacus'), hasAdvanced: true })],
	advancedFilters: {
		title: __('Downloads match {{select /}} filters', 'abacus'),
		filters: {
			product: searchFilter(
				__('Product', 'abacus'),
				'products',
				__('Product {{rule /}} {{filter /}}', 'abacus'),
			),
			customer: searchFilter(
				__('Username', 'abacus'),
				'usernames',
				__('Username {{rule /}} {{filter /}}', 'abacus'),
			),
			order: searchFilter(
				__('Order #', 'abacus'),
				'orders',
				__('Order # {{rule /}} {{filter /}}', 'abacus'),
			),
			ip_address: searchFilter(
				__('IP Address', 'abacus'),
				'downloadIps',
				__('IP Address {{rule /}} {{filter /}}', 'abacus'),
			),
		},
	},
	table: {
		title: __('Downloads', 'abacus'),
		endpoint: 'downloads',
		defaultOrderby: 'date',
		defaultOrder: 'desc',
		tableQuery: { _embed: true },
		idField: 'id',
		columns: [
			dateColumn('date', getColumn('downloads', 'date').label, {
				isSortable: true,
				defaultSort: true,
				required: true,
			}),
			{
				key: 'product',
				label: getColumn('downloads', 'product').label,
				isSortable: true,
				isLeftAligned: true,
				required: true,
				cell: (row): Cell => {
					const name = stringField(row, '_embedded.product.0.name');
					const value = name || __('(Deleted)', 'abacus');
					return { display: value, value };
				},
			},
			textColumn('file_name', getColumn('downloads', 'file_name').label),
			textColumn('order_number', getColumn('downloads', 'order_number').label),
			textColumn('username', getColumn('downloads', 'username').label),
			textColumn('ip_address', getColumn('downloads', 'ip_address').label),
		],
		summary: [summaryItem('downloads', 'download_count')],
	},
};
