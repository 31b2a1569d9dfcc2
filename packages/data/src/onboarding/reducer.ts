import { combineReducers } from '@wordpress/data';

import type { WPError } from '../types.js';
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

export function errors(
	state: Record<string, WPError> = {},
	action: Action,
): Record<string, WPError> {
	switch (action.type) {
		case 'SET_ERROR':
			return { ...state, [action.selector]: action.error };
		case 'SET_IS_REQUESTING': {
			if (!action.isRequesting || !(action.selector in state)) {
				return state;
			}
			const next = { ...state };
			delete next[action.selector];
			return next;
		}
		default:
			return state;
	}
}

export function requesting(
	state: Record<string, boolean> = {},
	action: Action,
): Record<string, boolean> {
	switch (action.type) {
		case 'SET_IS_REQUESTING':
			return { ...state, [action.selector]: action.isRequesting };
		case 'SET_ERROR':
			return { ...state, [action.selector]: false };
		default:
			return state;
	}
}

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
	errors,
	requesting,
	profileItems,
	tasksStatus,
	paymentMethods,
});
export default reducer;
