/**
 * Products report: products stats tiles; single product and product comparison; products table.
 */
import { __, _n } from '@wordpress/i18n';

import {
	currencyColumn,
	numberColumn,
	numberField,
	stringField,
	textColumn,
	itemOrdersFilter,
	ordersCountColumn,
} from '../columns.js';
import { itemFilter } from '../filters.js';
import type { Cell, ReportConfig, RowContext } from '../types.js';

export const config: ReportConfig = {
	report: 'products',
	title: __('Products', 'abacus'),
	path: '/analytics/products',
	endpoint: 'products',
	hasDateRange: true,
	hasChart: true,
	comparisonSegment: 'product',
	limitBy: ['products'],
	charts: [
		{
			key: 'items_sold',
			label: __('Items sold', 'abacus'),
			type: 'number',
			orderby: 'items_sold',
		},
		{
			key: 'net_revenue',
			label: __('Net sales', 'abacus'),
			type: 'currency',
			orderby: 'net_revenue',
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
				__('Product title', 'abacus'),
				{ isSortable: true, required: true },
				'extended_info.name',
			),
			textColumn(
				'sku',
				__('SKU', 'abacus'),
				{ isSortable: true, hiddenByDefault: true },
				'extended_info.sku',
			),
			numberColumn('items_sold', __('Items sold', 'abacus'), {
				defaultSort: true,
				required: true,
			}),
			currencyColumn('net_revenue', __('Net sales', 'abacus')),
			ordersCountColumn(
				__('Orders', 'abacus'),
				itemOrdersFilter('product_id', 'product_includes'),
			),
			{
				key: 'variations',
				label: __('Variations', 'abacus'),
				isNumeric: true,
				isSortable: true,
				cell: (row, context): Cell => {
					const raw = (row.extended_info as Record<string, unknown> | undefined)
						?.variations;
					const value = Array.isArray(raw) ? raw.length : 0;
					return { display: context.formatNumber(value), value };
				},
			},
			{
				key: 'stock_status',
				label: __('Status', 'abacus'),
				isLeftAligned: true,
				cell: (row): Cell => {
					const value = stringField(row, 'extended_info.stock_status');
					return { display: stockStatusLabel(value), value };
				},
			},
			{
				key: 'stock',
				label: __('Stock', 'abacus'),
				isNumeric: true,
				cell: stockCell,
			},
		],
		summary: [
			{
				key: 'products_count',
				type: 'number',
				label: (n) => _n('product', 'products', n, 'abacus'),
			},
			{
				key: 'items_sold',
				type: 'number',
				label: (n) => _n('item sold', 'items sold', n, 'abacus'),
			},
			{ key: 'net_revenue', type: 'currency', label: () => __('net sales', 'abacus') },
			{
				key: 'orders_count',
				type: 'number',
				label: (n) => _n('order', 'orders', n, 'abacus'),
			},
		],
	},
};

/** Label of a stock status. */
export function stockStatusLabel(status: string): string {
	switch (status) {
		case 'instock':
			return __('In stock', 'abacus');
		case 'outofstock':
			return __('Out of stock', 'abacus');
		case 'onbackorder':
			return __('On backorder', 'abacus');
		case 'lowstock':
			return __('Low stock', 'abacus');
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
