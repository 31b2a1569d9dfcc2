import { createElement, useMemo, type ComponentType } from 'react';

import { store } from './index.js';
import type { MenuItem } from './types.js';
import { useDataRegistry } from '../store-registry.js';

/** HOC: sets the menu items once before rendering the wrapped component. */
export function withNavigationHydration(data: { menuItems: MenuItem[] }) {
	return function <P extends object>(Component: ComponentType<P>): ComponentType<P> {
		function WithNavigationHydration(props: P) {
			const registry = useDataRegistry();
			useMemo(() => {
				if (!registry.select(store).getMenuItems().length) {
					void registry.dispatch(store).setMenuItems(data.menuItems);
				}
			}, [registry]);
			return createElement(Component, props);
		}
		WithNavigationHydration.displayName = `withNavigationHydration(${
			Component.displayName ?? Component.name ?? 'Component'
		})`;
		return WithNavigationHydration;
	};
}
