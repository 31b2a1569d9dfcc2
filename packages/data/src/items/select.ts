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
	const items = asDataSelector(select)(store);
	return selectRequestState(
		items,
		'getItems',
		[itemType, query],
		items.getItems(itemType, query),
		items.getItemsError(itemType, query),
	);
}
