/**
 * Config-driven report queries: what a report page reads from the address (cleaned so that a
 * malformed address falls back to defaults), and the options it hands to the data helpers of
 * @abacus/data, which build the REST requests.
 */
import { hasDateRange } from '@abacus/data';
import { isoDateFormat, periods, presetValues, toMoment } from '@abacus/date';
import { flattenFilters, getIdsFromQuery } from '@abacus/navigation';

import type { ReportConfig, ReportFilter } from './types.js';

/** A query as read from the address. */
export type Query = Record<string, unknown>;

const MAX_PER_PAGE = 100;

function isPositiveInteger(value: unknown, max = Number.MAX_SAFE_INTEGER): boolean {
	return typeof value === 'string' && /^[1-9]\d*$/.test(value) && Number(value) <= max;
}

/** Every filter value of the report's filter dropdowns, keyed by their param. */
function filterValues(config: ReportConfig): Map<string, ReportFilter[]> {
	const values = new Map<string, ReportFilter[]>();
	for (const filterConfig of config.filters) {
		values.set(filterConfig.param, flattenFilters(filterConfig.filters) as ReportFilter[]);
	}
	return values;
}

/**
 * The query without an unknown period or comparison or impossible custom dates (those keys are
 * removed, so the store's default date range applies).
 */
export function sanitizeDateQuery(query: Query): Query {
	const clean: Query = { ...query };
	const drop = (...keys: string[]) => keys.forEach((key) => delete clean[key]);
	const period = clean.period;
	const compare = clean.compare;
	const knownPeriod = presetValues.some((preset) => preset.value === period);
	const knownCompare = periods.some((item) => item.value === compare);
	if (period !== undefined && !knownPeriod) {
		drop('period', 'compare', 'after', 'before');
	} else if (compare !== undefined && !knownCompare) {
		drop('compare');
	}
	if (clean.period === 'custom') {
		const after = typeof clean.after === 'string' ? toMoment(isoDateFormat, clean.after) : null;
		const before =
			typeof clean.before === 'string' ? toMoment(isoDateFormat, clean.before) : null;
		if (!after || !before || after.isAfter(before)) {
			drop('period', 'compare', 'after', 'before');
		}
	}
	if (clean.interval !== undefined && typeof clean.interval !== 'string') {
		drop('interval');
	}
	return clean;
}

/**
 * The query without anything malformed: unknown periods or comparisons, impossible custom dates,
 * non-positive or huge page numbers, sort keys the table does not have, unknown tiles, filters and
 * garbage ids are removed so that the page shows its defaults instead of failing.
 */
export function sanitizeReportQuery(query: Query, config: ReportConfig): Query {
	const clean: Query = { ...query };
	const drop = (...keys: string[]) => keys.forEach((key) => delete clean[key]);

	if (hasDateRange(config.endpoint)) {
		const dates = sanitizeDateQuery(clean);
		for (const key of ['period', 'compare', 'after', 'before', 'interval']) {
			if (!(key in dates)) {
				delete clean[key];
			}
		}
	}

	if (clean.paged !== undefined && !isPositiveInteger(clean.paged)) {
		drop('paged');
	}
	if (clean.per_page !== undefined && !isPositiveInteger(clean.per_page, MAX_PER_PAGE)) {
		drop('per_page');
	}
	if (clean.order !== undefined && clean.order !== 'asc' && clean.order !== 'desc') {
		drop('order');
	}
	if (clean.orderby !== undefined) {
		const sortable = config.table.columns
			.filter((column) => column.isSortable)
			.map((c) => c.key);
		if (!sortable.includes(String(clean.orderby))) {
			drop('orderby');
		}
	}
	if (clean.chart !== undefined && !config.charts.some((chart) => chart.key === clean.chart)) {
		drop('chart');
	}
	if (clean.chartType !== undefined && clean.chartType !== 'line' && clean.chartType !== 'bar') {
		drop('chartType');
	}
	if (clean.search !== undefined && typeof clean.search !== 'string') {
		drop('search');
	}

	// Filters: a value the dropdown does not offer, or an item filter without valid ids, is dropped.
	for (const [param, filters] of filterValues(config)) {
		const value = clean[param];
		if (value === undefined) {
			continue;
		}
		const matches = filters.filter((item) => item.value === value);
		const filter = matches.find((item) => item.settings) ?? matches[0];
		if (!filter) {
			drop(param);
			continue;
		}
		const itemParam = filter.settings?.param;
		if (itemParam) {
			const ids = getIdsFromQuery(
				typeof clean[itemParam] === 'string' ? (clean[itemParam] as string) : '',
			);
			if (!ids.length) {
				drop(itemParam);
				// A single-item view without an item shows the whole report; a comparison without
				// items keeps its card open so that items can be picked.
				if (!filter.value.startsWith('compare')) {
					drop(param);
				}
			} else {
				clean[itemParam] = ids.join(',');
			}
		}
	}
	for (const param of config.limitBy ?? []) {
		if (clean[param] !== undefined) {
			const ids = getIdsFromQuery(
				typeof clean[param] === 'string' ? (clean[param] as string) : '',
			);
			if (ids.length) {
				clean[param] = ids.join(',');
			} else {
				drop(param);
			}
		}
	}
	return clean;
}

/** The selected tile: `chart` from the query when the report has it, else the first tile. */
export function getSelectedChart(config: ReportConfig, query: Query) {
	return config.charts.find((chart) => chart.key === query.chart) ?? config.charts[0];
}

/** Options of the summary-tile and chart requests (`getSummaryNumbers`, `getReportChartData`). */
export function getStatsOptions(config: ReportConfig, query: Query) {
	return {
		endpoint: config.endpoint,
		query,
		limitBy: config.limitBy,
		filters: config.filters,
		advancedFilters: config.advancedFilters ?? { title: '', filters: {} },
		// One stats request per period serves the tiles, the chart and the table: a report by
		// interval shares this answer with its table (see ReportTable), so it also asks for the
		// fields the table shows, and every report for its table summary's figures.
		fields: [
			...new Set([
				...config.charts.map((chart) => chart.key),
				...(config.table.isStatsByInterval ? (config.table.statsFields ?? []) : []),
				...config.table.summary.map((item) => item.key),
			]),
		],
	};
}

/** Options of the table request (`getReportTableData`), with the report's default sort. */
export function getTableOptions(config: ReportConfig, query: Query) {
	return {
		endpoint: config.table.endpoint,
		query: {
			...query,
			orderby: query.orderby ?? config.table.defaultOrderby,
			order: query.order ?? config.table.defaultOrder,
		},
		limitBy: config.limitBy,
		filters: config.filters,
		advancedFilters: config.advancedFilters ?? { title: '', filters: {} },
		tableQuery: config.table.tableQuery ?? {},
	};
}

/**
 * Options of the table summary's request: the tiles' and chart's own stats request (the same
 * query, so the page asks the stats of a period once).
 */
export function getTableSummaryOptions(config: ReportConfig, query: Query) {
	return getStatsOptions(config, query);
}
