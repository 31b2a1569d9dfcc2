/**
 * The typed store registry: every store name with the types of its selectors and actions, so that
 * `select( store )`, `select( 'abacus/reports' )`, `dispatch( store )` and a registry's `select` are
 * typed without casts at the call site. The casts from the untyped `@wordpress/data` functions
 * live here, once.
 */
import { createReduxStore, register, useRegistry } from '@wordpress/data';

import type * as exportActions from './export/actions.js';
import type * as exportSelectors from './export/selectors.js';
import type * as importActions from './import/actions.js';
import type * as importSelectors from './import/selectors.js';
import type * as itemsActions from './items/actions.js';
import type * as itemsSelectors from './items/selectors.js';
import type * as navigationActions from './navigation/actions.js';
import type * as navigationSelectors from './navigation/selectors.js';
import type * as notesActions from './notes/actions.js';
import type * as notesSelectors from './notes/selectors.js';
import type * as onboardingActions from './onboarding/actions.js';
import type * as onboardingSelectors from './onboarding/selectors.js';
import type * as optionsActions from './options/actions.js';
import type * as optionsSelectors from './options/selectors.js';
import type * as paymentGatewaysActions from './payment-gateways/actions.js';
import type * as paymentGatewaysSelectors from './payment-gateways/selectors.js';
import type * as pluginsActions from './plugins/actions.js';
import type * as pluginsSelectors from './plugins/selectors.js';
import type * as reportsActions from './reports/actions.js';
import type * as reportsSelectors from './reports/selectors.js';
import type * as reviewsActions from './reviews/actions.js';
import type * as reviewsSelectors from './reviews/selectors.js';
import type * as settingsActions from './settings/actions.js';
import type * as settingsSelectors from './settings/selectors.js';
import type * as userActions from './user/actions.js';
import type * as userSelectors from './user/selectors.js';
import type { WCDataStoreName } from './store-names.js';
import type {
	CurriedSelectors,
	ResolveSelectors,
	WPDataActions,
	WPDataSelectors,
} from './types.js';

/** Store name → the modules of its selectors and actions. */
export interface WCDataStores {
	'abacus/options': { selectors: typeof optionsSelectors; actions: typeof optionsActions };
	'abacus/settings': { selectors: typeof settingsSelectors; actions: typeof settingsActions };
	'abacus/plugins': { selectors: typeof pluginsSelectors; actions: typeof pluginsActions };
	'abacus/onboarding': {
		selectors: typeof onboardingSelectors;
		actions: typeof onboardingActions;
	};
	'abacus/notes': { selectors: typeof notesSelectors; actions: typeof notesActions };
	'abacus/reviews': { selectors: typeof reviewsSelectors; actions: typeof reviewsActions };
	'abacus/navigation': {
		selectors: typeof navigationSelectors;
		actions: typeof navigationActions;
	};
	'abacus/payment-gateways': {
		selectors: typeof paymentGatewaysSelectors;
		actions: typeof paymentGatewaysActions;
	};
	'abacus/export': { selectors: typeof exportSelectors; actions: typeof exportActions };
	'abacus/import': { selectors: typeof importSelectors; actions: typeof importActions };
	'abacus/items': { selectors: typeof itemsSelectors; actions: typeof itemsActions };
	'abacus/reports': { selectors: typeof reportsSelectors; actions: typeof reportsActions };
	'abacus/user': { selectors: typeof userSelectors; actions: typeof userActions };
}

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
