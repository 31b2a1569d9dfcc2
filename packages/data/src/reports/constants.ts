import type { ReportResult } from './types.js';

/** Name of the reports store. */
export const STORE_NAME = 'abacus/reports';

/** The shared empty answer returned before a report has loaded. */
export const EMPTY_REPORT: Readonly<ReportResult<never[]>> = Object.freeze({
	data: [],
	totalResults: 0,
	totalPages: 0,
});
