/**
 * The per-operation request state several stores keep (notes, onboarding, plugins, export): which
 * operations are in progress and the last error of each, keyed by operation name (and its
 * arguments where a store needs that); and the last read error per query of the stores that read
 * by query (items, reviews, import, options). One reducer factory each instead of a copy per store.
 */
import type { WPError } from './types.js';

/** In-progress flags and last errors by operation key. */
export interface KeyedRequestState {
	requesting: Record<string, boolean>;
	errors: Record<string, WPError>;
}

/** Marks an operation as started (clears its last error) or ended. */
export interface SetIsRequestingAction {
	type: 'SET_IS_REQUESTING';
	selector: string;
	isRequesting: boolean;
}

/** Records the error of an operation (it is no longer in progress). */
export interface SetErrorAction {
	type: 'SET_ERROR';
	selector: string;
	error: WPError;
}

type RequestAction = SetIsRequestingAction | SetErrorAction;

export interface KeyedRequestOptions<A extends { type: string }> {
	/** Key of the operation an action is about. Default: its `selector`. */
	keyOf?: (action: Extract<A, RequestAction>) => string;
	/**
	 * Other actions that end operations: for an action type, the keys that are then no longer in
	 * progress and have no error (e.g. a plugin list arriving ends its fetch).
	 */
	settles?: { readonly [T in A['type']]?: readonly string[] };
}

export const EMPTY_KEYED_REQUEST_STATE: KeyedRequestState = Object.freeze({
	requesting: Object.freeze({}) as Record<string, boolean>,
	errors: Object.freeze({}) as Record<string, WPError>,
});

function isRequestAction<A extends { type: string }>(
	action: A,
): action is Extract<A, RequestAction> {
	return action.type === 'SET_IS_REQUESTING' || action.type === 'SET_ERROR';
}

function withoutKeys(
	errors: Record<string, WPError>,
	keys: readonly string[],
): Record<string, WPError> {
	if (!keys.some((key) => Object.prototype.hasOwnProperty.call(errors, key))) {
		return errors;
	}
	const next = { ...errors };
	keys.forEach((key) => delete next[key]);
	return next;
}

/**
 * A reducer of `{requesting, errors}` for `SET_IS_REQUESTING` (`isRequesting: true` also clears
 * the operation's last error) and `SET_ERROR` (records the error, ends the operation), plus the
 * `settles` actions. Unrelated actions return the same state.
 */
export function createKeyedRequestReducer<A extends { type: string }>(
	options: KeyedRequestOptions<A> = {},
): (state: KeyedRequestState | undefined, action: A) => KeyedRequestState {
	const keyOf =
		options.keyOf ??
		((action: Extract<A, RequestAction>) => (action as RequestAction).selector);
	const settles = options.settles ?? {};
	return (state = EMPTY_KEYED_REQUEST_STATE, action) => {
		if (isRequestAction(action)) {
			const key = keyOf(action);
			const request = action as RequestAction;
			if (request.type === 'SET_ERROR') {
				return {
					requesting: { ...state.requesting, [key]: false },
					errors: { ...state.errors, [key]: request.error },
				};
			}
			return {
				requesting: { ...state.requesting, [key]: request.isRequesting },
				errors: request.isRequesting ? withoutKeys(state.errors, [key]) : state.errors,
			};
		}
		const settled: readonly string[] | undefined = (
			settles as Record<string, readonly string[] | undefined>
		)[action.type];
		if (!settled) {
			return state;
		}
		const requesting = { ...state.requesting };
		settled.forEach((key) => {
			requesting[key] = false;
		});
		return { requesting, errors: withoutKeys(state.errors, settled) };
	};
}

/** Whether the operation under `key` is in progress. */
export function isKeyRequesting(state: KeyedRequestState, key: string): boolean {
	return Object.prototype.hasOwnProperty.call(state.requesting, key)
		? state.requesting[key]
		: false;
}

/** The last error of the operation under `key`, or false. */
export function getKeyError(state: KeyedRequestState, key: string): WPError | false {
	return Object.prototype.hasOwnProperty.call(state.errors, key) ? state.errors[key] : false;
}

/** What an action says about the read errors by key: failed (`error`) or answered (none). */
export interface ErrorsByKeyChange {
	keys: readonly string[];
	/** The failure of those keys' read; without it, their answer arrived (their errors go). */
	error?: WPError;
}

/**
 * A reducer of the last read error by key (a query's resource name, an option's name) for the
 * stores that keep one per query (items, reviews, import, options): `change` says which keys an
 * action fails or answers, or null for an action that is neither. Unchanged state comes back as
 * the same object.
 */
export function createErrorsByKeyReducer<A extends { type: string }>(
	change: (action: A) => ErrorsByKeyChange | null,
): (state: Record<string, WPError> | undefined, action: A) => Record<string, WPError> {
	return (state = {}, action) => {
		const changed = change(action);
		if (!changed) {
			return state;
		}
		const { keys, error } = changed;
		if (error) {
			return { ...state, ...Object.fromEntries(keys.map((key) => [key, error])) };
		}
		return withoutKeys(state, keys);
	};
}
