/**
 * Request state: the one shape of "where is this remote value" in the package. Hooks return it;
 * the report helpers documented with `{isRequesting, isError}` flags derive those from it with
 * `toRequestFlags`.
 */
import type { RequestState, WPDataSelectors, WPError } from './types.js';

/** Status of a remote value from what the store knows about it. */
export function toRequestState<T>(
	data: T,
	error: WPError | false | null | undefined,
	isResolving: boolean,
	hasFinished: boolean,
): RequestState<T> {
	if (error) {
		return { status: 'error', error };
	}
	if (isResolving) {
		return { status: 'resolving' };
	}
	if (hasFinished) {
		return { status: 'success', data };
	}
	return { status: 'idle' };
}

/**
 * Request state of one remote selector call: `read` is the selector (calling it starts its
 * resolver), `readError` the store's error selector for the same arguments.
 */
export function selectRequestState<A extends unknown[], T>(
	selectors: WPDataSelectors,
	selectorName: string,
	args: A,
	read: (...args: A) => T,
	readError: (...args: A) => WPError | false | null | undefined,
): RequestState<T> {
	return toRequestState(
		read(...args),
		readError(...args),
		selectors.isResolving(selectorName, args),
		selectors.hasFinishedResolution(selectorName, args),
	);
}

/** The flags the report helpers are documented with. */
export interface RequestFlags {
	/** The answer has not arrived yet (not asked for, or on its way). */
	isRequesting: boolean;
	isError: boolean;
}

/** `{isRequesting, isError}` of a request state: anything but an answer or an error is requesting. */
export function toRequestFlags(state: RequestState<unknown>): RequestFlags {
	return {
		isRequesting: state.status === 'idle' || state.status === 'resolving',
		isError: state.status === 'error',
	};
}
