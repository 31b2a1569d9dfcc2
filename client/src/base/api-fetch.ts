/**
 * `apiFetch` as the app calls it, typed once. The package's type declarations are
 * CommonJS-flavoured and differ between WordPress releases (under NodeNext the default import is
 * typed as the module namespace, while at runtime, in bundlers and jest, it is the function), so the
 * app reads it through this module instead of casting it in every file.
 */
import apiFetchImport, {
	type APIFetchMiddleware,
	type APIFetchOptions,
} from '@wordpress/api-fetch';

export type { APIFetchMiddleware, APIFetchOptions };

export interface ApiFetch {
	<T = unknown>(options: APIFetchOptions & { parse?: true }): Promise<T>;
	(options: APIFetchOptions & { parse: false }): Promise<Response>;
	use(middleware: APIFetchMiddleware): void;
	setFetchHandler(handler: (options: APIFetchOptions) => Promise<unknown>): void;
	createNonceMiddleware(nonce: string): APIFetchMiddleware & { nonce: string };
	createRootURLMiddleware(rootURL: string): APIFetchMiddleware;
	createPreloadingMiddleware(preloadedData: Record<string, unknown>): APIFetchMiddleware;
}

export const apiFetch = apiFetchImport as unknown as ApiFetch;
