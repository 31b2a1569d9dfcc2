import { createDataStore } from '../store-registry.js';
import * as actions from './actions.js';
import { STORE_NAME } from './constants.js';
import reducer from './reducer.js';
import * as resolvers from './resolvers.js';
import * as selectors from './selectors.js';

declare module '../store-registry.js' {
	interface WCDataStores {
		'abacus/onboarding': { selectors: typeof selectors; actions: typeof actions };
	}
}

/** The onboarding store: profile, tasks status and payment suggestions. */
export const store = createDataStore(STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
});

export { STORE_NAME as ONBOARDING_STORE_NAME };
export {
	getProfileItems,
	getTasksStatus,
	getPaymentGatewaySuggestions,
	getOnboardingError,
	isOnboardingRequesting,
} from './selectors.js';
export type {
	OnboardingState,
	ProfileItems,
	TasksStatus,
	PaymentGatewaySuggestion,
} from './types.js';
