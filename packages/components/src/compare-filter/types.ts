import type { ReactNode } from 'react';

import type { GetLabels } from '../filter-picker/index.js';
import type { Autocompleter, SearchFetcher, SearchType } from '../search/index.js';

export interface CompareButtonProps {
	/** Number of picked items; below 2 the button is disabled. Required. */
	count: number;
	/** Button text. Required. */
	children: ReactNode;
	/** Tooltip and description of the disabled button. Required. */
	helpText: string;
	/** Called on click. Required. */
	onClick: () => void;
	/** Disables the button regardless of the count. Default false. */
	disabled?: boolean;
	className?: string;
}

export interface CompareFilterLabels {
	/** Placeholder of the search. Default 'Search for items to compare'. */
	placeholder?: string;
	/** Title of the card. Default 'Compare'. */
	title?: string;
	/** Text of the compare button. Default 'Compare'. */
	update?: string;
	/** Help of the disabled compare button. Default 'Select at least two items to compare'. */
	helpText?: string;
}

export interface CompareFilterProps {
	/** Labels of a comma-separated id list. Required. */
	getLabels: GetLabels;
	/** Texts of the card. Default {}. */
	labels?: CompareFilterLabels;
	/** Query param holding the compared ids. Required. */
	param: string;
	/** Report route. Required. */
	path: string;
	/** Current query. Default {}. */
	query?: Record<string, unknown>;
	/** Search type of the items. Required. */
	type: SearchType;
	/** Autocompleter of a 'custom' type. Default undefined. */
	autocompleter?: Autocompleter;
	/** REST requester of the search (else the SearchFetcherProvider's). Default undefined. */
	fetcher?: SearchFetcher;
}
