import type { ActiveFilter, FilterValue } from '@abacus/navigation';

import type { SearchType } from '../search/index.js';

/** An option of a SelectControl input. */
export interface AdvancedFilterOption {
	value: string;
	label: string;
}

/** The input of a filter line. */
export interface AdvancedFilterInput {
	/** Which input edits the value. Required. */
	component: 'Currency' | 'Date' | 'Number' | 'ProductAttribute' | 'Search' | 'SelectControl';
	/** Search type of a Search input. Default undefined. */
	type?: SearchType;
	/** Options of a SelectControl input. Default []. */
	options?: AdvancedFilterOption[];
	/** Option a new SelectControl line starts with. Default: the first option. */
	defaultOption?: string;
	/** Labels of the ids of a Search value (comma list), to show its tags. Default: the ids. */
	getLabels?: (ids: string) => Promise<Array<{ key: string | number; label: string }>>;
	[key: string]: unknown;
}

/** Texts of one filter. */
export interface AdvancedFilterLabels {
	/** Entry of the 'Add a Filter' menu, e.g. 'Product'. Required. */
	add: string;
	/** Label of the remove button, e.g. 'Remove product filter'. Required. */
	remove: string;
	/** Accessible label of the rule select, e.g. 'Select a product filter match'. Default ''. */
	rule?: string;
	/** Title shown at the start of the line, e.g. 'Product'. Required. */
	title: string;
	/** Accessible label of the value input, e.g. 'Select products'. Default ''. */
	filter?: string;
	/** Placeholder of a Search input. Default ''. */
	placeholder?: string;
}

/** Configuration of one advanced filter. */
export interface AdvancedFilterDefinition {
	labels: AdvancedFilterLabels;
	/** Rules, e.g. `[{ value: 'includes', label: 'Includes' }]`; the first is the default. Default none. */
	rules?: Array<{ value: string; label: string }>;
	input: AdvancedFilterInput;
	/** Several lines of this filter may be added. Default false. */
	allowMultiple?: boolean;
}

/** Configuration of the panel. */
export interface AdvancedFiltersConfigProp {
	/** Card title; `{{select /}}` marks where the All/Any selector goes, e.g. 'Orders match {{select /}} filters'. Required. */
	title: string;
	/** Filters by key (the query key prefix). Required. */
	filters: Record<string, AdvancedFilterDefinition>;
}

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
