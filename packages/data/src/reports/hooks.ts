import { useSelect } from '@wordpress/data';

import type { Query, RequestState } from '../types.js';
import { selectReportItems, selectReportStats } from './select.js';
import type { ReportResult } from './types.js';

/** Request state of `reports/{endpoint}/stats` for a query (fetched on first use). */
export function useReportStats(endpoint: string, query: Query = {}): RequestState<ReportResult> {
	return useSelect((select) => selectReportStats(select, endpoint, query), [endpoint, query]);
}

/** Request state of `reports/{endpoint}` rows for a query (fetched on first use). */
export function useReportItems(endpoint: string, query: Query = {}): RequestState<ReportResult> {
	return useSelect((select) => selectReportItems(select, endpoint, query), [endpoint, query]);
}
