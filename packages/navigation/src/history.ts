/**
 * The admin app's history. The app is one admin page (`admin.php?page=abacus`); its route lives
 * in the `path` query parameter, so the wrapped location's `pathname` is that parameter.
 */
import {
	createBrowserHistory,
	createMemoryHistory,
	type Action,
	type Blocker,
	type History,
	type Location,
	type To,
} from 'history';
import { parse } from 'qs';

/** A location whose `pathname` is the app route (the `path` query parameter, '/' by default). */
export type AbacusLocation = Location;

/** Receives the wrapped location and the action (POP, PUSH or REPLACE) of each change. */
export type HistoryListener = (location: AbacusLocation, action: Action) => void;

export interface AbacusHistory {
	/** The current location, with `pathname` = the app route. */
	readonly location: AbacusLocation;
	/** The last action: POP, PUSH or REPLACE. */
	readonly action: Action;
	/** Entries in the session history (browser), or of the memory history. */
	readonly length: number;
	createHref(to: To): string;
	push(to: To, state?: unknown): void;
	replace(to: To, state?: unknown): void;
	go(delta: number): void;
	back(): void;
	forward(): void;
	/** Alias of back(), for callers of older history versions. */
	goBack(): void;
	/** Alias of forward(), for callers of older history versions. */
	goForward(): void;
	block(blocker: Blocker): () => void;
	/** Subscribes to changes; returns the unsubscribe function. */
	listen(listener: HistoryListener): () => void;
}

/** The app route held by a location's query string ('/' when absent or malformed). */
export function getRouteFromSearch(search: string): string {
	try {
		const { path } = parse(search.replace(/^\?/, ''));
		return typeof path === 'string' && path !== '' ? path : '/';
	} catch {
		return '/';
	}
}

function wrapLocation(location: Location): AbacusLocation {
	return { ...location, pathname: getRouteFromSearch(location.search) };
}

function hasBrowser(): boolean {
	return (
		typeof window !== 'undefined' &&
		typeof window.document !== 'undefined' &&
		typeof window.history !== 'undefined'
	);
}

/** Memory histories need absolute pathnames: 'admin.php?…' becomes '/admin.php?…'. */
function absolute(to: To): To {
	if (typeof to === 'string') {
		return to.startsWith('/') || to.startsWith('?') ? to : `/${to}`;
	}
	return to.pathname && !to.pathname.startsWith('/')
		? { ...to, pathname: `/${to.pathname}` }
		: to;
}

function wrapHistory(history: History, isMemory: boolean): AbacusHistory {
	const resolve = (to: To): To => (isMemory ? absolute(to) : to);
	// The wrapped location of the history's current one: history gives a new location object at
	// each change, and a page reads its location often (every link it builds), each reading parsing
	// the query string for the route.
	let current: { from: Location; wrapped: AbacusLocation } | null = null;
	return {
		get location() {
			if (current?.from !== history.location) {
				current = { from: history.location, wrapped: wrapLocation(history.location) };
			}
			return current.wrapped;
		},
		get action() {
			return history.action;
		},
		get length() {
			return hasBrowser() ? window.history.length : 1;
		},
		createHref: (to) => history.createHref(resolve(to)),
		push: (to, state) => history.push(resolve(to), state),
		replace: (to, state) => history.replace(resolve(to), state),
		go: (delta) => history.go(delta),
		back: () => history.back(),
		forward: () => history.forward(),
		goBack: () => history.back(),
		goForward: () => history.forward(),
		block: (blocker) => history.block(blocker),
		listen: (listener) =>
			history.listen(({ action, location }) => listener(wrapLocation(location), action)),
	};
}

let instance: AbacusHistory | undefined;

/**
 * The history singleton, created on first use: over the browser history when there is a
 * window, over a memory history otherwise (server rendering, node scripts).
 */
export function getHistory(): AbacusHistory {
	if (!instance) {
		const browser = hasBrowser();
		instance = wrapHistory(
			browser
				? createBrowserHistory({ window })
				: createMemoryHistory({ initialEntries: ['/'] }),
			!browser,
		);
	}
	return instance;
}

/** Drops the singleton so that the next getHistory() creates a fresh one (tests, page reloads). */
export function resetHistory(): void {
	instance = undefined;
}
