import { createElement, useCallback, useMemo, type ComponentType } from 'react';
import { useDispatch, useSelect } from '@wordpress/data';

import { toRequestState } from '../request-state.js';
import type { RequestState } from '../types.js';
import { store } from './index.js';
import { asDataRegistry, useDataRegistry, type AnyRegistry } from '../store-registry.js';

/** Puts preloaded settings of a group into the store unless the group was read already. */
export function hydrateSettings(
	anyRegistry: AnyRegistry,
	group: string,
	settings: Record<string, unknown>,
): void {
	const registry = asDataRegistry(anyRegistry);
	const selectors = registry.select(store);
	if (
		selectors.hasStartedResolution('getSettings', [group]) ||
		selectors.hasFinishedResolution('getSettings', [group])
	) {
		return;
	}
	const actions = registry.dispatch(store);
	void actions.startResolution('getSettings', [group]);
	void actions.updateSettingsForGroup(group, settings);
	void actions.clearIsDirty(group);
	void actions.finishResolution('getSettings', [group]);
}

/** Hydrates a settings group with preloaded values (once). */
export function useSettingsHydration(group: string, settings: Record<string, unknown>): void {
	const registry = useDataRegistry();
	useMemo(() => hydrateSettings(registry, group, settings), [registry, group, settings]);
}

/** HOC: hydrates a settings group before rendering the wrapped component. */
export function withSettingsHydration(group: string, settings: Record<string, unknown>) {
	return function <P extends object>(Component: ComponentType<P>): ComponentType<P> {
		function WithSettingsHydration(props: P) {
			useSettingsHydration(group, settings);
			return createElement(Component, props);
		}
		WithSettingsHydration.displayName = `withSettingsHydration(${
			Component.displayName ?? Component.name ?? 'Component'
		})`;
		return WithSettingsHydration;
	};
}

export type UseSettingsResult = RequestState<Record<string, unknown>> & {
	settingsError: boolean;
	isRequesting: boolean;
	isDirty: boolean;
	persistSettings: () => Promise<void>;
	updateSettings: (name: string, data: unknown) => void;
	updateAndPersistSettings: (name: string, data: unknown) => Promise<void>;
	[key: string]: unknown;
};

/**
 * Settings of a group: the requested keys' values, request state, dirty flag and functions to
 * change and save them. `persistSettings` and `updateAndPersistSettings` reject when the save
 * fails (the error is also in `error`/`settingsError`).
 */
export function useSettings(group: string, keys: readonly string[] = []): UseSettingsResult {
	const keyList = keys.join(',');
	const { values, error, isResolving, hasFinished, isRequesting, isDirty } = useSelect(
		(select) => {
			const settings = select(store);
			const list = keyList ? keyList.split(',') : [];
			return {
				values: settings.getSettingsForGroup(group, list),
				error: settings.getSettingsError(group),
				isResolving: settings.isResolving('getSettingsForGroup', [group, list]),
				hasFinished: settings.hasFinishedResolution('getSettingsForGroup', [group, list]),
				isRequesting: settings.isUpdateSettingsRequesting(group),
				isDirty: settings.getIsDirty(group, list),
			};
		},
		[group, keyList],
	);
	const actions = useDispatch(store);
	const persistSettings = useCallback(
		() => actions.persistSettingsForGroup(group),
		[actions, group],
	);
	const updateSettings = useCallback(
		(name: string, data: unknown) => {
			void actions.updateSettingsForGroup(group, { [name]: data });
		},
		[actions, group],
	);
	const updateAndPersistSettings = useCallback(
		(name: string, data: unknown) =>
			actions.updateAndPersistSettingsForGroup(group, { [name]: data }),
		[actions, group],
	);
	return useMemo(
		() => ({
			...values,
			...toRequestState(values, error, isResolving, hasFinished),
			settingsError: Boolean(error),
			isRequesting: isRequesting || isResolving,
			isDirty,
			persistSettings,
			updateSettings,
			updateAndPersistSettings,
		}),
		[
			values,
			error,
			isResolving,
			hasFinished,
			isRequesting,
			isDirty,
			persistSettings,
			updateSettings,
			updateAndPersistSettings,
		],
	);
}
