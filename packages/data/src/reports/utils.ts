/**
 * Report helpers: the one place that builds report queries (summary, chart, table, leaderboard)
 * and reads their request state from the stores.
 */
import {
	appendTimestamp,
	getCurrentDates,
	getIntervalCount,
	getIntervalForQuery,
	getStartOfWeek,
	isIntervalType,
	isoDateFormat,
	toMoment,
} from '@abacus/date';
import {
	flattenFilters,
	getActiveFiltersFromQuery,
	getQueryFromActiveFilters,
	type ActiveFilter,
	type AdvancedFilterRules,
	type FilterValue,
	type Query as NavigationQuery,
	type ReportAdvancedFilters,
	type ReportFilter,
	type ReportFilterConfig,
	type ReportFilterValue,
} from '@abacus/navigation';

import { MAX_PER_PAGE, QUERY_DEFAULTS } from '../constants.js';
import { LruCache } from '../lru-cache.js';
import type { Item } from '../items/index.js';
import { selectItems } from '../items/select.js';
import { toRequestFlags } from '../request-state.js';
import type { AnySelect } from '../store-registry.js';
import { getResourceName } from '../utils.js';
import type { Query } from '../types.js';
import { selectReportItems, selectReportStats } from './select.js';
import type { ReportResult, ReportStatsData } from './types.js';

type RangeMoment = Parameters<typeof appendTimestamp>[0];

/** The start or end timestamps of the current ranges' moments, kept with them (see dayStamp). */
const dayStamps = new WeakMap<RangeMoment, { start?: string; end?: string }>();

/**
 * `appendTimestamp` of a range's start or end day (a moment of `getCurrentDates`, which gives the
 * same objects for the same query): worked out once per moment, not at each of the page's
 * selections.
 */
function dayStamp(date: RangeMoment, timeOfDay: 'start' | 'end'): string {
	let stamps = dayStamps.get(date);
	if (!stamps) {
		stamps = {};
		dayStamps.set(date, stamps);
	}
	return (stamps[timeOfDay] ??= appendTimestamp(date.clone(), timeOfDay));
}

/** Endpoints without dates or intervals (their reports have no date range). */
export const noIntervalEndpoints: readonly string[] = ['stock', 'customers'];

/** Whether the reports of a stats endpoint have a date range and intervals (all but stock and customers). */
export function hasDateRange(endpoint: string): boolean {
	return !noIntervalEndpoints.includes(endpoint);
}

/**
 * Filter config types live in @abacus/navigation; these names stay for code that imported them
 * from here.
 */
export type { ReportFilter, ReportFilterConfig };
/** @deprecated The advanced filters card of a report: `ReportAdvancedFilters` of @abacus/navigation. */
export type AdvancedFiltersConfig = ReportAdvancedFilters;

export interface FilterQueryOptions {
	endpoint: string;
	query: Query;
	limitBy?: readonly string[];
	/** The report's filter dropdowns (`ReportFilterConfig`s; only `param` and `filters` are read). */
	filters?: ReadonlyArray<{ param: string; filters: readonly ReportFilterValue[] }>;
	/** The report's advanced filters (only `filters` is read). */
	advancedFilters?: { filters?: AdvancedFilterRules };
}

function timestampDateFilter(
	advancedFilters: NonNullable<FilterQueryOptions['advancedFilters']>,
	filter: ActiveFilter,
): ActiveFilter {
	const definition = advancedFilters.filters?.[filter.key];
	if (definition?.input?.component !== 'Date') {
		return filter;
	}
	const stamp = (value: FilterValue, timeOfDay: 'start' | 'end'): FilterValue => {
		const date = typeof value === 'string' ? toMoment(isoDateFormat, value) : null;
		return date ? appendTimestamp(date, timeOfDay) : value;
	};
	if (Array.isArray(filter.value)) {
		const [after, before] = filter.value;
		return { ...filter, value: [stamp(after, 'start'), stamp(before, 'end')] };
	}
	return { ...filter, value: stamp(filter.value, filter.rule === 'before' ? 'end' : 'start') };
}

function queryFromConfig(
	config: NonNullable<FilterQueryOptions['filters']>[number],
	advancedFilters: NonNullable<FilterQueryOptions['advancedFilters']>,
	query: Query,
): Query {
	const value = query[config.param];
	if (!value) {
		return {};
	}
	if (value === 'advanced') {
		const definitions = advancedFilters.filters ?? {};
		const active = getActiveFiltersFromQuery(query as NavigationQuery, definitions).map(
			(filter) => timestampDateFilter(advancedFilters, filter),
		);
		if (!active.length) {
			return {};
		}
		const filterQuery: Query = getQueryFromActiveFilters(active, {}, definitions);
		return { match: query.match || 'all', ...filterQuery };
	}
	const filter = flattenFilters(config.filters).find((item) => item.value === value);
	if (!filter) {
		return {};
	}
	const param = filter.settings?.param;
	if (param) {
		return query[param] ? { [param]: query[param] } : {};
	}
	return { [config.param]: value };
}

/**
 * The filter part of a report query: with a search, only the `limitBy` params (default: the
 * endpoint's own); otherwise what every active report-bar filter and advanced filter asks for.
 */
export function getFilterQuery({
	endpoint,
	query,
	limitBy,
	filters = [],
	advancedFilters = {},
}: FilterQueryOptions): Query {
	if (query.search) {
		const result: Query = {};
		for (const param of limitBy ?? [endpoint]) {
			result[param] = query[param];
		}
		return result;
	}
	return filters.reduce<Query>(
		(result, config) => ({ ...result, ...queryFromConfig(config, advancedFilters, query) }),
		{},
	);
}

export interface ReportQueryOptions extends FilterQueryOptions {
	/** Default date range query string (store setting); default period=month&compare=previous_year. */
	defaultDateRange?: string;
	fields?: readonly string[];
}

export interface ChartQueryOptions extends ReportQueryOptions {
	dataType: 'primary' | 'secondary';
}

/** The stats request of a chart or summary for the primary or secondary period. */
export function getRequestQuery(options: ChartQueryOptions): Query {
	const { endpoint, dataType, query, fields, defaultDateRange } = options;
	const filterQuery = getFilterQuery(options);
	if (!hasDateRange(endpoint)) {
		return { ...filterQuery, fields };
	}
	const dates = getCurrentDates(query, defaultDateRange)[dataType];
	return {
		order: 'asc',
		interval: getIntervalForQuery(query, defaultDateRange),
		per_page: MAX_PER_PAGE,
		after: dayStamp(dates.after, 'start'),
		before: dayStamp(dates.before, 'end'),
		segmentby: query.segmentby,
		fields,
		...filterQuery,
	};
}

function totalsOf(stats: ReportResult): Record<string, unknown> | null {
	const data = stats.data as Partial<ReportStatsData> | null | undefined;
	return data?.totals ?? null;
}

export interface SummaryNumbersOptions extends ReportQueryOptions {
	select: AnySelect;
}

export interface SummaryNumbers {
	isRequesting: boolean;
	isError: boolean;
	totals: {
		primary: Record<string, unknown> | null;
		secondary: Record<string, unknown> | null;
	};
}

const NO_TOTALS: SummaryNumbers['totals'] = Object.freeze({ primary: null, secondary: null });

/**
 * The summary of a request still under way or failed: one object for each (with `kept` below, a
 * summary stays the same object while its answers are unchanged, so a store change elsewhere
 * draws nothing again).
 */
const SUMMARY_OF_FLAGS = {
	requesting: Object.freeze({ isRequesting: true, isError: false, totals: NO_TOTALS }),
	error: Object.freeze({ isRequesting: false, isError: true, totals: NO_TOTALS }),
};

function summaryOfFlags(flags: { isRequesting: boolean; isError: boolean }): SummaryNumbers {
	return flags.isError ? SUMMARY_OF_FLAGS.error : SUMMARY_OF_FLAGS.requesting;
}

/** Summaries by their totals objects (the stores' answers): the same totals, the same summary. */
const keptSummaries = new WeakMap<object, Map<unknown, SummaryNumbers>>();

function keptSummary(
	primary: Record<string, unknown> | null,
	secondary: Record<string, unknown> | null,
	isRequesting: boolean,
): SummaryNumbers {
	const make = (): SummaryNumbers => ({
		isRequesting,
		isError: false,
		totals: { primary, secondary },
	});
	if (!primary) return make();
	let bySecondary = keptSummaries.get(primary);
	if (!bySecondary) {
		bySecondary = new Map();
		keptSummaries.set(primary, bySecondary);
	}
	// Two entries at most per primary totals: the secondary still on its way, and its answer.
	const key = isRequesting ? 'requesting' : secondary;
	let summary = bySecondary.get(key);
	if (!summary) {
		summary = make();
		if (bySecondary.size >= 4) bySecondary.clear();
		bySecondary.set(key, summary);
	}
	return summary;
}

/** Totals of both periods (the secondary is asked for once the primary has arrived). */
export function getSummaryNumbers(options: SummaryNumbersOptions): SummaryNumbers {
	const { endpoint, select } = options;
	const primary = selectReportStats(
		select,
		endpoint,
		getRequestQuery({ ...options, dataType: 'primary' }),
	);
	if (primary.status !== 'success') {
		return summaryOfFlags(toRequestFlags(primary));
	}
	const primaryTotals = totalsOf(primary.data);
	const secondary = selectReportStats(
		select,
		endpoint,
		getRequestQuery({ ...options, dataType: 'secondary' }),
	);
	if (secondary.status === 'error') {
		return SUMMARY_OF_FLAGS.error;
	}
	if (secondary.status !== 'success') {
		return keptSummary(primaryTotals, null, true);
	}
	return keptSummary(primaryTotals, totalsOf(secondary.data), false);
}

/** Whether a stats answer has nothing to draw. */
export function isReportDataEmpty(report: ReportResult | undefined, endpoint: string): boolean {
	const data = report?.data as Partial<ReportStatsData> | null | undefined;
	if (!data || !data.totals) {
		return true;
	}
	return hasDateRange(endpoint) && !data.intervals?.length;
}

export interface ReportChartData {
	isEmpty: boolean;
	isError: boolean;
	isRequesting: boolean;
	data: { totals: Record<string, unknown>; intervals: ReportStatsData['intervals'] };
}

/** How many chart results are kept for reuse (the least recently used are dropped). */
export const CHART_CACHE_SIZE = 100;

function frozenChart(flags: Omit<ReportChartData, 'data'>): ReportChartData {
	const data: ReportChartData['data'] = { totals: {}, intervals: [] };
	Object.freeze(data.totals);
	Object.freeze(data.intervals);
	return Object.freeze({ ...flags, data: Object.freeze(data) });
}

/**
 * Chart data without an answer to draw: one object for each state, so that a store change that
 * leaves a chart waiting gives its `useSelect` the same result (and draws nothing again).
 */
const CHART_WITHOUT_DATA = {
	requesting: frozenChart({ isEmpty: false, isError: false, isRequesting: true }),
	error: frozenChart({ isEmpty: false, isError: true, isRequesting: false }),
	empty: frozenChart({ isEmpty: true, isError: false, isRequesting: false }),
};

function chartOfFlags(flags: { isRequesting: boolean; isError: boolean }): ReportChartData {
	return flags.isError ? CHART_WITHOUT_DATA.error : CHART_WITHOUT_DATA.requesting;
}

const chartCache = new LruCache<
	string,
	{ sources: readonly ReportResult[]; result: ReportChartData }
>(CHART_CACHE_SIZE);

function sameSources(a: readonly ReportResult[], b: readonly ReportResult[]): boolean {
	return a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * How many pages of MAX_PER_PAGE intervals a stats request's range needs (1 when it cannot tell:
 * no dates, an unknown interval or unreadable dates; the answer's total corrects it then).
 */
export function getExpectedIntervalPages(requestQuery: Query): number {
	const { after, before, interval } = requestQuery;
	if (typeof after !== 'string' || typeof before !== 'string' || !isIntervalType(interval)) {
		return 1;
	}
	try {
		const count = getIntervalCount(after, before, interval, getStartOfWeek());
		return Math.max(1, Math.ceil(count / MAX_PER_PAGE));
	} catch {
		return 1;
	}
}

/**
 * Chart data of one period: totals and intervals. When the answer says there are more than
 * MAX_PER_PAGE intervals, pages 2…n are requested and their intervals appended. The same result
 * object is returned while the underlying answers are unchanged.
 */
export function getReportChartData(
	options: ChartQueryOptions & { select: AnySelect },
): ReportChartData {
	const { endpoint, select } = options;
	const requestQuery = getRequestQuery(options);
	const first = selectReportStats(select, endpoint, requestQuery);
	// The pages the range will need are asked for together with the first (no waterfall): the
	// number of intervals follows from the dates and the interval.
	const expectedPages = getExpectedIntervalPages(requestQuery);
	for (let page = 2; page <= expectedPages; page++) {
		selectReportStats(select, endpoint, { ...requestQuery, page });
	}
	if (first.status !== 'success') {
		return chartOfFlags(toRequestFlags(first));
	}
	const stats = first.data;
	if (isReportDataEmpty(stats, endpoint)) {
		return CHART_WITHOUT_DATA.empty;
	}
	const sources: ReportResult[] = [stats];
	if (stats.totalResults > MAX_PER_PAGE) {
		const totalPages = Math.ceil(stats.totalResults / MAX_PER_PAGE);
		let pending = false;
		for (let page = 2; page <= totalPages; page++) {
			const pageStats = selectReportStats(select, endpoint, { ...requestQuery, page });
			if (pageStats.status === 'error') {
				return CHART_WITHOUT_DATA.error;
			}
			if (pageStats.status !== 'success') {
				pending = true;
				continue;
			}
			sources.push(pageStats.data);
		}
		if (pending) {
			return CHART_WITHOUT_DATA.requesting;
		}
	}
	const key = getResourceName(endpoint, requestQuery);
	const cached = chartCache.get(key);
	if (cached && sameSources(cached.sources, sources)) {
		return cached.result;
	}
	const intervals = sources.flatMap(
		(source) => (source.data as Partial<ReportStatsData> | null)?.intervals ?? [],
	);
	const result: ReportChartData = {
		isEmpty: false,
		isError: false,
		isRequesting: false,
		data: { totals: totalsOf(stats) ?? {}, intervals },
	};
	chartCache.set(key, { sources, result });
	return result;
}

export interface TableQueryOptions extends ReportQueryOptions {
	tableQuery?: Query;
}

/** The table request: ordering, primary dates (none for stock/customers), paging, filters. */
export function getReportTableQuery(options: TableQueryOptions): Query {
	const { query, tableQuery = {}, endpoint, defaultDateRange } = options;
	const filterQuery = getFilterQuery(options);
	const dates = hasDateRange(endpoint) ? getCurrentDates(query, defaultDateRange).primary : null;
	return {
		orderby: query.orderby || 'date',
		order: query.order || 'desc',
		after: dates ? dayStamp(dates.after, 'start') : undefined,
		before: dates ? dayStamp(dates.before, 'end') : undefined,
		page: query.paged || 1,
		per_page: query.per_page || QUERY_DEFAULTS.pageSize,
		...filterQuery,
		...tableQuery,
	};
}

export interface ReportTableData {
	query: Query;
	isRequesting: boolean;
	isError: boolean;
	items: ReportResult;
}

/** Rows of a report table with their request state. */
export function getReportTableData(
	options: TableQueryOptions & { select: AnySelect },
): ReportTableData {
	const { endpoint, select } = options;
	const tableQuery = getReportTableQuery(options);
	const items = selectReportItems(select, endpoint, tableQuery);
	return {
		query: tableQuery,
		...toRequestFlags(items),
		items:
			items.status === 'success' ? items.data : { data: [], totalResults: 0, totalPages: 0 },
	};
}

/** The tooltip's value format of a metric type: its home is `@abacus/metrics`, beside the types. */
export { getTooltipValueFormat } from '@abacus/metrics';

export interface LeaderboardOptions {
	id: string;
	per_page: number;
	persisted_query: Query;
	query: Query;
	select: AnySelect;
	filterQuery?: Query;
	defaultDateRange?: string;
}

/** Rows of one leaderboard for the primary period. */
export function getLeaderboard(options: LeaderboardOptions): {
	isRequesting: boolean;
	isError: boolean;
	rows: unknown[];
} {
	const { id, per_page: perPage, persisted_query: persisted, query, select } = options;
	const dates = getCurrentDates(query, options.defaultDateRange).primary;
	const leaderboardQuery: Query = {
		...options.filterQuery,
		after: dayStamp(dates.after, 'start'),
		before: dayStamp(dates.before, 'end'),
		per_page: perPage,
		persisted_query: JSON.stringify(persisted),
	};
	const leaderboards = selectItems(select, 'leaderboards', leaderboardQuery);
	if (leaderboards.status !== 'success') {
		return { ...toRequestFlags(leaderboards), rows: [] };
	}
	const rows = leaderboards.data.get(id)?.rows;
	return { isRequesting: false, isError: false, rows: Array.isArray(rows) ? rows : [] };
}

/** Items matching any of the words (one `search` request of 10 per word). */
export function searchItemsByString(
	select: AnySelect,
	endpoint: string,
	search: readonly string[],
): { items: Record<string, Item>; isRequesting: boolean; isError: boolean } {
	const items: Record<string, Item> = {};
	let isRequesting = false;
	let isError = false;
	for (const word of search) {
		const found = selectItems(select, endpoint, { search: word, per_page: 10 });
		if (found.status === 'success') {
			found.data.forEach((item, id) => {
				items[String(id)] = item;
			});
		}
		const flags = toRequestFlags(found);
		isRequesting = isRequesting || flags.isRequesting;
		isError = isError || flags.isError;
	}
	return { items, isRequesting, isError };
}
