import type { WPError } from '../types.js';

/** A product review as returned by the REST API, plus a local isUpdating flag. */
export interface Review {
	id: number;
	status?: string;
	product_id?: number;
	reviewer?: string;
	review?: string;
	rating?: number;
	isUpdating?: boolean;
	[key: string]: unknown;
}

export interface ReviewsState {
	/** Ids and total per query, keyed by `getResourceName('reviews', query)`. */
	reviews: Record<string, { data: number[]; totalCount: number }>;
	errors: Record<string, WPError>;
	data: Record<number, Review>;
}
