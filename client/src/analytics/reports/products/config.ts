/**
 * Products report: products stats tiles; single product and product comparison; products table.
 */
import { getColumn, getMetric } from '@abacus/metrics';
import { __ } from '@wordpress/i18n';

import {
	numberField,
	stringField,
	textColumn,
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
import type { Cell, ReportConfig, RowContext, TableColumn } from '../../components/types.js';

export const config: ReportConfig = {
	report: 'products',
	title: __('Products', 'abacus'),
	path: '/analytics/products',
	endpoint: 'products',
	hasChart: true,
	comparisonSegment: 'product',
	limitBy: ['products'],
	charts: (['items_sold', 'net_revenue', 'orders_count'] as const).map((key) =>
		chartMetric('products', key, key),
	),
	filters: [
		itemFilter({
			allLabel: __('All products', 'abacus'),
			single: {
				value: 'single_product',
				label: __('Single product', 'abacus'),
				type: 'products',
				itemParam: 'products',
				placeholder: __('Type to search for a product', 'abacus'),
			},
			compare: {
				value: 'compare-products',
				label: __('Comparison', 'abacus'),
				type: 'products',
				itemParam: 'products',
				labels: {
					helpText: __('Check at least two products below to compare', 'abacus'),
					placeholder: __('Search for products to compare', 'abacus'),
					title: __('Compare products', 'abacus'),
					update: __('Compare', 'abacus'),
				},
			},
		}),
	],
	table: {
		title: __('Products', 'abacus'),
		endpoint: 'products',
		defaultOrderby: 'items_sold',
		defaultOrder: 'desc',
		tableQuery: { extended_info: true },
		idField: 'product_id',
		columns: [
			textColumn(
				'product_name',
				getColumn('products', 'product_name').label,
				{ isSortable: true, required: true },
				'extended_info.name',
			),
			textColumn(
				'sku',
				getColumn('products', 'sku').label,
				{ isSortable: true, hiddenByDefault: true },
				'extended_info.sku',
			),
			metricColumn('products', 'items_sold', { defaultSort: true, required: true }),
			metricColumn('products', 'net_revenue'),
			ordersCountColumn(
				metricColumnLabel('products', 'orders_count'),
				itemOrdersFilter('product_id', 'product_includes'),
			),
			{
				key: 'variations',
				label: getMetric('products', 'variations_count').columnLabel,
				isNumeric: true,
				isSortable: true,
				cell: (row, context): Cell => {
					const raw = (row.extended_info as Record<string, unknown> | undefined)
						?.variations;
					const value = Array.isArray(raw) ? raw.length : 0;
					return { display: context.formatNumber(value), value };
				},
			},
			...stockColumns('products'),
		],
		summary: (['products_count', 'items_sold', 'net_revenue', 'orders_count'] as const).map(
			(key) => summaryItem('products', key),
		),
	},
};

/** The Status and Stock columns of a product or variation row (from its `extended_info`). */
export function stockColumns(report: 'products' | 'variations'): TableColumn[] {
	return [
		{
			key: 'stock_status',
			label: getColumn(report, 'stock_status').label,
			isLeftAligned: true,
			cell: (row): Cell => {
				const value = stringField(row, 'extended_info.stock_status');
				return { display: stockStatusLabel(value), value };
			},
		},
		{ key: 'stock', label: getColumn(report, 'stock').label, isNumeric: true, cell: stockCell },
	];
}

/** Label of a stock status: the name of its count in the stock report (the status itself if unknown). */
export function stockStatusLabel(status: string): string {
	switch (status) {
		case 'instock':
		case 'outofstock':
		case 'onbackorder':
		case 'lowstock':
			return getMetric('stock', status).label;
		default:
			return status;
	}
}

/**
 * The Stock cell of a product or variation row: its quantity where it manages its stock, else
 * N/A (WooCommerce answers a quantity of 0, not null, for an item whose stock is not managed).
 * The CSV cell is empty then, as in the stock report.
 */
export function stockCell(row: Record<string, unknown>, context: RowContext): Cell {
	const extended = row.extended_info as Record<string, unknown> | undefined;
	const value = numberField(row, 'extended_info.stock_quantity');
	if (extended?.manage_stock !== true || value === null) {
		return { display: __('N/A', 'abacus'), value: null };
	}
	return { display: context.formatNumber(value), value };
}
