/**
 * The table of a report: rows from the report's table endpoint (or the stats intervals for
 * revenue), sort, pagination, column visibility remembered per user, a summary row and CSV
 * download.
 */
import { useMemo, useState } from 'react';
import { Notice } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { __, _n, sprintf } from '@wordpress/i18n';
import { EmptyTable, Link, TableCard } from '@abacus/components';
import { downloadCSVFile, generateCSVDataFromTable, generateCSVFileName } from '@abacus/csv-export';
import { exportStore, hasDateRange, useUserPreferences } from '@abacus/data';
import { getIntervalForQuery } from '@abacus/date';
import { getPersistedQuery, onQueryChange } from '@abacus/navigation';
import type { Query as NavQuery } from '@abacus/navigation';

import { applyReportTableFilter } from './extension-hooks.js';
import { reportTableCSV } from './report-table-csv.js';
import { chartIntervalOf, notesRangeOf } from '../annotations/chart.js';
import { useNotesExport, withNotesColumn } from '../annotations/export-option.js';
import { pageOfRows, sortIntervalRows, type IntervalRow } from './interval-rows.js';
import { intervalTableQuery, selectTableData, type TableData } from './selections.js';
import type { Cell, ReportConfig } from './types.js';
import { ExportProgress } from './export-progress.js';
import { ListCell } from './list-cell.js';
import { ReportError } from './report-error.js';
import { useDefaultDateRange } from './use-default-date-range.js';
import { useReportContext } from './use-report-context.js';

interface Props {
	config: ReportConfig;
	path: string;
	query: Record<string, unknown>;
}

/**
 * Rows, totals and request state of the table. A report by interval whose table has the chart's
 * interval reads the chart's answer (every interval of the range, already asked for) and sorts and
 * pages it here: no request of its own, and a sort or page change needs no round trip. With
 * another interval (the revenue table is by day, the chart may be by month) it asks the server
 * for its page.
 */
function useTableData(config: ReportConfig, query: Record<string, unknown>): TableData {
	const defaultDateRange = useDefaultDateRange();
	const chartInterval = getIntervalForQuery(query as NavQuery, defaultDateRange);
	const tableInterval = config.table.tableQuery?.interval ?? chartInterval;
	const selected = useSelect(
		(select) => selectTableData(select, config, query, defaultDateRange),
		[config, query, defaultDateRange],
	);

	const orderby = String(query.orderby ?? config.table.defaultOrderby);
	const order = String(query.order ?? config.table.defaultOrder);
	const paged = Number(query.paged ?? 1);
	const perPage = Number(query.per_page ?? 25);
	const { chart, table } = selected;
	const sorted = useMemo(() => {
		const intervals = (chart?.data.intervals ?? []) as unknown as IntervalRow[];
		return sortIntervalRows(intervals, orderby, order) as Array<Record<string, unknown>>;
	}, [chart, orderby, order]);
	return useMemo((): TableData => {
		if (table) {
			return { ...table, interval: tableInterval };
		}
		return {
			interval: tableInterval,
			isRequesting: Boolean(chart?.isRequesting),
			isError: Boolean(chart?.isError),
			rows: pageOfRows(sorted, paged, perPage),
			allRows: sorted,
			totalResults: sorted.length,
			totals: chart && !chart.isRequesting ? chart.data.totals : null,
			requestQuery: intervalTableQuery(config, query, defaultDateRange),
		};
	}, [table, chart, sorted, paged, perPage, config, query, defaultDateRange, tableInterval]);
}

export function ReportTable({ config, path, query }: Props) {
	const context = useReportContext(query);
	const data = useTableData(config, query);
	const preferences = useUserPreferences();
	const { startExport } = useDispatch(exportStore);
	// A report by date may add the notes of each date to its download (made here when every row
	// is at hand).
	const rowsAtHand = data.allRows ?? (data.rows.length >= data.totalResults ? data.rows : null);
	const notesRange = useMemo(
		() =>
			notesRangeOf(
				(rowsAtHand ?? []).map((row) => String(row.date_start ?? '')),
				chartIntervalOf(data.interval),
			),
		[rowsAtHand, data.interval],
	);
	const notesExport = useNotesExport(
		config.table.isStatsByInterval === true,
		notesRange.after,
		notesRange.before,
	);
	const [exportId, setExportId] = useState<string | null>(null);
	const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string } | null>(
		null,
	);
	const preferenceKey = `${config.report}_report_columns`;
	const stored = preferences[preferenceKey];
	const hidden = Array.isArray(stored)
		? (stored as string[])
		: config.table.columns
				.filter((column) => column.hiddenByDefault)
				.map((column) => column.key);

	if (data.isError) {
		return (
			<ReportError
				title={sprintf(
					/* translators: %s: table title */
					__('The %s table could not be loaded.', 'abacus'),
					config.table.title,
				)}
			/>
		);
	}

	const headers = config.table.columns.map((column) => ({
		key: column.key,
		label: column.label,
		screenReaderLabel: column.screenReaderLabel,
		isSortable: column.isSortable,
		isNumeric: column.isNumeric,
		isLeftAligned: column.isLeftAligned,
		required: column.required,
		defaultSort: column.defaultSort,
		visible: column.required || !hidden.includes(column.key),
	}));
	const cells: Cell[][] = data.rows.map((row) =>
		config.table.columns.map((column) => column.cell(row, context)),
	);
	const rows = cells.map((row) =>
		row.map((cell) => ({
			display:
				cell.list && cell.list.length > 1 ? (
					<ListCell items={cell.list} />
				) : cell.href ? (
					<Link href={cell.href} type="wc-admin">
						{cell.display}
					</Link>
				) : (
					cell.display
				),
			value: cell.value,
		})),
	);
	const summary = config.table.isStatsByInterval
		? [
				{
					label: _days(data.totalResults),
					value: context.formatNumber(data.totalResults),
				},
				...summaryItems(config, data.totals, context),
			]
		: summaryItems(config, data.totals, context);

	const orderby = String(query.orderby ?? config.table.defaultOrderby);
	const order = String(query.order ?? config.table.defaultOrder);

	async function download() {
		setNotice(null);
		// Every row at hand (all of a report by interval, or a table on one page): the file is
		// made here; otherwise the server exports the whole report.
		const allRows = data.allRows ?? (data.rows.length >= data.totalResults ? data.rows : null);
		if (allRows) {
			const allCells =
				allRows === data.rows
					? cells
					: allRows.map((row) =>
							config.table.columns.map((column) => column.cell(row, context)),
						);
			// The visible columns and the extensions' ones, as on screen, for every row.
			const csv = reportTableCSV({
				endpoint: config.table.endpoint,
				headers,
				rows: allCells.map((row) =>
					row.map((cell) => ({ display: cell.display, value: cell.value })),
				),
				items: allRows,
				totals: data.totals ?? {},
				summary,
			});
			// The notes of each date, when the person asked for them (reports by date only).
			if (notesExport.include) {
				withNotesColumn(csv, allRows as Array<Record<string, unknown>>, notesExport.notes);
			}
			const persisted = getPersistedQuery(query as NavQuery) as Record<string, string>;
			downloadCSVFile(
				generateCSVFileName(config.table.title, { ...persisted, orderby, order }),
				generateCSVDataFromTable(csv.headers, csv.rows),
			);
			return;
		}
		try {
			// The server builds the file; ExportProgress follows it to the download.
			setExportId(null);
			const started = await startExport(config.report, data.requestQuery);
			setExportId(started?.export_id ?? null);
		} catch (error) {
			setNotice({
				status: 'error',
				text:
					(error as { message?: string })?.message ||
					__('The export could not be started.', 'abacus'),
			});
		}
	}

	const isEmpty = !data.isRequesting && data.rows.length === 0;
	// Extensions' columns (woocommerce_admin_report_table, client/README.md).
	const table = applyReportTableFilter({
		endpoint: config.table.endpoint,
		headers,
		rows,
		totals: data.totals ?? {},
		summary,
		items: { data: data.rows, totalResults: data.totalResults },
	});
	return (
		<div className="abacus-report-table">
			{notice && (
				<Notice status={notice.status} onRemove={() => setNotice(null)}>
					{notice.text}
				</Notice>
			)}
			{exportId && (
				<ExportProgress
					key={exportId}
					type={config.report}
					title={config.title}
					exportId={exportId}
					formatNumber={(value) => context.formatNumber(value)}
					onRetry={() => void download()}
					onClose={() => setExportId(null)}
				/>
			)}
			{notesExport.option}
			<TableCard
				className={`abacus-report-table__${config.report}`}
				title={config.table.title}
				headers={table.headers}
				rows={table.rows}
				rowsPerPage={Number(query.per_page ?? 25)}
				totalRows={data.totalResults}
				isLoading={data.isRequesting}
				query={{ ...query, orderby, order, paged: String(query.paged ?? '1') }}
				summary={data.isRequesting ? [] : table.summary}
				onQueryChange={(param: string) => onQueryChange(param, path, query as NavQuery)}
				onColumnsChange={(shown: string[]) => {
					const nowHidden = config.table.columns
						.filter((column) => !column.required && !shown.includes(column.key))
						.map((column) => column.key);
					void preferences.updateUserPreferences({ [preferenceKey]: nowHidden });
				}}
				hasDownload={!data.isRequesting && !isEmpty}
				onClickDownload={() => void download()}
			/>
			{isEmpty && (
				<EmptyTable>
					{hasDateRange(config.endpoint)
						? __(
								'No data for the selected date range. Try another period or remove filters.',
								'abacus',
							)
						: __('No data to show. Try removing filters.', 'abacus')}
				</EmptyTable>
			)}
		</div>
	);
}

function _days(count: number): string {
	return _n('day', 'days', count, 'abacus');
}

function summaryItems(
	config: ReportConfig,
	totals: Record<string, unknown> | null,
	context: ReturnType<typeof useReportContext>,
) {
	if (!totals) {
		return [];
	}
	return config.table.summary
		.filter((item) => typeof totals[item.key] === 'number')
		.map((item) => {
			const value = totals[item.key] as number;
			return {
				label: item.label(value, context),
				value: context.formatMetric(item.type, value),
			};
		});
}
