/**
 * "How the figures can differ from WooCommerce's": the engine's documented differences from
 * WooCommerce's own analytics, as a merchant reads them where the two are compared (the Analytics
 * engine card). One entry per difference of the server's list (`server/src/metrics/differences.ts`,
 * `KNOWN_DIFFERENCES`, the metrics README's table "Differences from WooCommerce"), with the same
 * ids in the same order (a test checks it), so the list shown is the list `npm run reconcile` and
 * the engine tests accept. It is part of the bundle: it reads the same inside WordPress, on the
 * standalone server and without an engine.
 */
import { useId } from 'react';
import { __ } from '@wordpress/i18n';

export interface ShownDifference {
	/** The id of the server's entry (`KNOWN_DIFFERENCES`). */
	id: string;
	/** Which figure differs. */
	title: () => string;
	/** How the two sides differ, which one is right and why. */
	detail: () => string;
}

export const SHOWN_DIFFERENCES: readonly ShownDifference[] = [
	{
		id: 'refund-is-an-order',
		title: () => __('Orders of a variation or category with a refund', 'abacus'),
		detail: () =>
			__(
				'WooCommerce counts a refund of a variation’s or category’s items as one more order of it. Abacus counts orders only, never refunds.',
				'abacus',
			),
	},
	{
		id: 'refund-customers',
		title: () => __('Customers on the Revenue and Orders reports', 'abacus'),
		detail: () =>
			__(
				'When a refund in the dates belongs to an order placed before them, WooCommerce counts that customer too. Abacus counts the customers of the orders in the dates, so customers never outnumber orders.',
				'abacus',
			),
	},
	{
		id: 'coupons-count-per-interval',
		title: () => __('Coupons per day, week or month', 'abacus'),
		detail: () =>
			__(
				'WooCommerce puts the number of coupons of all the dates on the first day, week or month of a chart and none on the others. Abacus counts each one’s own coupons. The totals agree.',
				'abacus',
			),
	},
	{
		id: 'low-stock-status',
		title: () => __('Low stock', 'abacus'),
		detail: () =>
			__(
				'A product that manages its stock and is at or under its low-stock amount is “Low stock” in Abacus. WooCommerce’s Stock report says “In stock” and counts it both as low and as in stock, so its counts do not add up to the products.',
				'abacus',
			),
	},
	{
		id: 'unmanaged-stock-quantity',
		title: () => __('Stock of products that do not manage stock', 'abacus'),
		detail: () =>
			__(
				'Abacus shows N/A: no quantity is known. WooCommerce shows 0, which reads as out of stock.',
				'abacus',
			),
	},
	{
		id: 'restored-order-dates',
		title: () => __('Date of an order restored from the trash', 'abacus'),
		detail: () =>
			__(
				'Restoring an order gives it a new completed date. Abacus lists the order on the date the order now carries (as its edit screen shows); WooCommerce’s analytics keep the date from before.',
				'abacus',
			),
	},
	{
		id: 'trashed-orders',
		title: () => __('Orders in the trash', 'abacus'),
		detail: () =>
			__(
				'Abacus leaves an order in the trash out of every report and counts it again once it is restored. WooCommerce’s analytics keep counting it until it is deleted for good.',
				'abacus',
			),
	},
];

/** The disclosure listing the differences (closed until opened; a native, keyboard-ready control). */
export function FigureDifferences() {
	const id = useId();
	return (
		<details className="abacus-engine__differences">
			<summary>{__('How the figures can differ from WooCommerce’s', 'abacus')}</summary>
			<p className="abacus-settings__help" id={`${id}-intro`}>
				{__(
					'For a store it keeps in step with WooCommerce, the engine answers every report with WooCommerce’s own figures for the same dates and the same date type (Analytics › Settings; a store that never saved one counts by the paid date on both), except these:',
					'abacus',
				)}
			</p>
			<dl aria-describedby={`${id}-intro`}>
				{SHOWN_DIFFERENCES.map((difference) => (
					<div key={difference.id} className="abacus-engine__difference">
						<dt>{difference.title()}</dt>
						<dd>{difference.detail()}</dd>
					</div>
				))}
			</dl>
			<p className="abacus-settings__help">
				{__(
					'To compare your own store, run “npm run reconcile” beside the engine with your store’s address and credentials: it asks both sides the same reports and lists every figure that differs, marked documented (one of these) or undocumented.',
					'abacus',
				)}
			</p>
		</details>
	);
}
