import { combineReducers } from '@wordpress/data';

import type { WPError } from '../types.js';
import type { Action } from './actions.js';
import type { MenuItem } from './types.js';

function moveItem(items: MenuItem[], id: string, menuId: string): MenuItem[] {
	return items.map((item) => (item.id === id ? { ...item, menuId } : item));
}

export function menuItems(state: MenuItem[] = [], action: Action): MenuItem[] {
	switch (action.type) {
		case 'SET_MENU_ITEMS':
			return action.menuItems;
		case 'ADD_MENU_ITEMS':
			return [...state, ...action.menuItems];
		case 'ADD_FAVORITE_SUCCESS':
			return moveItem(state, action.favorite, 'favorites');
		case 'REMOVE_FAVORITE_SUCCESS':
			return moveItem(state, action.favorite, 'plugins');
		default:
			return state;
	}
}

export function favorites(state: string[] = [], action: Action): string[] {
	switch (action.type) {
		case 'GET_FAVORITES_SUCCESS':
			return action.favorites;
		case 'ADD_FAVORITE_SUCCESS':
			return state.includes(action.favorite) ? state : [...state, action.favorite];
		case 'REMOVE_FAVORITE_SUCCESS':
			return state.filter((favorite) => favorite !== action.favorite);
		default:
			return state;
	}
}

const OPERATION: Record<string, [string, boolean]> = {
	GET_FAVORITES_REQUEST: ['getFavorites', true],
	GET_FAVORITES_SUCCESS: ['getFavorites', false],
	GET_FAVORITES_FAILURE: ['getFavorites', false],
	ADD_FAVORITE_REQUEST: ['addFavorite', true],
	ADD_FAVORITE_SUCCESS: ['addFavorite', false],
	ADD_FAVORITE_FAILURE: ['addFavorite', false],
	REMOVE_FAVORITE_REQUEST: ['removeFavorite', true],
	REMOVE_FAVORITE_SUCCESS: ['removeFavorite', false],
	REMOVE_FAVORITE_FAILURE: ['removeFavorite', false],
};

export function requesting(
	state: Record<string, boolean> = {},
	action: Action,
): Record<string, boolean> {
	const operation = OPERATION[action.type];
	return operation ? { ...state, [operation[0]]: operation[1] } : state;
}

export function error(state: WPError | null = null, action: Action): WPError | null {
	switch (action.type) {
		case 'GET_FAVORITES_FAILURE':
		case 'ADD_FAVORITE_FAILURE':
		case 'REMOVE_FAVORITE_FAILURE':
			return action.error;
		case 'GET_FAVORITES_SUCCESS':
		case 'ADD_FAVORITE_SUCCESS':
		case 'REMOVE_FAVORITE_SUCCESS':
			return null;
		default:
			return state;
	}
}

export function persistedQuery(
	state: Record<string, unknown> = {},
	action: Action,
): Record<string, unknown> {
	return action.type === 'ON_HISTORY_CHANGE' ? action.persistedQuery : state;
}

export const reducer = combineReducers({
	error,
	menuItems,
	favorites,
	requesting,
	persistedQuery,
});
export default reducer;
