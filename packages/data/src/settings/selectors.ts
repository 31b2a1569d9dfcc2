import { createSelector } from '@wordpress/data';

import { getResourceName } from '../utils.js';
import type { WPError } from '../types.js';
import type { SettingsState } from './types.js';

const EMPTY_IDS: readonly string[] = Object.freeze([]);

/** Names of the groups the store knows. */
export const getSettingsGroupNames = createSelector(
	(state: SettingsState): string[] => Object.keys(state.groups),
	(state: SettingsState) => [state.groups],
);

/** Settings of a group as a map id → value (fetched on first use). */
export const getSettings = createSelector(
	(state: SettingsState, group: string): Record<string, unknown> => {
		const map: Record<string, unknown> = {};
		for (const id of state.groups[group]?.data ?? EMPTY_IDS) {
			map[id] = state.settings[getResourceName(group, id)]?.data;
		}
		return map;
	},
	(state: SettingsState, group: string) => [state.groups[group], state.settings],
);

/** Ids changed and not saved yet. */
export function getDirtyKeys(state: SettingsState, group: string): readonly string[] {
	return state.groups[group]?.dirty ?? EMPTY_IDS;
}

/** Whether any of `keys` (any key at all when empty) is dirty. */
export function getIsDirty(
	state: SettingsState,
	group: string,
	keys: readonly string[] = [],
): boolean {
	const dirty = getDirtyKeys(state, group);
	return keys.length ? keys.some((key) => dirty.includes(key)) : dirty.length > 0;
}

/** The requested keys of a group, `{}` for an unknown key (fetched on first use). */
export const getSettingsForGroup = createSelector(
	(state: SettingsState, group: string, keys: readonly string[]): Record<string, unknown> => {
		const map: Record<string, unknown> = {};
		for (const key of keys) {
			map[key] = state.settings[getResourceName(group, key)]?.data ?? {};
		}
		return map;
	},
	(state: SettingsState, group: string) => [state.groups[group], state.settings],
);

/** Whether the group is being saved. */
export function isUpdateSettingsRequesting(state: SettingsState, group: string): boolean {
	return state.groups[group]?.isRequesting ?? false;
}

/** One setting's value, passed through `filter`; `fallback` when unknown. */
export function getSetting(
	state: SettingsState,
	group: string,
	name: string,
	fallback: unknown = false,
	filter: (value: unknown) => unknown = (value) => value,
): unknown {
	const resourceName = getResourceName(group, name);
	const value = resourceName in state.settings ? state.settings[resourceName].data : fallback;
	return filter(value);
}

/** The last error recorded on a group, or null. */
export function getLastSettingsErrorForGroup(state: SettingsState, group: string): WPError | null {
	return state.groups[group]?.error ?? null;
}

/** Error of a setting (with id) or of the group, or false. */
export function getSettingsError(
	state: SettingsState,
	group: string,
	id?: string,
): WPError | false {
	if (id !== undefined) {
		return state.settings[getResourceName(group, id)]?.error ?? false;
	}
	return state.groups[group]?.error ?? false;
}
