import { createElement, useMemo, type ComponentType } from 'react';

import { store } from './index.js';
import type { ProfileItems, TasksStatus } from './types.js';
import { asDataRegistry, useDataRegistry, type AnyRegistry } from '../store-registry.js';

export interface OnboardingHydration {
	profileItems?: Partial<ProfileItems>;
	tasksStatus?: TasksStatus;
}

/** Marks the profile and tasks status as known when given (each at most once). */
export function hydrateOnboarding(anyRegistry: AnyRegistry, data: OnboardingHydration): void {
	const registry = asDataRegistry(anyRegistry);
	const selectors = registry.select(store);
	const actions = registry.dispatch(store);
	const unresolved = (name: 'getProfileItems' | 'getTasksStatus') =>
		!selectors.hasStartedResolution(name, []) && !selectors.hasFinishedResolution(name, []);
	if (data.profileItems && unresolved('getProfileItems')) {
		void actions.startResolution('getProfileItems', []);
		void actions.setProfileItems(data.profileItems, true);
		void actions.finishResolution('getProfileItems', []);
	}
	if (data.tasksStatus && unresolved('getTasksStatus')) {
		void actions.startResolution('getTasksStatus', []);
		void actions.setTasksStatus(data.tasksStatus);
		void actions.finishResolution('getTasksStatus', []);
	}
}

/** HOC: hydrates the onboarding store before rendering the wrapped component. */
export function withOnboardingHydration(data: OnboardingHydration) {
	return function <P extends object>(Component: ComponentType<P>): ComponentType<P> {
		function WithOnboardingHydration(props: P) {
			const registry = useDataRegistry();
			useMemo(() => hydrateOnboarding(registry, data), [registry]);
			return createElement(Component, props);
		}
		WithOnboardingHydration.displayName = `withOnboardingHydration(${
			Component.displayName ?? Component.name ?? 'Component'
		})`;
		return WithOnboardingHydration;
	};
}
