import { createDataStore } from '../store-registry.js';
import * as actions from './actions.js';
import { STORE_NAME } from './constants.js';
import reducer from './reducer.js';
import * as resolvers from './resolvers.js';
import * as selectors from './selectors.js';

declare module '../store-registry.js' {
	interface WCDataStores {
		'abacus/settings': { selectors: typeof selectors; actions: typeof actions };
	}
}

/** The settings store: settings groups, their dirty keys and saving. */
export const store = createDataStore(STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
});

export { STORE_NAME as SETTINGS_STORE_NAME };
export type { SettingsState, SettingsGroupState, SettingState, RestSetting } from './types.js';
