/**
 * The current user's saved views, read from and written to their preferences.
 */
import { useCallback, useMemo } from 'react';
import { useDispatch } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { fetchWithHeaders, userStore, useUserPreferences, type User } from '@abacus/data';

import { parseSavedViews, SAVED_VIEWS_PREFERENCE, type SavedView } from './views.js';

/**
 * Builds the list to store from the list the server holds now; returns null to write nothing.
 */
export type SavedViewsUpdate = (current: SavedView[]) => SavedView[] | null;

export interface UseSavedViews {
	views: SavedView[];
	/** Whether the preferences are known (false while loading or when they failed). */
	isLoaded: boolean;
	/** The message of a failed load, if any. */
	loadError: string | null;
	/**
	 * Changes the list: reads the list the server holds now (so that views saved meanwhile in
	 * another tab or browser are kept), applies `update` to it and stores the result. Resolves to
	 * null on success (or when `update` wrote nothing) or to the error message; after an error
	 * the stored list and the list on screen stay as they were.
	 */
	saveViews: (update: SavedViewsUpdate) => Promise<string | null>;
	/** Asks the server for the preferences again (after a failed load). */
	retry: () => void;
}

/** The saved views of a `woocommerce_meta` object (values are JSON strings). */
function storedViews(meta: Record<string, string> | undefined): SavedView[] {
	const raw = meta?.[SAVED_VIEWS_PREFERENCE];
	if (!raw) {
		return [];
	}
	try {
		return parseSavedViews(JSON.parse(raw));
	} catch {
		return [];
	}
}

function messageOf(caught: unknown): string {
	const message =
		caught && typeof caught === 'object' && 'message' in caught
			? String((caught as { message: unknown }).message)
			: '';
	return message || __('The request failed.', 'abacus');
}

export function useSavedViews(): UseSavedViews {
	const preferences = useUserPreferences();
	const raw = preferences[SAVED_VIEWS_PREFERENCE];
	const views = useMemo(() => parseSavedViews(raw), [raw]);
	const { updateUserPreferences } = preferences;
	const { invalidateResolution, receiveCurrentUser } = useDispatch(userStore);
	const retry = useCallback(() => {
		void invalidateResolution('getCurrentUser', []);
	}, [invalidateResolution]);

	const saveViews = useCallback(
		async (update: SavedViewsUpdate): Promise<string | null> => {
			try {
				const { data: fresh } = await fetchWithHeaders<User>({
					path: '/wp/v2/users/me?context=edit',
				});
				if (!fresh || typeof fresh !== 'object' || typeof fresh.id !== 'number') {
					return __('The server did not answer with your preferences.', 'abacus');
				}
				// The page shows what the server holds from now on, whatever is written next.
				await receiveCurrentUser(fresh);
				const next = update(storedViews(fresh.woocommerce_meta));
				if (next === null) {
					return null;
				}
				const result = await updateUserPreferences({ [SAVED_VIEWS_PREFERENCE]: next });
				return result.error ? messageOf(result.error) : null;
			} catch (caught) {
				return messageOf(caught);
			}
		},
		[updateUserPreferences, receiveCurrentUser],
	);

	return {
		views,
		isLoaded: preferences.status === 'success',
		loadError:
			preferences.status === 'error'
				? preferences.error?.message || __('The request failed.', 'abacus')
				: null,
		saveViews,
		retry,
	};
}
