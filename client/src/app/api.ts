/**
 * api-fetch set-up: every request goes to the site's REST root and carries the REST nonce.
 */
import { __, sprintf } from '@wordpress/i18n';

import { createEngineMiddleware, engineClient, readEngineSettings } from '../engine/index.js';
import { createLabelDecodingMiddleware } from './decode-labels.js';
import { apiFetch, type APIFetchMiddleware } from '../base/api-fetch.js';

// The package's declarations are CommonJS-flavoured: under NodeNext the default import is typed as
// the module namespace, while at runtime (bundlers, jest) it is the function.

let isConfigured = false;

/** How long a request may take before it fails as timed out (abacusSettings.requestTimeout). */
export const DEFAULT_REQUEST_TIMEOUT = 30000;

/**
 * Fails a request that has no answer after `timeout` ms (the fetch is aborted) with the error
 * `request_timeout`, so that the screen shows its error and Retry instead of loading forever.
 * A caller's own abort signal still works.
 */
export function createTimeoutMiddleware(timeout: number): APIFetchMiddleware {
	return (options, next) => {
		if (!(timeout > 0)) {
			return next(options);
		}
		const controller = new AbortController();
		const outer = options.signal;
		if (outer) {
			if (outer.aborted) {
				controller.abort();
			} else {
				outer.addEventListener('abort', () => controller.abort(), { once: true });
			}
		}
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			controller.abort();
		}, timeout);
		return next({ ...options, signal: controller.signal }).then(
			(result) => {
				clearTimeout(timer);
				return result;
			},
			(error: unknown) => {
				clearTimeout(timer);
				if (timedOut) {
					throw {
						code: 'request_timeout',
						message: sprintf(
							/* translators: %d: seconds waited for the server's answer. */
							__('The server did not answer within %d seconds.', 'abacus'),
							Math.max(1, Math.round(timeout / 1000)),
						),
						data: { status: 0 },
					};
				}
				throw error;
			},
		);
	};
}

/** The answers a page embeds for its first requests, keyed by request path. */
export type PreloadedRequests = Record<string, { body: unknown; headers?: Record<string, string> }>;

/** A request path without its query. */
const routeOf = (path: string): string => path.split('?')[0];

/**
 * api-fetch's preloading middleware, asked only about requests it may answer: GETs to a route an
 * answer was embedded for, OPTIONS requests, and requests given by `url`. It puts the path of each
 * request it sees in a normal form by sorting the query's keys with `localeCompare`, whose first
 * call loads the browser's collation data (about 10 ms on a report page's first request, on the
 * way to its figures); the report requests go on without it.
 */
export function createPreloadedRoutesMiddleware(preloaded: PreloadedRequests): APIFetchMiddleware {
	const middleware = apiFetch.createPreloadingMiddleware(preloaded);
	const routes = new Set(Object.keys(preloaded).map(routeOf));
	return (options, next) => {
		const method = (options.method ?? 'GET').toUpperCase();
		if (
			method !== 'OPTIONS' &&
			typeof options.path === 'string' &&
			!(method === 'GET' && routes.has(routeOf(options.path)))
		) {
			return next(options);
		}
		return middleware(options, next);
	};
}

/**
 * Installs the root URL and nonce middlewares once per page, the preloading middleware that
 * answers the embedded requests (each once) without going to the server, and, when the page
 * names an Abacus engine (abacusSettings.engine), the middleware sending report requests there;
 * inside wp-admin (`decodeLabelsOfAnswers`) the one decoding the HTML entities of the answers'
 * names (decode-labels.ts).
 */
export function setUpApiFetch(
	restRoot: string,
	restNonce: string,
	preloaded: PreloadedRequests = {},
	timeout: number = DEFAULT_REQUEST_TIMEOUT,
	engine: unknown = null,
	decodeLabelsOfAnswers = false,
): void {
	if (isConfigured) {
		return;
	}
	isConfigured = true;
	apiFetch.use(createTimeoutMiddleware(timeout));
	apiFetch.use(apiFetch.createRootURLMiddleware(restRoot));
	// Runs after the nonce middleware (registered later, so earlier in the chain): it takes the
	// nonce off the requests it sends to the engine.
	engineClient.configure(readEngineSettings(engine));
	// Report GETs of one task as one request where fetch's Response exists (every browser).
	apiFetch.use(
		createEngineMiddleware(engineClient, { timeout, batch: typeof Response === 'function' }),
	);
	if (restNonce) {
		apiFetch.use(apiFetch.createNonceMiddleware(restNonce));
	}
	if (Object.keys(preloaded).length > 0) {
		// Registered last, so it runs first: it sees the request's `path` before it becomes a URL.
		apiFetch.use(createPreloadedRoutesMiddleware(preloaded));
	}
	if (decodeLabelsOfAnswers) {
		// Outermost: it sees every answer, the preloaded and the engine's included.
		apiFetch.use(createLabelDecodingMiddleware());
	}
}

/** The requester the search and comparison fields use (see SearchFetcherProvider). */
export function searchFetcher(options: { path: string }): Promise<unknown> {
	return apiFetch(options);
}
