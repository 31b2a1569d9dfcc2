/**
 * Request state of item lists, read inside a `select` (a `useSelect` callback, a registry's
 * `select`).
 */
import { selectRequestState } from '../request-state.js';
import { asDataSelector, type AnySelect } from '../store-registry.js';
import type { Query, RequestState } from '../types.js';
import { store } from './index.js';
import type { Item, ItemId } from './types.js';

/** Request state of the items of a type for a query (asked for on first use). */
export function selectItems(
	select: AnySelect,
	itemType: string,
	query: Query = {},
): RequestState<ReadonlyMap<ItemId, Item>> {
	const selectors = asDataSelector(select)(store);
	const { getItems: read, getItemsError: readError } = selectors;
	return selectRequestState(selectors, 'getItems', [itemType, query], read, readError);
}
