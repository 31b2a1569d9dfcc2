/**
 * The demo orders' dimensions (db/order-dimensions.ts): payment method titles, shipping lines
 * (flat rate, free shipping, local pickup), a shipping address, and WooCommerce 8.5+ attribution
 * meta in realistic proportions. Drawn from a random source of their own, seeded by the order id,
 * so that adding them left every other generated figure as it was.
 */
import type { DemoContext } from './context.js';
import { mulberry32 } from './random.js';

/** The demo store's gateways and the titles customers saw. */
export const GATEWAY_TITLES: Record<string, string> = {
	stripe: 'Credit card (Stripe)',
	paypal: 'PayPal',
	bacs: 'Direct bank transfer',
};

/** Where a share of the orders came from: [source type, source, medium, campaign, weight]. */
const ORIGINS: Array<[string, string, string, string, number]> = [
	['typein', '(direct)', '(none)', '', 24],
	['organic', 'google', 'organic', '', 22],
	['organic', 'bing', 'organic', '', 4],
	['referral', 'facebook.com', 'referral', '', 6],
	['referral', 'instagram.com', 'referral', '', 4],
	['referral', 'reddit.com', 'referral', '', 2],
	['utm', 'newsletter', 'email', 'spring-sale', 8],
	['utm', 'newsletter', 'email', 'black-friday', 6],
	['utm', 'google', 'cpc', 'brand-search', 7],
	['utm', 'facebook', 'paid-social', 'retargeting', 5],
	['admin', '', '', '', 3],
	['mobile_app', '', '', '', 2],
	['unknown', '', '', '', 2],
];
const ORIGIN_TOTAL = ORIGINS.reduce((s, o) => s + o[4], 0);

/** Some orders ship to an address other than the billing one: [country, state]. */
const GIFT_ADDRESSES: Array<[string, string]> = [
	['US', 'NY'],
	['US', 'FL'],
	['GB', ''],
	['CA', 'BC'],
	['DE', ''],
	['NL', ''],
];

const REFERRERS: Record<string, string> = {
	google: 'https://www.google.com/',
	bing: 'https://www.bing.com/',
	'facebook.com': 'https://facebook.com/',
	'instagram.com': 'https://l.instagram.com/',
	'reddit.com': 'https://www.reddit.com/',
};

export interface DimensionInput {
	id: number;
	paymentMethod: string;
	/** Whether the order has something to ship. */
	physical: boolean;
	/** Shipping charged and its tax, in cents. */
	shipping: number;
	shippingTax: number;
	country: string;
	state: string;
	/** Item id of the shipping line. */
	shippingItemId: number;
}

/** Writes the order's rows of `order_details`, `order_shipping_lines` and `order_meta`. */
export function writeOrderDimensions(ctx: DemoContext, order: DimensionInput): void {
	const rand = mulberry32(0x5eed ^ (order.id * 2654435761));
	let shipCountry = '';
	let shipState = '';
	if (order.physical) {
		[shipCountry, shipState] =
			rand() < 0.08
				? GIFT_ADDRESSES[Math.floor(rand() * GIFT_ADDRESSES.length)]
				: [order.country, order.state];
	}
	ctx.out('order_details').row([
		order.id,
		GATEWAY_TITLES[order.paymentMethod] ?? order.paymentMethod,
		shipCountry,
		shipState,
	]);
	if (order.physical) {
		const [methodId, title] =
			order.shipping > 0
				? ['flat_rate', 'Flat rate']
				: rand() < 0.22
					? ['local_pickup', 'Local pickup']
					: ['free_shipping', 'Free shipping'];
		ctx.out('order_shipping_lines').row([
			order.shippingItemId,
			order.id,
			methodId,
			title,
			order.shipping / 100,
			order.shippingTax / 100,
		]);
	}
	// Orders before WooCommerce 8.5 and stores with attribution off have no meta: about 1 in 12.
	if (rand() < 0.08) return;
	let r = rand() * ORIGIN_TOTAL;
	const origin = ORIGINS.find((o) => (r -= o[4]) < 0) ?? ORIGINS[0];
	const [type, source, medium, campaign] = origin;
	const meta: Array<[string, string]> = [['_wc_order_attribution_source_type', type]];
	if (source) meta.push(['_wc_order_attribution_utm_source', source]);
	if (medium) meta.push(['_wc_order_attribution_utm_medium', medium]);
	if (campaign) meta.push(['_wc_order_attribution_utm_campaign', campaign]);
	if (REFERRERS[source] && type !== 'utm')
		meta.push(['_wc_order_attribution_referrer', REFERRERS[source]]);
	if (type !== 'admin') {
		const d = rand();
		meta.push([
			'_wc_order_attribution_device_type',
			type === 'mobile_app' || d < 0.56 ? 'Mobile' : d < 0.93 ? 'Desktop' : 'Tablet',
		]);
	}
	for (const [key, value] of meta) ctx.out('order_meta').row([order.id, key, value]);
}
