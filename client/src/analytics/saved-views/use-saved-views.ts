/**
 * The current user's saved views, read from and written to their preferences.
 */
import { useCallback, useMemo } from 'react';
import { useDispatch } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { userStore, useUserPreferences } from '@abacus/data';

import { parseSavedViews, SAVED_VIEWS_PREFERENCE, type SavedView } from './views.js';

export interface UseSavedViews {
	views: SavedView[];
	/** Whether the preferences are known (false while loading or when they failed). */
	isLoaded: boolean;
	/** The message of a failed load, if any. */
	loadError: string | null;
	/**
	 * Saves the whole list; resolves to null on success or to the error message (the list on
	 * screen then stays as it was before the call).
	 */
	saveViews: (next: SavedView[]) => Promise<string | null>;
	/** Asks the server for the preferences again (after a failed load). */
	retry: () => void;
}

export function useSavedViews(): UseSavedViews {
	const preferences = useUserPreferences();
	const raw = preferences[SAVED_VIEWS_PREFERENCE];
	const views = useMemo(() => parseSavedViews(raw), [raw]);
	const { updateUserPreferences } = preferences;
	const { invalidateResolution } = useDispatch(userStore);
	const retry = useCallback(() => {
		void invalidateResolution('getCurrentUser', []);
	}, [invalidateResolution]);

	const saveViews = useCallback(
		async (next: SavedView[]): Promise<string | null> => {
			try {
				const result = await updateUserPreferences({ [SAVED_VIEWS_PREFERENCE]: next });
				if (result.error) {
					return result.error.message || __('The request failed.', 'abacus');
				}
				return null;
			} catch (caught) {
				const message =
					caught && typeof caught === 'object' && 'message' in caught
						? String((caught as { message: unknown }).message)
						: '';
				return message || __('The request failed.', 'abacus');
			}
		},
		[updateUserPreferences],
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
