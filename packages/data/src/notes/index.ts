import { createDataStore } from '../store-registry.js';
import * as actions from './actions.js';
import { STORE_NAME } from './constants.js';
import reducer from './reducer.js';
import * as resolvers from './resolvers.js';
import * as selectors from './selectors.js';

declare module '../store-registry.js' {
	interface WCDataStores {
		'abacus/notes': { selectors: typeof selectors; actions: typeof actions };
	}
}

/** The notes store: inbox notes by query, their actions and removal. */
export const store = createDataStore(STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
});

export { STORE_NAME as NOTES_STORE_NAME };
export type { Note, NoteAction, NotesState } from './types.js';
