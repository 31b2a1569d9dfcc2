import { getResourceName } from '../utils.js';
import type { Query, WPError } from '../types.js';
import { EMPTY_REPORT } from './constants.js';
import type { ReportsState } from './types.js';

/** Rows of `reports/{endpoint}` for a query: `{data, totalResults, totalPages}`. */
export function getReportItems(state: ReportsState, endpoint: string, query: Query = {}) {
	return state.items[getResourceName(endpoint, query)] ?? EMPTY_REPORT;
}

/** Stats (`{totals, intervals}`) of `reports/{endpoint}/stats` for a query. */
export function getReportStats(state: ReportsState, endpoint: string, query: Query = {}) {
	return state.stats[getResourceName(endpoint, query)] ?? EMPTY_REPORT;
}

/** The error of the last items request for that query, or false. */
export function getReportItemsError(
	state: ReportsState,
	endpoint: string,
	query: Query = {},
): WPError | false {
	return state.itemErrors[getResourceName(endpoint, query)] ?? false;
}

/** The error of the last stats request for that query, or false. */
export function getReportStatsError(
	state: ReportsState,
	endpoint: string,
	query: Query = {},
): WPError | false {
	return state.statErrors[getResourceName(endpoint, query)] ?? false;
}
