/**
 * Drill-down: from a figure of a report (a chart date, a row's order count) to the orders behind
 * it, as an orders-report address with the same filters and that interval's dates.
 */

/** The path of the orders report. */
export const ORDERS_PATH = '/analytics/orders';

/** Query keys that are about the view rather than which orders are counted. */
const VIEW_KEYS = new Set([
	'page',
	'path',
	'paged',
	'per_page',
	'orderby',
	'order',
	'chart',
	'chartType',
	'interval',
	'period',
	'compare',
	'after',
	'before',
	'search',
]);

/** Report item params and the orders filter each of them becomes. */
const ITEM_PARAMS: Record<string, string> = {
	products: 'product_includes',
	variations: 'variation_includes',
	coupons: 'coupon_includes',
	taxes: 'tax_rate_includes',
};

/** Comma-separated positive integer ids of a query value ('' when there are none). */
function idList(value: unknown): string {
	const raw = Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : '';
	return raw
		.split(',')
		.map((id) => id.trim())
		.filter((id) => /^[1-9]\d*$/.test(id))
		.join(',');
}

/**
 * The orders-report filter params that count the same orders as `report` does under `query`, or
 * null when the orders report cannot express that selection (downloads, customers, stock, a
 * category filter, a report's own advanced filters).
 */
export function ordersFilterFor(
	report: string,
	query: Record<string, unknown>,
): Record<string, string> | null {
	if (report === 'orders') {
		const kept: Record<string, string> = {};
		for (const [key, value] of Object.entries(query)) {
			if (VIEW_KEYS.has(key) || value === undefined || value === null) continue;
			if (typeof value === 'string' || typeof value === 'number') {
				kept[key] = String(value);
			}
		}
		return kept;
	}
	if (report === 'revenue') {
		return {};
	}
	if (!['products', 'variations', 'categories', 'coupons', 'taxes'].includes(report)) {
		return null;
	}
	const filter = typeof query.filter === 'string' ? query.filter : '';
	if (filter === '' || filter === 'all') {
		return {};
	}
	if (report === 'categories') {
		return null;
	}
	const filters: Record<string, string> = {};
	for (const [param, ordersParam] of Object.entries(ITEM_PARAMS)) {
		const ids = idList(query[param]);
		if (ids) filters[ordersParam] = ids;
	}
	// A single product with its variations compared: the variations say which orders.
	if (filters.variation_includes) delete filters.product_includes;
	if (!Object.keys(filters).length) {
		return null;
	}
	return { filter: 'advanced', ...filters };
}

/** The day part (YYYY-MM-DD) of a REST date ('2026-03-01 00:00:00' or ISO). */
function day(date: string): string {
	return date.slice(0, 10);
}

/**
 * The orders-report query of one interval (its first and last day) with the given filters; the
 * comparison period stays the one the person chose.
 */
export function intervalOrdersQuery(
	filters: Record<string, string>,
	interval: { date_start: string; date_end?: string },
	query: Record<string, unknown>,
): Record<string, string> {
	const after = day(interval.date_start);
	const before = day(interval.date_end ?? interval.date_start);
	const compare = typeof query.compare === 'string' ? query.compare : undefined;
	return {
		...filters,
		period: 'custom',
		...(compare ? { compare } : {}),
		after,
		before: before < after ? after : before,
	};
}
