import { combineReducers } from '@wordpress/data';

import type { WPError } from '../types.js';
import type { Action } from './actions.js';
import type { ExportArgs } from './types.js';
import { hashExportArgs } from './utils.js';

export function errors(
	state: Record<string, Record<string, WPError>> = {},
	action: Action,
): Record<string, Record<string, WPError>> {
	switch (action.type) {
		case 'SET_ERROR':
			return {
				...state,
				[action.selector]: {
					...state[action.selector],
					[hashExportArgs(action.selectorArgs)]: action.error,
				},
			};
		case 'SET_IS_REQUESTING': {
			const key = hashExportArgs(action.selectorArgs);
			if (!action.isRequesting || !state[action.selector]?.[key]) {
				return state;
			}
			const forSelector = { ...state[action.selector] };
			delete forSelector[key];
			return { ...state, [action.selector]: forSelector };
		}
		default:
			return state;
	}
}

export function requesting(
	state: Record<string, Record<string, boolean>> = {},
	action: Action,
): Record<string, Record<string, boolean>> {
	switch (action.type) {
		case 'SET_IS_REQUESTING':
		case 'SET_ERROR':
			return {
				...state,
				[action.selector]: {
					...state[action.selector],
					[hashExportArgs(action.selectorArgs)]:
						action.type === 'SET_IS_REQUESTING' ? action.isRequesting : false,
				},
			};
		default:
			return state;
	}
}

export function exportMeta(
	state: Record<string, { exportType: string; exportArgs: ExportArgs }> = {},
	action: Action,
): Record<string, { exportType: string; exportArgs: ExportArgs }> {
	return action.type === 'SET_EXPORT_ID'
		? {
				...state,
				[action.exportId]: { exportType: action.exportType, exportArgs: action.exportArgs },
			}
		: state;
}

export function exportIds(
	state: Record<string, Record<string, string>> = {},
	action: Action,
): Record<string, Record<string, string>> {
	return action.type === 'SET_EXPORT_ID'
		? {
				...state,
				[action.exportType]: {
					...state[action.exportType],
					[hashExportArgs({ type: action.exportType, args: action.exportArgs })]:
						action.exportId,
				},
			}
		: state;
}

export const reducer = combineReducers({ errors, requesting, exportMeta, exportIds });
export default reducer;
