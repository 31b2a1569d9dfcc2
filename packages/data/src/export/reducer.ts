import { combineReducers } from '@wordpress/data';

import { createKeyedRequestReducer } from '../keyed-request-reducer.js';
import type { Action } from './actions.js';
import type { ExportArgs } from './types.js';
import { exportRequestKey, hashExportArgs } from './utils.js';

/** In-progress flags and last errors of the export operations, by operation and arguments. */
export const request = createKeyedRequestReducer<Action>({
	keyOf: (action) => exportRequestKey(action.selector, action.selectorArgs),
});

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

export const reducer = combineReducers({ request, exportMeta, exportIds });
export default reducer;
