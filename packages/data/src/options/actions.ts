import { WC_ADMIN_NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import type { Thunk, WPError } from '../types.js';
import type * as selectors from './selectors.js';
import type { OptionsMap, UpdateOptionsResult } from './types.js';

/** Merges option values into the store. */
export function receiveOptions(options: OptionsMap) {
	return { type: 'RECEIVE_OPTIONS' as const, options };
}

/** Puts options back to earlier values (undefined = forget the option). */
export function restoreOptions(options: OptionsMap) {
	return { type: 'RESTORE_OPTIONS' as const, options };
}

/** Records a read error for one option. */
export function setRequestingError(error: WPError, name: string) {
	return { type: 'SET_REQUESTING_ERROR' as const, error, name };
}

/** Records the error of a failed update (and ends the update). */
export function setUpdatingError(error: WPError) {
	return { type: 'SET_UPDATING_ERROR' as const, error };
}

export function setIsUpdating(isUpdating: boolean) {
	return { type: 'SET_IS_UPDATING' as const, isUpdating };
}

/**
 * Saves options: applies them at once (optimistic), posts them to `/wc-admin/options`, and
 * resolves `{success: true, ...response}`; on failure puts the earlier values back, records
 * the error and resolves `{success: false, ...error}` (never rejects).
 */
export function updateOptions(data: OptionsMap): Thunk<typeof selectors, UpdateOptionsResult> {
	return async ({ dispatch, select }) => {
		const previous: OptionsMap = {};
		for (const name of Object.keys(data)) {
			previous[name] = select.getOptionValue(name);
		}
		dispatch(setIsUpdating(true));
		dispatch(receiveOptions(data));
		try {
			const response = await fetchJson<Record<string, unknown>>({
				path: `${WC_ADMIN_NAMESPACE}/options`,
				method: 'POST',
				data,
			});
			dispatch(setIsUpdating(false));
			return { ...(response ?? {}), success: true };
		} catch (error) {
			const wpError = toWPError(error);
			dispatch(restoreOptions(previous));
			dispatch(setUpdatingError(wpError));
			return { ...wpError, success: false };
		}
	};
}

export type Action = ReturnType<
	| typeof receiveOptions
	| typeof restoreOptions
	| typeof setRequestingError
	| typeof setUpdatingError
	| typeof setIsUpdating
>;
