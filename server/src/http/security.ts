/**
 * Request checks that protect the server from other web pages and hostile clients: which host
 * names it answers for, which origins may write, the nonce comparison, a JSON parser that refuses
 * prototype keys, huge numbers and deep nesting, and a guard against numbers no column can hold.
 */
import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

import { RestError, invalidParams } from './errors.js';

/** Host names answered when none are configured: the loopback names, on any port. */
export const DEFAULT_ALLOWED_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** Deepest JSON nesting accepted in a request body. */
export const MAX_JSON_DEPTH = 32;

/**
 * Keys refused in JSON bodies: those that reach an object's prototype when copied into a plain
 * object (`__proto__`, `constructor`, `prototype`) and every other Object.prototype member name
 * (`toString`, `hasOwnProperty`, …), which a lookup `table[key]` would find on any object.
 */
const FORBIDDEN_KEYS = new Set([
	'__proto__',
	'constructor',
	'prototype',
	...Object.getOwnPropertyNames(Object.prototype),
]);

/** Query parameters holding free text, where a number-like word is just text. */
const FREE_TEXT_PARAMS = new Set(['search', 'code', 'email', 'name', 'slug', '_wpnonce']);

/** Splits `host[:port]` (IPv6 literals in brackets) into a lower-case name and the port text. */
export function splitHost(value: string): { name: string; port: string } {
	const text = value.trim().toLowerCase();
	const match = /^(\[[0-9a-f:.]+\]|[^:]*)(?::(\d*))?$/.exec(text);
	if (!match) return { name: text, port: '' };
	return { name: match[1].replace(/\.$/, ''), port: match[2] ?? '' };
}

/**
 * Normalises the configured host list: comma/space separated `name` or `name:port` entries. A name
 * alone matches any port. The address the server binds to is added when it is a specific address.
 */
export function allowedHostList(configured: readonly string[], bindHost: string): string[] {
	const list = new Set<string>();
	for (const entry of configured.length > 0 ? configured : DEFAULT_ALLOWED_HOSTS) {
		for (const part of entry.split(/[\s,]+/)) {
			if (part.trim() !== '') list.add(part.trim().toLowerCase().replace(/\.$/, ''));
		}
	}
	if (bindHost !== '0.0.0.0' && bindHost !== '::' && bindHost !== '') {
		list.add(bindHost.includes(':') && !bindHost.startsWith('[') ? `[${bindHost}]` : bindHost);
	}
	return [...list];
}

/** True when a `Host` header (or an Origin's host part) names one of the allowed hosts. */
export function hostAllowed(host: string | undefined, allowed: readonly string[]): boolean {
	if (!host) return false;
	const { name, port } = splitHost(host);
	if (name === '') return false;
	return allowed.some((entry) => {
		const wanted = splitHost(entry);
		return wanted.name === name && (wanted.port === '' || wanted.port === port);
	});
}

/**
 * Whether a mutating request's `Origin` may write: absent (not a browser, or a same-origin request
 * of an old browser) is accepted; otherwise it must be http(s) on an allowed host and the same
 * host as the request's `Host`.
 */
export function originAllowed(
	origin: string | undefined,
	host: string | undefined,
	allowed: readonly string[],
): boolean {
	if (origin === undefined) return true;
	let url: URL;
	try {
		url = new URL(origin);
	} catch {
		return false;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
	if (!hostAllowed(url.host, allowed)) return false;
	if (!host) return true;
	const a = splitHost(url.host);
	const b = splitHost(host);
	const defaultPort = url.protocol === 'https:' ? '443' : '80';
	return a.name === b.name && (a.port || defaultPort) === (b.port || defaultPort);
}

/**
 * Whether a request that changes data (or reads what only the server's own pages may) comes from
 * this server's own pages: its `Origin` is allowed (`originAllowed`) and the browser did not mark
 * it cross-site (`Sec-Fetch-Site`).
 */
export function fromOwnPages(headers: IncomingHttpHeaders, allowed: readonly string[]): boolean {
	return (
		originAllowed(headers.origin, headers.host, allowed) &&
		headers['sec-fetch-site'] !== 'cross-site'
	);
}

/** Constant-time comparison of a presented nonce with the server's. */
export function nonceMatches(presented: unknown, expected: string): boolean {
	if (typeof presented !== 'string' || presented === '') return false;
	const a = Buffer.from(presented);
	const b = Buffer.from(expected);
	return a.length === b.length && crypto.timingSafeEqual(a, b);
}

function bodyError(message: string): RestError {
	return new RestError('rest_invalid_json', 'Invalid JSON body passed.', 400, {
		params: { body: message },
	});
}

/** Nesting depth of a JSON text (brackets outside strings), stopping once past `limit`. */
function jsonDepth(text: string, limit: number): number {
	let depth = 0;
	let deepest = 0;
	let inString = false;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (inString) {
			if (c === 92)
				i++; // backslash: skip the escaped character
			else if (c === 34) inString = false;
			continue;
		}
		if (c === 34) inString = true;
		else if (c === 123 || c === 91) {
			depth++;
			if (depth > deepest) {
				deepest = depth;
				if (deepest > limit) return deepest;
			}
		} else if (c === 125 || c === 93) depth--;
	}
	return deepest;
}

/**
 * Parses a JSON request body. Refused with 400 (`rest_invalid_json`, naming the problem):
 * malformed text, nesting deeper than MAX_JSON_DEPTH, keys naming Object.prototype members
 * (`__proto__`, `constructor`, `toString`, …) and numbers beyond ±2^53 (no id, count or amount is
 * that large, and the database's integers overflow).
 */
export function parseJsonBody(text: string): unknown {
	if (text.trim() === '') return undefined;
	if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
		throw bodyError(`The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
	}
	let problem: string | null = null;
	let parsed: unknown;
	try {
		parsed = JSON.parse(text, function reviver(key: string, value: unknown) {
			if (problem === null && FORBIDDEN_KEYS.has(key)) {
				problem = `The request body uses the reserved key "${key}".`;
			}
			if (
				problem === null &&
				typeof value === 'number' &&
				!(Math.abs(value) <= Number.MAX_SAFE_INTEGER)
			) {
				problem = `The number ${String(value)} in the request body is out of range (at most ±${Number.MAX_SAFE_INTEGER}).`;
			}
			return value;
		}) as unknown;
	} catch {
		throw bodyError('The request body is not valid JSON.');
	}
	if (problem !== null) throw bodyError(problem);
	return parsed;
}

/** Decimal, exponent and 0x/0o/0b forms: whatever `Number()` would read as a number. */
const NUMBER_LIKE = /^([+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?|0x[0-9a-f]+|0o[0-7]+|0b[01]+)$/i;
const NOT_A_NUMBER = /^[+-]?(infinity|nan)$/i;

/** Why a query or path value holds an unusable number, or null. Lists are checked item by item. */
function badNumber(value: unknown): string | null {
	if (typeof value === 'string') {
		for (const token of value.split(/[\s,]+/)) {
			if (NOT_A_NUMBER.test(token)) return `${token} is not a number.`;
			if (NUMBER_LIKE.test(token) && !(Math.abs(Number(token)) <= Number.MAX_SAFE_INTEGER)) {
				return `${token} is out of range (at most ±${Number.MAX_SAFE_INTEGER}).`;
			}
		}
		return null;
	}
	if (Array.isArray(value)) {
		for (const item of value) {
			const problem = badNumber(item);
			if (problem) return problem;
		}
		return null;
	}
	if (value !== null && typeof value === 'object') {
		for (const key of Object.keys(value)) {
			const problem = badNumber((value as Record<string, unknown>)[key]);
			if (problem) return problem;
		}
	}
	return null;
}

/**
 * Refuses query and path values holding numbers no column can hold (beyond ±2^53, `1e308`,
 * `Infinity`, `NaN`) with 400 `rest_invalid_param` naming each parameter. Empty scalar query
 * values (`status=`) are dropped: an empty filter is no filter, never an empty SQL list.
 */
export function checkNumbers(
	query: Record<string, unknown> | undefined,
	params: Record<string, unknown> | undefined,
): void {
	const bad: Record<string, string> = {};
	if (query && typeof query === 'object') {
		for (const name of Object.keys(query)) {
			if (query[name] === '') {
				delete query[name];
				continue;
			}
			if (FREE_TEXT_PARAMS.has(name)) continue;
			const problem = badNumber(query[name]);
			if (problem) bad[name] = `${name}: ${problem}`;
		}
	}
	if (params && typeof params === 'object') {
		for (const name of Object.keys(params)) {
			const problem = badNumber(params[name]);
			if (problem) bad[name] = `${name}: ${problem}`;
		}
	}
	if (Object.keys(bad).length > 0) throw invalidParams(bad);
}

/** Content-Security-Policy of JSON responses: nothing may load or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** Content-Security-Policy of the HTML pages; `nonce` allows their one inline settings script. */
export function pageCsp(nonce: string): string {
	return [
		"default-src 'self'",
		`script-src 'self' 'nonce-${nonce}'`,
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob: https:",
		"font-src 'self' data:",
		"connect-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	].join('; ');
}

/** A fresh nonce for one HTML page's inline script. */
export function scriptNonce(): string {
	return crypto.randomBytes(16).toString('base64');
}

/**
 * `scheme://host` the client used to reach the server: `https` when a TLS-terminating proxy says
 * so (`X-Forwarded-Proto: https`), so that the admin page and paging links never point a secure
 * page at plain http. The Host header was checked against the allowed names before routing.
 */
export function requestOrigin(
	headers: {
		host?: string;
		'x-forwarded-proto'?: string | string[];
	},
	fallbackHost = 'localhost',
): string {
	const forwarded = headers['x-forwarded-proto'];
	const proto = (Array.isArray(forwarded) ? forwarded[0] : (forwarded ?? ''))
		.split(',')[0]
		.trim()
		.toLowerCase();
	return `${proto === 'https' ? 'https' : 'http'}://${headers.host ?? fallbackHost}`;
}
