import { __, sprintf } from '@wordpress/i18n';

import type { SelectControlOption } from '../select-control/index.js';
import type { Autocompleter, SearchFetcher, SearchItem, SearchType } from './types.js';

/** The search types with a built-in autocompleter. */
export const SEARCH_TYPES: ReadonlyArray<Exclude<SearchType, 'custom'>> = [
	'attributes',
	'categories',
	'countries',
	'coupons',
	'customers',
	'downloadIps',
	'emails',
	'orders',
	'products',
	'taxes',
	'usernames',
	'variableProducts',
	'variations',
];

/** Whether `value` names a built-in search type. */
export function isSearchType(value: unknown): value is Exclude<SearchType, 'custom'> {
	return SEARCH_TYPES.includes(value as Exclude<SearchType, 'custom'>);
}

/** Debounce of remote searches, in ms. */
export const SEARCH_DEBOUNCE_MS = 500;

const str = (value: unknown): string =>
	typeof value === 'string' || typeof value === 'number' ? String(value) : '';

function stripTags(text: string): string {
	return text.replace(/<[^>]*>/g, '');
}

/** The code of a tax rate: upper-cased country, state, name (TAX by default), priority joined by dashes. */
export function getTaxCode(tax: SearchItem): string {
	return [tax.country, tax.state, tax.name || __('TAX', 'abacus'), tax.priority]
		.map((part) => str(part).toUpperCase().trim())
		.filter(Boolean)
		.join('-');
}

function path(base: string, params: Record<string, string | number>): string {
	const search = new URLSearchParams();
	for (const [key, value] of Object.entries(params)) search.append(key, String(value));
	return `/wc-analytics/${base}?${search.toString()}`;
}

async function fetchList(fetcher: SearchFetcher | undefined, request: string) {
	if (!fetcher) {
		throw new Error(
			'Search: no fetcher. Pass a `fetcher` prop or wrap the page in <SearchFetcherProvider>.',
		);
	}
	const result = await fetcher({ path: request });
	return Array.isArray(result) ? (result as SearchItem[]) : [];
}

function freeText(getLabel: (query: string) => string) {
	return (query: string): SelectControlOption[] => [
		{
			key: query,
			label: getLabel(query),
			value: { key: query, label: query },
		},
	];
}

const countryCache = new WeakMap<SearchFetcher, Promise<SearchItem[]>>();

/** Countries, loaded once per fetcher. */
function getCountries(fetcher: SearchFetcher | undefined): Promise<SearchItem[]> {
	if (!fetcher) return fetchList(fetcher, '');
	let cached = countryCache.get(fetcher);
	if (!cached) {
		cached = fetchList(fetcher, '/wc-analytics/data/countries');
		cached.catch(() => countryCache.delete(fetcher));
		countryCache.set(fetcher, cached);
	}
	return cached;
}

/** The built-in autocompleter of a search type (requests go through `fetcher`). */
export function getAutocompleter(
	type: Exclude<SearchType, 'custom'>,
	fetcher: SearchFetcher | undefined,
): Autocompleter {
	const id = (item: SearchItem) => str(item.id);
	const name = (item: SearchItem) => stripTags(str(item.name));
	switch (type) {
		case 'products':
		case 'variableProducts':
			return {
				name: type,
				isDebounced: true,
				options: (search) =>
					fetchList(
						fetcher,
						path('products', {
							search,
							per_page: 10,
							orderby: 'popularity',
							...(type === 'variableProducts' ? { type: 'variable' } : {}),
						}),
					),
				getOptionIdentifier: id,
				getOptionLabel: name,
				getOptionKeywords: (item) => [str(item.sku)].filter(Boolean),
				/* translators: %s: the typed text */
				getFreeTextOptions: freeText((q) =>
					sprintf(__('All products with titles that include %s', 'abacus'), q),
				),
			};
		case 'variations':
			return {
				name: type,
				isDebounced: true,
				options: (search) =>
					fetchList(
						fetcher,
						path('variations', {
							search,
							per_page: 30,
							_fields: 'attributes,description,id,name,sku',
						}),
					),
				getOptionIdentifier: id,
				getOptionLabel: name,
				getOptionKeywords: (item) => [
					str(item.sku),
					...(Array.isArray(item.attributes)
						? (item.attributes as SearchItem[]).map((a) => str(a.option))
						: []),
				],
				/* translators: %s: the typed text */
				getFreeTextOptions: freeText((q) =>
					sprintf(__('All variations with titles that include %s', 'abacus'), q),
				),
			};
		case 'categories':
		case 'attributes':
			return {
				name: type,
				isDebounced: true,
				options: (search) =>
					fetchList(
						fetcher,
						path(
							type === 'categories' ? 'products/categories' : 'products/attributes',
							{
								search,
								per_page: 10,
								orderby: 'count',
							},
						),
					),
				getOptionIdentifier: id,
				getOptionLabel: name,
				getFreeTextOptions:
					type === 'categories'
						? /* translators: %s: the typed text */
							freeText((q) =>
								sprintf(
									__('All categories with titles that include %s', 'abacus'),
									q,
								),
							)
						: undefined,
			};
		case 'coupons':
			return {
				name: type,
				isDebounced: true,
				options: (search) => fetchList(fetcher, path('coupons', { search, per_page: 10 })),
				getOptionIdentifier: id,
				getOptionLabel: (item) => str(item.code),
				/* translators: %s: the typed text */
				getFreeTextOptions: freeText((q) =>
					sprintf(__('All coupons with codes that include %s', 'abacus'), q),
				),
			};
		case 'customers':
		case 'emails':
		case 'usernames': {
			const field = type === 'customers' ? 'name' : type === 'emails' ? 'email' : 'username';
			const freeLabel = (q: string) =>
				type === 'customers'
					? /* translators: %s: the typed text */
						sprintf(__('All customers with names that include %s', 'abacus'), q)
					: type === 'emails'
						? /* translators: %s: the typed text */
							sprintf(__('All customers with emails that include %s', 'abacus'), q)
						: /* translators: %s: the typed text */
							sprintf(
								__('All customers with usernames that include %s', 'abacus'),
								q,
							);
			return {
				name: type,
				isDebounced: true,
				options: (search) =>
					fetchList(
						fetcher,
						path('customers', { search, searchby: field, per_page: 10 }),
					),
				getOptionIdentifier: id,
				getOptionLabel: (item) => str(item[field]),
				// Customers of the same name are told apart by their e-mail (by their name on
				// an e-mail search).
				getOptionDescription: (item) => str(type === 'emails' ? item.name : item.email),
				getOptionKeywords: (item) => [str(item.email), str(item.name)].filter(Boolean),
				getFreeTextOptions: freeText(freeLabel),
			};
		}
		case 'orders':
			return {
				name: type,
				isDebounced: true,
				options: (search) =>
					fetchList(fetcher, path('orders', { number: search, per_page: 10 })),
				getOptionIdentifier: id,
				getOptionLabel: (item) => `#${str(item.number) || str(item.id)}`,
				/* translators: %s: the typed text */
				getFreeTextOptions: freeText((q) =>
					sprintf(__('All orders with numbers that include %s', 'abacus'), q),
				),
			};
		case 'taxes':
			return {
				name: type,
				isDebounced: true,
				options: (search) => fetchList(fetcher, path('taxes', { search, per_page: 10 })),
				getOptionIdentifier: id,
				getOptionLabel: getTaxCode,
				/* translators: %s: the typed text */
				getFreeTextOptions: freeText((q) =>
					sprintf(__('All taxes with codes that include %s', 'abacus'), q),
				),
			};
		case 'downloadIps':
			return {
				name: type,
				isDebounced: true,
				options: (match) => fetchList(fetcher, path('data/download-ips', { match })),
				getOptionIdentifier: (item) => str(item.user_ip_address),
				getOptionLabel: (item) => str(item.user_ip_address),
			};
		case 'countries':
			return {
				name: type,
				options: async (query) => {
					const prefix = query.toLowerCase();
					return (await getCountries(fetcher)).filter(
						(country) =>
							str(country.name).toLowerCase().startsWith(prefix) ||
							str(country.code).toLowerCase() === prefix,
					);
				},
				getOptionIdentifier: (item) => str(item.code),
				getOptionLabel: (item) => stripTags(str(item.name)),
				getOptionKeywords: (item) => [str(item.code)],
			};
		default: {
			const unknown: never = type;
			throw new Error(`Search: unknown search type "${String(unknown)}".`);
		}
	}
}
