/**
 * Advanced filters of the orders report by breakdown dimension (payment method, shipping method,
 * origin's source type, billing country): the server's `payment_method_includes` / `_excludes`, `shipping_method_…`,
 * `country_…` (server/src/reports/README.md). The breakdown tables link their order counts to
 * the orders report filtered this way (the orders behind a figure).
 */
import { __ } from '@wordpress/i18n';

import type { AdvancedFilter } from '../types.js';

const rules = [
	{ value: 'includes', label: __('Is', 'abacus') },
	{ value: 'excludes', label: __('Is not', 'abacus') },
];

/** WooCommerce's own payment gateways and the ones most stores add. */
const GATEWAYS = [
	{ value: 'bacs', label: __('Direct bank transfer', 'abacus') },
	{ value: 'cheque', label: __('Check payments', 'abacus') },
	{ value: 'cod', label: __('Cash on delivery', 'abacus') },
	{ value: 'paypal', label: __('PayPal', 'abacus') },
	{ value: 'ppcp-gateway', label: __('PayPal Payments', 'abacus') },
	{ value: 'stripe', label: __('Credit card (Stripe)', 'abacus') },
	{ value: 'woocommerce_payments', label: __('WooPayments', 'abacus') },
];

/** WooCommerce's shipping methods. */
const SHIPPING_METHODS = [
	{ value: 'flat_rate', label: __('Flat rate', 'abacus') },
	{ value: 'free_shipping', label: __('Free shipping', 'abacus') },
	{ value: 'local_pickup', label: __('Local pickup', 'abacus') },
	{ value: 'pickup_location', label: __('Pickup location', 'abacus') },
];

/** WooCommerce's attribution source types ('' = no attribution recorded). */
const SOURCE_TYPES = [
	{ value: 'typein', label: __('Direct', 'abacus') },
	{ value: 'organic', label: __('Organic', 'abacus') },
	{ value: 'referral', label: __('Referral', 'abacus') },
	{ value: 'utm', label: __('Source (UTM)', 'abacus') },
	{ value: 'admin', label: __('Web admin', 'abacus') },
	{ value: 'mobile_app', label: __('Mobile app', 'abacus') },
	{ value: 'pos', label: __('Point of sale', 'abacus') },
	{ value: 'unknown', label: __('Unknown', 'abacus') },
];

/** The store's countries (from the page settings), by name. */
function countryOptions(): Array<{ value: string; label: string }> {
	const listed = window.abacusSettings?.dataEndpoints?.countries;
	const countries = (
		listed ??
		Object.entries(window.abacusSettings?.countries ?? {}).map(([code, name]) => ({
			code,
			name,
		}))
	).map((c) => ({ value: c.code, label: c.name }));
	return countries.sort((a, b) => a.label.localeCompare(b.label));
}

/** The advanced filter definitions, keyed by the server's filter names. */
export function dimensionOrderFilters(): Record<string, AdvancedFilter> {
	const countries = countryOptions();
	return {
		payment_method: {
			labels: {
				add: __('Payment method', 'abacus'),
				remove: __('Remove payment method filter', 'abacus'),
				rule: __('Select a payment method filter match', 'abacus'),
				title: __('Payment method {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Select a payment method', 'abacus'),
			},
			rules,
			input: { component: 'SelectControl', options: GATEWAYS, defaultOption: 'stripe' },
		},
		shipping_method: {
			labels: {
				add: __('Shipping method', 'abacus'),
				remove: __('Remove shipping method filter', 'abacus'),
				rule: __('Select a shipping method filter match', 'abacus'),
				title: __('Shipping method {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Select a shipping method', 'abacus'),
			},
			rules,
			input: {
				component: 'SelectControl',
				options: SHIPPING_METHODS,
				defaultOption: 'flat_rate',
			},
		},
		origin_type: {
			labels: {
				add: __('Origin', 'abacus'),
				remove: __('Remove origin filter', 'abacus'),
				rule: __('Select an origin filter match', 'abacus'),
				title: __('Origin {{rule /}} {{filter /}}', 'abacus'),
				filter: __('Select an origin', 'abacus'),
			},
			rules,
			input: { component: 'SelectControl', options: SOURCE_TYPES, defaultOption: 'organic' },
		},
		...(countries.length
			? {
					country: {
						labels: {
							add: __('Billing country', 'abacus'),
							remove: __('Remove country filter', 'abacus'),
							rule: __('Select a country filter match', 'abacus'),
							title: __('Billing country {{rule /}} {{filter /}}', 'abacus'),
							filter: __('Select a country', 'abacus'),
						},
						rules,
						input: {
							component: 'SelectControl',
							options: countries,
							defaultOption: countries[0].value,
						},
					},
				}
			: {}),
	};
}
