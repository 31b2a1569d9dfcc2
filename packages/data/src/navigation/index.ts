import { createReduxStore, register } from '@wordpress/data';

import * as actions from './actions.js';
import { STORE_NAME } from './constants.js';
import reducer from './reducer.js';
import * as resolvers from './resolvers.js';
import * as selectors from './selectors.js';

/** The navigation store: menu items, favourites and the persisted report query. */
export const store = createReduxStore(STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
});

register(store);

export { STORE_NAME as NAVIGATION_STORE_NAME };
export type { MenuItem, NavigationState } from './types.js';
