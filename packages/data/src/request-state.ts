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
 * Request state of one remote selector call: `data` is what the selector answered (calling it
 * starts its resolver), `error` what the store's error selector says for the same arguments.
 */
export function selectRequestState<T>(
	selectors: WPDataSelectors,
	selectorName: string,
	args: unknown[],
	data: T,
	error: WPError | false | null | undefined,
): RequestState<T> {
	return toRequestState(
		data,
		error,
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
