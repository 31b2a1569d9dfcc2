import { addHistoryListener } from '@abacus/navigation';
import { dispatch } from '@wordpress/data';

import { createDataStore } from '../store-registry.js';
import * as actions from './actions.js';
import { STORE_NAME } from './constants.js';
import reducer from './reducer.js';
import * as resolvers from './resolvers.js';
import * as selectors from './selectors.js';

declare module '../store-registry.js' {
	interface WCDataStores {
		'abacus/navigation': { selectors: typeof selectors; actions: typeof actions };
	}
}

/** The navigation store: menu items, favourites and the persisted report query. */
export const store = createDataStore(STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
});

// Keep the persisted query in step with the address (after the history change has settled).
void dispatch(store).onLoad();
addHistoryListener(() => {
	setTimeout(() => {
		void dispatch(store).onHistoryChange();
	}, 0);
});

export { STORE_NAME as NAVIGATION_STORE_NAME };
export type { MenuItem, NavigationState } from './types.js';
