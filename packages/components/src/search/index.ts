export { HighlightedText, Search, SearchFetcherProvider, useSearchFetcher } from './search.js';
export { getAutocompleter, getTaxCode, SEARCH_DEBOUNCE_MS } from './autocompleters.js';
export type { Autocompleter, SearchFetcher, SearchItem, SearchProps, SearchType } from './types.js';
