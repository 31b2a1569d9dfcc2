import { getResourceName } from '../utils.js';
import type { Query, WPError } from '../types.js';
import type { ReportResult } from './types.js';

export function setReportItems(endpoint: string, query: Query, data: ReportResult) {
	return {
		type: 'SET_REPORT_ITEMS' as const,
		resourceName: getResourceName(endpoint, query),
		data,
	};
}

export function setReportStats(endpoint: string, query: Query, data: ReportResult) {
	return {
		type: 'SET_REPORT_STATS' as const,
		resourceName: getResourceName(endpoint, query),
		data,
	};
}

export function setReportItemsError(endpoint: string, query: Query, error: WPError) {
	return {
		type: 'SET_REPORT_ITEMS_ERROR' as const,
		resourceName: getResourceName(endpoint, query),
		error,
	};
}

export function setReportStatsError(endpoint: string, query: Query, error: WPError) {
	return {
		type: 'SET_REPORT_STATS_ERROR' as const,
		resourceName: getResourceName(endpoint, query),
		error,
	};
}

export type Action = ReturnType<
	| typeof setReportItems
	| typeof setReportStats
	| typeof setReportItemsError
	| typeof setReportStatsError
>;
