import { addQueryArgs } from '@wordpress/url';

import { NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import type { Query, Thunk } from '../types.js';
import { setError, setIsRequesting, setNotes, setNotesQuery } from './actions.js';
import type * as selectors from './selectors.js';
import type { Note } from './types.js';

export function getNotes(query: Query = {}): Thunk<typeof selectors> {
	return async ({ dispatch }) => {
		dispatch(setIsRequesting('getNotes', true));
		try {
			const notes =
				(await fetchJson<Note[]>({
					path: addQueryArgs(`${NAMESPACE}/admin/notes`, query),
				})) ?? [];
			dispatch(setNotes(notes));
			dispatch(
				setNotesQuery(
					query,
					notes.map((note) => note.id),
				),
			);
			dispatch(setIsRequesting('getNotes', false));
		} catch (error) {
			dispatch(setError('getNotes', toWPError(error)));
		}
	};
}
