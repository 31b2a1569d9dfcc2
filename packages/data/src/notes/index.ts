import { createReduxStore, register } from '@wordpress/data';

import * as actions from './actions.js';
import { STORE_NAME } from './constants.js';
import reducer from './reducer.js';
import * as resolvers from './resolvers.js';
import * as selectors from './selectors.js';

/** The notes store: inbox notes by query, their actions and removal. */
export const store = createReduxStore(STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
});

register(store);

export { STORE_NAME as NOTES_STORE_NAME };
export type { Note, NoteAction, NotesState } from './types.js';
