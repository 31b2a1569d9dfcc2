/**
 * What a report's tiles, chart and table select from the data stores: the same selections the
 * components make as they draw, and a report's first view asks for before anything is drawn
 * (reports/first-view.ts). Kept apart from the components, so that the page's first requests can
 * be asked for by the app's first script, before the components' scripts have run (start.ts).
 */
import {
	getReportChartData,
	getReportTableData,
	getReportTableQuery,
	getSummaryNumbers,
	selectReportStats,
	toRequestFlags,
	type AnySelect,
	type ReportChartData,
	type SummaryNumbers,
} from '@abacus/data';
import { getIntervalForQuery } from '@abacus/date';
import { flattenFilters } from '@abacus/navigation';
import type { Query as NavQuery } from '@abacus/navigation';

import { getStatsOptions, getTableOptions, getTableSummaryOptions } from './query.js';
import type { ReportConfig, ReportFilter } from './types.js';

/**
 * The chart's data of both periods (the comparison period's only when periods are compared): what
 * the chart selects, and what a report's first view waits for (first-view.ts).
 */
export function selectChartData(
	select: AnySelect,
	config: ReportConfig,
	chartQuery: Record<string, unknown>,
	defaultDateRange: string,
	mode: 'item-comparison' | 'time-comparison',
): { primary: ReportChartData; secondary: ReportChartData | null } {
	const options = { ...getStatsOptions(config, chartQuery), select, defaultDateRange };
	return {
		primary: getReportChartData({ ...options, dataType: 'primary' }),
		secondary:
			mode === 'time-comparison'
				? getReportChartData({ ...options, dataType: 'secondary' })
				: null,
	};
}

/** The chart mode of the active filter ('item-comparison' when items are compared). */
export function getChartMode(
	config: ReportConfig,
	query: Record<string, unknown>,
): 'item-comparison' | 'time-comparison' {
	for (const filterConfig of config.filters) {
		const value = query[filterConfig.param];
		if (value === undefined) {
			continue;
		}
		const filters = flattenFilters(filterConfig.filters) as ReportFilter[];
		const filter = filters.find((item) => item.value === value && item.chartMode);
		if (filter?.chartMode === 'item-comparison' && filter.value.startsWith('compare')) {
			return 'item-comparison';
		}
	}
	return 'time-comparison';
}

/** The tiles' totals of both periods: what the tiles select, and what a first view waits for. */
export function selectSummary(
	select: AnySelect,
	config: ReportConfig,
	query: Record<string, unknown>,
	defaultDateRange: string,
): SummaryNumbers {
	return getSummaryNumbers({ ...getStatsOptions(config, query), select, defaultDateRange });
}

/** Rows, totals and request state of a report's table. */
export interface TableData {
	isRequesting: boolean;
	isError: boolean;
	rows: Array<Record<string, unknown>>;
	totalResults: number;
	totals: Record<string, unknown> | null;
	/** Every row of the report, sorted, when they are all loaded (the rows are then one page). */
	allRows: Array<Record<string, unknown>> | null;
	requestQuery: Record<string, unknown>;
	/** The interval of the rows (reports by date). */
	interval: unknown;
}

/** The server request of a page of a report by interval: the table's query and the fields it shows. */
export function intervalTableQuery(
	config: ReportConfig,
	query: Record<string, unknown>,
	defaultDateRange: string,
): Record<string, unknown> {
	return {
		...(getReportTableQuery({
			...getTableOptions(config, query),
			defaultDateRange,
		}) as Record<string, unknown>),
		...(config.table.statsFields ? { fields: config.table.statsFields } : {}),
	};
}

/** The table's selection: the chart's answer, or the table's own rows and totals. */
export interface SelectedTableData {
	chart: ReportChartData | null;
	table: Omit<TableData, 'interval'> | null;
}

/** What the table selects: the chart's answer (see `useTableData`) or its own rows and totals. */
export function selectTableData(
	select: AnySelect,
	config: ReportConfig,
	query: Record<string, unknown>,
	defaultDateRange: string,
): SelectedTableData {
	const chartInterval = getIntervalForQuery(query as NavQuery, defaultDateRange);
	const tableInterval = config.table.tableQuery?.interval ?? chartInterval;
	const fromChart = Boolean(config.table.isStatsByInterval) && tableInterval === chartInterval;
	const options = { ...getTableOptions(config, query), select, defaultDateRange };
	if (fromChart) {
		return {
			chart: getReportChartData({
				...getStatsOptions(config, query),
				select,
				defaultDateRange,
				dataType: 'primary',
			}),
			table: null,
		};
	}
	if (config.table.isStatsByInterval) {
		const requestQuery = intervalTableQuery(config, query, defaultDateRange);
		const stats = selectReportStats(select, config.table.endpoint, requestQuery);
		const response = stats.status === 'success' ? stats.data : null;
		const body = (response?.data ?? null) as {
			totals?: Record<string, unknown>;
			intervals?: Array<Record<string, unknown>>;
		} | null;
		return {
			chart: null,
			table: {
				...toRequestFlags(stats),
				rows: body?.intervals ?? [],
				allRows: null,
				totalResults: response?.totalResults ?? 0,
				totals: body?.totals ?? null,
				requestQuery,
			},
		};
	}
	const table = getReportTableData(options);
	const summary = config.table.summary.length
		? getSummaryNumbers({
				...getTableSummaryOptions(config, query),
				select,
				defaultDateRange,
			})
		: null;
	return {
		chart: null,
		table: {
			isRequesting: table.isRequesting || Boolean(summary?.isRequesting),
			isError: table.isError || Boolean(summary?.isError),
			rows: (table.items?.data ?? []) as Array<Record<string, unknown>>,
			allRows: null,
			totalResults: table.items?.totalResults ?? 0,
			totals: (summary?.totals?.primary ?? null) as Record<string, unknown> | null,
			requestQuery: table.query as Record<string, unknown>,
		},
	};
}
