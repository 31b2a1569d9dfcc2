import { __ } from '@wordpress/i18n';

/** Name of the plugins store. */
export const STORE_NAME = 'abacus/plugins';

/** Display names of the plugins the admin knows by slug. */
export const pluginNames: Readonly<Record<string, string>> = {
	'facebook-for-woocommerce': __('Facebook for WooCommerce', 'abacus'),
	jetpack: __('Jetpack', 'abacus'),
	'klarna-checkout-for-woocommerce': __('Klarna Checkout for WooCommerce', 'abacus'),
	'klarna-payments-for-woocommerce': __('Klarna Payments for WooCommerce', 'abacus'),
	'mailchimp-for-woocommerce': __('Mailchimp for WooCommerce', 'abacus'),
	'creative-mail-by-constant-contact': __('Creative Mail for WooCommerce', 'abacus'),
	'woocommerce-gateway-paypal-express-checkout': __('WooCommerce PayPal', 'abacus'),
	'woocommerce-gateway-stripe': __('WooCommerce Stripe', 'abacus'),
	'woocommerce-payfast-gateway': __('WooCommerce PayFast', 'abacus'),
	'woocommerce-payments': __('WooCommerce Payments', 'abacus'),
	'woocommerce-services': __('WooCommerce Shipping & Tax', 'abacus'),
	'woocommerce-services:shipping': __('WooCommerce Shipping & Tax', 'abacus'),
	'woocommerce-services:tax': __('WooCommerce Shipping & Tax', 'abacus'),
	'woocommerce-shipstation-integration': __('WooCommerce ShipStation Gateway', 'abacus'),
	'woocommerce-mercadopago': __('MercadoPago payments for WooCommerce', 'abacus'),
	'google-listings-and-ads': __('Google Listings and Ads', 'abacus'),
	'woo-razorpay': __('Razorpay', 'abacus'),
	mailpoet: __('MailPoet', 'abacus'),
};

/** Option holding the payment provider's credentials (fallback of the onboarding status). */
export const PAYPAL_SETTINGS_OPTION = 'woocommerce-ppcp-settings';
