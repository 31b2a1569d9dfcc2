import { getKeyError, isKeyRequesting } from '../keyed-request-reducer.js';
import { getResourceName } from '../utils.js';
import type { Query, WPError } from '../types.js';
import type { Note, NotesState } from './types.js';

const EMPTY_NOTES: readonly Note[] = Object.freeze([]);
const cache = new WeakMap<number[], WeakMap<object, Note[]>>();

/**
 * Notes answered for a query (fetched on first use), deleted ones left out. The same array is
 * returned until that query's ids or the notes change.
 */
export function getNotes(state: NotesState, query: Query = {}): readonly Note[] {
	const ids = state.noteQueries[getResourceName('notes', query)];
	if (!ids) {
		return EMPTY_NOTES;
	}
	let byNotes = cache.get(ids);
	if (!byNotes) {
		byNotes = new WeakMap();
		cache.set(ids, byNotes);
	}
	let list = byNotes.get(state.notes);
	if (!list) {
		list = ids
			.map((id) => state.notes[id])
			.filter((note): note is Note => Boolean(note) && !note.is_deleted);
		byNotes.set(state.notes, list);
	}
	return list;
}

/** The error of the named operation, or false. */
export function getNotesError(state: NotesState, selector: string): WPError | false {
	return getKeyError(state.request, selector);
}

/** Whether the named operation is in progress. */
export function isNotesRequesting(state: NotesState, selector: string): boolean {
	return isKeyRequesting(state.request, selector);
}
