import { __ } from '@wordpress/i18n';

import { WC_ADMIN_NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import { ANALYTICS_SETTINGS_OPTIONS, getRestRoute, optionsRouteFor } from '../rest-routes.js';
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

interface BatchAnswer {
	update?: Array<{ id?: string; error?: { code?: string; message?: string } }>;
}

/**
 * Saves settings of a settings group in one request (`POST <route>/batch`); throws the first
 * setting's error, as the batch answers 200 even when a setting was refused.
 */
async function saveSettingsGroup(route: string, values: OptionsMap): Promise<void> {
	const answer = await fetchJson<BatchAnswer>({
		path: `${route}/batch`,
		method: 'POST',
		data: { update: Object.entries(values).map(([id, value]) => ({ id, value })) },
	});
	const failed = (answer?.update ?? []).find((item) => item.error);
	if (failed?.error) {
		throw {
			code: failed.error.code ?? 'rest_setting_not_saved',
			message: failed.error.message ?? '',
			data: { status: 400 },
		};
	}
	if (!answer?.update) {
		throw {
			code: 'empty_response',
			message: __('The server did not confirm that the settings were saved.', 'abacus'),
			data: { status: 0 },
		};
	}
}

/**
 * Saves options: applies them at once (optimistic), posts them to `/wc-admin/options` (the
 * analytics settings to their settings group's batch route when the host gives one), and
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
			const groupRoute = getRestRoute('analyticsSettings');
			const inGroup: OptionsMap = {};
			// Route → the options saved there.
			const byRoute = new Map<string, OptionsMap>();
			for (const [name, value] of Object.entries(data)) {
				if (groupRoute !== null && ANALYTICS_SETTINGS_OPTIONS.includes(name)) {
					inGroup[name] = value;
				} else {
					const route = optionsRouteFor(name);
					byRoute.set(route, { ...(byRoute.get(route) ?? {}), [name]: value });
				}
			}
			let response: Record<string, unknown> | null = null;
			if (groupRoute !== null && Object.keys(inGroup).length) {
				await saveSettingsGroup(groupRoute, inGroup);
			}
			if (!byRoute.size && !Object.keys(inGroup).length) {
				byRoute.set(`${WC_ADMIN_NAMESPACE}/options`, {});
			}
			for (const [route, values] of byRoute) {
				response = {
					...(response ?? {}),
					...((await fetchJson<Record<string, unknown>>({
						path: route,
						method: 'POST',
						data: values,
					})) ?? {}),
				};
			}
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
