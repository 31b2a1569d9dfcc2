/**
 * The breakdown reports (payment methods, shipping methods, order origin, places): one config
 * builder for the four, each a generic report page over `reports/<slug>` and `reports/<slug>/stats`
 * of the Abacus engine (server/src/reports/README.md, "Breakdown reports").
 */
import { __, sprintf } from '@wordpress/i18n';
import type { MetricKey } from '@abacus/metrics';

import { numberField, ordersCountColumn, stringField } from '../columns.js';
import { itemFilter } from '../filters.js';
import { chartMetric, metricColumn, metricColumnLabel, summaryItem } from '../metrics.js';
import { advancedFilters as orderAdvancedFilters } from '../orders/config.js';
import { dimensionOrderFilters } from './order-filters.js';
import type {
	AdvancedFiltersConfig,
	Cell,
	ReportConfig,
	RowContext,
	TableColumn,
} from '../types.js';

export type BreakdownSlug = 'payment-methods' | 'shipping-methods' | 'origins' | 'places';
type Figure = MetricKey<BreakdownSlug>;

/** WooCommerce's words for an attribution source type. */
function sourceTypeName(type: string): string {
	switch (type) {
		case 'typein':
			return __('Direct', 'abacus');
		case 'organic':
			return __('Organic', 'abacus');
		case 'referral':
			return __('Referral', 'abacus');
		case 'utm':
			return __('Source', 'abacus');
		case 'admin':
			return __('Web admin', 'abacus');
		case 'mobile_app':
			return __('Mobile app', 'abacus');
		case 'pos':
			return __('Point of sale', 'abacus');
		case 'unknown':
			return __('Unknown', 'abacus');
		default:
			return type;
	}
}

/** What a row is called, in the person's words: a title, an origin, a country and region. */
export function breakdownLabel(
	slug: BreakdownSlug,
	row: Record<string, unknown>,
	context: Pick<RowContext, 'countries'>,
	groupBy = '',
): string {
	const key = stringField(row, 'key');
	const label = stringField(row, 'label');
	switch (slug) {
		case 'payment-methods':
			return label || key || __('No payment method', 'abacus');
		case 'shipping-methods':
			return label || key || __('Nothing shipped', 'abacus');
		case 'origins': {
			if (groupBy === 'campaign') return key || __('No campaign', 'abacus');
			if (groupBy === 'device') return key || __('Device not known', 'abacus');
			if (!key) return __('No attribution recorded', 'abacus');
			const [type, source] = key.split(':', 2);
			return source
				? /* translators: 1: source type (Organic, Referral, Source), 2: source (google) */
					sprintf(__('%1$s: %2$s', 'abacus'), sourceTypeName(type), source)
				: sourceTypeName(type);
		}
		case 'places': {
			if (!key || key === ':') return __('No address', 'abacus');
			const [country, state] = key.split(':', 2);
			const name = Object.hasOwn(context.countries, country)
				? context.countries[country]
				: country;
			if (state === undefined) return name;
			return state
				? /* translators: 1: country, 2: state or region code */
					sprintf(__('%1$s — %2$s', 'abacus'), name, state)
				: /* translators: %s: country */
					sprintf(__('%s — no region', 'abacus'), name);
		}
	}
}

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

/**
 * The orders-report filter of a row (its order count links to the orders behind it), when the
 * orders report has that filter: payment and shipping methods, billing countries.
 */
function ordersFilterOf(
	slug: BreakdownSlug,
	groupBy: string,
): ((row: Record<string, unknown>) => Record<string, string>) | null {
	const param =
		slug === 'payment-methods'
			? 'payment_method_includes'
			: slug === 'shipping-methods'
				? 'shipping_method_includes'
				: slug === 'places' && (groupBy === '' || groupBy === 'billing_country')
					? 'country_includes'
					: slug === 'origins' && groupBy === 'source_type'
						? 'origin_type_includes'
						: null;
	if (!param) return null;
	return (row): Record<string, string> => {
		const key = stringField(row, 'key');
		return key ? { filter: 'advanced', [param]: key, refunds: 'none' } : {};
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
							return stringField(row, 'key') ? cell : { ...cell, href: undefined };
						},
					};
				}),
				shareColumn(slug),
			],
			summary: (['values', ...figures] as Figure[]).map((key) => summaryItem(slug, key)),
		},
	};
}
