/**
 * The breakdown dimensions as order filters (`payment_method_includes=stripe`,
 * `country_excludes=US`, `shipping_state_includes=US:CA`, …) on an order-stats alias `s`: read by
 * the breakdown reports and by the orders and revenue reports (`filters.ts orderFilters`,
 * `dimensionFilters`), so every figure of a breakdown table has a filter giving the orders behind
 * it. A refund follows its order's value. Every value is a bound parameter.
 */
import type { SqlValue } from '../../core/db.js';
import type { ParamSpecs, Query } from '../../http/params.js';

/** The origin key: the source type, and for organic, referral and UTM orders the source. */
export const ORIGIN_KEY = `CASE WHEN d.origin_type IN ('organic', 'referral', 'utm') THEN d.origin_type || ':' || d.origin_source ELSE d.origin_type END`;

/** Filter name → SQL of its key over `order_dimensions d`. */
export const DIMENSION_FILTERS: Record<string, string> = {
	payment_method: 'd.payment_method',
	shipping_method: 'd.shipping_method',
	origin: ORIGIN_KEY,
	origin_type: 'd.origin_type',
	campaign: 'd.origin_campaign',
	device: 'd.origin_device',
	country: 'd.billing_country',
	state: `d.billing_country || ':' || d.billing_state`,
	shipping_country: 'd.shipping_country',
	shipping_state: `d.shipping_country || ':' || d.shipping_state`,
};

/** `<name>_includes` / `<name>_excludes` of every dimension filter (lists of keys). */
export const DIMENSION_FILTER_PARAMS: ParamSpecs = Object.fromEntries(
	Object.keys(DIMENSION_FILTERS).flatMap((name) => [
		[`${name}_includes`, { type: 'strings' }],
		[`${name}_excludes`, { type: 'strings' }],
	]),
);

/**
 * The dimension filters of a request as conditions on order-stats rows `s` (each its own part,
 * to be combined with the request's `match`).
 */
export function dimensionFilterParts(q: Query): Array<{ sql: string[]; params: SqlValue[] }> {
	const parts: Array<{ sql: string[]; params: SqlValue[] }> = [];
	for (const [name, expr] of Object.entries(DIMENSION_FILTERS)) {
		for (const not of [false, true]) {
			const values = q.strings(`${name}_${not ? 'excludes' : 'includes'}`);
			if (!values.length) continue;
			parts.push({
				sql: [
					`(CASE WHEN s.parent_id = 0 THEN s.order_id ELSE s.parent_id END) ${not ? 'NOT IN' : 'IN'} (SELECT d.order_id FROM order_dimensions d WHERE (${expr}) IN (${values.map(() => '?').join(', ')}))`,
				],
				params: values,
			});
		}
	}
	return parts;
}
