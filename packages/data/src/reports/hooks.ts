import { useSelect } from '@wordpress/data';

import { toRequestState } from '../request-state.js';
import type { Query, RequestState } from '../types.js';
import { store } from './index.js';
import type { ReportResult } from './types.js';

/** Request state of `reports/{endpoint}/stats` for a query (fetched on first use). */
export function useReportStats(endpoint: string, query: Query = {}): RequestState<ReportResult> {
	return useSelect(
		(select) => {
			const reports = select(store);
			const data = reports.getReportStats(endpoint, query);
			return toRequestState<ReportResult>(
				data,
				reports.getReportStatsError(endpoint, query),
				reports.isResolving('getReportStats', [endpoint, query]),
				reports.hasFinishedResolution('getReportStats', [endpoint, query]),
			);
		},
		[endpoint, query],
	);
}

/** Request state of `reports/{endpoint}` rows for a query (fetched on first use). */
export function useReportItems(endpoint: string, query: Query = {}): RequestState<ReportResult> {
	return useSelect(
		(select) => {
			const reports = select(store);
			const data = reports.getReportItems(endpoint, query);
			return toRequestState<ReportResult>(
				data,
				reports.getReportItemsError(endpoint, query),
				reports.isResolving('getReportItems', [endpoint, query]),
				reports.hasFinishedResolution('getReportItems', [endpoint, query]),
			);
		},
		[endpoint, query],
	);
}
