import type {
	ActiveFilter,
	AdvancedFilterConfig,
	AdvancedFilterInput,
	AdvancedFilterLabels,
	FilterOption,
	FilterValue,
	ReportAdvancedFilters,
} from '@abacus/navigation';

/** An option of a SelectControl input (@abacus/navigation's FilterOption). */
export type AdvancedFilterOption = FilterOption;

/** The input of a filter line, its texts and the whole filter: @abacus/navigation's types. */
export type { AdvancedFilterInput, AdvancedFilterLabels };

/** Configuration of one advanced filter (@abacus/navigation's AdvancedFilterConfig). */
export type AdvancedFilterDefinition = AdvancedFilterConfig;

/** Configuration of the panel (@abacus/navigation's ReportAdvancedFilters). */
export type AdvancedFiltersConfigProp = ReportAdvancedFilters;

/** An active line: a filter with its rule and value, plus an instance counter. */
export interface AdvancedFilterLine extends ActiveFilter {
	instance: number;
}

export type { FilterValue };

export interface AdvancedFiltersProps {
	/** The filters and the card title. Required. */
	config: AdvancedFiltersConfigProp;
	/** Report route the panel navigates within. Required. */
	path: string;
	/** Current query. Default {}. */
	query?: Record<string, unknown>;
	/** Called on 'filter', 'clear_all', 'add', 'remove' and 'match' with details. Default: no-op. */
	onAdvancedFilterAction?: (action: string, data?: Record<string, unknown>) => void;
	/** Currency symbol and position of Currency inputs. Default `{ symbol: '$', symbolPosition: 'left' }`. */
	currency?: {
		symbol?: string;
		symbolPosition?: 'left' | 'right' | 'left_space' | 'right_space';
	};
	/** moment format of typed dates. Default 'MM/DD/YYYY'. */
	dateFormat?: string;
	/** Extra class. Default undefined. */
	className?: string;
}
