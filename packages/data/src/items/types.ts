import type { WPError } from '../types.js';

/** Id of an item: a number, or a string for leaderboards. */
export type ItemId = number | string;

/** An item of a lookup endpoint (product, category, customer, leaderboard, ...). */
export interface Item {
	id: ItemId;
	[key: string]: unknown;
}

/** A product, as far as the stock update needs it. */
export interface Product extends Item {
	id: number;
	parent_id?: number;
	type?: string;
	stock_quantity?: number | null;
}

export interface ItemsState {
	/** Ids answered for a query, keyed by `getResourceName(itemType, query)`. */
	items: Record<string, { data: ItemId[] }>;
	/** Totals keyed by `getTotalCountResourceName(itemType, query)`. */
	totals: Record<string, number>;
	errors: Record<string, WPError>;
	/** Items by type and id. */
	data: Record<string, Record<string, Item>>;
}
