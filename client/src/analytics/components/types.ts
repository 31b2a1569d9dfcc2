/**
 * The shape of a report page's configuration: every report is the generic report page driven by
 * one of these (client/src/analytics/reports/<report>/config.ts).
 */
import type {
	AdvancedFilterConfig,
	FilterRule,
	ReportAdvancedFilters,
	ReportFilterConfig,
} from '@abacus/navigation';

import type { MetricType } from '@abacus/metrics';

/** How a metric value is formatted (the metric catalogue's value types). */
export type ValueType = MetricType;

/** A summary tile, and the chart drawn when it is selected. */
export type ChartMetric = {
	/** Field of the stats endpoint's totals and interval subtotals. */
	key: string;
	/** Tile and chart label. */
	label: string;
	type: ValueType;
	/** Table column the table is sorted by when this tile is selected (when it exists). */
	orderby?: string;
	order?: 'asc' | 'desc';
	/** A rise is bad news (refunds, coupons): the delta is shown with the opposite trend colour. */
	isReverseTrend?: boolean;
	/** What the figure counts, shown behind the tile's 'What is this?' (none when absent). */
	definition?: string;
};

/*
 * The filter types are @abacus/navigation's (one definition for the packages and the app); the
 * names below are the ones the report configs use.
 */
export type { ReportFilter, ReportFilterConfig } from '@abacus/navigation';
/** A rule of an advanced filter (e.g. includes / excludes). */
export type AdvancedFilterRule = FilterRule;
/** One advanced filter (a line of the advanced filters card). */
export type AdvancedFilter = AdvancedFilterConfig;
/** The advanced filters card of a report. */
export type AdvancedFiltersConfig = ReportAdvancedFilters;

/** What a row renders from (helpers the page provides so that configs stay pure). */
export type RowContext = {
	formatAmount: (value: unknown) => string;
	formatNumber: (value: unknown) => string;
	/**
	 * A metric value by its type, as the tiles and chart write it: money in the store's currency,
	 * a percentage with 2 decimals and the store's separators (`42.10%`), '' for a non-number.
	 */
	formatMetric: (type: ValueType, value: unknown) => string;
	formatDate: (value: string) => string;
	/** href of an in-app report view, keeping the persisted query. */
	reportLink: (path: string, query: Record<string, string>) => string;
	/** The page's query (the address's, as the page was drawn with it). */
	query: Record<string, unknown>;
	orderStatuses: Record<string, string>;
	countries: Record<string, string>;
};

/** A cell as the table shows it: `display` is what a person sees, `value` what CSV exports. */
export type Cell = {
	display: string;
	value: string | number | null;
	/** When set the cell is a link to this in-app address. */
	href?: string;
	/**
	 * The items of a cell listing several (an order's products): the table shows the first and
	 * '+N more', which opens the whole list; `display` and `value` (CSV) keep the full text.
	 */
	list?: string[];
};

export type TableColumn = {
	key: string;
	label: string;
	screenReaderLabel?: string;
	isSortable?: boolean;
	isNumeric?: boolean;
	isLeftAligned?: boolean;
	/** Cannot be hidden. */
	required?: boolean;
	defaultSort?: boolean;
	/** Hidden until the user shows it. */
	hiddenByDefault?: boolean;
	/** Builds the cell of a row. */
	cell: (row: Record<string, unknown>, context: RowContext) => Cell;
};

/** A summary item below the table, from the stats endpoint's totals. */
export type TableSummaryItem = {
	key: string;
	label: (value: number, context: RowContext) => string;
	type: ValueType;
};

export type ReportTableConfig = {
	title: string;
	/** Endpoint of the rows (`reports/<endpoint>`); for revenue the stats endpoint by interval. */
	endpoint: string;
	/** Rows come from the stats endpoint's intervals (revenue). */
	isStatsByInterval?: boolean;
	/**
	 * For reports by interval: the stats fields the rows and summary read, asked for alone so that
	 * the server computes nothing else (e.g. no distinct-customer counts).
	 */
	statsFields?: string[];
	columns: TableColumn[];
	defaultOrderby: string;
	defaultOrder: 'asc' | 'desc';
	/** Parameters every table request adds (extended_info, _embed, type...). */
	tableQuery?: Record<string, string | number | boolean>;
	/** Summary row below the table (fields read from the stats endpoint). */
	summary: TableSummaryItem[];
	/** Field holding the row identity (for comparison checkboxes). */
	idField?: string;
};

export type ReportConfig = {
	/** Slug used in the path and for preferences: `<report>_report_columns`. */
	report: string;
	title: string;
	/** Path of the page (`/analytics/revenue`, `/customers`). */
	path: string;
	/**
	 * Stats endpoint (`reports/<endpoint>/stats`); whether the page has a date range follows from
	 * it (`hasDateRange(endpoint)` of @abacus/data: stock and customers have none).
	 */
	endpoint: string;
	/** Whether a chart is drawn (stock has none). */
	hasChart: boolean;
	/** Summary tiles (chart metrics). Empty for reports without summary tiles. */
	charts: ChartMetric[];
	filters: ReportFilterConfig[];
	advancedFilters?: AdvancedFiltersConfig;
	table: ReportTableConfig;
	/** `segmentby` of the chart when items are compared (one line per item). */
	comparisonSegment?: string;
	/** Query parameters limiting the stats endpoint to the picked items (`search` words resolve to them). */
	limitBy?: string[];
};
