import { createSelector } from '@wordpress/data';

import { getResourceName } from '../utils.js';
import type { Query, WPError } from '../types.js';
import type { ImportState } from './types.js';

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

/** Whether an import runs and when the last one started. */
export const getImportStarted = createSelector(
	(state: ImportState) => ({
		activeImport: state.activeImport,
		lastImportStartTimestamp: state.lastImportStartTimestamp,
	}),
	(state: ImportState) => [state.activeImport, state.lastImportStartTimestamp],
);

/** The import form: period and skip-previous. */
export const getFormSettings = createSelector(
	(state: ImportState) => ({ period: state.period, skipPrevious: state.skipPrevious }),
	(state: ImportState) => [state.period, state.skipPrevious],
);

/** Import status for a query (fetched on first use), or {}. */
export function getImportStatus(state: ImportState, query: Query = {}): Record<string, unknown> {
	return state.importStatus[getResourceName('import', query)] ?? EMPTY;
}

/** Import totals for a query (fetched on first use) plus the last start time. */
export const getImportTotals = createSelector(
	(state: ImportState, query: Query = {}) => ({
		...state.importTotals[getResourceName('import', query)],
		lastImportStartTimestamp: state.lastImportStartTimestamp,
	}),
	(state: ImportState) => [state.importTotals, state.lastImportStartTimestamp],
);

/** Error of a query (or of an import path), or false. */
export function getImportError(state: ImportState, query: unknown = {}): WPError | false {
	return state.errors[getResourceName('import', query)] ?? false;
}
