import { combineReducers } from '@wordpress/data';

import { createKeyedRequestReducer } from '../keyed-request-reducer.js';
import { getResourceName } from '../utils.js';
import type { Action } from './actions.js';
import type { Note } from './types.js';

/** In-progress flags and last errors of the notes operations, by operation name. */
export const request = createKeyedRequestReducer<Action>();

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

export const reducer = combineReducers({ request, noteQueries, notes });
export default reducer;
