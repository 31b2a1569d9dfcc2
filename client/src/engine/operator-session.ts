/**
 * The engine operator's chosen store, outside the page's components: read from the page's settings,
 * sent with every request (`X-Abacus-Store`) and kept in the address. Set up by the app's first
 * script (start.ts), before the components' scripts have run; the store switcher and the screens
 * of the operator's page are in operator.tsx.
 */
import { addFilter } from '@wordpress/hooks';
import { getHistory, getNewPath, getPersistedQuery, parseQueryString } from '@abacus/navigation';
import type { Query as NavQuery } from '@abacus/navigation';

import { apiFetch, type APIFetchMiddleware } from '../base/api-fetch.js';

/** A store the engine serves, as the page lists it. */
export interface OperatorStore {
	id: number;
	name: string;
	url: string;
	currency: string;
}

/** The served stores and the one the page shows (null: none chosen yet). */
export interface EngineOperator {
	stores: OperatorStore[];
	store: number | null;
}

/** The header naming the chosen store on every request. */
export const STORE_HEADER = 'X-Abacus-Store';

/** The address query key holding the chosen store. */
export const STORE_QUERY = 'store';

function isStore(value: unknown): value is OperatorStore {
	if (typeof value !== 'object' || value === null) return false;
	const store = value as Record<string, unknown>;
	return (
		Number.isInteger(store.id) &&
		typeof store.name === 'string' &&
		typeof store.url === 'string' &&
		typeof store.currency === 'string'
	);
}

/** The page's `engineOperator` setting, checked; null on any other page. */
export function readOperator(value: unknown): EngineOperator | null {
	if (typeof value !== 'object' || value === null) return null;
	const raw = value as Record<string, unknown>;
	if (!Array.isArray(raw.stores)) return null;
	const stores = raw.stores.filter(isStore);
	const store =
		Number.isInteger(raw.store) && stores.some((s) => s.id === raw.store)
			? (raw.store as number)
			: null;
	return { stores, store };
}

/** The page's operator setting, read once from the injected settings. */
let pageOperator: EngineOperator | null = null;

/** The operator setting of this page (null when the page is not an engine's operator page). */
export function getOperator(): EngineOperator | null {
	return pageOperator;
}

/** A read of an export's status (`GET wc-analytics/reports/<r>/export/<id>/status`). */
const EXPORT_STATUS = /^\/?wc-analytics\/reports\/[a-z-]+\/export\/\d{1,30}\/status\/?(\?|$)/;

/**
 * The finished export's file for the chosen store: a download link cannot send `X-Abacus-Store`
 * (nor the nonce header), so when an export's status gives its `download_url`, the file is
 * fetched through api-fetch (with the page's nonce and the store header: the server finds only
 * that store's exports) and the status answers a page-local `blob:` address of it instead.
 */
export function createOperatorDownloadMiddleware(
	fetchFile: (path: string) => Promise<Response>,
	objectUrl: (file: Blob) => string = (file) => URL.createObjectURL(file),
): APIFetchMiddleware {
	return async (options, next) => {
		const result: unknown = await next(options);
		const method = (options.method ?? 'GET').toUpperCase();
		if (
			method !== 'GET' ||
			options.parse === false ||
			typeof options.path !== 'string' ||
			!EXPORT_STATUS.test(options.path) ||
			typeof result !== 'object' ||
			result === null
		) {
			return result;
		}
		const link = (result as { download_url?: unknown }).download_url;
		if (typeof link !== 'string' || !link.startsWith('/wp-json/')) return result;
		const file = await fetchFile(link.slice('/wp-json/'.length));
		return { ...result, download_url: objectUrl(await file.blob()) };
	};
}

/** Adds the chosen store's id to every request the page sends. */
export function createOperatorStoreMiddleware(storeId: number): APIFetchMiddleware {
	return (options, next) =>
		next({
			...options,
			headers: { ...(options.headers ?? {}), [STORE_HEADER]: String(storeId) },
		});
}

/**
 * The address of the page showing `storeId`: the same screen with the date range and interval
 * kept, and every other parameter (filters, chosen products or customers: another store's ids)
 * dropped.
 */
export function addressForStore(storeId: number, path: string, query: NavQuery): string {
	return getNewPath(
		{ ...getPersistedQuery(query), [STORE_QUERY]: String(storeId) },
		path,
		{},
		'abacus',
	);
}

/** Loads the page for another store (the server renders its settings; caches start empty). */
export function load(address: string): void {
	window.location.assign(address);
}

/**
 * Keeps the chosen store in the address: an in-app address without it gets it back (replace), and
 * one naming another store (a saved view, the browser's back button) loads that store's page.
 */
function keepStoreInAddress(storeId: number, reload: (address: string) => void): () => void {
	const history = getHistory();
	const check = () => {
		const query = parseQueryString(history.location.search);
		const named = query[STORE_QUERY];
		if (named === String(storeId)) return;
		if (typeof named === 'string' && /^[1-9]\d{0,9}$/.test(named)) {
			reload(`admin.php${history.location.search}`);
			return;
		}
		history.replace(
			getNewPath({ [STORE_QUERY]: String(storeId) }, history.location.pathname, query),
		);
	};
	check();
	return history.listen(check);
}

/**
 * Sets the page up for its chosen store: the request header, the store kept in the address and
 * in the links that keep the date range. Call once, after api-fetch is configured.
 */
export function setUpOperator(
	value: unknown,
	install: (middleware: APIFetchMiddleware) => void,
	reload: (address: string) => void = load,
): EngineOperator | null {
	pageOperator = readOperator(value);
	const storeId = pageOperator?.store;
	if (storeId === null || storeId === undefined) return pageOperator;
	install(createOperatorStoreMiddleware(storeId));
	install(createOperatorDownloadMiddleware((path) => apiFetch({ path, parse: false })));
	addFilter('abacus_admin_persisted_queries', 'abacus/engine-operator', (keys: unknown) =>
		Array.isArray(keys) && !keys.includes(STORE_QUERY) ? [...keys, STORE_QUERY] : keys,
	);
	keepStoreInAddress(storeId, reload);
	return pageOperator;
}
