import { createDataStore } from '../store-registry.js';
import * as actions from './actions.js';
import { STORE_NAME } from './constants.js';
import reducer from './reducer.js';
import * as resolvers from './resolvers.js';
import * as selectors from './selectors.js';

declare module '../store-registry.js' {
	interface WCDataStores {
		'abacus/items': { selectors: typeof selectors; actions: typeof actions };
	}
}

/** The items store: products, categories, customers, ... by query. */
export const store = createDataStore(STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
});

export { STORE_NAME as ITEMS_STORE_NAME };
export type { Item, ItemId, Product, ItemsState } from './types.js';
export { getTotalCountResourceName } from './utils.js';
