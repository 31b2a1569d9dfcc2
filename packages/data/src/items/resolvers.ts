import { addQueryArgs } from '@wordpress/url';

import { NAMESPACE } from '../constants.js';
import { fetchJson, fetchWithHeaders, getIntHeader, toWPError } from '../fetch.js';
import type { Query, Thunk } from '../types.js';
import { setError, setItems, setItemsTotalCount } from './actions.js';
import type * as selectors from './selectors.js';
import type { Item } from './types.js';
import { getItemsRoute } from './utils.js';

type ItemsThunk = Thunk<typeof selectors>;

/** `GET /wc-analytics/{itemType}?query`; per_page -1 loads every page. */
export function getItems(itemType: string, query: Query = {}): ItemsThunk {
	return async ({ dispatch }) => {
		const path = addQueryArgs(`${NAMESPACE}/${getItemsRoute(itemType)}`, query);
		try {
			if (query.per_page === -1) {
				const items = (await fetchJson<Item[]>({ path })) ?? [];
				dispatch(setItems(itemType, query, items, items.length));
				return;
			}
			const response = await fetchWithHeaders<Item[]>({ path });
			const items = response.data ?? [];
			dispatch(
				setItems(
					itemType,
					query,
					items,
					getIntHeader(response.headers, 'x-wp-total', items.length),
				),
			);
		} catch (error) {
			dispatch(setError(itemType, query, toWPError(error)));
		}
	};
}

/** Total count of a query: the same request with page 1 and per_page 1. */
export function getItemsTotalCount(itemType: string, query: Query = {}): ItemsThunk {
	return async ({ dispatch }) => {
		const totalQuery = { ...query, page: 1, per_page: 1 };
		try {
			const response = await fetchWithHeaders<Item[]>({
				path: addQueryArgs(`${NAMESPACE}/${getItemsRoute(itemType)}`, totalQuery),
			});
			dispatch(
				setItemsTotalCount(itemType, query, getIntHeader(response.headers, 'x-wp-total')),
			);
		} catch (error) {
			dispatch(setError(itemType, query, toWPError(error)));
		}
	};
}

/** Legacy name of `getItemsTotalCount`. */
export function getReviewsTotalCount(itemType: string, query: Query = {}): ItemsThunk {
	return getItemsTotalCount(itemType, query);
}
