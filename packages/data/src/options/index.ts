import { createDataStore } from '../store-registry.js';
import * as actions from './actions.js';
import { STORE_NAME } from './constants.js';
import reducer from './reducer.js';
import * as resolvers from './resolvers.js';
import * as selectors from './selectors.js';

declare module '../store-registry.js' {
	interface WCDataStores {
		'abacus/options': { selectors: typeof selectors; actions: typeof actions };
	}
}

/** The options store: option values read in batches and saved optimistically. */
export const store = createDataStore(STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
});

export { STORE_NAME as OPTIONS_STORE_NAME };
export type { OptionsMap, OptionsState, UpdateOptionsResult } from './types.js';
