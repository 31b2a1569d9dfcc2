import { createElement, useCallback, useMemo, type ComponentType } from 'react';
import { useDispatch, useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';

import { toRequestState } from '../request-state.js';
import type { RequestState, WPError } from '../types.js';
import { store } from './index.js';
import type { User } from './types.js';
import { asDataRegistry, useDataRegistry, type AnyRegistry } from '../store-registry.js';

/** Marks the current user as known (no request) unless it was read already. */
export function hydrateCurrentUser(anyRegistry: AnyRegistry, user: User): void {
	const registry = asDataRegistry(anyRegistry);
	const selectors = registry.select(store);
	if (
		selectors.hasStartedResolution('getCurrentUser', []) ||
		selectors.hasFinishedResolution('getCurrentUser', [])
	) {
		return;
	}
	const actions = registry.dispatch(store);
	void actions.startResolution('getCurrentUser', []);
	void actions.receiveCurrentUser(user);
	void actions.finishResolution('getCurrentUser', []);
}

/** HOC: hydrates the user store with a preloaded user. */
export function withCurrentUserHydration(user: User | null | undefined) {
	return function <P extends object>(Component: ComponentType<P>): ComponentType<P> {
		function WithCurrentUserHydration(props: P) {
			const registry = useDataRegistry();
			useMemo(() => {
				if (user) {
					hydrateCurrentUser(registry, user);
				}
			}, [registry]);
			return createElement(Component, props);
		}
		WithCurrentUserHydration.displayName = `withCurrentUserHydration(${
			Component.displayName ?? Component.name ?? 'Component'
		})`;
		return WithCurrentUserHydration;
	};
}

function useUserState() {
	return useSelect((select) => {
		const users = select(store);
		return {
			user: users.getCurrentUser(),
			error: users.getCurrentUserError(),
			isResolving: users.isResolving('getCurrentUser', []),
			hasFinished: users.hasFinishedResolution('getCurrentUser', []),
		};
	}, []);
}

export type UseUserResult = RequestState<User | null> & {
	user: User | null;
	isRequesting: boolean;
	/** Whether the current user has a capability (false while unknown). */
	currentUserCan: (capability: string) => boolean;
};

/** The current user, request state and a capability check. */
export function useUser(): UseUserResult {
	const { user, error, isResolving, hasFinished } = useUserState();
	const currentUserCan = useCallback(
		(capability: string) => user?.capabilities?.[capability] === true,
		[user],
	);
	return useMemo(
		() => ({
			...toRequestState(user, error, isResolving, hasFinished),
			user,
			isRequesting: isResolving,
			currentUserCan,
		}),
		[user, error, isResolving, hasFinished, currentUserCan],
	);
}

/** Decodes the JSON-encoded preference values ('' for unset or invalid JSON). */
export function decodeUserPreferences(meta: Record<string, string> | undefined) {
	const preferences: Record<string, unknown> = {};
	for (const [key, raw] of Object.entries(meta ?? {})) {
		if (raw === '' || raw === null || raw === undefined) {
			preferences[key] = '';
			continue;
		}
		try {
			preferences[key] = JSON.parse(raw);
		} catch {
			console.error(`Error parsing value '${raw}' for ${key}`);
			preferences[key] = '';
		}
	}
	return preferences;
}

export type UpdateUserPreferencesResult =
	| {
			updatedUser: Omit<User, 'woocommerce_meta'> & {
				woocommerce_meta: Record<string, unknown>;
			};
			error?: undefined;
	  }
	| { error: WPError; updatedUser: undefined };

export type UseUserPreferencesResult = RequestState<Record<string, unknown>> & {
	isRequesting: boolean;
	updateUserPreferences: (
		preferences: Record<string, unknown>,
	) => Promise<UpdateUserPreferencesResult>;
	[preference: string]: unknown;
};

/** The current user's preferences (decoded) and a function that saves changed ones. */
export function useUserPreferences(): UseUserPreferencesResult {
	const registry = useDataRegistry();
	const { saveUser, receiveCurrentUser } = useDispatch(store);
	const { user, error, isResolving, hasFinished } = useUserState();
	const preferences = useMemo(() => decodeUserPreferences(user?.woocommerce_meta), [user]);

	const updateUserPreferences = useCallback(
		async (changes: Record<string, unknown>): Promise<UpdateUserPreferencesResult> => {
			const current = registry.select(store).getCurrentUser();
			if (!current || typeof changes !== 'object' || !Object.keys(changes).length) {
				return {
					error: {
						code: 'invalid_preferences',
						message: current
							? __('No preferences to update.', 'abacus')
							: __('The current user is not loaded yet.', 'abacus'),
					},
					updatedUser: undefined,
				};
			}
			const encoded: Record<string, string> = {};
			for (const [key, value] of Object.entries(changes)) {
				encoded[key] = JSON.stringify(value);
			}
			await receiveCurrentUser({
				...current,
				woocommerce_meta: { ...(current.woocommerce_meta ?? {}), ...encoded },
			});
			const saved = await saveUser({ id: current.id, woocommerce_meta: encoded });
			if (!saved) {
				await receiveCurrentUser(current);
				const saveError = registry.select(store).getUserSaveError();
				return {
					error: saveError || {
						code: 'save_failed',
						message: __('Your preferences could not be saved.', 'abacus'),
					},
					updatedUser: undefined,
				};
			}
			return {
				updatedUser: {
					...saved,
					woocommerce_meta: decodeUserPreferences(saved.woocommerce_meta),
				},
			};
		},
		[registry, saveUser, receiveCurrentUser],
	);

	return useMemo(
		() => ({
			...preferences,
			...toRequestState(preferences, error, isResolving, hasFinished),
			isRequesting: isResolving,
			updateUserPreferences,
		}),
		[preferences, error, isResolving, hasFinished, updateUserPreferences],
	);
}
