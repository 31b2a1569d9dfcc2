/**
 * The table a browser-made CSV holds: the report's visible columns and every extension's columns
 * (`woocommerce_admin_report_table`, the same filter the table on screen goes through), for every
 * row of the file, not only the page on screen.
 */
import type { CSVCell, CSVHeader } from '@abacus/csv-export';

import { applyReportTableFilter, type ReportTableCell } from './extension-hooks.js';

/** A header of the report table: its own columns say whether they are shown. */
export interface CSVTableHeader {
	key: string;
	label: string;
	visible?: boolean;
	[extra: string]: unknown;
}

export interface CSVTableInput {
	/** The rows' endpoint ('orders', 'revenue', ...), as the filter sees it. */
	endpoint: string;
	/** Every column of the report, each with `visible`. */
	headers: CSVTableHeader[];
	/** One cell per header for every row of the file. */
	rows: ReportTableCell[][];
	/** The REST rows the file is made of (`items[i]` is the source of `rows[i]`). */
	items: Array<Record<string, unknown>>;
	totals: Record<string, unknown>;
	summary: Array<{ label: string; value: string }>;
}

/**
 * Headers and rows of the CSV: the columns shown plus those extensions add (a column an extension
 * adds is in the file unless it says `visible: false`). What an extension returns in the wrong
 * shape is ignored, as on screen.
 */
export function reportTableCSV(input: CSVTableInput): { headers: CSVHeader[]; rows: CSVCell[][] } {
	const table = applyReportTableFilter({
		endpoint: input.endpoint,
		headers: input.headers,
		rows: input.rows,
		totals: input.totals,
		summary: input.summary,
		items: { data: input.items, totalResults: input.items.length },
	});
	const shown = table.headers.map((header) => header.visible !== false);
	return {
		headers: table.headers
			.filter((_header, index) => shown[index])
			.map((header) => ({ key: header.key, label: header.label })),
		rows: table.rows.map((row) =>
			row
				.filter((_cell, index) => shown[index])
				.map((cell) => ({ display: cell.display, value: cell.value })),
		),
	};
}
