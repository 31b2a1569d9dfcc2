/**
 * @abacus/csv-export: report tables to CSV text, safe file names, and the download.
 */
// file-saver is CommonJS: its default export (the module object) works under Node's native ESM,
// where a named import does not.
import fileSaver from 'file-saver';
import moment from 'moment';

export interface CSVHeader {
	key: string;
	label: string;
}

export interface CSVCell {
	display?: unknown;
	value?: unknown;
}

/** A cell that starts like this would run as a formula in a spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Escapes one CSV value: text that a spreadsheet would run as a formula gets a leading apostrophe
 * (plain negative numbers stay numbers); values with commas, quotes or line breaks are quoted with
 * inner quotes doubled.
 */
export function escapeCSVValue(value: unknown): string {
	if (value === null || value === undefined) return '';
	let text = String(value);
	if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
	if (/[",\n\r]/.test(text) || /^\s|\s$/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
	return text;
}

/** CSV text of a table: a header line of labels, then one line per row of cell values. */
export function generateCSVDataFromTable(
	headers: CSVHeader[] | null | undefined,
	rows: CSVCell[][] | null | undefined,
): string {
	const headerLine = Array.isArray(headers)
		? headers.map((h) => escapeCSVValue(h.label)).join(',')
		: '';
	const body = Array.isArray(rows)
		? rows
				.map((row) =>
					Array.isArray(row)
						? row.map((cell) => escapeCSVValue(cell?.value)).join(',')
						: '',
				)
				.join('\n')
		: '';
	return [headerLine, body].filter(Boolean).join('\n');
}

const sanitize = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '-');

function decode(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/**
 * A file name from a title, today's date and the query: ('Revenue table', { orderby: 'date' }) →
 * 'revenue-table_2026-11-22_orderby-date.csv'.
 */
export function generateCSVFileName(name = '', params: Record<string, unknown> = {}): string {
	const parts = [
		sanitize(name),
		moment().format('YYYY-MM-DD'),
		Object.entries(params)
			.filter(
				([, value]) => value !== undefined && value !== null && typeof value !== 'object',
			)
			.map(([key, value]) => `${sanitize(key)}-${sanitize(decode(String(value)))}`)
			.join('_'),
	];
	return `${parts.filter(Boolean).join('_')}.csv`;
}

/** Offers the CSV text as a file download. The text starts with a BOM so spreadsheets read UTF-8. */
export function downloadCSVFile(fileName: string, content: string): void {
	const blob = new Blob(['\ufeff', content], { type: 'text/csv;charset=utf-8' });
	fileSaver.saveAs(blob, fileName);
}
