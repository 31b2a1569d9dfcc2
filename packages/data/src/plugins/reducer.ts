import { combineReducers } from '@wordpress/data';

import { createKeyedRequestReducer } from '../keyed-request-reducer.js';
import type { Action } from './actions.js';
import type { PaypalOnboardingStatus, Plugin } from './types.js';

function merge(current: string[], added: string[], replace: boolean): string[] {
	return replace ? [...added] : [...new Set([...current, ...added])];
}

export function active(state: string[] = [], action: Action): string[] {
	return action.type === 'UPDATE_ACTIVE_PLUGINS'
		? merge(state, action.active, action.replace)
		: state;
}

export function installed(state: string[] = [], action: Action): string[] {
	return action.type === 'UPDATE_INSTALLED_PLUGINS'
		? merge(state, action.installed, action.replace)
		: state;
}

/**
 * In-progress flags and last errors of the plugin operations, by operation name; a list arriving
 * ends its fetch and the install or activation that produced it.
 */
export const request = createKeyedRequestReducer<Action>({
	settles: {
		UPDATE_ACTIVE_PLUGINS: ['getActivePlugins', 'activatePlugins'],
		UPDATE_INSTALLED_PLUGINS: ['getInstalledPlugins', 'installPlugins'],
	},
});

export function jetpackConnectUrls(
	state: Record<string, string> = {},
	action: Action,
): Record<string, string> {
	return action.type === 'UPDATE_JETPACK_CONNECT_URL'
		? { ...state, [action.redirectUrl]: action.jetpackConnectUrl }
		: state;
}

export function recommended(
	state: Record<string, Plugin[]> = {},
	action: Action,
): Record<string, Plugin[]> {
	return action.type === 'SET_RECOMMENDED_PLUGINS'
		? { ...state, [action.recommendedType]: action.plugins }
		: state;
}

export function jetpackConnection(state: boolean | null = null, action: Action): boolean | null {
	return action.type === 'UPDATE_JETPACK_CONNECTION' ? action.jetpackConnection : state;
}

export function paypalOnboardingStatus(
	state: PaypalOnboardingStatus | null = null,
	action: Action,
): PaypalOnboardingStatus | null {
	return action.type === 'SET_PAYPAL_ONBOARDING_STATUS' ? action.paypalOnboardingStatus : state;
}

export const reducer = combineReducers({
	active,
	installed,
	request,
	jetpackConnectUrls,
	recommended,
	jetpackConnection,
	paypalOnboardingStatus,
});
export default reducer;
