import { createDataStore } from '../store-registry.js';
import * as actions from './actions.js';
import { STORE_NAME } from './constants.js';
import reducer from './reducer.js';
import * as resolvers from './resolvers.js';
import * as selectors from './selectors.js';

declare module '../store-registry.js' {
	interface WCDataStores {
		'abacus/plugins': { selectors: typeof selectors; actions: typeof actions };
	}
}

/** The plugins store: installed and active plugins, site connection, recommendations. */
export const store = createDataStore(STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
});

export { STORE_NAME as PLUGINS_STORE_NAME, pluginNames } from './constants.js';
export { formatErrors, formatErrorMessage } from './errors.js';
export type {
	Plugin,
	PluginInstallState,
	PaypalOnboardingStatus,
	PluginsResponse,
	PluginsState,
} from './types.js';
