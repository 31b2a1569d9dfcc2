/**
 * api-fetch set-up: every request goes to the site's REST root and carries the REST nonce.
 */
import apiFetchImport, { type ApiFetch } from '@wordpress/api-fetch';

// The package's declarations are CommonJS-flavoured: under NodeNext the default import is typed as
// the module namespace, while at runtime (bundlers, jest) it is the function.
const apiFetch = apiFetchImport as unknown as ApiFetch;

let isConfigured = false;

/** Installs the root URL and nonce middlewares once per page. */
export function setUpApiFetch(restRoot: string, restNonce: string): void {
	if (isConfigured) {
		return;
	}
	isConfigured = true;
	apiFetch.use(apiFetch.createRootURLMiddleware(restRoot));
	if (restNonce) {
		apiFetch.use(apiFetch.createNonceMiddleware(restNonce));
	}
}

/** The requester the search and comparison fields use (see SearchFetcherProvider). */
export function searchFetcher(options: { path: string }): Promise<unknown> {
	return apiFetch(options);
}
