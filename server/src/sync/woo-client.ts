/**
 * A small client of WooCommerce's REST API (`/wp-json/wc/v3/…` and friends) for the sync.
 *
 * Authentication:
 * - REST API keys (`ck_…` / `cs_…`): over https as HTTP Basic; over plain http signed per request
 *   with OAuth 1.0a "one-legged" (RFC 5849, HMAC-SHA256, the consumer secret followed by `&` as key),
 *   which is what WooCommerce accepts on http.
 * - An application password (WordPress user + password): HTTP Basic (WordPress accepts it over http
 *   only on a `local` environment).
 *
 * Every request has a time limit; a timeout, a network error, 429 (honouring `Retry-After`), a 5xx
 * or a page that is not the JSON the caller expects is retried with exponential backoff (with
 * jitter) up to `retries` times, then fails with an error saying what the store answered.
 *
 * Where requests may go (`outbound.ts`): by default through `outboundFetch`, which connects only to
 * the public addresses the store's host resolves to (unless private stores are allowed). Redirects
 * are followed within the store's origin only (scheme, host and port), at most MAX_REDIRECTS; a
 * redirect to another origin is an error naming both addresses, never followed (the credentials
 * would go with it). Error messages never carry the credentials.
 */
import crypto from 'node:crypto';

import { OutboundRefusedError, outboundFetch } from './outbound.js';

/** Same-origin redirects followed for one request. */
export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type StoreAuth =
	| { kind: 'keys'; key: string; secret: string }
	| { kind: 'app-password'; user: string; password: string };

export interface WooClientOptions {
	/** The store's home URL, e.g. https://shop.example (no /wp-json). */
	url: string;
	auth: StoreAuth;
	/** Time limit per request, ms. Default 60,000. */
	timeoutMs?: number;
	/** Retries after the first attempt. Default 5. */
	retries?: number;
	/** First backoff, ms (doubled each retry, ±25 % jitter, at most 60 s). Default 1,000. */
	backoffMs?: number;
	/** Called before each retry (the sync records it as the store's last error). */
	onRetry?: (info: { attempt: number; delayMs: number; error: string }) => void;
	/** The transport. Default `outboundFetch` (the outbound policy checked on each connection). */
	fetch?: typeof fetch;
	/** Injected for tests (the wait between attempts). */
	sleep?: (ms: number) => Promise<void>;
}

/** One page of a collection: the items and WooCommerce's paging headers. */
export interface Page<T> {
	items: T[];
	/** X-WP-Total (the number of items of the whole collection). */
	total: number;
	/** X-WP-TotalPages. */
	totalPages: number;
	/** Milliseconds the store took to answer (the successful attempt). */
	ms: number;
}

/** A request the store refused for good (401, 403, 404, 400…): retrying will not help. */
export class StoreError extends Error {
	constructor(
		message: string,
		readonly status: number,
		readonly code: string | null,
	) {
		super(message);
		this.name = 'StoreError';
	}
}

/** An answer worth retrying (timeout, network, 429, 5xx, malformed). */
class TransientError extends Error {
	constructor(
		message: string,
		readonly retryAfterMs: number | null = null,
	) {
		super(message);
		this.name = 'TransientError';
	}
}

export type Query = Record<string, string | number | boolean | undefined>;

/** RFC 3986 percent-encoding, as OAuth 1.0a wants it. */
function rfc3986(value: string): string {
	return encodeURIComponent(value).replace(
		/[!'()*]/g,
		(c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
	);
}

/** The oauth_* parameters (with signature) for a request of `method` to `baseUrl` with `params`. */
export function oauthParams(
	method: string,
	baseUrl: string,
	params: Array<[string, string]>,
	key: string,
	secret: string,
	nonce = crypto.randomBytes(16).toString('hex'),
	timestamp = Math.floor(Date.now() / 1000),
): Array<[string, string]> {
	const oauth: Array<[string, string]> = [
		['oauth_consumer_key', key],
		['oauth_nonce', nonce],
		['oauth_signature_method', 'HMAC-SHA256'],
		['oauth_timestamp', String(timestamp)],
	];
	const all = [...params, ...oauth]
		.map(([k, v]) => [rfc3986(k), rfc3986(v)] as [string, string])
		.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
	const normalized = all.map(([k, v]) => `${k}=${v}`).join('&');
	const base = [method.toUpperCase(), rfc3986(baseUrl), rfc3986(normalized)].join('&');
	const signature = crypto
		.createHmac('sha256', `${rfc3986(secret)}&`)
		.update(base)
		.digest('base64');
	return [...oauth, ['oauth_signature', signature]];
}

function describe(error: unknown): string {
	if (error instanceof Error) {
		const cause = (error as Error & { cause?: unknown }).cause;
		return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
	}
	return String(error);
}

export class WooClient {
	readonly url: string;
	private readonly auth: StoreAuth;
	private readonly timeoutMs: number;
	private readonly retries: number;
	private readonly backoffMs: number;
	private readonly fetchImpl: typeof fetch;
	private readonly sleep: (ms: number) => Promise<void>;
	private readonly onRetry?: WooClientOptions['onRetry'];

	constructor(options: WooClientOptions) {
		let parsed: URL;
		try {
			parsed = new URL(options.url);
		} catch {
			throw new Error(`The store address "${options.url}" is not a URL.`);
		}
		if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
			throw new Error(`The store address must start with http:// or https://.`);
		}
		this.url = `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
		this.auth = options.auth;
		this.timeoutMs = options.timeoutMs ?? 60_000;
		this.retries = options.retries ?? 5;
		this.backoffMs = options.backoffMs ?? 1000;
		this.fetchImpl = options.fetch ?? outboundFetch;
		this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
		this.onRetry = options.onRetry;
	}

	/**
	 * `text` without the credentials (a store's answer quoted in an error could echo them): the
	 * messages go to the log, the sync status and its route.
	 */
	private redact(text: string): string {
		const values =
			this.auth.kind === 'keys'
				? [this.auth.key, this.auth.secret]
				: [
						this.auth.password,
						Buffer.from(`${this.auth.user}:${this.auth.password}`).toString('base64'),
					];
		let out = text;
		for (const value of values) {
			if (value.length >= 4) out = out.split(value).join('[redacted]');
		}
		return out;
	}

	/** The full URL and headers of a GET of `route` (e.g. `wc/v3/orders`) with `query`. */
	private request(
		route: string,
		query: Query,
		authenticate = true,
	): { url: string; headers: Record<string, string> } {
		const base = `${this.url}/wp-json/${route.replace(/^\/+/, '')}`;
		const params: Array<[string, string]> = Object.entries(query)
			.filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
			.map(([k, v]) => [k, String(v)]);
		const headers: Record<string, string> = { Accept: 'application/json' };
		if (!authenticate) {
			// The REST index: public, and WooCommerce's key check would refuse it.
		} else if (this.auth.kind === 'keys' && base.startsWith('http:')) {
			params.push(...oauthParams('GET', base, params, this.auth.key, this.auth.secret));
		} else {
			const user = this.auth.kind === 'keys' ? this.auth.key : this.auth.user;
			const password = this.auth.kind === 'keys' ? this.auth.secret : this.auth.password;
			headers.Authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
		}
		const search = params.map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`).join('&');
		return { url: search ? `${base}?${search}` : base, headers };
	}

	/**
	 * GET of `url`, following redirects within its origin (at most MAX_REDIRECTS). A redirect to
	 * another origin is a StoreError naming both addresses.
	 */
	private async follow(
		url: string,
		headers: Record<string, string>,
		route: string,
		signal: AbortSignal,
	): Promise<Response> {
		let current = url;
		for (let hops = 0; ; hops++) {
			const response = await this.fetchImpl(current, {
				headers,
				signal,
				redirect: 'manual',
			});
			const location = response.headers.get('location');
			if (!REDIRECT_STATUSES.has(response.status) || !location) return response;
			await response.arrayBuffer().catch(() => undefined);
			const from = new URL(current);
			let to: URL;
			try {
				to = new URL(location, from);
			} catch {
				throw new StoreError(
					`the store answered ${route} with a redirect to "${location.slice(0, 200)}", which is not an address`,
					response.status,
					'abacus_store_bad_redirect',
				);
			}
			if (to.origin !== from.origin) {
				throw new StoreError(
					`the store redirected ${route} from ${from.origin} to ${to.origin}: the engine follows redirects within the store's own address only. If the store moved, connect it again with its new address (${to.origin}).`,
					response.status,
					'abacus_store_cross_origin_redirect',
				);
			}
			if (hops >= MAX_REDIRECTS) {
				throw new StoreError(
					`the store redirected ${route} more than ${MAX_REDIRECTS} times (last to ${to.pathname})`,
					response.status,
					'abacus_store_too_many_redirects',
				);
			}
			current = to.href;
		}
	}

	/** One attempt: the parsed body and headers, or a StoreError / TransientError. */
	private async attempt(
		route: string,
		query: Query,
		authenticate: boolean,
	): Promise<{ body: unknown; headers: Headers; ms: number }> {
		const { url, headers } = this.request(route, query, authenticate);
		const started = Date.now();
		const controller = new AbortController();
		const timer = setTimeout(() => controller.abort(), this.timeoutMs);
		let response: Response;
		let text: string;
		try {
			response = await this.follow(url, headers, route, controller.signal);
			text = await response.text();
		} catch (error) {
			if (error instanceof StoreError) throw error;
			const cause = (error as { cause?: unknown })?.cause;
			const refused =
				error instanceof OutboundRefusedError
					? error
					: cause instanceof OutboundRefusedError
						? cause
						: null;
			if (refused) throw new StoreError(refused.message, 0, refused.code);
			throw new TransientError(
				controller.signal.aborted
					? `the store did not answer ${route} within ${Math.round(this.timeoutMs / 1000)} s`
					: `could not reach the store for ${route}: ${describe(error)}`,
			);
		} finally {
			clearTimeout(timer);
		}
		const ms = Date.now() - started;
		if (response.status === 429 || response.status >= 500) {
			const retryAfter = Number(response.headers.get('retry-after'));
			throw new TransientError(
				`the store answered ${response.status} to ${route}`,
				Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
			);
		}
		let body: unknown;
		try {
			body = JSON.parse(text.replace(/^\uFEFF/, ''));
		} catch {
			if (response.status >= 400) {
				throw new StoreError(
					`the store answered ${response.status} to ${route}`,
					response.status,
					null,
				);
			}
			throw new TransientError(`the store answered ${route} with a page that is not JSON`);
		}
		if (response.status >= 400) {
			const error = body as { code?: unknown; message?: unknown };
			const code = typeof error?.code === 'string' ? error.code : null;
			const message = typeof error?.message === 'string' ? error.message : '';
			throw new StoreError(
				`the store refused ${route} (${response.status}${code ? ` ${code}` : ''})${message ? `: ${message}` : ''}`,
				response.status,
				code,
			);
		}
		return { body, headers: response.headers, ms };
	}

	/** An attempt with retries; `check` throws (a TransientError) when the body is malformed. */
	private async withRetries<T>(
		route: string,
		query: Query,
		check: (body: unknown, headers: Headers) => T,
		authenticate = true,
	): Promise<T & { ms: number }> {
		for (let attempt = 0; ; attempt++) {
			try {
				const { body, headers, ms } = await this.attempt(route, query, authenticate);
				return { ...check(body, headers), ms };
			} catch (error) {
				if (!(error instanceof TransientError) || attempt >= this.retries) {
					if (error instanceof TransientError) {
						throw new Error(
							`${this.redact(error.message)} (gave up after ${attempt + 1} attempts)`,
						);
					}
					if (error instanceof StoreError) {
						throw new StoreError(this.redact(error.message), error.status, error.code);
					}
					throw error;
				}
				const exp = Math.min(60_000, this.backoffMs * 2 ** attempt);
				const delayMs = Math.round(
					Math.max(error.retryAfterMs ?? 0, exp * (0.75 + Math.random() * 0.5)),
				);
				this.onRetry?.({
					attempt: attempt + 1,
					delayMs,
					error: this.redact(error.message),
				});
				await this.sleep(delayMs);
			}
		}
	}

	/** GET of a single object (settings, system status). */
	async getObject<T extends object>(
		route: string,
		query: Query = {},
		authenticate = true,
	): Promise<T & { ms: number }> {
		const result = await this.withRetries(
			route,
			query,
			(body) => {
				if (body === null || typeof body !== 'object') {
					throw new TransientError(
						`the store answered ${route} with something other than an object`,
					);
				}
				return { value: body as T };
			},
			authenticate,
		);
		return Object.assign(result.value, { ms: result.ms });
	}

	/** GET of one page of a collection (an array), with the paging headers. */
	async getPage<T>(route: string, query: Query = {}): Promise<Page<T>> {
		return this.withRetries(route, query, (body, headers) => {
			if (!Array.isArray(body)) {
				throw new TransientError(
					`the store answered ${route} with something other than a list`,
				);
			}
			for (const item of body) {
				if (item === null || typeof item !== 'object' || Array.isArray(item)) {
					throw new TransientError(
						`the store answered ${route} with a list of non-objects`,
					);
				}
			}
			const total = Number(headers.get('x-wp-total'));
			const totalPages = Number(headers.get('x-wp-totalpages'));
			return {
				items: body as T[],
				total: Number.isFinite(total) && headers.has('x-wp-total') ? total : body.length,
				totalPages:
					Number.isFinite(totalPages) && headers.has('x-wp-totalpages') ? totalPages : 1,
			};
		});
	}

	/** Every item of a collection, page after page (per_page 100). */
	async getAll<T>(route: string, query: Query = {}): Promise<T[]> {
		const out: T[] = [];
		for (let page = 1; ; page++) {
			const result = await this.getPage<T>(route, { ...query, per_page: 100, page });
			out.push(...result.items);
			if (page >= result.totalPages || result.items.length === 0) return out;
		}
	}
}
