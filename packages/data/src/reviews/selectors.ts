import { getResourceName } from '../utils.js';
import type { Query, WPError } from '../types.js';
import type { Review, ReviewsState } from './types.js';

const EMPTY_REVIEWS: readonly Review[] = Object.freeze([]);
const cache = new WeakMap<object, WeakMap<object, Review[]>>();

/** Reviews answered for a query (fetched on first use; same array until something changes). */
export function getReviews(state: ReviewsState, query: Query = {}): readonly Review[] {
	const entry = state.reviews[getResourceName('reviews', query)];
	if (!entry) {
		return EMPTY_REVIEWS;
	}
	let byData = cache.get(entry);
	if (!byData) {
		byData = new WeakMap();
		cache.set(entry, byData);
	}
	let list = byData.get(state.data);
	if (!list) {
		list = entry.data.map((id) => state.data[id]).filter(Boolean);
		byData.set(state.data, list);
	}
	return list;
}

/** Total number of reviews matching a query, from the answer's header (fetched on first use). */
export function getReviewsTotalCount(state: ReviewsState, query: Query = {}): number | undefined {
	return state.reviews[getResourceName('reviews', query)]?.totalCount;
}

/** Error of a query (or of 'updateReview' / 'deleteReview'), or false. */
export function getReviewsError(state: ReviewsState, query: unknown = {}): WPError | false {
	return state.errors[getResourceName('reviews', query)] ?? false;
}
