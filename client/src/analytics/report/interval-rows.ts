/**
 * Table rows of a report by interval (revenue) taken from the chart's answer: every interval of the
 * range is already loaded for the chart, so sorting and paging the table happen here, with the
 * server's order (ties by date, oldest first), instead of asking the server again.
 */

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
	const dir = order === 'asc' ? 1 : -1;
	return [...rows].sort((a, b) => {
		if (orderby !== 'date') {
			const difference = numberOf(a, orderby) - numberOf(b, orderby);
			if (difference !== 0) {
				return difference * dir;
			}
			return dateOf(a) < dateOf(b) ? -1 : dateOf(a) > dateOf(b) ? 1 : 0;
		}
		return (dateOf(a) < dateOf(b) ? -1 : dateOf(a) > dateOf(b) ? 1 : 0) * dir;
	});
}

/** Page `paged` (from 1) of `perPage` rows; an empty list past the last page. */
export function pageOfRows<Row>(rows: readonly Row[], paged: number, perPage: number): Row[] {
	const size = Number.isInteger(perPage) && perPage > 0 ? perPage : 25;
	const page = Number.isInteger(paged) && paged > 0 ? paged : 1;
	return rows.slice((page - 1) * size, page * size);
}
