/**
 * Builds the request-state union the hooks return.
 */
import type { RequestState, WPError } from './types.js';

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
