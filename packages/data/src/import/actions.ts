import { fetchJson, toWPError } from '../fetch.js';
import type { Query, Thunk, WPError } from '../types.js';
import type * as selectors from './selectors.js';

/** Marks an import started (stamping the time) or stopped. */
export function setImportStarted(importStarted: boolean, time: number = Date.now()) {
	return { type: 'SET_IMPORT_STARTED' as const, importStarted, time };
}

/** Sets the import period: a preset label, or with dateModified a custom date. */
export function setImportPeriod(date: string, dateModified = false) {
	return dateModified
		? { type: 'SET_IMPORT_DATE' as const, date }
		: { type: 'SET_IMPORT_PERIOD' as const, date };
}

export function setSkipPrevious(skipPrevious: boolean) {
	return { type: 'SET_SKIP_IMPORTED' as const, skipPrevious };
}

export function setImportStatus(query: Query, importStatus: Record<string, unknown>) {
	return { type: 'SET_IMPORT_STATUS' as const, query, importStatus };
}

export function setImportTotals(query: Query, importTotals: Record<string, unknown>) {
	return { type: 'SET_IMPORT_TOTALS' as const, query, importTotals };
}

export function setImportError(query: unknown, error: WPError) {
	return { type: 'SET_IMPORT_ERROR' as const, query, error };
}

/**
 * Posts to an import path (`/wc-analytics/reports/import`, `.../import/cancel`,
 * `.../import/delete`) after marking the import started or stopped; resolves with the answer.
 * Errors are kept under the path and thrown.
 */
export function updateImportation(
	path: string,
	importStarted = false,
): Thunk<typeof selectors, unknown> {
	return async ({ dispatch }) => {
		dispatch(setImportStarted(importStarted));
		try {
			return await fetchJson<unknown>({ path, method: 'POST' });
		} catch (error) {
			const wpError = toWPError(error);
			dispatch(setImportError(path, wpError));
			throw wpError;
		}
	};
}

export type Action = ReturnType<
	| typeof setImportStarted
	| typeof setImportPeriod
	| typeof setSkipPrevious
	| typeof setImportStatus
	| typeof setImportTotals
	| typeof setImportError
>;
