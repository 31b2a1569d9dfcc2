import clsx from 'clsx';
import {
	memo,
	useCallback,
	useEffect,
	useId,
	useMemo,
	useRef,
	useState,
	type ReactNode,
} from 'react';

import { __, sprintf } from '@wordpress/i18n';

import type { SummaryItem, TableHeader, TableQuery, TableRow } from './types.js';
import './style.scss';

export interface TableProps {
	/** Caption, read by screen readers and used as the scroll region's name. Required. */
	caption: string;
	/** Rows of cells. Required. */
	rows: TableRow[];
	/** Column headers. Default []. */
	headers?: TableHeader[];
	/** Current sort (orderby, order). Default {}. */
	query?: TableQuery;
	/** Called with the column key and direction when a sortable header is chosen. */
	onSort?: (key: string, direction: 'asc' | 'desc') => void;
	/** Index of the column whose cells are row headers. Default 0. */
	rowHeader?: number | false;
	/** Hides the table from assistive technology (placeholders). Default false. */
	ariaHidden?: boolean;
	/** Keys of rows, for stable rendering. */
	ids?: Array<string | number>;
	className?: string;
}

/** The sort the table shows: the query's, or the default-sort column's, or the first column's, descending. */
export function getCurrentSort(
	headers: TableHeader[],
	query: TableQuery = {},
): { key: string; order: 'asc' | 'desc' } {
	const fallback = headers.find((h) => h.defaultSort) ?? headers[0];
	const key =
		typeof query.orderby === 'string' && headers.some((h) => h.key === query.orderby)
			? query.orderby
			: (fallback?.key ?? '');
	const order = query.order === 'asc' ? 'asc' : 'desc';
	return { key, order };
}

/** Each column's key and cell class, computed once per set of headers (not per cell). */
interface ColumnInfo {
	key: string;
	className: string;
}

function getColumns(headers: TableHeader[]): ColumnInfo[] {
	return headers.map((header) => ({
		key: header.key,
		className: clsx('abacus-table__item', {
			'is-numeric': header.isNumeric && !header.isLeftAligned,
			'is-left-aligned': header.isLeftAligned,
		}),
	}));
}

/** One body row; memoised, so a row whose cells and columns did not change is not rendered again. */
const Row = memo(function Row({
	row,
	columns,
	rowHeader,
}: {
	row: TableRow;
	columns: ColumnInfo[];
	rowHeader: number | false;
}) {
	return (
		<tr>
			{row.map((cell, index) => {
				const column = columns[index];
				const key = column?.key ?? index;
				const className = column?.className ?? 'abacus-table__item';
				return index === rowHeader ? (
					<th key={key} scope="row" className={className}>
						{cell?.display ?? cell?.value}
					</th>
				) : (
					<td key={key} className={className}>
						{cell?.display ?? cell?.value}
					</td>
				);
			})}
		</tr>
	);
});

/** Which sides of a scroll box have columns out of sight. */
export interface ScrollSides {
	left: boolean;
	right: boolean;
}

/** The sides of `box` with content out of sight (1 px of rounding ignored). */
export function getScrollSides(box: {
	scrollLeft: number;
	scrollWidth: number;
	clientWidth: number;
}): ScrollSides {
	const hidden = box.scrollWidth - box.clientWidth;
	return {
		left: hidden > 1 && box.scrollLeft > 1,
		right: hidden > 1 && box.scrollLeft < hidden - 1,
	};
}

/**
 * Follows a scroll box's overflow (on scroll, resize and new rows), for the shadows that show more
 * columns are there. Where ResizeObserver exists the box is first measured in its first report,
 * which comes once the browser has laid the page out: read while React commits, its widths would
 * make the browser lay out the whole new page then, and again before painting it.
 */
function useScrollSides(deps: unknown[]) {
	const ref = useRef<HTMLDivElement>(null);
	const [sides, setSides] = useState<ScrollSides>({ left: false, right: false });
	const update = useCallback(() => {
		const box = ref.current;
		if (!box) return;
		const next = getScrollSides(box);
		setSides((previous) =>
			previous.left === next.left && previous.right === next.right ? previous : next,
		);
	}, []);
	useEffect(() => {
		const box = ref.current;
		if (!box || typeof ResizeObserver === 'undefined') {
			update();
			window.addEventListener('resize', update);
			return () => window.removeEventListener('resize', update);
		}
		const observer = new ResizeObserver(update);
		observer.observe(box);
		const table = box.querySelector('table');
		if (table) observer.observe(table);
		return () => observer.disconnect();
		// The rows and columns shown change the width.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [update, ...deps]);
	return { ref, sides, update };
}

/**
 * An accessible table with sortable headers in a focusable, scrollable region. A table wider than
 * its box scrolls inside it (never the page): a shadow on each side with columns out of sight, and
 * the first column stays in place.
 */
export function Table({
	caption,
	rows,
	headers = [],
	query = {},
	onSort,
	rowHeader = 0,
	ariaHidden = false,
	ids,
	className,
}: TableProps) {
	const captionId = useId();
	const sort = getCurrentSort(headers, query);
	const columns = useMemo(() => getColumns(headers), [headers]);
	const scroll = useScrollSides([rows, headers]);
	const sortedLabel = (header: TableHeader): ReactNode => {
		if (!header.isSortable) return null;
		const isSorted = sort.key === header.key;
		const next = isSorted
			? sort.order === 'asc'
				? 'desc'
				: 'asc'
			: (header.defaultOrder ?? 'desc');
		const name =
			header.screenReaderLabel ??
			(typeof header.label === 'string' ? header.label : header.key);
		return sprintf(
			next === 'asc'
				? /* translators: %s: column name */ __('Sort by %s in ascending order', 'abacus')
				: /* translators: %s: column name */ __('Sort by %s in descending order', 'abacus'),
			name,
		);
	};
	return (
		<div
			className={clsx('abacus-table__scroll', {
				'has-more-left': scroll.sides.left,
				'has-more-right': scroll.sides.right,
			})}
		>
			<div
				ref={scroll.ref}
				className={clsx('abacus-table__table', className)}
				role="group"
				tabIndex={ariaHidden ? -1 : 0}
				aria-labelledby={captionId}
				aria-hidden={ariaHidden || undefined}
				onScroll={scroll.update}
			>
				<table>
					<caption id={captionId} className="abacus-table__caption screen-reader-text">
						{caption}
					</caption>
					<thead>
						<tr>
							{headers.map((header) => {
								const isSorted = header.isSortable && sort.key === header.key;
								const thClass = clsx('abacus-table__header', {
									'is-sortable': header.isSortable,
									'is-sorted': isSorted,
									'is-numeric': header.isNumeric && !header.isLeftAligned,
									'is-left-aligned': header.isLeftAligned,
								});
								return (
									<th
										key={header.key}
										scope="col"
										className={thClass}
										aria-sort={
											isSorted
												? sort.order === 'asc'
													? 'ascending'
													: 'descending'
												: header.isSortable
													? 'none'
													: undefined
										}
									>
										{header.isSortable ? (
											<button
												type="button"
												className="abacus-table__sort-button"
												aria-describedby={`${captionId}-${header.key}`}
												onClick={() => {
													const direction = isSorted
														? sort.order === 'asc'
															? 'desc'
															: 'asc'
														: (header.defaultOrder ?? 'desc');
													onSort?.(header.key, direction);
												}}
											>
												<span
													aria-hidden={Boolean(header.screenReaderLabel)}
												>
													{header.label}
												</span>
												{header.screenReaderLabel && (
													<span className="screen-reader-text">
														{header.screenReaderLabel}
													</span>
												)}
												{isSorted && (
													<span
														className="abacus-table__sort-icon"
														aria-hidden="true"
													>
														{sort.order === 'asc' ? '▲' : '▼'}
													</span>
												)}
												<span
													id={`${captionId}-${header.key}`}
													className="screen-reader-text"
												>
													{sortedLabel(header)}
												</span>
											</button>
										) : (
											<>
												<span
													aria-hidden={Boolean(header.screenReaderLabel)}
												>
													{header.label}
												</span>
												{header.screenReaderLabel && (
													<span className="screen-reader-text">
														{header.screenReaderLabel}
													</span>
												)}
											</>
										)}
									</th>
								);
							})}
						</tr>
					</thead>
					<tbody>
						{rows.map((row, index) => (
							<Row
								key={ids?.[index] ?? index}
								row={row}
								columns={columns}
								rowHeader={rowHeader}
							/>
						))}
					</tbody>
				</table>
			</div>
		</div>
	);
}

export interface TablePlaceholderProps {
	caption: string;
	headers?: TableHeader[];
	/** Default 5. */
	numberOfRows?: number;
	query?: TableQuery;
}

/** Loading rows in the table's shape. */
export function TablePlaceholder({
	caption,
	headers = [],
	numberOfRows = 5,
	query,
}: TablePlaceholderProps) {
	const rows = Array.from({ length: numberOfRows }, () =>
		headers.map(() => ({ display: <span className="is-placeholder" /> })),
	);
	// Hidden from assistive technology, so nothing in it may take focus: no sort buttons.
	const staticHeaders = headers.map((header) => ({ ...header, isSortable: false }));
	return (
		<div className="abacus-table is-loading">
			<Table caption={caption} headers={staticHeaders} rows={rows} query={query} ariaHidden />
			<span className="screen-reader-text" role="status">
				{__('Loading', 'abacus')}
			</span>
		</div>
	);
}

/** The summary row under a table: each value with its label. */
export function TableSummary({ data }: { data?: SummaryItem[] }) {
	if (!data?.length) return null;
	return (
		<div role="region" aria-label={__('Summary', 'abacus')}>
			<ul className="abacus-table__summary">
				{data.map((item, index) => (
					<li key={index} className="abacus-table__summary-item">
						<span className="abacus-table__summary-value">{item.value}</span>
						<span className="abacus-table__summary-label">{item.label}</span>
					</li>
				))}
			</ul>
		</div>
	);
}

/** Loading summary row. */
export function TableSummaryPlaceholder() {
	return (
		<ul className="abacus-table__summary is-loading" aria-hidden="true">
			<li className="abacus-table__summary-item">
				<span className="abacus-table__summary-value is-placeholder" />
			</li>
		</ul>
	);
}

/** The message in place of a table with no rows. */
export function EmptyTable({
	numberOfRows = 5,
	children,
}: {
	numberOfRows?: number;
	children?: ReactNode;
}) {
	return (
		<div
			className="abacus-table is-empty"
			style={{ ['--number-of-rows' as string]: numberOfRows }}
		>
			{children ?? __('No data to display', 'abacus')}
		</div>
	);
}
