import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import clsx from 'clsx';
import {
	createContext,
	useCallback,
	useContext,
	useMemo,
	useRef,
	useState,
	type ReactNode,
} from 'react';

import { SelectControl } from '../select-control/index.js';
import type { SelectControlOption, SelectedOption } from '../select-control/index.js';
import { getAutocompleter, SEARCH_DEBOUNCE_MS } from './autocompleters.js';
import type { Autocompleter, SearchFetcher, SearchItem, SearchProps } from './types.js';
import './style.scss';

const SearchFetcherContext = createContext<SearchFetcher | undefined>(undefined);

/** Gives every Search below it a REST requester (the client passes `apiFetch`). */
export function SearchFetcherProvider({
	fetcher,
	children,
}: {
	fetcher: SearchFetcher;
	children: ReactNode;
}) {
	return (
		<SearchFetcherContext.Provider value={fetcher}>{children}</SearchFetcherContext.Provider>
	);
}

/** The requester of the nearest SearchFetcherProvider, if any. */
export function useSearchFetcher(): SearchFetcher | undefined {
	return useContext(SearchFetcherContext);
}

/** `text` with the parts matching `query` in bold. */
export function HighlightedText({ text, query }: { text: string; query: string }) {
	if (!query) return <>{text}</>;
	const lower = text.toLowerCase();
	const needle = query.toLowerCase();
	const parts: ReactNode[] = [];
	let from = 0;
	let at = lower.indexOf(needle);
	while (at !== -1 && needle) {
		if (at > from) parts.push(text.slice(from, at));
		parts.push(<strong key={at}>{text.slice(at, at + needle.length)}</strong>);
		from = at + needle.length;
		at = lower.indexOf(needle, from);
	}
	if (from < text.length) parts.push(text.slice(from));
	return <span aria-label={text}>{parts}</span>;
}

const itemText = (value: unknown): string =>
	typeof value === 'string' || typeof value === 'number' ? String(value) : '';

const FREE_TEXT_PREFIX = 'abacus-free-text:';

/**
 * An item search: a SelectControl fed by the autocompleter of `type` (debounced remote search,
 * highlighted matches). With `allowFreeTextSearch` the "All … that include <query>" options come
 * first. A failed request shows an error with a Retry button.
 */
export function Search({
	type,
	autocompleter,
	fetcher,
	selected = [],
	onChange = () => {},
	placeholder,
	allowFreeTextSearch = false,
	inlineTags = false,
	showClearButton = false,
	staticResults = false,
	disabled = false,
	multiple = true,
	className,
	help,
}: SearchProps) {
	if (type === 'custom' && (!autocompleter || typeof autocompleter !== 'object')) {
		throw new Error("Search: a 'custom' search needs an `autocompleter` object.");
	}
	const contextFetcher = useSearchFetcher();
	const requester = fetcher ?? contextFetcher;
	const completer: Autocompleter = useMemo(
		() =>
			type === 'custom' && autocompleter
				? autocompleter
				: getAutocompleter(type as Exclude<typeof type, 'custom'>, requester),
		[type, autocompleter, requester],
	);
	const completions = useRef(new Map<string, SelectedOption>());
	const [failed, setFailed] = useState(false);
	const [attempt, setAttempt] = useState(0);

	const getKey = useCallback(
		(item: SearchItem) =>
			completer.getOptionIdentifier?.(item) ??
			(itemText(item.key) || itemText(item.id) || itemText(item.value)),
		[completer],
	);
	const getLabel = useCallback(
		(item: SearchItem) =>
			completer.getOptionLabel?.(item) ?? (itemText(item.label) || itemText(item.name)),
		[completer],
	);

	const onSearch = useCallback(
		async (_current: SelectControlOption[], query: string | null) => {
			if (!query) return [];
			setFailed(false);
			let items: SearchItem[];
			try {
				items =
					typeof completer.options === 'function'
						? await completer.options(query)
						: completer.options;
			} catch {
				setFailed(true);
				return [];
			}
			return items.map((item): SelectControlOption => {
				const key = getKey(item);
				const label = getLabel(item);
				const description = completer.getOptionDescription?.(item) ?? '';
				completions.current.set(key, { key, label });
				return {
					key,
					label:
						description && description !== label ? (
							<span className="abacus-search__option">
								<HighlightedText text={label} query={query} />{' '}
								<span className="abacus-search__option-detail">
									<HighlightedText text={description} query={query} />
								</span>
							</span>
						) : (
							<HighlightedText text={label} query={query} />
						),
					keywords: [label, ...(completer.getOptionKeywords?.(item) ?? [])],
					value: item,
				};
			});
		},
		// `attempt` makes Retry hand SelectControl a new function, which searches again.
		// eslint-disable-next-line react-hooks/exhaustive-deps
		[completer, getKey, getLabel, attempt],
	);

	const onFilter = useCallback(
		(options: SelectControlOption[], query: string | null) => {
			if (!allowFreeTextSearch || !query || !completer.getFreeTextOptions) return options;
			const free = completer.getFreeTextOptions(query).map((option) => {
				const key = `${FREE_TEXT_PREFIX}${option.key}`;
				completions.current.set(key, { key: option.key, label: option.key });
				return { ...option, key };
			});
			return [...free, ...options];
		},
		[allowFreeTextSearch, completer],
	);

	return (
		<div className={clsx('abacus-search', className)}>
			<SelectControl
				options={[]}
				selected={selected}
				multiple={multiple}
				isSearchable
				hideBeforeSearch
				inlineTags={inlineTags}
				showClearButton={showClearButton}
				staticList={staticResults}
				disabled={disabled}
				placeholder={placeholder}
				help={help}
				searchDebounceTime={completer.isDebounced ? SEARCH_DEBOUNCE_MS : 0}
				onSearch={onSearch}
				onFilter={onFilter}
				onChange={(value) => {
					const list = Array.isArray(value) ? value : [];
					onChange(list.map((item) => completions.current.get(item.key) ?? item));
				}}
			/>
			{failed && (
				<div className="abacus-search__error" role="alert">
					{__('The search results could not be loaded.', 'abacus')}{' '}
					<Button variant="link" onClick={() => setAttempt((n) => n + 1)}>
						{__('Retry', 'abacus')}
					</Button>
				</div>
			)}
		</div>
	);
}
