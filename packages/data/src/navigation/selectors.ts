import { createSelector } from '@wordpress/data';
import { applyFilters } from '@wordpress/hooks';

import type { WPError } from '../types.js';
import { MENU_ITEMS_FILTER } from './constants.js';
import type { MenuItem, NavigationState } from './types.js';

/** Menu items, passed through the `abacus_navigation_menu_items` filter. */
export const getMenuItems = createSelector(
	(state: NavigationState): MenuItem[] =>
		applyFilters(MENU_ITEMS_FILTER, state.menuItems) as MenuItem[],
	(state: NavigationState) => [state.menuItems],
);

/** Ids of the favourite items (fetched on first use). */
export function getFavorites(state: NavigationState): string[] {
	return state.favorites;
}

/** Whether 'getFavorites', 'addFavorite' or 'removeFavorite' is in progress. */
export function isNavigationRequesting(state: NavigationState, selector: string): boolean {
	return state.requesting[selector] ?? false;
}

/** The query kept across report pages. */
export function getPersistedQuery(state: NavigationState): Record<string, unknown> {
	return state.persistedQuery;
}

/** The last navigation error, or null. */
export function getNavigationError(state: NavigationState): WPError | null {
	return state.error;
}
