import { __ } from '@wordpress/i18n';

import { NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import type { Thunk, WPError } from '../types.js';
import type * as selectors from './selectors.js';

/** Stores setting values of a group and marks their ids dirty. */
export function updateSettingsForGroup(
	group: string,
	data: Record<string, unknown>,
	time: number = Date.now(),
) {
	return { type: 'UPDATE_SETTINGS_FOR_GROUP' as const, group, data, time };
}

/** Records an error for a group (data null keeps the stored values). */
export function updateErrorForGroup(
	group: string,
	data: Record<string, unknown> | null,
	error: WPError,
	time: number = Date.now(),
) {
	return { type: 'UPDATE_ERROR_FOR_GROUP' as const, group, data, error, time };
}

export function setIsRequesting(group: string, isRequesting: boolean) {
	return { type: 'SET_IS_REQUESTING' as const, group, isRequesting };
}

/** Forgets the dirty ids of a group. */
export function clearIsDirty(group: string) {
	return { type: 'CLEAR_IS_DIRTY' as const, group };
}

/** Forgets every group and setting. */
export function clearSettings() {
	return { type: 'CLEAR_SETTINGS' as const };
}

type SettingsThunk<R = void> = Thunk<typeof selectors, R>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The error a batch answer reports for one of its items, if any. */
function itemError(response: unknown): WPError | null {
	if (!isPlainObject(response) || !Array.isArray(response.update)) {
		return null;
	}
	for (const item of response.update) {
		if (isPlainObject(item) && isPlainObject(item.error)) {
			return toWPError(item.error);
		}
	}
	return null;
}

/**
 * Saves the dirty settings of a group as one `POST /wc-analytics/settings/{group}/batch`
 * (only dirty ids; an object value is sent as one item per property). Clears dirty on success;
 * an empty answer or an error is recorded on the group and thrown.
 */
export function persistSettingsForGroup(group: string): SettingsThunk {
	return async ({ dispatch, select }) => {
		const dirtyKeys = select.getDirtyKeys(group);
		if (!dirtyKeys.length) {
			return;
		}
		const update: Array<{ id: string; value: unknown }> = [];
		for (const key of dirtyKeys) {
			const value = select.getSetting(group, key);
			if (isPlainObject(value)) {
				for (const [id, propertyValue] of Object.entries(value)) {
					update.push({ id, value: propertyValue });
				}
			} else {
				update.push({ id: key, value });
			}
		}
		dispatch(setIsRequesting(group, true));
		try {
			const response = await fetchJson<unknown>({
				path: `${NAMESPACE}/settings/${group}/batch`,
				method: 'POST',
				data: { update },
			});
			if (!response) {
				throw new Error(__('There was a problem updating your settings.', 'abacus'));
			}
			const failed = itemError(response);
			if (failed) {
				throw failed;
			}
			dispatch(clearIsDirty(group));
			dispatch(setIsRequesting(group, false));
		} catch (error) {
			const wpError = toWPError(error);
			dispatch(updateErrorForGroup(group, null, wpError));
			throw wpError;
		}
	};
}

/** Changes settings of a group and saves them at once. */
export function updateAndPersistSettingsForGroup(
	group: string,
	data: Record<string, unknown>,
): SettingsThunk {
	return async ({ dispatch }) => {
		dispatch(updateSettingsForGroup(group, data));
		await dispatch(persistSettingsForGroup(group));
	};
}

export type Action = ReturnType<
	| typeof updateSettingsForGroup
	| typeof updateErrorForGroup
	| typeof setIsRequesting
	| typeof clearIsDirty
	| typeof clearSettings
>;
