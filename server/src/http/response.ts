/** Shaping a response: `_fields`, the request's own origin for links, JSON inside a script. */
import type { FastifyRequest } from 'fastify';

import { parseList } from './params.js';
import { requestOrigin } from './security.js';

/** The `_fields` list of a request (top-level keys), or null when not given. */
export function requestedFields(query: Record<string, unknown>): string[] | null {
	const fields = parseList(query._fields);
	if (fields.length === 0) return null;
	return fields.map((field) => field.split('.')[0]);
}

/** Reduces an object to the `_fields` keys (when given). */
export function pickFields<T extends object>(item: T, fields: string[] | null): Partial<T> {
	if (!fields) return item;
	const out: Partial<T> = {};
	for (const key of fields) {
		if (Object.hasOwn(item, key))
			(out as Record<string, unknown>)[key] = (item as Record<string, unknown>)[key];
	}
	return out;
}

/** A response body (an object or a list of them) reduced to the request's `_fields`. */
export function reduceFields(body: unknown, query: Record<string, unknown>): unknown {
	const fields = requestedFields(query);
	if (!fields) return body;
	const pick = (item: unknown): unknown =>
		item && typeof item === 'object' && !Array.isArray(item) ? pickFields(item, fields) : item;
	return Array.isArray(body) ? body.map(pick) : pick(body);
}

/** Absolute base URL of the request (`http://host`, or `https://host` behind a TLS proxy). */
export function baseUrl(request: FastifyRequest): string {
	return requestOrigin(request.headers);
}

/**
 * JSON safe inside a `<script>` element (the page's settings): no `</script>`, `<!--` or line
 * separators survive.
 */
export function scriptJson(value: unknown): string {
	return JSON.stringify(value)
		.replace(/</g, '\\u003c')
		.replace(/>/g, '\\u003e')
		.replace(/&/g, '\\u0026')
		.replace(/\u2028/g, '\\u2028')
		.replace(/\u2029/g, '\\u2029');
}
