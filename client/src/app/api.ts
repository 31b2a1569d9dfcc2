/**
 * api-fetch set-up: every request goes to the site's REST root and carries the REST nonce.
 */
import apiFetchImport, { type ApiFetch } from '@wordpress/api-fetch';

// The package's declarations are CommonJS-flavoured: under NodeNext the default import is typed as
// the module namespace, while at runtime (bundlers, jest) it is the function.
const apiFetch = apiFetchImport as unknown as ApiFetch;

let isConfigured = false;

/** The answers a page embeds for its first requests, keyed by request path. */
export type PreloadedRequests = Record<string, { body: unknown; headers?: Record<string, string> }>;

/**
 * Installs the root URL and nonce middlewares once per page, and the preloading middleware that
 * answers the embedded requests (each once) without going to the server.
 */
export function setUpApiFetch(
	restRoot: string,
	restNonce: string,
	preloaded: PreloadedRequests = {},
): void {
	if (isConfigured) {
		return;
	}
	isConfigured = true;
	apiFetch.use(apiFetch.createRootURLMiddleware(restRoot));
	if (restNonce) {
		apiFetch.use(apiFetch.createNonceMiddleware(restNonce));
	}
	if (Object.keys(preloaded).length > 0) {
		// Registered last, so it runs first: it sees the request's `path` before it becomes a URL.
		apiFetch.use(apiFetch.createPreloadingMiddleware(preloaded));
	}
}

/** The requester the search and comparison fields use (see SearchFetcherProvider). */
export function searchFetcher(options: { path: string }): Promise<unknown> {
	return apiFetch(options);
}
