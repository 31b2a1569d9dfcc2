/**
 * Report parameters: one compact declaration per route, turned into a Fastify JSON schema (so
 * that bad input is refused with 400 `rest_invalid_param` naming the parameter) plus a
 * normalising step that runs before validation and mimics PHP/WordPress query parsing: arrays
 * arrive as `a[]=1`, `a[0]=1` or `a=1,2`; booleans as true/false/1/0/yes/no.
 */
import type { FastifyRequest } from 'fastify';

export type ParamSpec =
	| { type: 'integer'; default?: number; minimum?: number; maximum?: number }
	| { type: 'number'; minimum?: number; maximum?: number }
	| { type: 'string'; default?: string; enum?: readonly string[]; maxLength?: number }
	| { type: 'date-time' }
	| { type: 'boolean'; default?: boolean }
	| { type: 'ids' }
	| { type: 'strings'; enum?: readonly string[] }
	| { type: 'numbers' }
	| { type: 'dates' }
	| { type: 'tuples' };

export type ParamSpecs = Record<string, ParamSpec>;

/** Largest id / page number accepted (32-bit signed). */
export const MAX_INT = 2147483647;

/** `YYYY-MM-DD`, optionally `THH:MM(:SS(.fff))` and an offset. */
export const DATE_TIME_PATTERN =
	'^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$';

type JsonSchema = Record<string, unknown>;

function toJsonSchema(spec: ParamSpec): JsonSchema {
	switch (spec.type) {
		case 'integer':
			return {
				type: 'integer',
				minimum: spec.minimum ?? -MAX_INT,
				maximum: spec.maximum ?? MAX_INT,
				...(spec.default !== undefined ? { default: spec.default } : {}),
			};
		case 'number':
			return {
				type: 'number',
				minimum: spec.minimum ?? -1e15,
				maximum: spec.maximum ?? 1e15,
			};
		case 'string':
			return {
				type: 'string',
				maxLength: spec.maxLength ?? 1000,
				...(spec.enum ? { enum: spec.enum } : {}),
				...(spec.default !== undefined ? { default: spec.default } : {}),
			};
		case 'date-time':
			return { type: 'string', pattern: DATE_TIME_PATTERN };
		case 'boolean':
			return {
				type: 'boolean',
				...(spec.default !== undefined ? { default: spec.default } : {}),
			};
		case 'ids':
			return {
				type: 'array',
				maxItems: 1000,
				items: { type: 'integer', minimum: 0, maximum: MAX_INT },
			};
		case 'strings':
			return {
				type: 'array',
				maxItems: 1000,
				items: {
					type: 'string',
					maxLength: 200,
					...(spec.enum ? { enum: spec.enum } : {}),
				},
			};
		case 'numbers':
			return {
				type: 'array',
				maxItems: 2,
				items: { type: 'number', minimum: -1e15, maximum: 1e15 },
			};
		case 'dates':
			return {
				type: 'array',
				maxItems: 2,
				items: { type: 'string', pattern: DATE_TIME_PATTERN },
			};
		case 'tuples':
			return {
				type: 'array',
				maxItems: 50,
				items: {
					type: 'array',
					minItems: 2,
					maxItems: 2,
					items: { type: 'string', maxLength: 200 },
				},
			};
	}
}

/** JSON schema of a querystring (undeclared parameters are allowed and ignored). */
export function querySchema(specs: ParamSpecs): JsonSchema {
	const properties: Record<string, JsonSchema> = {};
	for (const [name, spec] of Object.entries(specs)) properties[name] = toJsonSchema(spec);
	return { type: 'object', properties, additionalProperties: true };
}

function splitList(value: unknown): unknown[] {
	if (Array.isArray(value)) return value.flatMap((item) => splitList(item));
	if (value !== null && typeof value === 'object')
		return Object.values(value).flatMap((v) => splitList(v));
	if (typeof value === 'string') return value.split(/[\s,]+/).filter((part) => part !== '');
	if (value === undefined || value === null) return [];
	return [value];
}

function toTuple(value: unknown): unknown {
	if (Array.isArray(value)) return value.map((v) => String(v));
	if (value !== null && typeof value === 'object')
		return Object.values(value).map((v) => String(v));
	if (typeof value === 'string') return value.split(',');
	return value;
}

/** Normalises raw query values in place before schema validation. */
export function normaliseQuery(query: Record<string, unknown>, specs: ParamSpecs): void {
	for (const [name, spec] of Object.entries(specs)) {
		const raw = query[name];
		if (raw === undefined) continue;
		switch (spec.type) {
			case 'ids': {
				const items = splitList(raw).map((v) =>
					typeof v === 'string' && /^-?\d+$/.test(v) ? Math.abs(Number(v)) : v,
				);
				query[name] = [...new Set(items)];
				break;
			}
			case 'strings':
			case 'numbers':
			case 'dates':
				query[name] = splitList(raw).map((v) => (typeof v === 'string' ? v.trim() : v));
				if (
					spec.type === 'dates' &&
					Array.isArray(raw) === false &&
					typeof raw === 'string'
				) {
					query[name] = raw.split(',').map((v) => v.trim());
				}
				break;
			case 'tuples': {
				const list = Array.isArray(raw)
					? raw
					: raw !== null && typeof raw === 'object'
						? Object.values(raw)
						: [raw];
				query[name] = list.map(toTuple);
				break;
			}
			case 'boolean':
				if (typeof raw === 'string') {
					const lower = raw.toLowerCase();
					if (['true', '1', 'yes', 'on'].includes(lower)) query[name] = true;
					else if (['false', '0', 'no', 'off', ''].includes(lower)) query[name] = false;
				}
				break;
			default:
				// A scalar declared twice (`a=1&a=2`) keeps the last value, as PHP does.
				if (Array.isArray(raw)) query[name] = raw[raw.length - 1];
				break;
		}
	}
}

/** Fastify `preValidation` hook factory applying `normaliseQuery`. */
export function normaliser(specs: ParamSpecs) {
	return async (request: FastifyRequest): Promise<void> => {
		const query = request.query as Record<string, unknown> | undefined;
		if (query && typeof query === 'object') normaliseQuery(query, specs);
	};
}

/** Typed accessors over a validated query. */
export class Query {
	constructor(readonly raw: Record<string, unknown>) {}
	str(name: string, fallback = ''): string {
		const v = this.raw[name];
		return typeof v === 'string' ? v : fallback;
	}
	int(name: string, fallback: number): number {
		const v = this.raw[name];
		return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
	}
	num(name: string): number | undefined {
		const v = this.raw[name];
		return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
	}
	bool(name: string, fallback = false): boolean {
		const v = this.raw[name];
		return typeof v === 'boolean' ? v : fallback;
	}
	ids(name: string): number[] {
		const v = this.raw[name];
		return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
	}
	strings(name: string): string[] {
		const v = this.raw[name];
		return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
	}
	numbers(name: string): number[] {
		const v = this.raw[name];
		return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
	}
	tuples(name: string): Array<[string, string]> {
		const v = this.raw[name];
		if (!Array.isArray(v)) return [];
		return v
			.filter((t): t is [string, string] => Array.isArray(t) && t.length === 2)
			.map((t) => [String(t[0]), String(t[1])]);
	}
	has(name: string): boolean {
		return this.raw[name] !== undefined;
	}
}

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
};
