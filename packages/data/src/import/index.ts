import { createDataStore } from '../store-registry.js';
import * as actions from './actions.js';
import { STORE_NAME } from './constants.js';
import reducer from './reducer.js';
import * as resolvers from './resolvers.js';
import * as selectors from './selectors.js';

declare module '../store-registry.js' {
	interface WCDataStores {
		'abacus/import': { selectors: typeof selectors; actions: typeof actions };
	}
}

/** The import store: historical data import state, status and totals. */
export const store = createDataStore(STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
});

export { STORE_NAME as IMPORT_STORE_NAME };
export type { ImportPeriod, ImportState } from './types.js';
