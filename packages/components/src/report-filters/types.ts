import type { ReactNode } from 'react';
import type { CurrencyConfig } from '@abacus/currency';

import type { DateQuery, DateRangeSelection } from '../date-range-filter-picker/index.js';
import type { FilterPickerConfig } from '../filter-picker/index.js';
import type { SearchFetcher } from '../search/index.js';

export interface ReportFiltersProps {
	/** Report route the filters navigate within. Required. */
	path: string;
	/** Current query. Default {}. */
	query?: Record<string, unknown>;
	/** One dropdown per config whose `showFilters(query)` is true. Default []. */
	filters?: FilterPickerConfig[];
	/** Configuration of the advanced filters card (shown when a filter value is 'advanced'). Default {}. */
	advancedFilters?: Record<string, unknown>;
	/** Whether the date range picker shows. Default true. */
	showDatePicker?: boolean;
	/** Called with the new range after navigating. Default: no-op. */
	onDateSelect?: (selection: DateRangeSelection) => void;
	/** Called with a filter's query update after navigating. Default: no-op. */
	onFilterSelect?: (update: Record<string, string | undefined>) => void;
	/** Called on advanced filter actions. Default: no-op. */
	onAdvancedFilterAction?: (action: string, data?: unknown) => void;
	/** Currency of money inputs in the advanced filters. Default: the default currency config. */
	currency?: Partial<CurrencyConfig>;
	/** Site locale of number inputs. Default 'en_US'. */
	siteLocale?: string;
	/** The date query and its labels. Required when `showDatePicker`. */
	dateQuery?: DateQuery;
	/** moment format of the after/before values written. Default 'YYYY-MM-DD'. */
	isoDateFormat?: string;
	/** REST requester of the comparison and filter searches (the client passes apiFetch). Default: the SearchFetcherProvider's. */
	fetcher?: SearchFetcher;
	/** Extra content after the filter dropdowns. Default undefined. */
	children?: ReactNode;
}
