import type { ReactNode } from 'react';

/** An option of the list. */
export interface SelectControlOption {
	/** Unique key; what `onChange` reports. Required. */
	key: string;
	/** What the list shows (text or rich content). Required. */
	label: ReactNode;
	/** Any value the caller attaches (e.g. the search result). Default undefined. */
	value?: unknown;
	/** Extra words matched by the search. Default []. */
	keywords?: string[];
	/** Shown but not selectable. Default false. */
	isDisabled?: boolean;
}

/** A picked option as tags show it. */
export interface SelectedOption {
	key: string;
	label: string;
}

export interface SelectControlProps {
	/** Options to choose from. Required. */
	options: SelectControlOption[];
	/** The selection: a key (single select) or a list of picked options. Default []. */
	selected?: string | SelectedOption[];
	/** Called with the new selection: a key when `selected` is a string, else a list. Default: no-op. */
	onChange?: (selected: string | SelectedOption[], query?: string) => void;
	/** Several options can be picked (shown as tags). Default false. */
	multiple?: boolean;
	/** The input filters the options by their label and keywords. Default false. */
	isSearchable?: boolean;
	/** Tags render inside the input box. Default false. */
	inlineTags?: boolean;
	/** Picked options leave the list. Default true. */
	excludeSelectedOptions?: boolean;
	/** Turns the typed query into the matched expression. Default: identity. */
	getSearchExpression?: (query: string) => string;
	/** Post-filters the filtered options (e.g. to prepend free-text options). Default: identity. */
	onFilter?: (options: SelectControlOption[], query: string | null) => SelectControlOption[];
	/** Fetches options for a query; a new function re-runs the current search. Default: the given options. */
	onSearch?: (
		options: SelectControlOption[],
		query: string | null,
	) => Promise<SelectControlOption[]> | SelectControlOption[];
	/** Maximum options shown; 0 for no limit. Default 0. */
	maxResults?: number;
	/** Delay in ms between the last key press and the search. Default 0. */
	searchDebounceTime?: number;
	/** `type` of the input. Default 'search'. */
	searchInputType?: 'search' | 'text' | 'number';
	/** The full list opens on focus. Default false. */
	showAllOnFocus?: boolean;
	/** Shows a "Clear all" button when something is picked. Default false. */
	showClearButton?: boolean;
	/** The list stays hidden until something is typed. Default false. */
	hideBeforeSearch?: boolean;
	/** The list is part of the layout rather than floating. Default false. */
	staticList?: boolean;
	/** `autocomplete` attribute of the input. Default 'off'. */
	autofill?: string;
	/** Visible label. Default undefined. */
	label?: string;
	/** Help text under the control. Default undefined. */
	help?: ReactNode;
	/** Placeholder of the input. Default undefined. */
	placeholder?: string;
	/** Disables the control. Default false. */
	disabled?: boolean;
	className?: string;
	controlClassName?: string;
}
