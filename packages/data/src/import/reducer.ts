import { combineReducers } from '@wordpress/data';

import { getResourceName } from '../utils.js';
import { createErrorsByKeyReducer } from '../keyed-request-reducer.js';
import type { Action } from './actions.js';
import type { ImportPeriod } from './types.js';

/** Today as MM/DD/YYYY. */
export function today(date: Date = new Date()): string {
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

function key(query: unknown): string {
	return getResourceName('import', query);
}

export function activeImport(state = false, action: Action): boolean {
	switch (action.type) {
		case 'SET_IMPORT_STARTED':
			return action.importStarted;
		case 'SET_IMPORT_PERIOD':
		case 'SET_IMPORT_DATE':
		case 'SET_SKIP_IMPORTED':
			return false;
		default:
			return state;
	}
}

export function lastImportStartTimestamp(state = 0, action: Action): number {
	return action.type === 'SET_IMPORT_STARTED' && action.importStarted ? action.time : state;
}

export function period(
	state: ImportPeriod = { date: today(), label: 'all' },
	action: Action,
): ImportPeriod {
	switch (action.type) {
		case 'SET_IMPORT_PERIOD':
			return { ...state, label: action.date };
		case 'SET_IMPORT_DATE':
			return { date: action.date, label: 'custom' };
		default:
			return state;
	}
}

export function skipPrevious(state = true, action: Action): boolean {
	return action.type === 'SET_SKIP_IMPORTED' ? action.skipPrevious : state;
}

export function importStatus(
	state: Record<string, Record<string, unknown>> = {},
	action: Action,
): Record<string, Record<string, unknown>> {
	return action.type === 'SET_IMPORT_STATUS'
		? { ...state, [key(action.query)]: action.importStatus }
		: state;
}

export function importTotals(
	state: Record<string, Record<string, unknown>> = {},
	action: Action,
): Record<string, Record<string, unknown>> {
	return action.type === 'SET_IMPORT_TOTALS'
		? { ...state, [key(action.query)]: action.importTotals }
		: state;
}

/** The last error of each import query, until its status arrives. */
export const errors = createErrorsByKeyReducer<Action>((action) => {
	if (action.type === 'SET_IMPORT_ERROR') {
		return { keys: [key(action.query)], error: action.error };
	}
	return action.type === 'SET_IMPORT_STATUS' ? { keys: [key(action.query)] } : null;
});

export const reducer = combineReducers({
	activeImport,
	lastImportStartTimestamp,
	period,
	skipPrevious,
	importStatus,
	importTotals,
	errors,
});
export default reducer;
