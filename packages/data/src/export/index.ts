import { createDataStore } from '../store-registry.js';
import * as actions from './actions.js';
import { STORE_NAME } from './constants.js';
import reducer from './reducer.js';
import * as selectors from './selectors.js';

declare module '../store-registry.js' {
	interface WCDataStores {
		'abacus/export': { selectors: typeof selectors; actions: typeof actions };
	}
}

/** The export store: report exports (started, their progress, cancelled). */
export const store = createDataStore(STORE_NAME, {
	reducer,
	actions,
	selectors,
});

export { STORE_NAME as EXPORT_STORE_NAME };
export type { ExportArgs, ExportState, ExportStatus, StartExportResponse } from './types.js';
