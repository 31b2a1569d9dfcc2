/**
 * Request state: the one shape of "where is this remote value" in the package. Hooks return it;
 * the report helpers documented with `{isRequesting, isError}` flags derive those from it with
 * `toRequestFlags`.
 */
import type { RequestState, WPDataSelectors, WPError } from './types.js';

/** How `toRequestState` reads what a store knows; by default neither option applies. */
export interface RequestStateOptions<T> {
	/**
	 * Whether the value holds an answer worth showing before its read has finished (e.g. a
	 * non-empty list). When it does, a value being read again, or not yet read, is
	 * `{status: 'success', data, isStale: true}`, and a failed read keeps it: `{status: 'error',
	 * error, data}`.
	 */
	hasData?: (data: T) => boolean;
	/**
	 * For a store that keeps a read's error until the next answer arrives: an error counts only
	 * while no new read of the value is under way, so a read started again (Retry) is `resolving`
	 * (or `idle` until it starts) rather than still `error`.
	 */
	retryHidesError?: boolean;
}

/** Status of a remote value from what the store knows about it. */
export function toRequestState<T>(
	data: T,
	error: WPError | false | null | undefined,
	isResolving: boolean,
	hasFinished: boolean,
	options: RequestStateOptions<T> = {},
): RequestState<T> {
	const hasData = options.hasData ? options.hasData(data) : false;
	if (error && (hasFinished || !options.retryHidesError)) {
		return hasData ? { status: 'error', error, data } : { status: 'error', error };
	}
	if (hasFinished && !isResolving) {
		return { status: 'success', data };
	}
	if (hasData) {
		return { status: 'success', data, isStale: true };
	}
	return isResolving ? { status: 'resolving' } : { status: 'idle' };
}

/**
 * Request state of one remote selector call: `read` is the selector (calling it starts its
 * resolver), `readError` the store's error selector for the same arguments (it may ignore them:
 * a store that keeps one error per operation).
 */
export function selectRequestState<A extends unknown[], T>(
	selectors: WPDataSelectors,
	selectorName: string,
	args: A,
	read: (...args: A) => T,
	readError: (...args: NoInfer<A>) => WPError | false | null | undefined,
	options?: RequestStateOptions<NoInfer<T>>,
): RequestState<T> {
	return toRequestState(
		read(...args),
		readError(...args),
		selectors.isResolving(selectorName, args),
		selectors.hasFinishedResolution(selectorName, args),
		options,
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
