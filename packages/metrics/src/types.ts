/** How a metric's value is written: money in the store's currency, a count, an average or a percentage. */
export type MetricType = 'currency' | 'number' | 'average' | 'percent';

/** Which way is good news: `up` (more sales) or `down` (fewer returns, less given away in discounts). */
export type TrendDirection = 'up' | 'down';

/** The reports whose figures the catalogue names (their slugs, as in `/analytics/<report>`). */
export type MetricReport =
	| 'revenue'
	| 'orders'
	| 'products'
	| 'variations'
	| 'categories'
	| 'coupons'
	| 'taxes'
	| 'downloads'
	| 'customers'
	| 'stock'
	| 'payment-methods'
	| 'shipping-methods'
	| 'origins'
	| 'places'
	| 'profit';

/** One metric of one report, its words in the current locale. */
export interface Metric {
	/** The field of the REST answer (`net_revenue`, `orders_count`, ...). */
	key: string;
	/** Summary tile and chart label ('Net sales'). */
	label: string;
	/** Table column header (the label unless the table says it otherwise, e.g. 'Amount discounted'). */
	columnLabel: string;
	/** Label of the dashboard performance indicator (REST §6.13); the label unless it differs. */
	indicatorLabel: string;
	type: MetricType;
	/** Which way is good news. */
	trend: TrendDirection;
	/** True when a rise is bad news (`trend` is `down`): the delta takes the opposite colour. */
	isReverseTrend: boolean;
	/** One sentence saying what the figure counts, shown behind 'What is this?'. */
	definition: string;
	/** Words after the value in the table's summary row: `summaryLabel(12)` → 'orders'. */
	summaryLabel: (value: number) => string;
}
