/**
 * Column builders shared by the report configs: a cell reads a field of the row (or of the row's
 * `subtotals` for reports whose rows are stats intervals) and formats it.
 */
import { ORDERS_PATH, intervalOrdersQuery } from './drill-down.js';
import type { Cell, RowContext, TableColumn } from './types.js';

/** Reads `key` from a row, or from its `subtotals` (stats intervals). */
export function field(row: Record<string, unknown>, key: string): unknown {
	if (key.includes('.')) {
		let current: unknown = row;
		for (const part of key.split('.')) {
			current =
				current && typeof current === 'object'
					? (current as Record<string, unknown>)[part]
					: undefined;
		}
		return current;
	}
	if (key in row) {
		return row[key];
	}
	const subtotals = row.subtotals;
	if (subtotals && typeof subtotals === 'object' && key in subtotals) {
		return (subtotals as Record<string, unknown>)[key];
	}
	return undefined;
}

/** A finite number from a field, or null. */
export function numberField(row: Record<string, unknown>, key: string): number | null {
	const raw = field(row, key);
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A string from a field ('' when missing). */
export function stringField(row: Record<string, unknown>, key: string): string {
	const raw = field(row, key);
	return raw === null || raw === undefined ? '' : String(raw);
}

type ColumnOptions = Partial<Omit<TableColumn, 'key' | 'label' | 'cell'>>;

/** A column of the given alignment whose cell reads `source` and shows it through `display`. */
function columnOf<T>(
	defaults: ColumnOptions,
	read: (row: Record<string, unknown>, source: string) => T,
	cell: (value: T, context: RowContext) => Cell,
) {
	return (
		key: string,
		label: string,
		options: ColumnOptions = {},
		source: string = key,
	): TableColumn => ({
		key,
		label,
		...defaults,
		...options,
		cell: (row, context: RowContext): Cell => cell(read(row, source), context),
	});
}

const NUMERIC: ColumnOptions = { isSortable: true, isNumeric: true };

/** A money column. */
export const currencyColumn = columnOf(NUMERIC, numberField, (value, context) => ({
	display: value === null ? '' : context.formatAmount(value),
	value,
}));

/** A count column. */
export const numberColumn = columnOf(NUMERIC, numberField, (value, context) => ({
	display: value === null ? '' : context.formatNumber(value),
	value,
}));

/** A plain text column. */
export const textColumn = columnOf({ isLeftAligned: true }, stringField, (value) => ({
	display: value,
	value,
}));

/** A date column (store-local date strings). */
export const dateColumn = columnOf({ isLeftAligned: true }, stringField, (value, context) => ({
	display: value ? context.formatDate(value) : '',
	value: value || null,
}));

/**
 * The order count of a row, linked to those orders in the orders report (same dates as the page).
 * `filterOf` gives the orders filter of the row's item (e.g. `{filter: 'advanced', product_includes:
 * '12'}`); with `byInterval` the row is a stats interval and the link keeps to its dates.
 */
export function ordersCountColumn(
	label: string,
	filterOf: (row: Record<string, unknown>, context: RowContext) => Record<string, string>,
	options: ColumnOptions & { byInterval?: boolean } = {},
): TableColumn {
	const { byInterval, ...columnOptions } = options;
	const base = numberColumn('orders_count', label, columnOptions);
	return {
		...base,
		cell: (row, context): Cell => {
			const cell = base.cell(row, context);
			if (!cell.value) return cell;
			const filters = filterOf(row, context);
			const query = byInterval
				? intervalOrdersQuery(
						filters,
						{
							date_start: stringField(row, 'date_start'),
							date_end: stringField(row, 'date_end') || undefined,
						},
						{},
					)
				: filters;
			return { ...cell, href: context.reportLink(ORDERS_PATH, query) };
		},
	};
}

/** The orders filter of one item id: `{filter: 'advanced', [param]: id}` ({} without an id). */
export function itemOrdersFilter(
	idKey: string,
	param: string,
): (row: Record<string, unknown>) => Record<string, string> {
	return (row): Record<string, string> => {
		const id = numberField(row, idKey);
		return id ? { filter: 'advanced', [param]: String(id) } : {};
	};
}
