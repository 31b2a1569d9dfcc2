/**
 * Table rows of a report by interval (revenue) taken from the chart's answer: every interval of the
 * range is already loaded for the chart, so sorting and paging the table happen here, with the
 * server's order (`sortIntervals` / `pageOfIntervals` of @abacus/date, the code the server's stats
 * engine runs: ties by date, oldest first), instead of asking the server again.
 */
import { pageOfIntervals, sortIntervals } from '@abacus/date';

export interface IntervalRow {
	interval?: string;
	date_start?: string;
	subtotals?: Record<string, unknown>;
	[key: string]: unknown;
}

function numberOf(row: IntervalRow, key: string): number {
	const value = row.subtotals?.[key];
	return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function dateOf(row: IntervalRow): string {
	return String(row.date_start ?? row.interval ?? '');
}

/** The intervals sorted by `orderby` ('date' or a subtotal) in `order`; a new array. */
export function sortIntervalRows<Row extends IntervalRow>(
	rows: readonly Row[],
	orderby: string,
	order: string,
): Row[] {
	return sortIntervals(rows, orderby, order, dateOf, numberOf);
}

/** Page `paged` (from 1) of `perPage` rows; an empty list past the last page. */
export function pageOfRows<Row>(rows: readonly Row[], paged: number, perPage: number): Row[] {
	return pageOfIntervals(rows, paged, perPage);
}
