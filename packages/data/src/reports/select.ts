/**
 * Request state of report answers, read inside a `select` (a `useSelect` callback, a registry's
 * `select`): the same state the hooks return, for code that reads several answers at once.
 */
import { selectRequestState } from '../request-state.js';
import { asDataSelector, type AnySelect } from '../store-registry.js';
import { fetchAhead } from '../fetch.js';
import type { Query, RequestState } from '../types.js';
import { reportPath, type ReportSelectorName } from './paths.js';
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
	return askedAhead(
		selectRequestState(selectors, 'getReportStats', [endpoint, query], read, readError),
		'getReportStats',
		endpoint,
		query,
	);
}

/** Request state of `reports/{endpoint}` rows for a query (asked for on first use). */
export function selectReportItems(
	select: AnySelect,
	endpoint: string,
	query: Query = {},
): RequestState<ReportResult> {
	const selectors = asDataSelector(select)(store);
	const { getReportItems: read, getReportItemsError: readError } = selectors;
	return askedAhead(
		selectRequestState(selectors, 'getReportItems', [endpoint, query], read, readError),
		'getReportItems',
		endpoint,
		query,
	);
}

/**
 * A report answer not asked for yet (`idle`: its resolver waits for @wordpress/data's next task,
 * behind whatever else the page has queued) is asked for now; the resolver then reads this
 * request's answer instead of asking again (`fetchAhead`).
 */
function askedAhead<T>(
	state: RequestState<T>,
	selectorName: ReportSelectorName,
	endpoint: string,
	query: Query,
): RequestState<T> {
	if (state.status === 'idle') fetchAhead({ path: reportPath(selectorName, endpoint, query) });
	return state;
}
