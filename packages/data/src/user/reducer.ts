import { combineReducers } from '@wordpress/data';

import type { WPError } from '../types.js';
import type { Action } from './actions.js';
import type { User } from './types.js';

export function currentUser(state: User | null = null, action: Action): User | null {
	return action.type === 'RECEIVE_CURRENT_USER' ? action.user : state;
}

export function error(state: WPError | null = null, action: Action): WPError | null {
	switch (action.type) {
		case 'SET_USER_ERROR':
			return action.error;
		case 'RECEIVE_CURRENT_USER':
			return null;
		default:
			return state;
	}
}

export function isSaving(state = false, action: Action): boolean {
	switch (action.type) {
		case 'SET_IS_SAVING':
			return action.isSaving;
		case 'SET_SAVE_ERROR':
			return false;
		default:
			return state;
	}
}

export function saveError(state: WPError | null = null, action: Action): WPError | null {
	switch (action.type) {
		case 'SET_SAVE_ERROR':
			return action.error;
		case 'SET_IS_SAVING':
			return action.isSaving ? null : state;
		default:
			return state;
	}
}

export const reducer = combineReducers({ currentUser, error, isSaving, saveError });
export default reducer;
