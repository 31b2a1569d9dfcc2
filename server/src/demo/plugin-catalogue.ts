/**
 * The plugins this standalone store knows about. Installing simulates a download: only slugs in
 * this catalogue can be installed; anything else fails as an unknown plugin would.
 */
export interface CataloguePlugin {
	slug: string;
	name: string;
	installed: boolean;
	active: boolean;
}

export const PLUGIN_CATALOGUE: readonly CataloguePlugin[] = [
	{ slug: 'woocommerce', name: 'WooCommerce', installed: true, active: true },
	{ slug: 'akismet', name: 'Akismet Anti-Spam', installed: true, active: false },
	{ slug: 'jetpack', name: 'Jetpack', installed: false, active: false },
	{ slug: 'woocommerce-services', name: 'Shipping & Tax', installed: false, active: false },
	{ slug: 'woocommerce-payments', name: 'Payments', installed: false, active: false },
	{ slug: 'mailchimp-for-woocommerce', name: 'Mailchimp', installed: false, active: false },
	{
		slug: 'creative-mail-by-constant-contact',
		name: 'Creative Mail',
		installed: false,
		active: false,
	},
	{ slug: 'facebook-for-woocommerce', name: 'Facebook', installed: false, active: false },
	{
		slug: 'google-listings-and-ads',
		name: 'Google Listings & Ads',
		installed: false,
		active: false,
	},
	{ slug: 'mailpoet', name: 'MailPoet', installed: false, active: false },
	{ slug: 'woocommerce-gateway-stripe', name: 'Stripe', installed: false, active: false },
	{
		slug: 'woocommerce-paypal-payments',
		name: 'PayPal Payments',
		installed: false,
		active: false,
	},
	{ slug: 'woocommerce-square', name: 'Square', installed: false, active: false },
	{
		slug: 'klarna-payments-for-woocommerce',
		name: 'Klarna Payments',
		installed: false,
		active: false,
	},
	{
		slug: 'mollie-payments-for-woocommerce',
		name: 'Mollie Payments',
		installed: false,
		active: false,
	},
	{ slug: 'storefront', name: 'Storefront', installed: false, active: false },
];
