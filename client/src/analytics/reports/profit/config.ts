/**
 * Profit report: net sales, cost of goods, gross profit, margin and profit per order (tiles and
 * chart from `reports/profit/stats`), and a table by product or by category (`reports/profit`,
 * `by=product|category`, switched with the "Show" filter). A figure the server cannot give (no
 * cost known for any line of the row) is shown as "Not available", never as zero.
 */
import { __ } from '@wordpress/i18n';
import { getColumn } from '@abacus/metrics';

import {
	numberField,
	ordersCountColumn,
	stringField,
	textColumn,
} from '../../components/columns.js';
import {
	chartMetric,
	metricColumn,
	metricColumnLabel,
	summaryItem,
} from '../../components/metrics.js';
import type {
	Cell,
	ReportConfig,
	ReportFilterConfig,
	RowContext,
	TableColumn,
} from '../../components/types.js';

export type ProfitView = 'product' | 'category';

/** The "Show" filter: products or categories in the table (the tiles and chart do not change). */
const byFilter: ReportFilterConfig = {
	label: __('Show', 'abacus'),
	param: 'by',
	defaultValue: 'product',
	staticParams: [
		'chartType',
		'paged',
		'per_page',
		'chart',
		'period',
		'compare',
		'after',
		'before',
		'interval',
	],
	showFilters: () => true,
	filters: [
		{ label: __('By product', 'abacus'), value: 'product' },
		{ label: __('By category', 'abacus'), value: 'category' },
	],
};

const NOT_AVAILABLE = (): string => __('Not available', 'abacus');

/** A money column whose empty value means "no cost known" (said, and exported as empty). */
function profitMoneyColumn(key: 'cost' | 'gross_profit'): TableColumn {
	const base = metricColumn('profit', key, {});
	return {
		...base,
		cell: (row, context): Cell => {
			const value = numberField(row, key);
			return {
				display: value === null ? NOT_AVAILABLE() : context.formatAmount(value),
				value,
			};
		},
	};
}

const marginColumn: TableColumn = {
	...metricColumn('profit', 'margin', {}),
	cell: (row, context): Cell => {
		const value = numberField(row, 'margin');
		// Two decimals everywhere (42.10%, as the tiles and the chart write it); the CSV value too.
		return {
			display: value === null ? NOT_AVAILABLE() : context.formatMetric('percent', value),
			value: value === null ? null : value.toFixed(2),
		};
	},
};

const withoutCostColumn: TableColumn = {
	...metricColumn('profit', 'items_without_cost', {}),
	cell: (row, context): Cell => {
		const value = numberField(row, 'items_without_cost') ?? 0;
		return { display: value ? context.formatNumber(value) : '', value };
	},
};

/** The product's name, linked to its cost editor (`edit_cost` opens it on this page). */
function productNameColumn(): TableColumn {
	return {
		...textColumn('name', getColumn('profit', 'product').label, {
			isSortable: true,
			required: true,
		}),
		cell: (row: Record<string, unknown>, context: RowContext): Cell => {
			const name = stringField(row, 'name');
			return {
				display: name,
				value: name,
				href: context.reportLink('/analytics/profit', {
					edit_cost: String(numberField(row, 'product_id') ?? ''),
				}),
			};
		},
	};
}

/** The category's name, linked to the same report by product limited to the category. */
function categoryNameColumn(): TableColumn {
	return {
		...textColumn('name', getColumn('profit', 'category').label, {
			isSortable: true,
			required: true,
		}),
		cell: (row: Record<string, unknown>, context: RowContext): Cell => {
			const name = stringField(row, 'name');
			return {
				display: name,
				value: name,
				href: context.reportLink('/analytics/profit', {
					by: 'product',
					categories: String(numberField(row, 'category_id') ?? ''),
				}),
			};
		},
	};
}

const figures = (): TableColumn[] => [
	metricColumn('profit', 'items_sold'),
	metricColumn('profit', 'net_revenue', { defaultSort: true }),
	profitMoneyColumn('cost'),
	profitMoneyColumn('gross_profit'),
	marginColumn,
	withoutCostColumn,
];

const base = {
	report: 'profit',
	title: __('Profit', 'abacus'),
	path: '/analytics/profit',
	endpoint: 'profit',
	hasChart: true,
	limitBy: ['categories'],
	charts: (
		[
			'gross_profit',
			'margin',
			'net_revenue',
			'cost',
			'profit_per_order',
			'orders_count',
		] as const
	).map((key) =>
		chartMetric(
			'profit',
			key,
			['gross_profit', 'margin', 'net_revenue', 'cost', 'orders_count'].includes(key)
				? key
				: undefined,
		),
	),
	filters: [byFilter],
} satisfies Omit<ReportConfig, 'table'>;

const summary = (['net_revenue', 'cost', 'gross_profit', 'items_without_cost'] as const).map(
	(key) => summaryItem('profit', key),
);

export const productConfig: ReportConfig = {
	...base,
	table: {
		title: __('Profit by product', 'abacus'),
		endpoint: 'profit',
		defaultOrderby: 'net_revenue',
		defaultOrder: 'desc',
		tableQuery: { by: 'product' },
		idField: 'product_id',
		columns: [
			productNameColumn(),
			...figures(),
			ordersCountColumn(metricColumnLabel('profit', 'orders_count'), (row) => ({
				filter: 'advanced',
				product_includes: String(numberField(row, 'product_id') ?? ''),
			})),
		],
		summary,
	},
};

export const categoryConfig: ReportConfig = {
	...base,
	table: {
		title: __('Profit by category', 'abacus'),
		endpoint: 'profit',
		defaultOrderby: 'net_revenue',
		defaultOrder: 'desc',
		tableQuery: { by: 'category' },
		idField: 'category_id',
		columns: [categoryNameColumn(), ...figures(), metricColumn('profit', 'orders_count')],
		summary,
	},
};

/** The config of a view (`by` of the address). */
export function profitConfig(query: Record<string, unknown>): ReportConfig {
	return query.by === 'category' ? categoryConfig : productConfig;
}

/** The product config is the report's config for tools listing every report. */
export const config = productConfig;
