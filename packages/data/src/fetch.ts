/**
 * Request helpers: `fetchWithHeaders` (body plus headers and status), shared in-flight GETs,
 * and error normalisation.
 */
import apiFetchImport, { type APIFetchOptions } from '@wordpress/api-fetch';
import { __ } from '@wordpress/i18n';

import type { WPError } from './types.js';

/** `apiFetch` as this package calls it: parsed JSON, or the raw response with `parse: false`. */
interface ApiFetch {
	<T>(options: APIFetchOptions & { parse?: true }): Promise<T>;
	(options: APIFetchOptions & { parse: false }): Promise<Response>;
}

// The package's type declarations are CommonJS-flavoured and differ between WordPress releases:
// under NodeNext the default import is typed as the module namespace, while at runtime (ESM build,
// bundlers, jest) it is the function.
export const apiFetch = apiFetchImport as unknown as ApiFetch;

/** What `fetchWithHeaders` resolves with. */
export interface FetchWithHeadersResult<T> {
	headers: Headers;
	status: number;
	data: T;
}

const inFlight = new Map<string, Promise<unknown>>();

function requestKey(options: APIFetchOptions): string | undefined {
	const method = (options.method ?? 'GET').toUpperCase();
	if (method !== 'GET' || options.data !== undefined || options.body !== undefined) {
		return undefined;
	}
	return `${options.parse === false ? 'raw' : 'json'} ${options.path ?? options.url ?? ''}`;
}

/** How long an answer asked for ahead (`fetchAhead`) waits for its reader. */
const AHEAD_KEPT_MS = 10_000;

/** Answers asked for ahead of their reader, each kept for its first reader. */
const ahead = new Map<string, { promise: Promise<unknown>; at: number }>();

function forgetUnreadAhead(now: number): void {
	for (const [key, entry] of ahead) {
		if (now - entry.at > AHEAD_KEPT_MS) ahead.delete(key);
	}
}

/**
 * Runs `run` once per identical GET request in flight: callers asking for the same path while
 * the first request is pending share its promise. Other methods always run. An answer asked
 * for ahead (`fetchAhead`) goes to its first reader, arrived or not.
 */
function shared<T>(options: APIFetchOptions, run: () => Promise<T>): Promise<T> {
	const key = requestKey(options);
	if (key === undefined) {
		return run();
	}
	const early = ahead.get(key);
	if (early) {
		ahead.delete(key);
		return early.promise as Promise<T>;
	}
	const pending = inFlight.get(key);
	if (pending) {
		return pending as Promise<T>;
	}
	const promise = run().finally(() => {
		inFlight.delete(key);
	});
	inFlight.set(key, promise);
	return promise;
}

function isResponse(value: unknown): value is Response {
	return (
		typeof value === 'object' &&
		value !== null &&
		'headers' in value &&
		'status' in value &&
		typeof (value as Response).json === 'function'
	);
}

/** Turns anything a request threw into a `WPError`. */
export function toWPError(error: unknown): WPError {
	if (typeof error === 'object' && error !== null && 'message' in error) {
		const { code, message, data } = error as {
			code?: unknown;
			message: unknown;
			data?: unknown;
		};
		return {
			...(typeof code === 'string' ? { code } : {}),
			message: typeof message === 'string' ? message : String(message),
			...(data !== undefined ? { data } : {}),
		};
	}
	if (typeof error === 'string') {
		return { message: error };
	}
	return { code: 'unknown_error', message: __('An unknown error occurred.', 'abacus') };
}

async function errorFromResponse(response: Response): Promise<WPError> {
	try {
		const body: unknown = await response.json();
		const error = toWPError(body);
		return error.data === undefined ? { ...error, data: { status: response.status } } : error;
	} catch {
		return {
			code: 'invalid_json',
			message: __('The response is not a valid JSON response.', 'abacus'),
			data: { status: response.status },
		};
	}
}

/** `apiFetch` for JSON, with identical GET requests in flight made once. */
export function fetchJson<T>(options: APIFetchOptions): Promise<T> {
	return shared(options, () => apiFetch<T>({ ...options, parse: true }));
}

/**
 * `apiFetch` with `parse: false`: resolves with the response headers, status and parsed JSON
 * body; rejects with the WordPress error of a failed response.
 */
export function fetchWithHeaders<T>(options: APIFetchOptions): Promise<FetchWithHeadersResult<T>> {
	return shared(options, async () => {
		let response: Response;
		try {
			response = await apiFetch({ ...options, parse: false });
		} catch (error) {
			throw isResponse(error) ? await errorFromResponse(error) : toWPError(error);
		}
		const text = await response.text();
		let data: T;
		try {
			data = (text === '' ? null : JSON.parse(text)) as T;
		} catch {
			throw {
				code: 'invalid_json',
				message: __('The response is not a valid JSON response.', 'abacus'),
				data: { status: response.status },
			} satisfies WPError;
		}
		return { headers: response.headers, status: response.status, data };
	});
}

/** Reads an integer response header (case-insensitive), or the fallback. */
export function getIntHeader(headers: Headers, name: string, fallback = 0): number {
	const value = parseInt(headers.get(name) ?? '', 10);
	return Number.isFinite(value) ? value : fallback;
}

/**
 * Starts the GET of `fetchWithHeaders(options)` now, for a reader that comes soon (a store's
 * resolver, which @wordpress/data runs in a later task): that reader's identical request gets
 * this answer, whether it has arrived or not, instead of asking again. Nothing is asked when the
 * same request is under way or already asked ahead; an answer nobody reads within ten seconds is
 * dropped.
 */
export function fetchAhead(options: APIFetchOptions): void {
	const key = requestKey(options);
	if (key === undefined || inFlight.has(key) || ahead.has(key)) return;
	const now = Date.now();
	forgetUnreadAhead(now);
	const promise = fetchWithHeaders(options);
	// Its reader sees a failure; unread, it is no unhandled rejection.
	promise.catch(() => undefined);
	ahead.set(key, { promise, at: now });
}
