/**
 * The typed store registry: every store name with the types of its selectors and actions, so that
 * `select( store )`, `select( 'abacus/reports' )`, `dispatch( store )` and a registry's `select` are
 * typed without casts at the call site. The casts from the untyped `@wordpress/data` functions
 * live here, once.
 */
import { createReduxStore, register, useRegistry } from '@wordpress/data';

import type {
	CurriedSelectors,
	ResolveSelectors,
	WPDataActions,
	WPDataSelectors,
} from './types.js';

/**
 * Store name → the modules of its selectors and actions. Each store adds its own entry where it
 * is created (`declare module '../store-registry.js'` in `<store>/index.ts`), so this module
 * imports no store and no store's types.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WCDataStores {}

/** Name of one of the stores (the keys of the typed store registry). */
export type WCDataStoreName = keyof WCDataStores;

/**
 * The resolution metadata selectors every store has, written as store selectors (state first) so
 * that they are curried like the others.
 */
export interface ResolutionSelectors {
	hasStartedResolution: (state: unknown, selector: string, args?: unknown[] | null) => boolean;
	hasFinishedResolution: (state: unknown, selector: string, args?: unknown[] | null) => boolean;
	isResolving: (state: unknown, selector: string, args?: unknown[] | null) => boolean;
}

/**
 * The resolution metadata actions every store has (as action creators), so that `dispatch( store )`
 * and `useDispatch( store )` type them under every supported `@wordpress/data` release.
 */
export type ResolutionActions = {
	invalidateResolution: (selector: string, args?: unknown[]) => { type: string };
	invalidateResolutionForStore: () => { type: string };
	invalidateResolutionForStoreSelector: (selector: string) => { type: string };
};

/** What `select( store )` returns: the store's selectors without state, plus resolution metadata. */
export type WCSelectorType<N extends WCDataStoreName> = CurriedSelectors<
	WCDataStores[N]['selectors']
> &
	WPDataSelectors;

/** What `resolveSelect( store )` returns: each selector as a promise of its resolved value. */
export type WCResolveSelectorType<N extends WCDataStoreName> = ResolveSelectors<
	WCDataStores[N]['selectors']
>;

/** An action creator as `dispatch( store )` exposes it: the result is always a promise. */
type Promisified<F> = F extends (...args: infer P) => infer R
	? (...args: P) => Promise<R extends (args: never) => infer T ? Awaited<T> : R>
	: never;

/** What `dispatch( store )` returns: the store's actions (thunks resolve to their result). */
export type WCDispatchType<N extends WCDataStoreName> = {
	[K in keyof (WCDataStores[N]['actions'] & ResolutionActions)]: Promisified<
		(WCDataStores[N]['actions'] & ResolutionActions)[K]
	>;
} & { [K in keyof WPDataActions]: (...args: Parameters<WPDataActions[K]>) => Promise<void> };

/** Which store a name or descriptor means. */
type StoreKeyOf<S> = S extends WCDataStoreName
	? S
	: S extends { name: infer N }
		? N extends WCDataStoreName
			? N
			: never
		: never;

/** A typed `select`: by store name or descriptor. */
export type WCDataSelector = <S extends WCDataStoreName | { name: WCDataStoreName }>(
	store: S,
) => WCSelectorType<StoreKeyOf<S>>;

/** A typed `resolveSelect`. */
export type WCDataResolveSelector = <S extends WCDataStoreName | { name: WCDataStoreName }>(
	store: S,
) => WCResolveSelectorType<StoreKeyOf<S>>;

/** A typed `dispatch`. */
export type WCDataDispatch = <S extends WCDataStoreName | { name: WCDataStoreName }>(
	store: S,
) => WCDispatchType<StoreKeyOf<S>>;

/** A data registry with typed access to the Abacus stores (and untyped access to any other). */
export interface WCDataRegistry {
	select: WCDataSelector & ((store: string) => unknown);
	resolveSelect: WCDataResolveSelector & ((store: string) => unknown);
	dispatch: WCDataDispatch & ((store: string) => unknown);
	stores: Record<string, unknown>;
}

/**
 * Any `select` function: the argument of `useSelect` and `withSelect` callbacks, a registry's
 * `select`, or the default registry's.
 */
export type AnySelect = (store: never) => unknown;

/** Any data registry (`createRegistry()`, `useRegistry()`, the default one). */
export type AnyRegistry = { select: AnySelect };

/** `select` typed over the Abacus stores. */
export function asDataSelector(select: AnySelect): WCDataSelector {
	return select as unknown as WCDataSelector;
}

/** A registry typed over the Abacus stores. */
export function asDataRegistry(registry: unknown): WCDataRegistry {
	return registry as WCDataRegistry;
}

/** The registry of the nearest `RegistryProvider`, typed over the Abacus stores. */
export function useDataRegistry(): WCDataRegistry {
	return asDataRegistry(useRegistry());
}

type ReduxStoreOptions = Parameters<typeof createReduxStore>[1];

/** A store's actions with the resolution metadata actions, as @wordpress/data types action creators. */
type StoreActions<N extends WCDataStoreName> = {
	[K in keyof (WCDataStores[N]['actions'] & ResolutionActions)]: (WCDataStores[N]['actions'] &
		ResolutionActions)[K] extends (...args: never[]) => unknown
		? (WCDataStores[N]['actions'] & ResolutionActions)[K]
		: never;
};

/**
 * The descriptor of a store (what `reportsStore`, `optionsStore`, ... are): its name, and in its
 * type the store's selectors (with the resolution metadata selectors) and actions, so that
 * `@wordpress/data`'s own `select`, `useSelect`, `dispatch` and `useDispatch` type them too.
 */
export type WCDataStore<N extends WCDataStoreName> = ReturnType<
	typeof createReduxStore<
		unknown,
		StoreActions<N>,
		WCDataStores[N]['selectors'] & ResolutionSelectors
	>
> & { name: N };

/** What a store is made of. */
export interface WCDataStoreConfig<N extends WCDataStoreName> {
	reducer: ReduxStoreOptions['reducer'];
	actions: WCDataStores[N]['actions'];
	selectors: WCDataStores[N]['selectors'];
	resolvers?: ReduxStoreOptions['resolvers'];
	controls?: ReduxStoreOptions['controls'];
}

/** Creates a store and registers it on the default registry. */
export function createDataStore<N extends WCDataStoreName>(
	name: N,
	config: WCDataStoreConfig<N>,
): WCDataStore<N> {
	const store = createReduxStore(name, config as ReduxStoreOptions);
	register(store);
	// The metadata selectors are added by @wordpress/data to every store: the type only names them
	// (older releases of its types leave them out) and keeps the literal store name.
	return store as unknown as WCDataStore<N>;
}
