import { combineReducers } from '@wordpress/data';

import { createKeyedRequestReducer } from '../keyed-request-reducer.js';
import type { Action } from './actions.js';
import type { PaymentGatewaySuggestion, ProfileItems, TasksStatus } from './types.js';

export const DEFAULT_PROFILE_ITEMS: ProfileItems = {
	business_extensions: null,
	completed: null,
	industry: null,
	other_platform: null,
	other_platform_name: null,
	product_count: null,
	product_types: null,
	revenue: null,
	selling_venues: null,
	setup_client: null,
	skipped: null,
	theme: null,
	wccom_connected: null,
};

/** In-progress flags and last errors of the onboarding operations, by operation name. */
export const request = createKeyedRequestReducer<Action>();

export function profileItems(
	state: ProfileItems = DEFAULT_PROFILE_ITEMS,
	action: Action,
): ProfileItems {
	if (action.type !== 'SET_PROFILE_ITEMS') {
		return state;
	}
	return action.replace
		? { ...DEFAULT_PROFILE_ITEMS, ...action.profileItems }
		: { ...state, ...action.profileItems };
}

export function tasksStatus(state: TasksStatus = {}, action: Action): TasksStatus {
	return action.type === 'SET_TASKS_STATUS' ? { ...state, ...action.tasksStatus } : state;
}

export function paymentMethods(
	state: PaymentGatewaySuggestion[] = [],
	action: Action,
): PaymentGatewaySuggestion[] {
	return action.type === 'GET_PAYMENT_METHODS_SUCCESS' ? action.paymentMethods : state;
}

export const reducer = combineReducers({
	request,
	profileItems,
	tasksStatus,
	paymentMethods,
});
export default reducer;
