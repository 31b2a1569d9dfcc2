import { addQueryArgs } from '@wordpress/url';

import { NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import type { Query, Thunk, WPError } from '../types.js';
import type * as selectors from './selectors.js';
import type { Note } from './types.js';

/** Replaces one note. */
export function setNote(noteId: number, noteFields: Note) {
	return { type: 'SET_NOTE' as const, noteId, noteFields };
}

export function setNoteIsUpdating(noteId: number, isUpdating: boolean) {
	return { type: 'SET_NOTE_IS_UPDATING' as const, noteId, isUpdating };
}

/** Merges notes by id. */
export function setNotes(notes: Note[]) {
	return { type: 'SET_NOTES' as const, notes };
}

/** Stores the note ids answered for a query. */
export function setNotesQuery(query: Query, noteIds: number[]) {
	return { type: 'SET_NOTES_QUERY' as const, query, noteIds };
}

export function setError(selector: string, error: WPError) {
	return { type: 'SET_ERROR' as const, selector, error };
}

export function setIsRequesting(selector: string, isRequesting: boolean) {
	return { type: 'SET_IS_REQUESTING' as const, selector, isRequesting };
}

type NotesThunk<R> = Thunk<typeof selectors, R>;

const BASE = `${NAMESPACE}/admin/notes`;

/** Runs a write request with requesting flag and error kept under `selector`. */
function write<T>(
	selector: string,
	request: { path: string; method: string; data?: unknown },
	receive: (response: T) => { type: string },
	noteId?: number,
): NotesThunk<T> {
	return async ({ dispatch }) => {
		dispatch(setIsRequesting(selector, true));
		if (noteId !== undefined) {
			dispatch(setNoteIsUpdating(noteId, true));
		}
		try {
			const response = await fetchJson<T>(request);
			dispatch(receive(response));
			dispatch(setIsRequesting(selector, false));
			return response;
		} catch (error) {
			const wpError = toWPError(error);
			dispatch(setError(selector, wpError));
			if (noteId !== undefined) {
				dispatch(setNoteIsUpdating(noteId, false));
			}
			throw wpError;
		}
	};
}

/** Changes fields of a note (`PUT /wc-analytics/admin/notes/{id}`). */
export function updateNote(noteId: number, noteFields: Partial<Note>): NotesThunk<Note> {
	return write<Note>(
		'updateNote',
		{ path: `${BASE}/${noteId}`, method: 'PUT', data: noteFields },
		(note) => setNote(noteId, note),
		noteId,
	);
}

/** Runs an action of a note (`POST .../notes/{noteId}/action/{actionId}`). */
export function triggerNoteAction(noteId: number, actionId: number): NotesThunk<Note> {
	return write<Note>(
		'triggerNoteAction',
		{ path: `${BASE}/${noteId}/action/${actionId}`, method: 'POST' },
		(note) => setNote(noteId, note),
		noteId,
	);
}

/** Deletes a note (`DELETE .../notes/delete/{id}`; the server keeps it as deleted). */
export function removeNote(noteId: number): NotesThunk<Note> {
	return write<Note>(
		'removeNote',
		{ path: `${BASE}/delete/${noteId}`, method: 'DELETE' },
		(note) => setNote(noteId, note),
		noteId,
	);
}

/** Deletes every dismissable note (`DELETE .../notes/delete/all`, optionally by status). */
export function removeAllNotes(query: Query = {}): NotesThunk<Note[]> {
	return write<Note[]>(
		'removeAllNotes',
		{ path: addQueryArgs(`${BASE}/delete/all`, query), method: 'DELETE' },
		(notes) => setNotes(notes ?? []),
	);
}

/** Changes fields of several notes (`PUT .../notes/update` with noteIds). */
export function batchUpdateNotes(noteIds: number[], noteFields: Partial<Note>): NotesThunk<Note[]> {
	return write<Note[]>(
		'batchUpdateNotes',
		{ path: `${BASE}/update`, method: 'PUT', data: { noteIds, ...noteFields } },
		(notes) => setNotes(notes ?? []),
	);
}

export type Action = ReturnType<
	| typeof setNote
	| typeof setNoteIsUpdating
	| typeof setNotes
	| typeof setNotesQuery
	| typeof setError
	| typeof setIsRequesting
>;
