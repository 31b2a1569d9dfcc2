import { combineReducers } from '@wordpress/data';

import type { WPError } from '../types.js';
import { createErrorsByKeyReducer } from '../keyed-request-reducer.js';
import type { Action } from './actions.js';
import type { OptionsMap } from './types.js';

export function values(state: OptionsMap = {}, action: Action): OptionsMap {
	switch (action.type) {
		case 'RECEIVE_OPTIONS':
			return { ...state, ...action.options };
		case 'RESTORE_OPTIONS': {
			const next = { ...state };
			for (const [name, value] of Object.entries(action.options)) {
				if (value === undefined) {
					delete next[name];
				} else {
					next[name] = value;
				}
			}
			return next;
		}
		default:
			return state;
	}
}

export function isUpdating(state = false, action: Action): boolean {
	switch (action.type) {
		case 'SET_IS_UPDATING':
			return action.isUpdating;
		case 'SET_UPDATING_ERROR':
			return false;
		default:
			return state;
	}
}

/** The last read error of each option, until a value for it arrives. */
export const requestingErrors = createErrorsByKeyReducer<Action>((action) => {
	if (action.type === 'SET_REQUESTING_ERROR') {
		return { keys: [action.name], error: action.error };
	}
	return action.type === 'RECEIVE_OPTIONS' ? { keys: Object.keys(action.options) } : null;
});

export function updatingError(state: WPError | null = null, action: Action): WPError | null {
	switch (action.type) {
		case 'SET_UPDATING_ERROR':
			return action.error;
		case 'SET_IS_UPDATING':
			return action.isUpdating ? null : state;
		default:
			return state;
	}
}

export const reducer = combineReducers({ values, isUpdating, requestingErrors, updatingError });
export default reducer;
