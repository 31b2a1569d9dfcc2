import { combineReducers } from '@wordpress/data';

import { getResourceName } from '../utils.js';
import type { WPError } from '../types.js';
import type { Action } from './actions.js';
import type { Note } from './types.js';

export function errors(
	state: Record<string, WPError> = {},
	action: Action,
): Record<string, WPError> {
	switch (action.type) {
		case 'SET_ERROR':
			return { ...state, [action.selector]: action.error };
		case 'SET_IS_REQUESTING': {
			if (!action.isRequesting || !(action.selector in state)) {
				return state;
			}
			const next = { ...state };
			delete next[action.selector];
			return next;
		}
		default:
			return state;
	}
}

export function requesting(
	state: Record<string, boolean> = {},
	action: Action,
): Record<string, boolean> {
	switch (action.type) {
		case 'SET_IS_REQUESTING':
			return { ...state, [action.selector]: action.isRequesting };
		case 'SET_ERROR':
			return { ...state, [action.selector]: false };
		default:
			return state;
	}
}

export function noteQueries(
	state: Record<string, number[]> = {},
	action: Action,
): Record<string, number[]> {
	return action.type === 'SET_NOTES_QUERY'
		? { ...state, [getResourceName('notes', action.query)]: action.noteIds }
		: state;
}

export function notes(state: Record<number, Note> = {}, action: Action): Record<number, Note> {
	switch (action.type) {
		case 'SET_NOTE':
			return { ...state, [action.noteId]: { ...action.noteFields, isUpdating: false } };
		case 'SET_NOTE_IS_UPDATING':
			return state[action.noteId]
				? {
						...state,
						[action.noteId]: { ...state[action.noteId], isUpdating: action.isUpdating },
					}
				: state;
		case 'SET_NOTES': {
			const next = { ...state };
			for (const note of action.notes) {
				next[note.id] = { ...next[note.id], ...note, isUpdating: false };
			}
			return next;
		}
		default:
			return state;
	}
}

export const reducer = combineReducers({ errors, requesting, noteQueries, notes });
export default reducer;
