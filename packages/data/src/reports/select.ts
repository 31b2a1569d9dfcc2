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
	const reports = asDataSelector(select)(store);
	return selectRequestState(
		reports,
		'getReportStats',
		[endpoint, query],
		reports.getReportStats(endpoint, query),
		reports.getReportStatsError(endpoint, query),
	);
}

/** Request state of `reports/{endpoint}` rows for a query (asked for on first use). */
export function selectReportItems(
	select: AnySelect,
	endpoint: string,
	query: Query = {},
): RequestState<ReportResult> {
	const reports = asDataSelector(select)(store);
	return selectRequestState(
		reports,
		'getReportItems',
		[endpoint, query],
		reports.getReportItems(endpoint, query),
		reports.getReportItemsError(endpoint, query),
	);
}
