import type { KeyedRequestState } from '../keyed-request-reducer.js';

/** An action button of a note. */
export interface NoteAction {
	id: number;
	name: string;
	label: string;
	query?: string;
	status?: string;
	primary?: boolean;
	actioned_text?: string;
	url?: string;
	[key: string]: unknown;
}

/** An inbox note as returned by the REST API, plus a local isUpdating flag. */
export interface Note {
	id: number;
	name?: string;
	type?: string;
	title?: string;
	content?: string;
	status?: string;
	actions?: NoteAction[];
	date_created?: string;
	date_created_gmt?: string;
	is_deleted?: boolean;
	is_read?: boolean;
	isUpdating?: boolean;
	[key: string]: unknown;
}

export interface NotesState {
	/** Request state by operation name. */
	request: KeyedRequestState;
	/** Note ids per query, keyed by `getResourceName('notes', query)`. */
	noteQueries: Record<string, number[]>;
	notes: Record<number, Note>;
}
