import clsx from 'clsx';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { downloadCSVFile, generateCSVDataFromTable, generateCSVFileName } from '@abacus/csv-export';
import { updateQueryString } from '@abacus/navigation';

import { Card } from '../card/index.js';
import { EllipsisMenu, MenuItem, MenuTitle } from '../ellipsis-menu/index.js';
import { Pagination } from '../pagination/index.js';
import {
	EmptyTable,
	Table,
	TablePlaceholder,
	TableSummary,
	TableSummaryPlaceholder,
	getCurrentSort,
} from './table.js';
import type { SummaryItem, TableHeader, TableQuery, TableRow } from './types.js';

/** The query parameters a TableCard changes: 'sort' (key, direction), 'paged', 'per_page'. */
export type TableQueryParam = 'sort' | 'paged' | 'per_page';

export interface TableCardProps {
	/** Card title; also the table caption. Required. */
	title: string;
	/** Rows of the current page. Default []. */
	rows?: TableRow[];
	/** Rows per page. Required. */
	rowsPerPage: number;
	/** Rows across all pages. Required. */
	totalRows: number;
	/** Columns. Default []. */
	headers?: TableHeader[];
	/** Row keys. */
	ids?: Array<string | number>;
	/** Shows placeholders instead of rows and summary. Default false. */
	isLoading?: boolean;
	/** Shows the column-visibility menu. Default true. */
	showMenu?: boolean;
	/** Shows the Download button. Default true. */
	hasDownload?: boolean;
	/**
	 * Returns the handler of a query change. When not given, changes are written to the URL with
	 * @abacus/navigation's updateQueryString (sort: orderby + order; paged; per_page).
	 */
	onQueryChange?: (
		param: TableQueryParam,
	) => (value: string | number, direction?: 'asc' | 'desc') => void;
	/** Called with the visible column keys and the key toggled. */
	onColumnsChange?: (shownKeys: string[], toggledKey: string) => void;
	/** Called with the key and direction after a sort change. */
	onSort?: (key: string, direction: 'asc' | 'desc') => void;
	/** Called instead of the built-in CSV download (e.g. to use the server export). */
	onClickDownload?: () => void;
	/** Current query (orderby, order, paged). Default {}. */
	query?: TableQuery;
	/** Index of the row-header column. Default 0. */
	rowHeader?: number | false;
	/** Totals under the table. */
	summary?: SummaryItem[];
	/** Elements at the right of the header. */
	actions?: ReactNode;
	className?: string;
}

/**
 * A ref holding the latest `value` (updated after each commit): handlers read it when called, so the
 * parts using them need not render again when only the handler changed.
 */
function useLatest<T>(value: T) {
	const ref = useRef(value);
	useLayoutEffect(() => {
		ref.current = value;
	});
	return ref;
}

function isShownByDefault(header: TableHeader): boolean {
	return header.visible !== false && !header.hiddenByDefault;
}

function headerText(header: TableHeader): string {
	return typeof header.label === 'string'
		? header.label
		: (header.screenReaderLabel ?? header.key);
}

/** A card with a sortable table, column toggles, paging, totals and CSV download. */
export function TableCard({
	title,
	rows = [],
	rowsPerPage,
	totalRows,
	headers = [],
	ids,
	isLoading = false,
	showMenu = true,
	hasDownload = true,
	onQueryChange,
	onColumnsChange,
	onSort,
	onClickDownload,
	query = {},
	rowHeader = 0,
	summary,
	actions,
	className,
}: TableCardProps) {
	// What the person chose in this table (column key → shown), over what the headers say. The
	// headers' own visibility is followed until then: preferences that arrive after the first render
	// (or a parent that changes its columns) show in the table, and a choice is never lost to them.
	const [choices, setChoices] = useState<ReadonlyMap<string, boolean>>(() => new Map());
	const shownKeys = useMemo(
		() => headers.filter((h) => choices.get(h.key) ?? isShownByDefault(h)).map((h) => h.key),
		[headers, choices],
	);
	const choose = (key: string, shown: boolean) =>
		setChoices((current) => new Map(current).set(key, shown));

	const change = useCallback(
		(param: TableQueryParam, value: string | number, direction?: 'asc' | 'desc') => {
			if (onQueryChange) {
				if (param === 'sort') onQueryChange(param)(value, direction);
				else onQueryChange(param)(value);
				return;
			}
			if (param === 'sort')
				updateQueryString({
					orderby: String(value),
					order: direction ?? 'desc',
					paged: undefined,
				});
			else if (param === 'per_page') updateQueryString({ per_page: value });
			else updateQueryString({ paged: value });
		},
		[onQueryChange],
	);

	const sortBy = useCallback(
		(key: string, direction: 'asc' | 'desc') => {
			change('sort', key, direction);
			onSort?.(key, direction);
		},
		[change, onSort],
	);

	// Choosing a hidden column as the sort column shows it.
	const orderby = typeof query.orderby === 'string' ? query.orderby : undefined;
	const [shownFor, setShownFor] = useState<string | undefined>(undefined);
	if (orderby !== shownFor) {
		// Runs when the sort column changes (not when a column is hidden): a hidden one is shown.
		setShownFor(orderby);
		if (orderby && headers.some((h) => h.key === orderby) && !shownKeys.includes(orderby)) {
			choose(orderby, true);
		}
	}

	const toggleColumn = (key: string) => {
		const isShown = shownKeys.includes(key);
		const next = isShown
			? shownKeys.filter((k) => k !== key)
			: headers.filter((h) => h.key === key || shownKeys.includes(h.key)).map((h) => h.key);
		choose(key, !isShown);
		onColumnsChange?.(next, key);
		const sort = getCurrentSort(headers, query);
		if (isShown && sort.key === key) {
			const fallback =
				headers.find((h) => h.defaultSort && h.key !== key) ??
				headers.find((h) => h.key !== key && next.includes(h.key));
			if (fallback) sortBy(fallback.key, 'desc');
		}
	};

	const visibleIndexes = useMemo(
		() => headers.map((h, i) => (shownKeys.includes(h.key) ? i : -1)).filter((i) => i >= 0),
		[headers, shownKeys],
	);
	const visibleHeaders = useMemo(
		() => visibleIndexes.map((i) => headers[i]),
		[visibleIndexes, headers],
	);
	const visibleRows = useMemo(
		() =>
			visibleIndexes.length === headers.length
				? rows
				: rows.map((row) => visibleIndexes.map((i) => row[i])),
		[rows, visibleIndexes, headers.length],
	);
	const rowHeaderIndex = rowHeader === false ? -1 : visibleIndexes.indexOf(rowHeader);

	const download = () => {
		if (onClickDownload) {
			onClickDownload();
			return;
		}
		const csvHeaders = visibleHeaders.map((h) => ({ key: h.key, label: headerText(h) }));
		downloadCSVFile(
			generateCSVFileName(title, query),
			generateCSVDataFromTable(csvHeaders, visibleRows),
		);
	};

	const page = Math.max(1, Number.parseInt(String(query.paged ?? 1), 10) || 1);
	const toggleable = useMemo(() => headers.filter((h) => !h.required), [headers]);

	// The menu, header actions and pagination do not depend on the rows or the sort: they are kept
	// (not rendered again) when only those change, e.g. for a sort. Their handlers read the latest
	// props through refs.
	const latest = useLatest({ toggleColumn, download, change });

	const menu = useMemo(
		() =>
			showMenu && toggleable.length > 0 ? (
				<EllipsisMenu
					label={__('Choose which values to display', 'abacus')}
					renderContent={() => (
						<>
							<MenuTitle>{__('Columns:', 'abacus')}</MenuTitle>
							{toggleable.map((h) => (
								<MenuItem
									key={h.key}
									isCheckbox
									checked={shownKeys.includes(h.key)}
									onInvoke={() => latest.current.toggleColumn(h.key)}
								>
									{h.label}
								</MenuItem>
							))}
						</>
					)}
				/>
			) : undefined,
		[showMenu, toggleable, shownKeys, latest],
	);

	const hasRows = rows.length > 0;
	const headerActions = useMemo(
		() => (
			<>
				{actions}
				{hasDownload && (
					<Button
						className="abacus-table__download-button"
						variant="secondary"
						disabled={isLoading || !hasRows}
						accessibleWhenDisabled
						onClick={() => latest.current.download()}
					>
						{__('Download', 'abacus')}
					</Button>
				)}
			</>
		),
		[actions, hasDownload, isLoading, hasRows, latest],
	);

	const pagination = useMemo(
		() => (
			<Pagination
				page={page}
				perPage={rowsPerPage}
				total={totalRows}
				onPageChange={(next) => latest.current.change('paged', String(next))}
				onPerPageChange={(next) => latest.current.change('per_page', String(next))}
			/>
		),
		[page, rowsPerPage, totalRows, latest],
	);

	let body: ReactNode;
	if (isLoading) {
		body = (
			<TablePlaceholder
				caption={title}
				headers={visibleHeaders}
				numberOfRows={Math.min(rowsPerPage, 25)}
				query={query}
			/>
		);
	} else if (rows.length === 0) {
		body = (
			<EmptyTable numberOfRows={Math.min(rowsPerPage, 5)}>
				{__('No data to display', 'abacus')}
			</EmptyTable>
		);
	} else {
		body = (
			<Table
				caption={title}
				rows={visibleRows}
				headers={visibleHeaders}
				query={query}
				onSort={sortBy}
				rowHeader={rowHeaderIndex < 0 ? false : rowHeaderIndex}
				ids={ids}
			/>
		);
	}

	return (
		<Card
			className={clsx('abacus-table', className, { 'is-loading': isLoading })}
			title={title}
			action={headerActions}
			menu={menu}
		>
			{body}
			{pagination}
			{isLoading ? <TableSummaryPlaceholder /> : <TableSummary data={summary} />}
		</Card>
	);
}
