import type { ReactNode } from 'react';

import type { SelectControlOption, SelectedOption } from '../select-control/index.js';

/** A REST request of an autocompleter; the client passes `apiFetch`. */
export type SearchFetcher = (options: { path: string }) => Promise<unknown>;

/** A search result as the endpoint returns it. */
export type SearchItem = Record<string, unknown>;

/** The search types with a built-in autocompleter, plus 'custom'. */
export type SearchType =
	| 'attributes'
	| 'categories'
	| 'countries'
	| 'coupons'
	| 'customers'
	| 'downloadIps'
	| 'emails'
	| 'orders'
	| 'products'
	| 'taxes'
	| 'usernames'
	| 'variableProducts'
	| 'variations'
	| 'custom';

/** How one kind of item is searched and shown. */
export interface Autocompleter {
	/** Name of the kind. Default 'custom'. */
	name?: string;
	/** The items, or a function of the query returning them. Required. */
	options: SearchItem[] | ((query: string) => SearchItem[] | Promise<SearchItem[]>);
	/** Searches wait 500 ms after the last key press. Default false. */
	isDebounced?: boolean;
	/** Key of an item. Default: its `key`, `id` or `value`. */
	getOptionIdentifier?: (item: SearchItem) => string;
	/** Text of an item (also its tag). Default: its `label` or `name`. */
	getOptionLabel?: (item: SearchItem) => string;
	/** Extra words matched by the search. Default []. */
	getOptionKeywords?: (item: SearchItem) => string[];
	/**
	 * A second line of a suggestion that tells apart items of the same label (a customer's e-mail);
	 * not part of the picked tag. Default none.
	 */
	getOptionDescription?: (item: SearchItem) => string;
	/** Free-text options offered for a query (with `allowFreeTextSearch`). Default none. */
	getFreeTextOptions?: (query: string) => SelectControlOption[];
}

export interface SearchProps {
	/** The kind of item searched. Required. */
	type: SearchType;
	/** The autocompleter of a 'custom' search (required then). Default undefined. */
	autocompleter?: Autocompleter;
	/** REST requester; falls back to the `SearchFetcherProvider` value. Default undefined. */
	fetcher?: SearchFetcher;
	/** Picked items. Default []. */
	selected?: SelectedOption[];
	/** Called with the picked items. Default: no-op. */
	onChange?: (selected: SelectedOption[]) => void;
	/** Placeholder and accessible name of the input. Default undefined. */
	placeholder?: string;
	/** Offers "All … that include <query>" options. Default false. */
	allowFreeTextSearch?: boolean;
	/** Tags render inside the input box. Default false. */
	inlineTags?: boolean;
	/** Shows a "Clear all" button. Default false. */
	showClearButton?: boolean;
	/** Results are part of the layout rather than floating. Default false. */
	staticResults?: boolean;
	/** Disables the search. Default false. */
	disabled?: boolean;
	/** Several items can be picked. Default true. */
	multiple?: boolean;
	className?: string;
	/** Text shown when nothing matches. Default undefined. */
	help?: ReactNode;
}
