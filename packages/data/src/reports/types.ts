import type { WPError } from '../types.js';

/** A report endpoint's answer plus the totals read from its headers. */
export interface ReportResult<T = unknown> {
	data: T;
	totalResults: number;
	totalPages: number;
}

/** One stats interval of a report. */
export interface ReportInterval {
	interval: string;
	date_start: string;
	date_start_gmt: string;
	date_end: string;
	date_end_gmt: string;
	subtotals: Record<string, unknown>;
}

/** Body of a `reports/{endpoint}/stats` answer. */
export interface ReportStatsData {
	totals: Record<string, unknown>;
	intervals: ReportInterval[];
}

export interface ReportsState {
	items: Record<string, ReportResult>;
	itemErrors: Record<string, WPError>;
	stats: Record<string, ReportResult>;
	statErrors: Record<string, WPError>;
}
