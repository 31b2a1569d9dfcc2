import { getResourceName } from '../utils.js';
import type { Query, WPError } from '../types.js';
import type { Item, ItemId, ItemsState } from './types.js';
import { getTotalCountResourceName } from './utils.js';

const EMPTY_ITEMS: ReadonlyMap<ItemId, Item> = new Map();
const itemMaps = new WeakMap<object, WeakMap<object, Map<ItemId, Item>>>();

/**
 * Items answered for a query, as a Map id → item (fetched on first use). The same Map is
 * returned for equivalent queries until that query's ids or the items of that type change.
 */
export function getItems(
	state: ItemsState,
	itemType: string,
	query: Query = {},
): ReadonlyMap<ItemId, Item> {
	const entry = state.items[getResourceName(itemType, query)];
	const byId = state.data[itemType];
	if (!entry || !byId) {
		return EMPTY_ITEMS;
	}
	let forEntry = itemMaps.get(entry);
	if (!forEntry) {
		forEntry = new WeakMap();
		itemMaps.set(entry, forEntry);
	}
	let map = forEntry.get(byId);
	if (!map) {
		map = new Map();
		for (const id of entry.data) {
			if (byId[id]) {
				map.set(id, byId[id]);
			}
		}
		forEntry.set(byId, map);
	}
	return map;
}

/** Total number of items matching a query (fetched on first use). */
export function getItemsTotalCount(
	state: ItemsState,
	itemType: string,
	query: Query = {},
	defaultValue = 0,
): number {
	return state.totals[getTotalCountResourceName(itemType, query)] ?? defaultValue;
}

/** Error of a query (or of an item id, for stock updates), or false. */
export function getItemsError(
	state: ItemsState,
	itemType: string,
	query: unknown = {},
): WPError | false {
	return state.errors[getResourceName(itemType, query)] ?? false;
}

/** One stored item, or undefined. */
export function getItem(state: ItemsState, itemType: string, id: ItemId): Item | undefined {
	return state.data[itemType]?.[id];
}

/** Legacy name of `getItemsTotalCount`. */
export function getReviewsTotalCount(
	state: ItemsState,
	itemType: string,
	query: Query = {},
	defaultValue = 0,
): number {
	return getItemsTotalCount(state, itemType, query, defaultValue);
}
