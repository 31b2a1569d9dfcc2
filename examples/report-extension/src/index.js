/**
 * An extension of the Abacus reports, written as for WooCommerce's analytics: the same JS filters,
 * the same argument shapes. It adds
 * - an 'Average item value' column to the orders report (net sales / items sold, formatted with
 *   the store's currency by @abacus/currency, which comes from the abacus-currency script), and
 * - a 'Single category' entry to the products report's Show filter (the REST `categories`
 *   parameter of `reports/products`), whose chosen category is named through Abacus's items store
 *   (@abacus/data, the abacus-data script): the same store the report page reads, so a category
 *   the page has loaded costs no second request.
 */
import { resolveSelect } from '@wordpress/data';
import { addFilter } from '@wordpress/hooks';
import { __ } from '@wordpress/i18n';
import { CurrencyFactory } from '@abacus/currency';
import { ITEMS_STORE_NAME } from '@abacus/data';
import { getSetting } from '@abacus/settings';

const NAMESPACE = 'abacus-report-extension';

/** Net sales per item sold of one REST row of `reports/orders`. */
export function averageItemValue(order) {
	const items = Number(order?.num_items_sold) || 0;
	const net = Number(order?.net_total) || 0;
	return items > 0 ? Math.round((net / items) * 100) / 100 : 0;
}

export function addAverageItemValueColumn(table) {
	if (table.endpoint !== 'orders') {
		return table;
	}
	const currency = CurrencyFactory(getSetting('currency', {}));
	return {
		...table,
		headers: [
			...table.headers,
			{
				key: 'average_item_value',
				label: __('Average item value', 'abacus-report-extension'),
				isNumeric: true,
			},
		],
		rows: table.rows.map((row, index) => {
			const value = averageItemValue(table.items.data[index]);
			return [...row, { display: currency.formatAmount(value), value }];
		}),
	};
}

/** Names of category ids, for the filter's chosen-item label, from the abacus/items store. */
export function getCategoryLabels(ids) {
	return resolveSelect(ITEMS_STORE_NAME)
		.getItems('categories', { include: ids, per_page: 100 })
		.then((categories) =>
			[...categories.values()].map((category) => ({
				key: category.id,
				label: category.name,
			})),
		);
}

export function addSingleCategoryFilter(filters) {
	return filters.map((filter, index) =>
		index !== 0
			? filter
			: {
					...filter,
					filters: [
						...filter.filters,
						{
							label: __('Single category', 'abacus-report-extension'),
							value: 'select_category',
							subFilters: [
								{
									component: 'Search',
									value: 'single_category',
									label: __(
										'Type to search for a category',
										'abacus-report-extension',
									),
									path: ['select_category'],
									settings: {
										type: 'categories',
										param: 'categories',
										getLabels: getCategoryLabels,
									},
								},
							],
						},
					],
				},
	);
}

addFilter(
	'woocommerce_admin_report_table',
	`${NAMESPACE}/average-item-value`,
	addAverageItemValueColumn,
);
addFilter(
	'woocommerce_admin_products_report_filters',
	`${NAMESPACE}/single-category`,
	addSingleCategoryFilter,
);
