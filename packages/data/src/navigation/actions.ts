import { getPersistedQuery } from '@abacus/navigation';
import { __ } from '@wordpress/i18n';

import { fetchJson, toWPError } from '../fetch.js';
import { getRestRoute } from '../rest-routes.js';
import type { Thunk, WPError } from '../types.js';
import type * as selectors from './selectors.js';
import type { MenuItem } from './types.js';

export function setMenuItems(menuItems: MenuItem[]) {
	return { type: 'SET_MENU_ITEMS' as const, menuItems };
}

/** Appends menu items. */
export function addMenuItems(menuItems: MenuItem[]) {
	return { type: 'ADD_MENU_ITEMS' as const, menuItems };
}

export function getFavoritesRequest() {
	return { type: 'GET_FAVORITES_REQUEST' as const };
}
export function getFavoritesSuccess(favorites: string[]) {
	return { type: 'GET_FAVORITES_SUCCESS' as const, favorites };
}
export function getFavoritesFailure(error: WPError) {
	return { type: 'GET_FAVORITES_FAILURE' as const, error };
}
export function addFavoriteRequest(favorite: string) {
	return { type: 'ADD_FAVORITE_REQUEST' as const, favorite };
}
/** Adds a favourite and moves its menu item into the favourites menu. */
export function addFavoriteSuccess(favorite: string) {
	return { type: 'ADD_FAVORITE_SUCCESS' as const, favorite };
}
export function addFavoriteFailure(favorite: string, error: WPError) {
	return { type: 'ADD_FAVORITE_FAILURE' as const, favorite, error };
}
export function removeFavoriteRequest(favorite: string) {
	return { type: 'REMOVE_FAVORITE_REQUEST' as const, favorite };
}
/** Removes a favourite and moves its menu item back to the plugins menu. */
export function removeFavoriteSuccess(favorite: string) {
	return { type: 'REMOVE_FAVORITE_SUCCESS' as const, favorite };
}
export function removeFavoriteFailure(favorite: string, error: WPError) {
	return { type: 'REMOVE_FAVORITE_FAILURE' as const, favorite, error };
}

/** Stores the query kept across report pages (period, compare, dates, interval, ...). */
export function setPersistedQuery(persistedQuery: Record<string, unknown>) {
	return { type: 'ON_HISTORY_CHANGE' as const, persistedQuery };
}

/** Reads the persisted query from the current address and keeps it when not empty. */
export function onHistoryChange(): Thunk<typeof selectors> {
	return async ({ dispatch }) => {
		const persistedQuery = getPersistedQuery();
		if (!Object.keys(persistedQuery).length) {
			return;
		}
		dispatch(setPersistedQuery(persistedQuery));
	};
}

/** Runs once the store is registered: reads the persisted query of the first address. */
export function onLoad(): Thunk<typeof selectors> {
	return async ({ dispatch }) => {
		await dispatch(onHistoryChange());
	};
}

function emptyAnswer(): WPError {
	return {
		code: 'empty_response',
		message: __('The server did not confirm the change to your favorites.', 'abacus'),
	};
}

/** Adds a favourite (`POST .../navigation/favorites/me`); an empty answer counts as failure. */
export function addFavorite(favorite: string): Thunk<typeof selectors, string[]> {
	return async ({ dispatch }) => {
		dispatch(addFavoriteRequest(favorite));
		try {
			const favorites = await fetchJson<string[]>({
				path: getRestRoute('favorites'),
				method: 'POST',
				data: { item_id: favorite },
			});
			if (!favorites) {
				throw emptyAnswer();
			}
			dispatch(addFavoriteSuccess(favorite));
			return favorites;
		} catch (error) {
			const wpError = toWPError(error);
			dispatch(addFavoriteFailure(favorite, wpError));
			throw wpError;
		}
	};
}

/** Removes a favourite (`DELETE .../navigation/favorites/me`); an empty answer counts as failure. */
export function removeFavorite(favorite: string): Thunk<typeof selectors, string[]> {
	return async ({ dispatch }) => {
		dispatch(removeFavoriteRequest(favorite));
		try {
			const favorites = await fetchJson<string[]>({
				path: getRestRoute('favorites'),
				method: 'DELETE',
				data: { item_id: favorite },
			});
			if (!favorites) {
				throw emptyAnswer();
			}
			dispatch(removeFavoriteSuccess(favorite));
			return favorites;
		} catch (error) {
			const wpError = toWPError(error);
			dispatch(removeFavoriteFailure(favorite, wpError));
			throw wpError;
		}
	};
}

export type Action = ReturnType<
	| typeof setMenuItems
	| typeof addMenuItems
	| typeof getFavoritesRequest
	| typeof getFavoritesSuccess
	| typeof getFavoritesFailure
	| typeof addFavoriteRequest
	| typeof addFavoriteSuccess
	| typeof addFavoriteFailure
	| typeof removeFavoriteRequest
	| typeof removeFavoriteSuccess
	| typeof removeFavoriteFailure
	| typeof setPersistedQuery
>;
