export { HighlightedText, Search, SearchFetcherProvider, useSearchFetcher } from './search.js';
export {
	getAutocompleter,
	getTaxCode,
	isSearchType,
	SEARCH_DEBOUNCE_MS,
	SEARCH_TYPES,
} from './autocompleters.js';
export type { Autocompleter, SearchFetcher, SearchItem, SearchProps, SearchType } from './types.js';
