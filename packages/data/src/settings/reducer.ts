import { combineReducers } from '@wordpress/data';

import { getResourceName } from '../utils.js';
import type { Action } from './actions.js';
import type { SettingsGroupState, SettingState } from './types.js';

const EMPTY_GROUP: SettingsGroupState = {
	data: [],
	error: null,
	lastReceived: null,
	isRequesting: false,
	dirty: [],
};

function union(a: readonly string[], b: readonly string[]): string[] {
	return [...new Set([...a, ...b])];
}

export function groups(
	state: Record<string, SettingsGroupState> = {},
	action: Action,
): Record<string, SettingsGroupState> {
	switch (action.type) {
		case 'UPDATE_SETTINGS_FOR_GROUP': {
			const group = state[action.group] ?? EMPTY_GROUP;
			const ids = Object.keys(action.data);
			return {
				...state,
				[action.group]: {
					...group,
					data: union(group.data, ids),
					dirty: union(group.dirty, ids),
					error: null,
					lastReceived: action.time,
					isRequesting: false,
				},
			};
		}
		case 'UPDATE_ERROR_FOR_GROUP': {
			const group = state[action.group] ?? EMPTY_GROUP;
			return {
				...state,
				[action.group]: {
					...group,
					data: action.data ? union(group.data, Object.keys(action.data)) : group.data,
					error: action.error,
					lastReceived: action.time,
					isRequesting: false,
				},
			};
		}
		case 'SET_IS_REQUESTING': {
			const group = state[action.group] ?? EMPTY_GROUP;
			return { ...state, [action.group]: { ...group, isRequesting: action.isRequesting } };
		}
		case 'CLEAR_IS_DIRTY': {
			const group = state[action.group];
			return group ? { ...state, [action.group]: { ...group, dirty: [] } } : state;
		}
		case 'CLEAR_SETTINGS':
			return {};
		default:
			return state;
	}
}

export function settings(
	state: Record<string, SettingState> = {},
	action: Action,
): Record<string, SettingState> {
	switch (action.type) {
		case 'UPDATE_SETTINGS_FOR_GROUP':
		case 'UPDATE_ERROR_FOR_GROUP': {
			if (!action.data) {
				return state;
			}
			const next = { ...state };
			for (const [id, data] of Object.entries(action.data)) {
				next[getResourceName(action.group, id)] = {
					data,
					lastReceived: action.time,
					error: action.type === 'UPDATE_ERROR_FOR_GROUP' ? action.error : null,
				};
			}
			return next;
		}
		case 'CLEAR_SETTINGS':
			return {};
		default:
			return state;
	}
}

export const reducer = combineReducers({ groups, settings });
export default reducer;
