/**
 * What the reports' export columns share: the column type, the headings of the @abacus/metrics
 * column catalogue, a row's `extended_info` and the stock status labels.
 */
import { getColumn, type ColumnKey, type ColumnReport } from '@abacus/metrics';

type Item = Record<string, unknown>;

/** A CSV column of an export: its heading and its cell of a row. */
export type ExportColumn = [string, (row: Item) => unknown];

export const ext = (row: Item): Item =>
	row.extended_info && typeof row.extended_info === 'object' ? (row.extended_info as Item) : {};

/** The label of a stock status (metrics/stock.ts), as the report tables show it. */
export function stockLabel(status: unknown): string {
	switch (status) {
		case 'instock':
			return 'In stock';
		case 'lowstock':
			return 'Low stock';
		case 'outofstock':
			return 'Out of stock';
		case 'onbackorder':
			return 'On backorder';
		default:
			return status === undefined || status === null ? '' : String(status);
	}
}

/** The CSV heading of a report's non-metric column (the catalogue's, as the app's table heads it). */
export const heading = <R extends ColumnReport>(report: R, key: ColumnKey<R>): string =>
	getColumn(report, key).exportLabel;
