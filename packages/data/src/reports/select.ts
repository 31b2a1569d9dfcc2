/**
 * Request state of report answers, read inside a `select` (a `useSelect` callback, a registry's
 * `select`): the same state the hooks return, for code that reads several answers at once.
 */
import { selectRequestState } from '../request-state.js';
import { asDataSelector, type AnySelect } from '../store-registry.js';
import type { Query, RequestState } from '../types.js';
import { store } from './index.js';
import type { ReportResult } from './types.js';

/** Request state of `reports/{endpoint}/stats` for a query (asked for on first use). */
export function selectReportStats(
	select: AnySelect,
	endpoint: string,
	query: Query = {},
): RequestState<ReportResult> {
	const selectors = asDataSelector(select)(store);
	const { getReportStats: read, getReportStatsError: readError } = selectors;
	return selectRequestState(selectors, 'getReportStats', [endpoint, query], read, readError);
}

/** Request state of `reports/{endpoint}` rows for a query (asked for on first use). */
export function selectReportItems(
	select: AnySelect,
	endpoint: string,
	query: Query = {},
): RequestState<ReportResult> {
	const selectors = asDataSelector(select)(store);
	const { getReportItems: read, getReportItemsError: readError } = selectors;
	return selectRequestState(selectors, 'getReportItems', [endpoint, query], read, readError);
}
