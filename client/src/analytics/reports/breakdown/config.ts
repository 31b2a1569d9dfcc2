/**
 * The breakdown reports (payment methods, shipping methods, order origin, places): one config
 * builder for the four, each a generic report page over `reports/<slug>` and `reports/<slug>/stats`
 * of the Abacus engine (server/src/reports/README.md, "Breakdown reports").
 */
import { __, sprintf } from '@wordpress/i18n';
import type { MetricKey } from '@abacus/metrics';

import { numberField, ordersCountColumn, stringField } from '../../components/columns.js';
import { itemFilter } from '../../components/filters.js';
import {
	chartMetric,
	metricColumn,
	metricColumnLabel,
	summaryItem,
} from '../../components/metrics.js';
import { advancedFilters as orderAdvancedFilters } from '../orders/config.js';
import { breakdownLabel, type BreakdownSlug } from './names.js';
import { dimensionOrderFilters } from './order-filters.js';
import type {
	AdvancedFiltersConfig,
	Cell,
	ReportConfig,
	RowContext,
	TableColumn,
} from '../../components/types.js';

export { breakdownLabel, type BreakdownSlug };
type Figure = MetricKey<BreakdownSlug>;

interface Words {
	title: string;
	nameColumn: string;
	allLabel: string;
	compare: Record<string, string>;
	groups?: Array<{ value: string; label: string }>;
}

function words(slug: BreakdownSlug): Words {
	switch (slug) {
		case 'payment-methods':
			return {
				title: __('Payment methods', 'abacus'),
				nameColumn: __('Payment method', 'abacus'),
				allLabel: __('All payment methods', 'abacus'),
				compare: {
					helpText: __('Check at least two payment methods below to compare', 'abacus'),
					title: __('Compare payment methods', 'abacus'),
					update: __('Compare', 'abacus'),
				},
			};
		case 'shipping-methods':
			return {
				title: __('Shipping methods', 'abacus'),
				nameColumn: __('Shipping method', 'abacus'),
				allLabel: __('All shipping methods', 'abacus'),
				compare: {
					helpText: __('Check at least two shipping methods below to compare', 'abacus'),
					title: __('Compare shipping methods', 'abacus'),
					update: __('Compare', 'abacus'),
				},
			};
		case 'origins':
			return {
				title: __('Order origin', 'abacus'),
				nameColumn: __('Origin', 'abacus'),
				allLabel: __('All origins', 'abacus'),
				compare: {
					helpText: __('Check at least two origins below to compare', 'abacus'),
					title: __('Compare origins', 'abacus'),
					update: __('Compare', 'abacus'),
				},
				groups: [
					{ value: 'origin', label: __('Origin', 'abacus') },
					{ value: 'source_type', label: __('Source type', 'abacus') },
					{ value: 'campaign', label: __('Campaign', 'abacus') },
					{ value: 'device', label: __('Device', 'abacus') },
				],
			};
		case 'places':
			return {
				title: __('Places', 'abacus'),
				nameColumn: __('Place', 'abacus'),
				allLabel: __('All places', 'abacus'),
				compare: {
					helpText: __('Check at least two places below to compare', 'abacus'),
					title: __('Compare places', 'abacus'),
					update: __('Compare', 'abacus'),
				},
				groups: [
					{ value: 'billing_country', label: __('Billing country', 'abacus') },
					{ value: 'billing_state', label: __('Billing state or region', 'abacus') },
					{ value: 'shipping_country', label: __('Shipping country', 'abacus') },
					{ value: 'shipping_state', label: __('Shipping state or region', 'abacus') },
				],
			};
	}
}

/** The figures of each report's tiles and table, in order. */
function figuresOf(slug: BreakdownSlug): Figure[] {
	const base: Figure[] = ['orders_count', 'net_revenue', 'refunds', 'avg_order_value'];
	if (slug === 'shipping-methods') return [...base, 'shipping'];
	if (slug === 'origins' || slug === 'places') return [...base, 'new_customers'];
	return base;
}

/** The advanced filters of the breakdown pages: order status, customer type, the dimensions. */
function breakdownAdvancedFilters(): AdvancedFiltersConfig {
	return {
		title: __('Orders match {{select /}} filters', 'abacus'),
		filters: {
			status: orderAdvancedFilters.filters.status,
			customer_type: orderAdvancedFilters.filters.customer_type,
			...dimensionOrderFilters(),
		},
	};
}

/** The orders-report filter of each grouping (`<name>_includes`), by report and `group_by`. */
const ORDERS_FILTERS: Record<BreakdownSlug, Record<string, string>> = {
	'payment-methods': { '': 'payment_method' },
	'shipping-methods': { '': 'shipping_method' },
	origins: {
		'': 'origin',
		origin: 'origin',
		source_type: 'origin_type',
		campaign: 'campaign',
		device: 'device',
	},
	places: {
		'': 'country',
		billing_country: 'country',
		billing_state: 'state',
		shipping_country: 'shipping_country',
		shipping_state: 'shipping_state',
	},
};

/**
 * The orders-report filter of a row (its order count links to the orders behind it): every
 * grouping of every breakdown has one (server/src/reports/README.md, "Breakdown reports").
 */
export function ordersFilterOf(
	slug: BreakdownSlug,
	groupBy: string,
): ((row: Record<string, unknown>) => Record<string, string>) | null {
	const filters = ORDERS_FILTERS[slug];
	const name = Object.hasOwn(filters, groupBy) ? filters[groupBy] : filters[''];
	if (!name) return null;
	return (row): Record<string, string> => {
		const key = stringField(row, 'key');
		return key && key !== ':'
			? { filter: 'advanced', [`${name}_includes`]: key, refunds: 'none' }
			: {};
	};
}

/** The share column: a percentage of the net sales of every row. */
function shareColumn(slug: BreakdownSlug): TableColumn {
	const base = metricColumn(slug, 'net_revenue_share');
	return {
		...base,
		cell: (row): Cell => {
			const value = numberField(row, 'net_revenue_share');
			return {
				display:
					value === null
						? ''
						: /* translators: %s: a percentage number */
							sprintf(
								__('%s%%', 'abacus'),
								value.toLocaleString(undefined, { maximumFractionDigits: 1 }),
							),
				value,
			};
		},
	};
}

/** The report config of one breakdown. `groupBy` is the page's current grouping (labels). */
export function breakdownConfig(slug: BreakdownSlug, groupBy = ''): ReportConfig {
	const w = words(slug);
	const figures = figuresOf(slug);
	const itemParam = slug.replace('-', '_');
	const filters: ReportConfig['filters'] = [
		itemFilter({
			allLabel: w.allLabel,
			compare: {
				value: `compare-${slug}`,
				label: __('Comparison', 'abacus'),
				type: slug,
				itemParam,
				labels: w.compare,
			},
			hasAdvanced: true,
		}),
	];
	if (w.groups) {
		filters.push({
			label: __('Group by', 'abacus'),
			param: 'group_by',
			defaultValue: w.groups[0].value,
			staticParams: ['chartType', 'paged', 'per_page', 'filter'],
			showFilters: () => true,
			filters: w.groups,
		});
	}
	return {
		report: slug,
		title: w.title,
		path: `/analytics/${slug}`,
		endpoint: slug,
		hasChart: true,
		comparisonSegment: itemParam.replace(/s$/, ''),
		charts: figures.map((key) => chartMetric(slug, key, key)),
		filters,
		advancedFilters: breakdownAdvancedFilters(),
		table: {
			title: w.title,
			endpoint: slug,
			defaultOrderby: 'net_revenue',
			defaultOrder: 'desc',
			idField: 'id',
			columns: [
				{
					key: 'label',
					label: w.nameColumn,
					isSortable: true,
					isLeftAligned: true,
					required: true,
					cell: (row, context): Cell => {
						const value = breakdownLabel(slug, row, context, groupBy);
						return { display: value, value };
					},
				},
				...figures.map((key) => {
					const filterOf = ordersFilterOf(slug, groupBy);
					if (key !== 'orders_count' || !filterOf) {
						return metricColumn(slug, key, { defaultSort: key === 'net_revenue' });
					}
					// A row without a value (nothing shipped) has no orders filter: no link.
					const linked = ordersCountColumn(metricColumnLabel(slug, key), filterOf);
					return {
						...linked,
						cell: (row: Record<string, unknown>, context: RowContext): Cell => {
							const cell = linked.cell(row, context);
							const key = stringField(row, 'key');
							return key && key !== ':' ? cell : { ...cell, href: undefined };
						},
					};
				}),
				shareColumn(slug),
			],
			summary: (['values', ...figures] as Figure[]).map((key) => summaryItem(slug, key)),
		},
	};
}
