/** A label lookup: the items of a comma-separated id list. */
export type GetLabels = (
	ids: string,
	query: Record<string, unknown>,
) => Promise<Array<{ key: number | string; label: string }>>;

/** One entry of a filter dropdown; entries with `subFilters` open a nested menu. */
export interface FilterPickerFilter {
	/** Query value it writes. Required. */
	value: string;
	/** Menu text. Required. */
	label: string;
	/** 'item-comparison' for comparisons drawing one chart line per item. Default undefined. */
	chartMode?: 'item-comparison' | 'time-comparison';
	/** 'Search' for an inline single-item search whose pick also writes `settings.param`. Default undefined. */
	component?: 'Search';
	/** Search type, query param and labels of comparison/search entries. Default undefined. */
	settings?: {
		type: string;
		param: string;
		getLabels?: GetLabels;
		labels?: Record<string, string>;
	};
	/** Nested entries. Default undefined. */
	subFilters?: FilterPickerFilter[];
	/** Labels of the parents (informational). Default undefined. */
	path?: string[];
}

/** One filter dropdown of the report filter bar. */
export interface FilterPickerConfig {
	/** Text before the dropdown (e.g. "Show"). Default ''. */
	label?: string;
	/** Query params kept when the filter changes (besides the persisted date params). Required. */
	staticParams: string[];
	/** Query param written. Required. */
	param: string;
	/** Value meaning "no filter" (written as undefined). Default 'all'. */
	defaultValue?: string;
	/** Whether the dropdown shows for a query. Required. */
	showFilters: (query: Record<string, unknown>) => boolean;
	/** Menu entries. Required. */
	filters: FilterPickerFilter[];
}

export interface FilterPickerProps {
	/** The dropdown's configuration. Required. */
	config: FilterPickerConfig;
	/** Report route the new address points to. Required. */
	path: string;
	/** Current query. Default {}. */
	query?: Record<string, unknown>;
	/** Called with the query update after navigating. Default: no-op. */
	onFilterSelect?: (update: Record<string, string | undefined>) => void;
	className?: string;
}
