/** Shaping a response: `_fields`, and the request's own origin for links. */
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
