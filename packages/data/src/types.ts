/**
 * Types shared by every store.
 */
import type { WCDataRegistry } from './store-registry.js';

/** The WordPress REST error shape, or any error a request produced. */
export interface WPError {
	code?: string;
	message: string;
	data?: unknown;
}

/**
 * Request state of a remote value, as the hooks return it. Read with `toRequestState`'s
 * `hasData` option, `success` may be an earlier answer being read again (`isStale: true`) and
 * `error` may keep the earlier answer (`data`); without it, neither happens.
 */
export type RequestState<T> =
	| { status: 'idle'; data?: undefined; error?: undefined; isStale?: undefined }
	| { status: 'resolving'; data?: T; error?: undefined; isStale?: undefined }
	| { status: 'success'; data: T; error?: undefined; isStale?: boolean }
	| { status: 'error'; data?: T; error: WPError; isStale?: undefined };

/** A store's selectors with the state argument removed, as `select( store )` returns them. */
export type CurriedSelectors<S> = {
	[K in keyof S]: S[K] extends (state: never, ...args: infer P) => infer R
		? (...args: P) => R
		: never;
};

/** A store's selectors returning promises that settle once resolved. */
export type ResolveSelectors<S> = {
	[K in keyof S]: S[K] extends (state: never, ...args: infer P) => infer R
		? (...args: P) => Promise<R>
		: never;
};

/** Dispatch inside a thunk: plain actions or other thunks. */
export interface ThunkDispatch {
	<R>(thunk: (args: never) => R): R;
	(action: { type: string }): unknown;
}

/** The argument of every thunk of a store with selectors `S`. */
export interface StoreThunkArgs<S> {
	dispatch: ThunkDispatch;
	select: CurriedSelectors<S>;
	resolveSelect: ResolveSelectors<S>;
	registry: WCDataRegistry;
}

/** A thunk of a store with selectors `S`. */
export type Thunk<S, R = void> = (args: StoreThunkArgs<S>) => Promise<R>;

/** Generic query object. */
export type Query = Record<string, unknown>;

/** Resolution metadata selectors every store has. */
export interface WPDataSelectors {
	hasStartedResolution: (selector: string, args?: unknown[]) => boolean;
	hasFinishedResolution: (selector: string, args?: unknown[]) => boolean;
	isResolving: (selector: string, args?: unknown[]) => boolean;
}

/** Resolution metadata actions every store has. */
export interface WPDataActions {
	startResolution: (selector: string, args?: unknown[]) => void;
	finishResolution: (selector: string, args?: unknown[]) => void;
}

/** A selector as `select( store )` exposes it (state argument removed). */
export type WPDataSelector<T> = T extends (state: never, ...args: infer P) => infer R
	? (...args: P) => R
	: T;
