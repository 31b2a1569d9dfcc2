/**
 * Settings screens read their groups from the server before showing a field, and save only what
 * the person changed: a form never saves a field it did not load.
 */
import { useDispatch } from '@wordpress/data';
import { useCallback, useEffect, useRef, useState } from '@wordpress/element';

import { fetchWithHeaders, settingsStore, toWPError, useDataRegistry } from '@abacus/data';
import type { WPError } from '@abacus/data';

export type Values = Record<string, unknown>;

/** One setting as `GET wc-analytics/settings/{group}` describes it. */
export interface SettingDefinition {
	id: string;
	label?: string;
	type?: string;
	options?: Record<string, string>;
	value?: unknown;
}

export interface LoadedGroup {
	values: Values;
	definitions: Record<string, SettingDefinition>;
}

export type GroupsState<G extends string> =
	| { status: 'loading' }
	| { status: 'error'; error: WPError }
	| { status: 'ready'; groups: Record<G, LoadedGroup> };

function isDefinition(value: unknown): value is SettingDefinition {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as { id?: unknown }).id === 'string'
	);
}

function toGroup(list: unknown): LoadedGroup {
	const values: Values = Object.create(null) as Values;
	const definitions: Record<string, SettingDefinition> = Object.create(null) as Record<
		string,
		SettingDefinition
	>;
	for (const item of Array.isArray(list) ? list : []) {
		if (isDefinition(item)) {
			values[item.id] = item.value;
			definitions[item.id] = item;
		}
	}
	return { values, definitions };
}

function sameValue(a: unknown, b: unknown): boolean {
	return JSON.stringify(a) === JSON.stringify(b);
}

/** The values of `draft` that differ from `saved` (only keys that were loaded are compared). */
export function changedValues(saved: Values, draft: Values): Values {
	const changed: Values = {};
	for (const [id, value] of Object.entries(draft)) {
		if (Object.prototype.hasOwnProperty.call(saved, id) && !sameValue(saved[id], value)) {
			changed[id] = value;
		}
	}
	return changed;
}

/**
 * Reads the settings groups from the server every time the screen opens (whatever the page
 * preloaded), with a `reload` for Retry, and `save` that sends one batch per group holding only the
 * changed values (`POST wc-analytics/settings/{group}/batch`). The store gets the fresh values too.
 */
export function useSettingsGroups<G extends string>(groups: readonly G[]) {
	const [state, setState] = useState<GroupsState<G>>({ status: 'loading' });
	const { updateSettingsForGroup, persistSettingsForGroup, clearIsDirty } =
		useDispatch(settingsStore);
	const registry = useDataRegistry();
	const groupsKey = groups.join(',');
	const request = useRef(0);

	const reload = useCallback(async () => {
		const id = ++request.current;
		setState({ status: 'loading' });
		try {
			const answers = await Promise.all(
				groupsKey.split(',').map(async (group) => {
					const { data } = await fetchWithHeaders<unknown>({
						path: `wc-analytics/settings/${group}`,
					});
					return [group, toGroup(data)] as const;
				}),
			);
			if (id !== request.current) return;
			const loaded = Object.fromEntries(answers) as Record<G, LoadedGroup>;
			for (const [group, { values }] of answers) {
				updateSettingsForGroup(group, { [group]: { ...values } });
				clearIsDirty(group);
			}
			setState({ status: 'ready', groups: loaded });
		} catch (caught) {
			if (id !== request.current) return;
			setState({ status: 'error', error: toWPError(caught) });
		}
	}, [groupsKey, updateSettingsForGroup, clearIsDirty]);

	useEffect(() => {
		const requests = request;
		void reload();
		return () => {
			requests.current++;
		};
	}, [reload]);

	/** Records values the server accepted as the loaded ones (the store and the reports see them). */
	const markSaved = useCallback(
		(group: G, changed: Values) => {
			setState((previous) => {
				if (previous.status !== 'ready') return previous;
				const values = { ...previous.groups[group].values, ...changed };
				updateSettingsForGroup(group, { [group]: values });
				if (group === 'wc_admin') {
					// The reports read the analytics settings the page injected: keep them current.
					const injected = registry
						.select(settingsStore)
						.getSetting('wc_admin', 'wcAdminSettings');
					if (injected && typeof injected === 'object') {
						updateSettingsForGroup(group, {
							wcAdminSettings: { ...(injected as Values), ...changed },
						});
					}
				}
				clearIsDirty(group);
				return {
					status: 'ready',
					groups: { ...previous.groups, [group]: { ...previous.groups[group], values } },
				};
			});
		},
		[registry, updateSettingsForGroup, clearIsDirty],
	);

	/**
	 * Saves the changed values of each group as one settings batch (nothing for a group without
	 * changes); rejects with the server's error.
	 */
	const save = useCallback(
		async (changes: Partial<Record<G, Values>>) => {
			for (const group of groupsKey.split(',') as G[]) {
				const changed = changes[group] ?? {};
				if (!Object.keys(changed).length) continue;
				updateSettingsForGroup(group, changed);
				try {
					await persistSettingsForGroup(group);
				} finally {
					clearIsDirty(group);
				}
				markSaved(group, changed);
			}
		},
		[groupsKey, updateSettingsForGroup, persistSettingsForGroup, clearIsDirty, markSaved],
	);

	return { state, reload, save, markSaved };
}
