/**
 * Every figure on which the engine can answer otherwise than WooCommerce's own analytics
 * (`wc-analytics`) for the same request, why, and which side is right: the one list that the
 * metrics README's table "Differences from WooCommerce" shows (a test checks that each id is
 * there), that `npm run reconcile` uses to tell a documented difference from an undocumented one,
 * and that the real-stack engine test (tests/engine) accepts. Any other difference is a defect.
 *
 * A difference is described as found by comparing two answers: the request (`query`, the route
 * and its varying parameters), the field's path (`totals.net_revenue`, `2026-11-02.orders_count`
 * for an interval, `product_id=12.items_sold` for a list row, `order_id=110` for a row only one
 * side has) and both values.
 */

export interface FoundDifference {
	/** The route (e.g. `wc-analytics/reports/revenue/stats`) with its varying parameters. */
	query: string;
	/** The field's path in the answer. */
	field: string;
	engine: unknown;
	woocommerce: unknown;
}

/** What a comparison knows of the store beyond the two answers. */
export interface DifferenceContext {
	/**
	 * Keys of the rows and intervals that an order moved to the trash touches in WooCommerce's
	 * analytics: `order_id=…`, `product_id=…`, `variation_id=…`, `category_id=…`, `email=…`, the
	 * days (`YYYY-MM-DD`), ISO weeks (`YYYY-WW`) and months (`YYYY-MM`) of its creation and paid
	 * dates.
	 */
	trashedKeys?: ReadonlySet<string>;
	/**
	 * The interval keys (days, ISO weeks, months, quarters, years) of both dates of each order
	 * restored from the trash whose date differs in the orders list (`restored-order-dates`).
	 */
	restoredKeys?: ReadonlySet<string>;
}

export interface KnownDifference {
	/** Stable id, the anchor of its row in the metrics README. */
	id: string;
	/** What differs, in a sentence. */
	what: string;
	/** Which side is right, and the rule Abacus follows. */
	right: string;
	/** WooCommerce's behaviour behind it. */
	woocommerce: string;
	matches: (d: FoundDifference, context: DifferenceContext) => boolean;
}

/** The key of a field path without its last part (`product_id=12.items_sold` → `product_id=12`). */
function rowKey(field: string): string {
	const dot = field.lastIndexOf('.');
	return dot < 0 ? field : field.slice(0, dot);
}

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
	{
		id: 'refund-is-an-order',
		what: 'orders_count of a variation or category with a refund of items in the range: WooCommerce is one higher per such refund.',
		right: 'Abacus: a refund is not an order (REST.md §3.3, orders_count counts rows with parent_id = 0).',
		woocommerce:
			"WooCommerce's variations and categories reports count distinct order ids of the product lookup, where a refund's lines are rows of their own.",
		matches: (d) =>
			/reports\/(variations|categories)(\?|$)/.test(d.query) &&
			d.field.endsWith('.orders_count') &&
			Number(d.engine) < Number(d.woocommerce),
	},
	{
		id: 'refund-customers',
		what: 'total_customers of revenue and orders stats when a refund in the range belongs to an order placed before it: WooCommerce is higher.',
		right: 'Abacus: customers of orders only, so customers ≤ orders (REST.md §3.3).',
		woocommerce:
			'WooCommerce counts the distinct customers of every order-stats row in the range, refund rows included.',
		matches: (d) =>
			/reports\/(revenue|orders)\/stats/.test(d.query) &&
			d.field.endsWith('.total_customers') &&
			Number(d.engine) < Number(d.woocommerce),
	},
	{
		id: 'coupons-count-per-interval',
		what: 'coupons_count of each interval of a stats answer (the totals agree).',
		right: "Abacus: each interval's own distinct coupons (REST.md §10 item 3).",
		woocommerce:
			"WooCommerce gives the first interval the range's count and the others 0 (or repeats the range's count).",
		matches: (d) =>
			/\/stats/.test(d.query) &&
			!d.field.startsWith('totals.') &&
			d.field.endsWith('.coupons_count'),
	},
	{
		id: 'low-stock-status',
		what: 'stock_status of managed stock at or under its low-stock threshold: engine lowstock, WooCommerce instock; so the stock summary’s instock count is lower on the engine by the low-stock products.',
		right: 'Abacus: one status everywhere, and the stock summary counts add up to the products (REST.md §6.11).',
		woocommerce:
			"WooCommerce's stock report answers the product's stored status, which has no low-stock value, and its summary counts a low-stock product both as lowstock and as instock.",
		matches: (d) =>
			(/reports\/stock(\?|$)/.test(d.query) &&
				d.field.endsWith('.stock_status') &&
				d.engine === 'lowstock' &&
				d.woocommerce === 'instock') ||
			(/reports\/stock\/stats/.test(d.query) &&
				d.field === 'instock' &&
				Number(d.engine) < Number(d.woocommerce)),
	},
	{
		id: 'unmanaged-stock-quantity',
		what: 'stock_quantity of a product or variation that does not manage its stock: engine null, WooCommerce 0.',
		right: 'Abacus: no quantity is known (the pages show N/A); 0 would read as out of stock.',
		woocommerce:
			"WooCommerce's stock report casts the missing quantity of the product lookup to a number.",
		matches: (d) =>
			/reports\/stock(\?|$)/.test(d.query) &&
			d.field.endsWith('.stock_quantity') &&
			(d.engine === null || d.engine === undefined) &&
			Number(d.woocommerce) === 0,
	},
	{
		id: 'restored-order-dates',
		what: 'date of an order restored from the trash in the orders list: the engine shows the completed (or paid) date WooCommerce gave the order when it was restored, WooCommerce’s analytics the date from before; under that date type the stats intervals of both dates (the day, week, month of each) differ by the order.',
		right: 'The engine: it is the date the order itself carries (its edit screen and REST answer); under the paid or completed date type such an order counts on that day on the engine.',
		woocommerce:
			"Restoring sets the order's status again, which stamps a new completed date on the order; WooCommerce's analytics may keep the row's earlier date (its row is not always written again).",
		matches: (d, context) =>
			(/reports\/orders(\?|$)/.test(d.query) &&
				d.field.endsWith('.date') &&
				typeof d.engine === 'string' &&
				typeof d.woocommerce === 'string' &&
				d.engine > d.woocommerce) ||
			(/\/stats/.test(d.query) &&
				!d.field.startsWith('totals.') &&
				(context.restoredKeys?.has(rowKey(d.field)) ?? false)),
	},
	{
		id: 'trashed-orders',
		what: 'Every figure, row and interval an order moved to the trash touches: WooCommerce keeps counting it, the engine leaves it out (and counts it again once restored).',
		right: 'Abacus: trash is always excluded (REST.md §3.1).',
		woocommerce:
			"WooCommerce's analytics keep the trashed order's rows with the status it had until it is deleted for good.",
		matches: (d, context) => {
			const keys = context.trashedKeys;
			if (!keys || keys.size === 0) return false;
			return (
				d.field.startsWith('totals.') ||
				keys.has(d.field) ||
				keys.has(rowKey(d.field)) ||
				d.query.startsWith('performance-indicators') ||
				d.query.startsWith('leaderboards') ||
				/reports\/(customers|products|variations|categories|coupons|taxes|orders)\/stats/.test(
					d.query,
				)
			);
		},
	},
];

/** The documented difference a found one is, or null when it is undocumented. */
export function knownDifference(
	d: FoundDifference,
	context: DifferenceContext = {},
): KnownDifference | null {
	return KNOWN_DIFFERENCES.find((known) => known.matches(d, context)) ?? null;
}

/**
 * Equal as the pages show them: numbers (or numeric text) to the cent, others exactly; null and 0
 * differ (a page shows N/A for one and 0 for the other).
 */
export function sameFigure(a: unknown, b: unknown): boolean {
	if ((a === null || a === undefined) !== (b === null || b === undefined)) return false;
	if (typeof a === 'number' || typeof b === 'number') {
		return Math.abs(Number(a) - Number(b)) < 0.005;
	}
	return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
