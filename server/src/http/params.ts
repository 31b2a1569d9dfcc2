/**
 * Request parameters, WordPress-style.
 *
 * - Declared parameters (the report routes): one compact declaration per route (`ParamSpecs`),
 *   turned into a Fastify JSON schema (bad input is refused with 400 `rest_invalid_param` naming
 *   the parameter) plus a normalising step that runs before validation and mimics PHP/WordPress
 *   query parsing: arrays arrive as `a[]=1`, `a[0]=1` or `a=1,2`; booleans as true/false/1/0/yes/no.
 *   `Query` reads the validated values.
 * - Parsed by hand (the admin routes, whose parameters WordPress parses loosely): `parseIdList`,
 *   `parseList`, `toBool`, `parseOrder`, `parseOrderby` over a `RawQuery`.
 */
import type { FastifyRequest } from 'fastify';

import { invalidParams } from './errors.js';

/** Query object of a request before validation, typed loosely for WordPress-style parsing. */
export type RawQuery = Record<string, unknown>;

/** Methods of an editable resource (WordPress's `WP_REST_Server::EDITABLE`). */
export const EDITABLE = ['POST', 'PUT', 'PATCH'] as const;

/** Words PHP/WordPress read as true (`wc_string_to_bool`). */
const TRUE_WORDS = ['1', 'true', 'yes', 'on'];

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
					if (TRUE_WORDS.includes(lower)) query[name] = true;
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
	/** The validated `order` as SQL (default descending). */
	direction(): 'ASC' | 'DESC' {
		return this.str('order', 'desc') === 'asc' ? 'ASC' : 'DESC';
	}
}

/**
 * `wp_parse_id_list`: arrays, comma/space lists or scalars → unique absolute integers. Items that
 * are not decimal numbers are skipped (as `absint` makes them 0); an id beyond ±2^53 is a 400
 * (`name` names the parameter in it), never an overflow in SQL.
 */
export function parseIdList(value: unknown, name = 'ids'): number[] {
	if (value === undefined || value === null || value === '') return [];
	const items = Array.isArray(value) ? value : String(value).split(/[\s,]+/);
	const ids = new Set<number>();
	for (const item of items) {
		if (item === '' || item === undefined || item === null) continue;
		if (typeof item !== 'number' && !/^\s*[+-]?\d+(\.\d*)?\s*$/.test(String(item))) continue;
		const n = Math.abs(Math.trunc(Number(item)));
		if (!Number.isSafeInteger(n)) {
			throw invalidParams({
				[name]: `${String(item)} is not an id (ids are whole numbers up to ${Number.MAX_SAFE_INTEGER}).`,
			});
		}
		ids.add(n);
	}
	return [...ids];
}

/** `wp_parse_slug_list` / string arrays: arrays or comma lists → trimmed non-empty strings. */
export function parseList(value: unknown): string[] {
	if (value === undefined || value === null || value === '') return [];
	const items = Array.isArray(value) ? value.map(String) : String(value).split(/[\s,]+/);
	return items.map((item) => item.trim()).filter((item) => item !== '');
}

/** wc_string_to_bool. */
export function toBool(value: unknown): boolean {
	if (typeof value === 'boolean') return value;
	if (typeof value === 'number') return value !== 0;
	return TRUE_WORDS.includes(String(value ?? '').toLowerCase());
}

/** Validates an `order` param. */
export function parseOrder(
	query: Record<string, unknown>,
	fallback: 'asc' | 'desc',
): 'ASC' | 'DESC' {
	const order = query.order === undefined ? fallback : String(query.order).toLowerCase();
	if (order !== 'asc' && order !== 'desc')
		throw invalidParams({ order: 'order is not one of asc, desc.' });
	return order === 'asc' ? 'ASC' : 'DESC';
}

/** Validates an `orderby` param against a map of allowed values → SQL expressions. */
export function parseOrderby(
	query: Record<string, unknown>,
	allowed: Record<string, string>,
	fallback: string,
): string {
	const orderby = query.orderby === undefined ? fallback : String(query.orderby);
	// Own keys only: `constructor` or `toString` must not find Object.prototype members.
	const sql = Object.hasOwn(allowed, orderby) ? allowed[orderby] : undefined;
	if (!sql) {
		throw invalidParams({
			orderby: `orderby is not one of ${Object.keys(allowed).join(', ')}.`,
		});
	}
	return sql;
}
