import { combineReducers } from '@wordpress/data';

import type { WPError } from '../types.js';
import type { Action } from './actions.js';
import type { ReportResult } from './types.js';

function without<T>(map: Record<string, T>, key: string): Record<string, T> {
	if (!(key in map)) {
		return map;
	}
	const next = { ...map };
	delete next[key];
	return next;
}

export function items(state: Record<string, ReportResult> = {}, action: Action) {
	return action.type === 'SET_REPORT_ITEMS'
		? { ...state, [action.resourceName]: action.data }
		: state;
}

export function itemErrors(state: Record<string, WPError> = {}, action: Action) {
	switch (action.type) {
		case 'SET_REPORT_ITEMS_ERROR':
			return { ...state, [action.resourceName]: action.error };
		case 'SET_REPORT_ITEMS':
			return without(state, action.resourceName);
		default:
			return state;
	}
}

export function stats(state: Record<string, ReportResult> = {}, action: Action) {
	return action.type === 'SET_REPORT_STATS'
		? { ...state, [action.resourceName]: action.data }
		: state;
}

export function statErrors(state: Record<string, WPError> = {}, action: Action) {
	switch (action.type) {
		case 'SET_REPORT_STATS_ERROR':
			return { ...state, [action.resourceName]: action.error };
		case 'SET_REPORT_STATS':
			return without(state, action.resourceName);
		default:
			return state;
	}
}

export const reducer = combineReducers({ items, itemErrors, stats, statErrors });
export default reducer;
