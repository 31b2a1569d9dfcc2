import type { GetFilterLabels, ReportFilter, ReportFilterConfig } from '@abacus/navigation';

/** A label lookup: the items of a comma-separated id list (@abacus/navigation's GetFilterLabels). */
export type GetLabels = GetFilterLabels;

/** One entry of a filter dropdown (@abacus/navigation's ReportFilter). */
export type FilterPickerFilter = ReportFilter;

/** One filter dropdown of the report filter bar (@abacus/navigation's ReportFilterConfig). */
export type FilterPickerConfig = ReportFilterConfig;

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
