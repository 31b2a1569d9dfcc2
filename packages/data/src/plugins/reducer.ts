import { combineReducers } from '@wordpress/data';

import type { WPError } from '../types.js';
import type { Action } from './actions.js';
import type { PaypalOnboardingStatus, Plugin } from './types.js';

function merge(current: string[], added: string[], replace: boolean): string[] {
	return replace ? [...added] : [...new Set([...current, ...added])];
}

function clear<T>(state: Record<string, T>, keys: readonly string[]): Record<string, T> {
	if (!keys.some((key) => key in state)) {
		return state;
	}
	const next = { ...state };
	keys.forEach((key) => delete next[key]);
	return next;
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

export function requesting(
	state: Record<string, boolean> = {},
	action: Action,
): Record<string, boolean> {
	switch (action.type) {
		case 'SET_IS_REQUESTING':
			return { ...state, [action.selector]: action.isRequesting };
		case 'SET_ERROR':
			return { ...state, [action.selector]: false };
		case 'UPDATE_ACTIVE_PLUGINS':
			return { ...state, getActivePlugins: false, activatePlugins: false };
		case 'UPDATE_INSTALLED_PLUGINS':
			return { ...state, getInstalledPlugins: false, installPlugins: false };
		default:
			return state;
	}
}

export function errors(
	state: Record<string, WPError> = {},
	action: Action,
): Record<string, WPError> {
	switch (action.type) {
		case 'SET_ERROR':
			return { ...state, [action.selector]: action.error };
		case 'SET_IS_REQUESTING':
			return action.isRequesting ? clear(state, [action.selector]) : state;
		case 'UPDATE_ACTIVE_PLUGINS':
			return clear(state, ['getActivePlugins', 'activatePlugins']);
		case 'UPDATE_INSTALLED_PLUGINS':
			return clear(state, ['getInstalledPlugins', 'installPlugins']);
		default:
			return state;
	}
}

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
	requesting,
	errors,
	jetpackConnectUrls,
	recommended,
	jetpackConnection,
	paypalOnboardingStatus,
});
export default reducer;
