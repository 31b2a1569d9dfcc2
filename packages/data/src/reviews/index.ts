import { createDataStore } from '../store-registry.js';
import * as actions from './actions.js';
import { STORE_NAME } from './constants.js';
import reducer from './reducer.js';
import * as resolvers from './resolvers.js';
import * as selectors from './selectors.js';

declare module '../store-registry.js' {
	interface WCDataStores {
		'abacus/reviews': { selectors: typeof selectors; actions: typeof actions };
	}
}

/** The reviews store: product reviews by query, with moderation. */
export const store = createDataStore(STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
});

export { STORE_NAME as REVIEWS_STORE_NAME };
export type { Review, ReviewsState } from './types.js';
