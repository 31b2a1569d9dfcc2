/** The parameters report routes share (declared with `http/params.ts ParamSpecs`). */
import type { ParamSpecs } from '../../http/params.js';
import { DIMENSION_FILTER_PARAMS } from './breakdown-filters.js';

export const STATUSES = [
	'pending',
	'processing',
	'on-hold',
	'completed',
	'cancelled',
	'refunded',
	'failed',
	'trash',
	'any',
] as const;

/** Parameters every stats route shares. */
export function commonStatsParams(orderby: readonly string[], orderbyDefault = 'date'): ParamSpecs {
	return {
		page: { type: 'integer', default: 1, minimum: 1 },
		per_page: { type: 'integer', default: 10, minimum: 1, maximum: 100 },
		after: { type: 'date-time' },
		before: { type: 'date-time' },
		order: { type: 'string', default: 'desc', enum: ['asc', 'desc'] },
		orderby: { type: 'string', default: orderbyDefault, enum: orderby },
		interval: {
			type: 'string',
			default: 'week',
			enum: ['hour', 'day', 'week', 'month', 'quarter', 'year'],
		},
		fields: { type: 'strings' },
		context: { type: 'string', enum: ['view', 'edit', 'embed'] },
	};
}

/** Parameters every list route shares (`per_page=-1` means everything). */
export function commonListParams(orderby: readonly string[], orderbyDefault: string): ParamSpecs {
	return {
		page: { type: 'integer', default: 1, minimum: 1 },
		per_page: { type: 'integer', default: 10, minimum: -1, maximum: 100 },
		after: { type: 'date-time' },
		before: { type: 'date-time' },
		order: { type: 'string', default: 'desc', enum: ['asc', 'desc'] },
		orderby: { type: 'string', default: orderbyDefault, enum: orderby },
		extended_info: { type: 'boolean', default: false },
		context: { type: 'string', enum: ['view', 'edit', 'embed'] },
	};
}

/** Order-filter parameters of orders stats / orders list. */
export const ORDER_FILTER_PARAMS: ParamSpecs = {
	match: { type: 'string', default: 'all', enum: ['all', 'any'] },
	status_is: { type: 'strings', enum: STATUSES },
	status_is_not: { type: 'strings', enum: STATUSES },
	product_includes: { type: 'ids' },
	product_excludes: { type: 'ids' },
	variation_includes: { type: 'ids' },
	variation_excludes: { type: 'ids' },
	coupon_includes: { type: 'ids' },
	coupon_excludes: { type: 'ids' },
	tax_rate_includes: { type: 'ids' },
	tax_rate_excludes: { type: 'ids' },
	customer: { type: 'string', enum: ['new', 'returning'] },
	customer_type: { type: 'string', enum: ['new', 'returning'] },
	refunds: { type: 'string', default: '', enum: ['', 'all', 'partial', 'full', 'none'] },
	attribute_is: { type: 'tuples' },
	attribute_is_not: { type: 'tuples' },
	categories: { type: 'ids' },
	...DIMENSION_FILTER_PARAMS,
};

/** `segmentby` of the revenue and orders stats. */
export const ORDER_SEGMENTS = {
	type: 'string',
	enum: ['product', 'category', 'variation', 'coupon', 'customer_type'],
} as const;

/** `segmentby` of the products and variations stats. */
export const PRODUCT_SEGMENTS = {
	type: 'string',
	enum: ['product', 'category', 'variation'],
} as const;

/** `context`, of the routes that take nothing else in common. */
export const CONTEXT_PARAMS: ParamSpecs = {
	context: { type: 'string', enum: ['view', 'edit', 'embed'] },
};
