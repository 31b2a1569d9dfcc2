import { createDataStore } from '../store-registry.js';
import * as actions from './actions.js';
import { STORE_NAME } from './constants.js';
import reducer from './reducer.js';
import * as resolvers from './resolvers.js';
import * as selectors from './selectors.js';

declare module '../store-registry.js' {
	interface WCDataStores {
		'abacus/reports': { selectors: typeof selectors; actions: typeof actions };
	}
}

/** The reports store: report rows and stats keyed by endpoint and query. */
export const store = createDataStore(STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
});

export { STORE_NAME as REPORTS_STORE_NAME };
export type { ReportResult, ReportInterval, ReportStatsData, ReportsState } from './types.js';
