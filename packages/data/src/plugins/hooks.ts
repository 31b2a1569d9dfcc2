import { createElement, useMemo, type ComponentType } from 'react';

import { store } from './index.js';
import { asDataRegistry, useDataRegistry, type AnyRegistry } from '../store-registry.js';

export interface PluginsHydration {
	installedPlugins: string[];
	activePlugins: string[];
	jetpackStatus?: { isActive?: boolean };
}

/** Marks the plugin lists (and connection status when given) as known, once. */
export function hydratePlugins(anyRegistry: AnyRegistry, data: PluginsHydration): void {
	const registry = asDataRegistry(anyRegistry);
	const selectors = registry.select(store);
	const actions = registry.dispatch(store);
	const once = (
		name: 'getActivePlugins' | 'getInstalledPlugins' | 'isJetpackConnected',
		run: () => void,
	) => {
		if (selectors.hasStartedResolution(name, []) || selectors.hasFinishedResolution(name, [])) {
			return;
		}
		void actions.startResolution(name, []);
		run();
		void actions.finishResolution(name, []);
	};
	once('getActivePlugins', () => void actions.updateActivePlugins(data.activePlugins, true));
	once(
		'getInstalledPlugins',
		() => void actions.updateInstalledPlugins(data.installedPlugins, true),
	);
	if (data.jetpackStatus) {
		const connected = Boolean(data.jetpackStatus.isActive);
		once('isJetpackConnected', () => void actions.updateIsJetpackConnected(connected));
	}
}

/** HOC: hydrates the plugins store before rendering the wrapped component. */
export function withPluginsHydration(data: PluginsHydration) {
	return function <P extends object>(Component: ComponentType<P>): ComponentType<P> {
		function WithPluginsHydration(props: P) {
			const registry = useDataRegistry();
			useMemo(() => hydratePlugins(registry, data), [registry]);
			return createElement(Component, props);
		}
		WithPluginsHydration.displayName = `withPluginsHydration(${
			Component.displayName ?? Component.name ?? 'Component'
		})`;
		return WithPluginsHydration;
	};
}
