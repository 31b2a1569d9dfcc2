import type { WPError } from '../types.js';

/** An item of a lookup endpoint (product, category, customer, ...). */
export interface Item {
	id: number;
	[key: string]: unknown;
}

/** A product, as far as the stock update needs it. */
export interface Product extends Item {
	parent_id?: number;
	type?: string;
	stock_quantity?: number | null;
}

export interface ItemsState {
	/** Ids answered for a query, keyed by `getResourceName(itemType, query)`. */
	items: Record<string, { data: number[] }>;
	/** Totals keyed by `getTotalCountResourceName(itemType, query)`. */
	totals: Record<string, number>;
	errors: Record<string, WPError>;
	/** Items by type and id. */
	data: Record<string, Record<number, Item>>;
}
