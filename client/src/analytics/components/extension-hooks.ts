/**
 * The JS filters another extension hooks into (through `@wordpress/hooks`), with the names and
 * argument shapes of WooCommerce's report filters, so that an extension written for WooCommerce's
 * analytics adds its columns, filters, charts and currency here unchanged. Each is documented in
 * client/README.md. What a callback returns is checked: a value of the wrong shape is ignored (the
 * report keeps its own), so a broken extension cannot blank a report.
 */
import { applyFilters, hasFilter } from '@wordpress/hooks';
import { __ } from '@wordpress/i18n';

import type { AdvancedFiltersConfig, ReportConfig, ReportFilterConfig } from './types.js';

/** Columns and rows of every report table. */
export const REPORT_TABLE_FILTER = 'woocommerce_admin_report_table';
/** The currency a report formats money with. */
export const REPORT_CURRENCY_FILTER = 'woocommerce_admin_report_currency';

/** The per-report filters: `woocommerce_admin_<report>_report_<charts|filters|advanced_filters>`. */
export function reportFilterNames(report: string) {
	return {
		charts: `woocommerce_admin_${report}_report_charts`,
		filters: `woocommerce_admin_${report}_report_filters`,
		advancedFilters: `woocommerce_admin_${report}_report_advanced_filters`,
	};
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isChart(value: unknown): boolean {
	return isRecord(value) && typeof value.key === 'string' && typeof value.label === 'string';
}

function isFilterConfig(value: unknown): boolean {
	return (
		isRecord(value) &&
		typeof value.param === 'string' &&
		Array.isArray(value.filters) &&
		value.filters.every(
			(entry) =>
				isRecord(entry) &&
				typeof entry.label === 'string' &&
				typeof entry.value === 'string',
		)
	);
}

function isAdvancedFilter(value: unknown): boolean {
	return (
		isRecord(value) &&
		isRecord(value.labels) &&
		Array.isArray(value.rules) &&
		isRecord(value.input) &&
		typeof value.input.component === 'string'
	);
}

/**
 * The report config with every extension's charts, filter dropdowns and advanced filters applied.
 * A report whose advanced filters an extension fills gets the 'Advanced filters' entry in its
 * first filter dropdown, as in WooCommerce.
 */
export function applyReportConfigFilters(config: ReportConfig): ReportConfig {
	const names = reportFilterNames(config.report);
	if (
		!hasFilter(names.charts) &&
		!hasFilter(names.filters) &&
		!hasFilter(names.advancedFilters)
	) {
		return config;
	}

	const charts = applyFilters(names.charts, [...config.charts]);
	const nextCharts =
		Array.isArray(charts) && charts.every(isChart)
			? (charts as ReportConfig['charts'])
			: config.charts;

	const ownAdvanced: AdvancedFiltersConfig = config.advancedFilters ?? {
		/* translators: {{select /}} is the All/Any selector */
		title: __('Matches {{select /}} filters', 'abacus'),
		filters: {},
	};
	const advanced = applyFilters(names.advancedFilters, {
		...ownAdvanced,
		filters: { ...ownAdvanced.filters },
	});
	const nextAdvanced =
		isRecord(advanced) &&
		typeof advanced.title === 'string' &&
		isRecord(advanced.filters) &&
		Object.values(advanced.filters).every(isAdvancedFilter)
			? (advanced as AdvancedFiltersConfig)
			: config.advancedFilters;

	let ownFilters: ReportFilterConfig[] = config.filters.map((filter) => ({
		...filter,
		filters: [...filter.filters],
	}));
	const hasAdvancedEntry = ownFilters.some((filter) =>
		filter.filters.some((entry) => entry.value === 'advanced'),
	);
	if (
		!hasAdvancedEntry &&
		nextAdvanced &&
		Object.keys(nextAdvanced.filters).length > 0 &&
		ownFilters.length > 0
	) {
		const [first, ...rest] = ownFilters;
		ownFilters = [
			{
				...first,
				filters: [
					...first.filters,
					{ label: __('Advanced filters', 'abacus'), value: 'advanced' },
				],
			},
			...rest,
		];
	}
	const filters = applyFilters(names.filters, ownFilters);
	const nextFilters =
		Array.isArray(filters) && filters.every(isFilterConfig)
			? (filters as ReportFilterConfig[])
			: config.filters;

	const unchanged =
		nextCharts === config.charts &&
		nextFilters === config.filters &&
		nextAdvanced === config.advancedFilters;
	if (unchanged) return config;
	return {
		...config,
		charts: nextCharts,
		filters: nextFilters,
		...(nextAdvanced && Object.keys(nextAdvanced.filters).length > 0
			? { advancedFilters: nextAdvanced }
			: {}),
	};
}

/** A header of the report table as the `woocommerce_admin_report_table` filter sees it. */
export interface ReportTableHeader {
	key: string;
	label: string;
	[extra: string]: unknown;
}

/** A cell: what is shown, and the value for sorting and CSV. */
export interface ReportTableCell {
	display?: unknown;
	value?: string | number | boolean | null;
}

/** The argument and result of `woocommerce_admin_report_table`. */
export interface ReportTableData<H extends ReportTableHeader, C extends ReportTableCell> {
	/** The rows' endpoint: 'orders', 'products', 'revenue' (stats by interval)... */
	endpoint: string;
	headers: H[];
	rows: C[][];
	totals: Record<string, unknown>;
	summary: Array<{ label: string; value: string }>;
	/** The REST rows the table was built from (`items.data[i]` is the source of `rows[i]`). */
	items: { data: Array<Record<string, unknown>>; totalResults: number };
}

/**
 * Headers, rows and summary with every extension's columns applied. A result whose rows are not
 * one cell per header is ignored.
 */
export function applyReportTableFilter<H extends ReportTableHeader, C extends ReportTableCell>(
	data: ReportTableData<H, C>,
): ReportTableData<H, C> {
	const result = applyFilters(REPORT_TABLE_FILTER, {
		...data,
		headers: [...data.headers],
		rows: data.rows.map((row) => [...row]),
		summary: [...data.summary],
	});
	if (!isRecord(result) || !Array.isArray(result.headers) || !Array.isArray(result.rows)) {
		return data;
	}
	const headers = result.headers as unknown[];
	const rows = result.rows as unknown[];
	const headersOk = headers.every((header) => isRecord(header) && typeof header.key === 'string');
	const rowsOk = rows.every(
		(row) =>
			Array.isArray(row) &&
			row.length === headers.length &&
			row.every((cell) => isRecord(cell)),
	);
	if (!headersOk || !rowsOk) return data;
	const summary = Array.isArray(result.summary)
		? (result.summary as ReportTableData<H, C>['summary'])
		: data.summary;
	return { ...data, headers: headers as H[], rows: rows as C[][], summary };
}

/**
 * The store's currency settings after `woocommerce_admin_report_currency` (called with the
 * settings and the report's query, e.g. to show another currency for a `currency` parameter).
 */
export function applyReportCurrencyFilter<T extends object>(
	currency: T,
	query: Record<string, unknown>,
): T {
	const result = applyFilters(REPORT_CURRENCY_FILTER, { ...currency }, query);
	return isRecord(result) ? ({ ...currency, ...result } as T) : currency;
}
