/**
 * Query-string navigation of the admin app: reading and writing the address, persisted query,
 * screens, id lists, search words and history listeners.
 */
import { parse, type ParsedQs } from 'qs';

import { applyFilters } from '@wordpress/hooks';
import { addQueryArgs } from '@wordpress/url';

import { getHistory } from './history.js';

/** A parsed query string: values are strings, arrays or nested objects (bracket notation). */
export type Query = ParsedQs;

/** Query arguments to write: undefined removes a key, null writes it empty. */
export type QueryArgs = Readonly<Record<string, unknown>>;

/** The admin page slug of the app. */
export const ADMIN_PAGE = 'abacus';

/** Query keys kept across report navigation (filter `abacus_admin_persisted_queries`). */
export const defaultPersistedQueryKeys: readonly string[] = [
	'period',
	'compare',
	'before',
	'after',
	'interval',
	'type',
];

/** Screens that ignore the date range (filter `abacus_admin_time_excluded_screens`). */
export const defaultTimeExcludedScreens: readonly string[] = [
	'stock',
	'settings',
	'customers',
	'homescreen',
];

/** Parses a query string (with or without '?'); malformed input gives {}. */
export function parseQueryString(search: string): Query {
	if (typeof search !== 'string' || search === '') {
		return {};
	}
	try {
		return parse(search.replace(/^\?/, ''));
	} catch {
		return {};
	}
}

/** The current app route, e.g. '/analytics/revenue' ('/' at the root). */
export function getPath(): string {
	return getHistory().location.pathname;
}

/** The current query string as an object ({} when empty). */
export function getQuery(): Query {
	return parseQueryString(getHistory().location.search);
}

/**
 * Copies query values into ordinary objects and arrays (values parsed from an address may be
 * prototype-less objects, which cannot be turned into strings), dropping functions and symbols.
 */
function toPlainArgs(value: Record<string, unknown>): Record<string, unknown> {
	const copy = (input: unknown): unknown => {
		if (Array.isArray(input)) return input.map(copy);
		if (input !== null && typeof input === 'object') {
			const out: Record<string, unknown> = {};
			for (const key of Object.keys(input))
				out[key] = copy((input as Record<string, unknown>)[key]);
			return out;
		}
		return typeof input === 'function' || typeof input === 'symbol' ? undefined : input;
	};
	return copy(value) as Record<string, unknown>;
}

/**
 * The address of the app page with a new query: `{page, ...currentQuery, ...query}` plus `path`
 * (left out when it is '/'), as 'admin.php?…'. Undefined values are dropped, null written empty,
 * arrays in bracket notation.
 *
 * @example getNewPath({ period: 'year' }, '/analytics/revenue', {}) // admin.php?page=abacus&period=year&path=%2Fanalytics%2Frevenue
 */
export function getNewPath(
	query: QueryArgs,
	path: string = getPath(),
	currentQuery: QueryArgs = getQuery(),
	page: string = ADMIN_PAGE,
): string {
	const args: Record<string, unknown> = toPlainArgs({ page, ...currentQuery, ...query });
	if (path !== '/') {
		args.path = path;
	}
	return addQueryArgs('admin.php', args);
}

/** Pushes the address built by getNewPath onto the history. */
export function updateQueryString(
	query: QueryArgs,
	path: string = getPath(),
	currentQuery: QueryArgs = getQuery(),
	page: string = ADMIN_PAGE,
): void {
	getHistory().push(getNewPath(query, path, currentQuery, page));
}

/** Handler of the sort control: orderby and order. */
export type SortChangeHandler = (key: string, direction: string) => void;
/** Handler of the compare control: sets `[queryParam]: 'compare-' + key`, `[key]: ids`, clears search. */
export type CompareChangeHandler = (key: string, queryParam: string, ids: string) => void;
/** Handler of any other control: sets `[param]: value`. */
export type ValueChangeHandler = (value: unknown) => void;

/**
 * A handler that writes a control's change to the query string.
 *
 * @example onQueryChange('sort')('date', 'asc') // …&orderby=date&order=asc
 */
export function onQueryChange(param: 'sort', path?: string, query?: QueryArgs): SortChangeHandler;
export function onQueryChange(
	param: 'compare',
	path?: string,
	query?: QueryArgs,
): CompareChangeHandler;
export function onQueryChange(param: string, path?: string, query?: QueryArgs): ValueChangeHandler;
export function onQueryChange(
	param: string,
	path: string = getPath(),
	query: QueryArgs = getQuery(),
): (first?: unknown, second?: unknown, third?: unknown) => void {
	switch (param) {
		case 'sort':
			return (key, direction) =>
				updateQueryString({ orderby: key, order: direction }, path, query);
		case 'compare':
			return (key, queryParam, ids) =>
				updateQueryString(
					{
						[String(queryParam)]: `compare-${String(key)}`,
						[String(key)]: ids,
						search: undefined,
					},
					path,
					query,
				);
		default:
			return (value) => updateQueryString({ [param]: value }, path, query);
	}
}

/** The keys of the query that are kept across navigation. */
export function getPersistedQueryKeys(): string[] {
	const keys = applyFilters('abacus_admin_persisted_queries', [...defaultPersistedQueryKeys]);
	return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [];
}

/** The persisted part of a query: period, compare, before, after, interval and type by default. */
export function getPersistedQuery(query: Query = getQuery()): Query {
	const persisted: Query = {};
	for (const key of getPersistedQueryKeys()) {
		const value = query?.[key];
		if (value !== undefined) {
			persisted[key] = value;
		}
	}
	return persisted;
}

/** Screens that ignore the date range: stock, settings, customers and homescreen by default. */
export function getQueryExcludedScreens(): string[] {
	const screens = applyFilters('abacus_admin_time_excluded_screens', [
		...defaultTimeExcludedScreens,
	]);
	return Array.isArray(screens)
		? screens.filter((screen): screen is string => typeof screen === 'string')
		: [];
}

/** The screen of a route: '/' → 'homescreen', '/analytics/revenue' → 'revenue', '/customers' → 'customers'. */
export function getScreenFromPath(path: string = getPath()): string {
	if (path === '/' || path === '') {
		return 'homescreen';
	}
	return path.replace('/analytics', '').replace('/', '');
}

/** Whether the screen of a route ignores the date range. */
export function pathIsExcluded(path: string = getPath()): boolean {
	return getQueryExcludedScreens().includes(getScreenFromPath(path));
}

/**
 * The unique positive integers of a comma-separated id list, in first-seen order.
 *
 * @example getIdsFromQuery('77,0,12,77,abc') // [77, 12]
 */
export function getIdsFromQuery(queryString: unknown = ''): number[] {
	const text = Array.isArray(queryString)
		? queryString.join(',')
		: typeof queryString === 'string' || typeof queryString === 'number'
			? String(queryString)
			: '';
	const ids = text
		.split(',')
		.map((id) => parseInt(id, 10))
		.filter((id) => Number.isInteger(id) && id > 0);
	return [...new Set(ids)];
}

/**
 * The words of the `search` parameter (comma-separated; '%2C' inside a word stands for a comma).
 * [] when there is no search or it is malformed (not a string). Throws when `query` is not an object.
 */
export function getSearchWords(query: Query = getQuery()): string[] {
	if (typeof query !== 'object' || query === null) {
		throw new Error('getSearchWords: the query must be an object (a parsed query string).');
	}
	const { search } = query;
	if (typeof search !== 'string' || search === '') {
		return [];
	}
	return search.split(',').map((word) => word.replace('%2C', ','));
}

const patchedMarker = '__abacusHistoryPatched';

type PatchedHistory = History & { [patchedMarker]?: boolean };

/** Makes pushState/replaceState dispatch 'pushstate'/'replacestate' events (once per page). */
function patchHistoryEvents(): void {
	const history = window.history as PatchedHistory;
	if (history[patchedMarker]) {
		return;
	}
	for (const method of ['pushState', 'replaceState'] as const) {
		const original = history[method];
		const eventName = method.toLowerCase();
		history[method] = function patched(
			this: History,
			...args: Parameters<History['pushState']>
		) {
			const result = original.apply(this, args);
			window.dispatchEvent(new CustomEvent(eventName, { detail: { state: args[0] } }));
			return result;
		};
	}
	history[patchedMarker] = true;
}

const historyEvents = ['popstate', 'pushstate', 'replacestate'] as const;

/**
 * Calls `listener` on every address change (back/forward, pushState and replaceState, from any
 * script). Returns the unsubscribe function. Without a window, nothing is listened to.
 */
export function addHistoryListener(listener: (event: Event) => void): () => void {
	if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') {
		return () => undefined;
	}
	patchHistoryEvents();
	for (const name of historyEvents) {
		window.addEventListener(name, listener);
	}
	return () => {
		for (const name of historyEvents) {
			window.removeEventListener(name, listener);
		}
	};
}
