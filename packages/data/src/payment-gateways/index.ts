import { createDataStore } from '../store-registry.js';
import * as actions from './actions.js';
import { STORE_NAME } from './constants.js';
import reducer from './reducer.js';
import * as resolvers from './resolvers.js';
import * as selectors from './selectors.js';

declare module '../store-registry.js' {
	interface WCDataStores {
		'abacus/payment-gateways': { selectors: typeof selectors; actions: typeof actions };
	}
}

/** The payment gateways store. */
export const store = createDataStore(STORE_NAME, {
	reducer,
	actions,
	selectors,
	resolvers,
});

export { STORE_NAME as PAYMENT_GATEWAYS_STORE_NAME };
export type { PaymentGateway, PaymentGatewaySetting, PaymentGatewaysState } from './types.js';
