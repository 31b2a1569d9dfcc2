/**
 * The catalogue itself: every metric of every report, once. Words are functions so that they are
 * translated when read (after the page has loaded its translations), not when this module loads.
 *
 * Reports that answer from the same source share one set: revenue and orders read order-stats
 * rows, products, variations and categories read product lines.
 */
import { __, _n } from '@wordpress/i18n';

import type { MetricReport, MetricType, TrendDirection } from './types.js';

/** A metric as written here: its words as functions of the current locale. */
export interface MetricEntry {
	label: () => string;
	/** Table column header when it differs from the label. */
	columnLabel?: () => string;
	/** Performance indicator label when it differs from the label. */
	indicatorLabel?: () => string;
	type: MetricType;
	/** Default `up`. */
	trend?: TrendDirection;
	definition: () => string;
	/** Words after the value in a table summary; default the label. */
	summaryLabel?: (value: number) => string;
}

/** Words several metrics share (one msgid, written once). */
const WORDS = {
	orders: () => __('Orders', 'abacus'),
	ordersAfter: (n: number) => _n('order', 'orders', n, 'abacus'),
	itemsSold: () => __('Items sold', 'abacus'),
	itemsSoldAfter: (n: number) => _n('item sold', 'items sold', n, 'abacus'),
	netSales: () => __('Net sales', 'abacus'),
	netSalesAfter: () => __('net sales', 'abacus'),
	products: () => __('Products', 'abacus'),
	productsAfter: (n: number) => _n('product', 'products', n, 'abacus'),
	customers: () => __('Customers', 'abacus'),
	customersAfter: (n: number) => _n('customer', 'customers', n, 'abacus'),
	couponsAfter: (n: number) => _n('coupon', 'coupons', n, 'abacus'),
	averageOrderValue: () => __('Average order value', 'abacus'),
	distinctCoupons: () => __('Distinct coupons used.', 'abacus'),
	distinctProducts: () => __('Distinct products sold.', 'abacus'),
	couponDiscounts: () => __('Discounts given with coupons.', 'abacus'),
};

/** Order-level metrics over order-stats rows (REST §3.3): the revenue and orders reports. */
const ORDER = {
	orders_count: {
		label: WORDS.orders,
		type: 'number',
		definition: () => __('Number of orders (refunds are not orders).', 'abacus'),
		summaryLabel: WORDS.ordersAfter,
	},
	num_items_sold: {
		label: WORDS.itemsSold,
		type: 'number',
		definition: () => __('Items sold, minus items refunded.', 'abacus'),
		summaryLabel: WORDS.itemsSoldAfter,
	},
	total_sales: {
		label: () => __('Total sales', 'abacus'),
		type: 'currency',
		definition: () => __('Order totals including taxes and shipping, minus refunds.', 'abacus'),
		summaryLabel: () => __('total sales', 'abacus'),
	},
	refunds: {
		label: () => __('Returns', 'abacus'),
		type: 'currency',
		trend: 'down',
		definition: () => __('Money refunded to customers (a positive amount).', 'abacus'),
		summaryLabel: () => __('returns', 'abacus'),
	},
	taxes: {
		label: () => __('Taxes', 'abacus'),
		type: 'currency',
		definition: () => __('Taxes charged, minus taxes refunded.', 'abacus'),
		summaryLabel: () => __('taxes', 'abacus'),
	},
	shipping: {
		label: () => __('Shipping', 'abacus'),
		type: 'currency',
		definition: () => __('Shipping charged, minus shipping refunded.', 'abacus'),
		summaryLabel: () => __('shipping', 'abacus'),
	},
	net_revenue: {
		label: WORDS.netSales,
		type: 'currency',
		definition: () =>
			__('Sales after discounts and refunds, without taxes and shipping.', 'abacus'),
		summaryLabel: WORDS.netSalesAfter,
	},
	total_customers: {
		label: WORDS.customers,
		type: 'number',
		definition: () =>
			__(
				'Distinct customers who placed an order in the period (a refund is not an order: the customer of a refund alone is not counted).',
				'abacus',
			),
		summaryLabel: WORDS.customersAfter,
	},
	coupons: {
		label: () => __('Coupons', 'abacus'),
		type: 'currency',
		trend: 'down',
		definition: WORDS.couponDiscounts,
		summaryLabel: () => __('coupons', 'abacus'),
	},
	coupons_count: {
		label: () => __('Coupons used', 'abacus'),
		type: 'number',
		definition: WORDS.distinctCoupons,
		summaryLabel: WORDS.couponsAfter,
	},
	products: {
		label: WORDS.products,
		type: 'number',
		definition: WORDS.distinctProducts,
		summaryLabel: WORDS.productsAfter,
	},
	gross_sales: {
		label: () => __('Gross sales', 'abacus'),
		type: 'currency',
		definition: () =>
			__('Total sales plus coupons and refunds, without taxes and shipping.', 'abacus'),
		summaryLabel: () => __('gross sales', 'abacus'),
	},
	avg_items_per_order: {
		label: () => __('Average items per order', 'abacus'),
		type: 'average',
		definition: () => __('Items sold divided by orders.', 'abacus'),
	},
	avg_order_value: {
		label: WORDS.averageOrderValue,
		type: 'currency',
		definition: () => __('Net sales divided by orders.', 'abacus'),
	},
} as const satisfies Record<string, MetricEntry>;

/**
 * The orders report's figures of "When orders come" (the heat map of orders by weekday and hour)
 * that are not order-stats metrics: its plain tiles.
 */
const ORDER_TIMES = {
	busiest_hour: {
		label: () => __('Busiest hour', 'abacus'),
		type: 'number',
		definition: () =>
			__(
				'The weekday and hour of the day (store time) with the most orders in the range.',
				'abacus',
			),
		summaryLabel: () => __('busiest hour', 'abacus'),
	},
	busiest_weekday: {
		label: () => __('Busiest weekday', 'abacus'),
		type: 'number',
		definition: () =>
			__('The day of the week (store time) with the most orders in the range.', 'abacus'),
		summaryLabel: () => __('busiest weekday', 'abacus'),
	},
} as const satisfies Record<string, MetricEntry>;

/** Product-line metrics: the products, variations and categories reports. */
const PRODUCT = {
	items_sold: {
		label: WORDS.itemsSold,
		type: 'number',
		definition: () => __('Quantity sold, minus quantity refunded.', 'abacus'),
		summaryLabel: WORDS.itemsSoldAfter,
	},
	net_revenue: {
		label: WORDS.netSales,
		type: 'currency',
		definition: () =>
			__('Line totals after discounts and refunds, without taxes and shipping.', 'abacus'),
		summaryLabel: WORDS.netSalesAfter,
	},
	orders_count: {
		label: WORDS.orders,
		type: 'number',
		definition: () => __('Orders with these items (refunds not counted).', 'abacus'),
		summaryLabel: WORDS.ordersAfter,
	},
	products_count: {
		label: WORDS.products,
		type: 'number',
		definition: WORDS.distinctProducts,
		summaryLabel: WORDS.productsAfter,
	},
	variations_count: {
		label: () => __('Variations', 'abacus'),
		type: 'number',
		definition: () => __('Distinct variations sold.', 'abacus'),
		summaryLabel: (n) => _n('variation sold', 'variations sold', n, 'abacus'),
	},
} as const satisfies Record<string, MetricEntry>;

/** Coupon metrics over coupon-lookup rows. */
const COUPON = {
	orders_count: {
		label: () => __('Discounted orders', 'abacus'),
		columnLabel: WORDS.orders,
		type: 'number',
		definition: () => __('Orders that used a coupon.', 'abacus'),
		summaryLabel: WORDS.ordersAfter,
	},
	amount: {
		label: () => __('Amount', 'abacus'),
		columnLabel: () => __('Amount discounted', 'abacus'),
		indicatorLabel: () => __('Net discount amount', 'abacus'),
		type: 'currency',
		definition: WORDS.couponDiscounts,
		summaryLabel: () => __('amount discounted', 'abacus'),
	},
	coupons_count: {
		label: () => __('Coupons', 'abacus'),
		type: 'number',
		definition: WORDS.distinctCoupons,
		summaryLabel: WORDS.couponsAfter,
	},
} as const satisfies Record<string, MetricEntry>;

/** Tax metrics over tax-lookup rows. */
const TAX = {
	total_tax: {
		label: () => __('Total tax', 'abacus'),
		type: 'currency',
		definition: () => __('Order and shipping tax, minus refunded tax.', 'abacus'),
		summaryLabel: () => __('total tax', 'abacus'),
	},
	order_tax: {
		label: () => __('Order tax', 'abacus'),
		type: 'currency',
		definition: () => __('Tax on items.', 'abacus'),
		summaryLabel: () => __('order tax', 'abacus'),
	},
	shipping_tax: {
		label: () => __('Shipping tax', 'abacus'),
		type: 'currency',
		definition: () => __('Tax on shipping.', 'abacus'),
		summaryLabel: () => __('shipping tax', 'abacus'),
	},
	orders_count: {
		label: WORDS.orders,
		type: 'number',
		definition: () => __('Orders charged this tax.', 'abacus'),
		summaryLabel: WORDS.ordersAfter,
	},
	tax_codes: {
		label: () => __('Tax codes', 'abacus'),
		type: 'number',
		definition: () => __('Distinct tax rates charged.', 'abacus'),
		summaryLabel: (n) => _n('tax code', 'tax codes', n, 'abacus'),
	},
} as const satisfies Record<string, MetricEntry>;

/** Download metrics over download-log rows. */
const DOWNLOAD = {
	download_count: {
		label: () => __('Downloads', 'abacus'),
		type: 'number',
		definition: () => __('Files downloaded.', 'abacus'),
		summaryLabel: (n) => _n('download', 'downloads', n, 'abacus'),
	},
} as const satisfies Record<string, MetricEntry>;

/**
 * Customer metrics (REST §6.12): each customer's own figures (the table's columns) and the
 * averages over the customers shown (the table's summary).
 */
const CUSTOMER = {
	orders_count: {
		label: WORDS.orders,
		type: 'number',
		definition: () => __("The customer's orders (refunds are not orders).", 'abacus'),
	},
	total_spend: {
		label: () => __('Total spend', 'abacus'),
		type: 'currency',
		definition: () => __("The customer's order totals, minus refunds.", 'abacus'),
	},
	avg_order_value: {
		label: WORDS.averageOrderValue,
		columnLabel: () => __('AOV', 'abacus'),
		type: 'currency',
		definition: () => __("The customer's total spend divided by orders.", 'abacus'),
	},
	customers_count: {
		label: WORDS.customers,
		type: 'number',
		definition: () => __('Customers matching the filters.', 'abacus'),
		summaryLabel: WORDS.customersAfter,
	},
	avg_orders_count: {
		label: () => __('Average orders', 'abacus'),
		type: 'average',
		definition: () => __('Orders per customer, over customers with orders.', 'abacus'),
		summaryLabel: () => __('average orders', 'abacus'),
	},
	avg_total_spend: {
		label: () => __('Average lifetime spend', 'abacus'),
		type: 'currency',
		definition: () => __('Total spend per customer, over customers with orders.', 'abacus'),
		summaryLabel: () => __('average lifetime spend', 'abacus'),
	},
	avg_avg_order_value: {
		label: WORDS.averageOrderValue,
		type: 'currency',
		definition: () =>
			__(
				"The average of each customer's average order value, over customers with orders.",
				'abacus',
			),
		summaryLabel: () => __('average order value', 'abacus'),
	},
	avg_lifetime_value: {
		label: () => __('Average lifetime value', 'abacus'),
		type: 'currency',
		definition: () =>
			__(
				'Net sales of all the orders of the customers whose first order falls in the range, up to its end, divided by the number of those customers.',
				'abacus',
			),
		summaryLabel: () => __('average lifetime value', 'abacus'),
	},
	repeat_rate: {
		label: () => __('Repeat customers', 'abacus'),
		type: 'percent',
		definition: () =>
			__(
				'Share of the customers whose first order falls in the range who ordered a second time (up to its end).',
				'abacus',
			),
		summaryLabel: () => __('repeat customers', 'abacus'),
	},
	new_customers: {
		label: () => __('New customers', 'abacus'),
		type: 'number',
		definition: () =>
			__(
				'Customers whose first order (not a refund, with a status the reports count) falls in the range: the cohorts’ sizes added up.',
				'abacus',
			),
		summaryLabel: WORDS.customersAfter,
	},
	avg_days_to_second_order: {
		label: () => __('Time to second order', 'abacus'),
		type: 'average',
		trend: 'down',
		definition: () =>
			__(
				"Average days from a customer's first order to their second, over the customers of the range who ordered again.",
				'abacus',
			),
		summaryLabel: () => __('days to a second order', 'abacus'),
	},
	median_days_to_second_order: {
		label: () => __('Median time to second order', 'abacus'),
		type: 'average',
		trend: 'down',
		definition: () =>
			__(
				"The middle of the days from a customer's first order to their second, over the customers of the range who ordered again: half took longer, half less.",
				'abacus',
			),
		summaryLabel: () => __('days to a second order (median)', 'abacus'),
	},
	retention: {
		label: () => __('Retention', 'abacus'),
		type: 'percent',
		definition: () =>
			__(
				'Share of a cohort (customers whose first order fell in the same month or week) who ordered in a given period after it; period 0 is always 100 %.',
				'abacus',
			),
		summaryLabel: () => __('retention', 'abacus'),
	},
	cumulative_value: {
		label: () => __('Cumulative net sales per customer', 'abacus'),
		type: 'currency',
		definition: () =>
			__(
				"A cohort's net sales from its first period up to a given period, divided by the cohort's size.",
				'abacus',
			),
		summaryLabel: () => __('per customer', 'abacus'),
	},
} as const satisfies Record<string, MetricEntry>;

/** Stock counts (REST §6.11): products and variations by stock status; the statuses do not overlap. */
const STOCK = {
	products: {
		label: WORDS.products,
		type: 'number',
		definition: () => __('Published products and variations.', 'abacus'),
		summaryLabel: WORDS.productsAfter,
	},
	outofstock: {
		label: () => __('Out of stock', 'abacus'),
		type: 'number',
		trend: 'down',
		definition: () =>
			__(
				"Items whose stock is at or under the store's out-of-stock amount, or marked out of stock.",
				'abacus',
			),
		summaryLabel: () => __('out of stock', 'abacus'),
	},
	lowstock: {
		label: () => __('Low stock', 'abacus'),
		type: 'number',
		trend: 'down',
		definition: () =>
			__(
				"Items in stock at or under their low-stock threshold (their own, else the store's).",
				'abacus',
			),
		summaryLabel: () => __('low stock', 'abacus'),
	},
	instock: {
		label: () => __('In stock', 'abacus'),
		type: 'number',
		definition: () => __('Items in stock above their low-stock threshold.', 'abacus'),
		summaryLabel: () => __('in stock', 'abacus'),
	},
	onbackorder: {
		label: () => __('On backorder', 'abacus'),
		type: 'number',
		definition: () => __('Items out of stock that take backorders.', 'abacus'),
		summaryLabel: () => __('on backorder', 'abacus'),
	},
} as const satisfies Record<string, MetricEntry>;

/**
 * The breakdown reports (payment methods, shipping methods, origins, places): order figures per
 * value of one order dimension. `orders` says what an order is counted under; `values` names the
 * dimension's values (the table summary's count).
 */
function breakdown(words: {
	orders: () => string;
	values: () => string;
	valuesAfter: (n: number) => string;
	valuesDefinition: () => string;
}) {
	return {
		orders_count: {
			label: WORDS.orders,
			type: 'number',
			definition: words.orders,
			summaryLabel: WORDS.ordersAfter,
		},
		net_revenue: {
			label: WORDS.netSales,
			type: 'currency',
			definition: () =>
				__(
					'Sales after discounts and refunds, without taxes and shipping. A refund counts where its order counts, on the day it was made.',
					'abacus',
				),
			summaryLabel: WORDS.netSalesAfter,
		},
		refunds: {
			label: () => __('Returns', 'abacus'),
			type: 'currency',
			trend: 'down',
			definition: () =>
				__(
					'Money refunded on these orders (a positive amount), on the day of the refund.',
					'abacus',
				),
			summaryLabel: () => __('returns', 'abacus'),
		},
		avg_order_value: {
			label: WORDS.averageOrderValue,
			type: 'currency',
			definition: () => __('Net sales divided by the number of orders.', 'abacus'),
			summaryLabel: () => __('average order value', 'abacus'),
		},
		net_revenue_share: {
			label: () => __('Share of net sales', 'abacus'),
			columnLabel: () => __('Share', 'abacus'),
			type: 'percent',
			definition: () =>
				__(
					'This part of the net sales of all orders of the same dates and filters.',
					'abacus',
				),
			summaryLabel: () => __('share of net sales', 'abacus'),
		},
		shipping: {
			label: () => __('Shipping charged', 'abacus'),
			type: 'currency',
			definition: () =>
				__(
					'Shipping charged to customers without its tax, minus shipping refunded.',
					'abacus',
				),
			summaryLabel: () => __('shipping charged', 'abacus'),
		},
		new_customers: {
			label: () => __('New customers', 'abacus'),
			type: 'number',
			definition: () =>
				__('Customers whose first order in the store is one of these orders.', 'abacus'),
			summaryLabel: (n: number) => _n('new customer', 'new customers', n, 'abacus'),
		},
		values: {
			label: words.values,
			type: 'number',
			definition: words.valuesDefinition,
			summaryLabel: words.valuesAfter,
		},
	} as const satisfies Record<string, MetricEntry>;
}

const PAYMENT_METHODS = breakdown({
	orders: () => __('Orders paid with this payment method (refunds are not orders).', 'abacus'),
	values: () => __('Payment methods', 'abacus'),
	valuesAfter: (n) => _n('payment method', 'payment methods', n, 'abacus'),
	valuesDefinition: () => __('Distinct payment methods the orders were paid with.', 'abacus'),
});
const SHIPPING_METHODS = breakdown({
	orders: () =>
		__(
			'Orders sent with this shipping method (the first shipping line of the order; refunds are not orders).',
			'abacus',
		),
	values: () => __('Shipping methods', 'abacus'),
	valuesAfter: (n) => _n('shipping method', 'shipping methods', n, 'abacus'),
	valuesDefinition: () => __('Distinct shipping methods the orders were sent with.', 'abacus'),
});
const ORIGINS = breakdown({
	orders: () =>
		__(
			'Orders WooCommerce attributed to this origin when they were placed (refunds are not orders).',
			'abacus',
		),
	values: () => __('Origins', 'abacus'),
	valuesAfter: (n) => _n('origin', 'origins', n, 'abacus'),
	valuesDefinition: () => __('Distinct origins of the orders.', 'abacus'),
});
const PLACES = breakdown({
	orders: () => __('Orders with an address in this place (refunds are not orders).', 'abacus'),
	values: () => __('Places', 'abacus'),
	valuesAfter: (n) => _n('place', 'places', n, 'abacus'),
	valuesDefinition: () => __('Distinct countries or regions of the orders’ addresses.', 'abacus'),
});

/**
 * Profit over product lines (the Profit report): each line's cost is fixed at its sale; lines
 * without a cost are left out of cost, profit and margin and counted on their own.
 */
const PROFIT = {
	net_revenue: {
		label: WORDS.netSales,
		type: 'currency',
		definition: () =>
			__(
				'Sales of the products after discounts, without taxes and shipping, minus refunds.',
				'abacus',
			),
		summaryLabel: WORDS.netSalesAfter,
	},
	cost: {
		label: () => __('Cost of goods', 'abacus'),
		type: 'currency',
		trend: 'down',
		definition: () =>
			__(
				'What the items sold cost you: each line at the cost in force when it was sold, minus the cost of items refunded. Lines without a cost are not counted.',
				'abacus',
			),
		summaryLabel: () => __('cost of goods', 'abacus'),
	},
	gross_profit: {
		label: () => __('Gross profit', 'abacus'),
		type: 'currency',
		definition: () =>
			__('Net sales minus the cost of goods, over the lines that have a cost.', 'abacus'),
		summaryLabel: () => __('gross profit', 'abacus'),
	},
	margin: {
		label: () => __('Margin', 'abacus'),
		type: 'percent',
		definition: () =>
			__('Gross profit as a share of the net sales of the lines that have a cost.', 'abacus'),
		summaryLabel: () => __('margin', 'abacus'),
	},
	profit_per_order: {
		label: () => __('Profit per order', 'abacus'),
		type: 'currency',
		definition: () => __('Gross profit divided by the number of orders.', 'abacus'),
		summaryLabel: () => __('profit per order', 'abacus'),
	},
	orders_count: {
		label: WORDS.orders,
		type: 'number',
		definition: () => __('Orders with these products (refunds are not orders).', 'abacus'),
		summaryLabel: WORDS.ordersAfter,
	},
	items_sold: {
		label: WORDS.itemsSold,
		type: 'number',
		definition: () => __('Items sold, minus items refunded.', 'abacus'),
		summaryLabel: WORDS.itemsSoldAfter,
	},
	items_without_cost: {
		label: () => __('Items without a cost', 'abacus'),
		columnLabel: () => __('Without cost', 'abacus'),
		type: 'number',
		trend: 'down',
		definition: () =>
			__(
				'Items sold whose product had no cost on the day of the sale: left out of cost, profit and margin.',
				'abacus',
			),
		summaryLabel: (n: number) => _n('item without a cost', 'items without a cost', n, 'abacus'),
	},
} as const satisfies Record<string, MetricEntry>;

/** A report's metric set, and the words it says differently from the set. */
export interface ReportMetrics {
	metrics: Record<string, MetricEntry>;
	overrides?: Record<string, Pick<MetricEntry, 'indicatorLabel'>>;
}

/** Each report's metric set (in the order its figures are listed) and what it says differently. */
export const REPORTS = {
	revenue: { metrics: ORDER },
	orders: { metrics: { ...ORDER, ...ORDER_TIMES } },
	products: {
		metrics: PRODUCT,
		overrides: { items_sold: { indicatorLabel: () => __('Products sold', 'abacus') } },
	},
	variations: {
		metrics: PRODUCT,
		overrides: { items_sold: { indicatorLabel: () => __('Variations Sold', 'abacus') } },
	},
	categories: { metrics: PRODUCT },
	coupons: { metrics: COUPON },
	taxes: { metrics: TAX },
	downloads: { metrics: DOWNLOAD },
	customers: { metrics: CUSTOMER },
	stock: { metrics: STOCK },
	'payment-methods': { metrics: PAYMENT_METHODS },
	'shipping-methods': { metrics: SHIPPING_METHODS },
	origins: { metrics: ORIGINS },
	places: { metrics: PLACES },
	profit: { metrics: PROFIT },
} as const satisfies Record<MetricReport, ReportMetrics>;

/**
 * The dashboard's performance indicators (REST §6.13), in the order the API lists them:
 * `<report>/<key>`.
 */
export const INDICATOR_STATS = [
	'revenue/total_sales',
	'revenue/net_revenue',
	'orders/orders_count',
	'orders/avg_order_value',
	'products/items_sold',
	'revenue/refunds',
	'coupons/orders_count',
	'coupons/amount',
	'taxes/total_tax',
	'taxes/order_tax',
	'taxes/shipping_tax',
	'revenue/shipping',
	'downloads/download_count',
	'revenue/gross_sales',
	'variations/items_sold',
] as const;
