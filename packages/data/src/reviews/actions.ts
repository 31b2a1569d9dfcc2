import { addQueryArgs } from '@wordpress/url';

import { NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import type { Query, Thunk, WPError } from '../types.js';
import type * as selectors from './selectors.js';
import type { Review } from './types.js';

/** Stores the reviews of a query; fields are merged into known reviews. */
export function updateReviews(query: Query, reviews: Review[], totalCount: number) {
	return { type: 'UPDATE_REVIEWS' as const, query, reviews, totalCount };
}

/** Replaces one review. */
export function setReview(reviewId: number, reviewData: Review) {
	return { type: 'SET_REVIEW' as const, reviewId, reviewData };
}

/** Records an error for a query (or an operation name). */
export function setError(query: unknown, error: WPError) {
	return { type: 'SET_ERROR' as const, query, error };
}

export function setReviewIsUpdating(reviewId: number, isUpdating: boolean) {
	return { type: 'SET_REVIEW_IS_UPDATING' as const, reviewId, isUpdating };
}

const BASE = `${NAMESPACE}/products/reviews`;

/** Changes a review (`PUT /wc-analytics/products/reviews/{id}`); throws on failure. */
export function updateReview(
	reviewId: number,
	reviewFields: Partial<Review>,
	query: Query = {},
): Thunk<typeof selectors, Review> {
	return async ({ dispatch }) => {
		dispatch(setReviewIsUpdating(reviewId, true));
		try {
			const review = await fetchJson<Review>({
				path: addQueryArgs(`${BASE}/${reviewId}`, query),
				method: 'PUT',
				data: reviewFields,
			});
			dispatch(setReview(reviewId, review));
			return review;
		} catch (error) {
			const wpError = toWPError(error);
			dispatch(setReviewIsUpdating(reviewId, false));
			dispatch(setError('updateReview', wpError));
			throw wpError;
		}
	};
}

/** Deletes a review (`DELETE /wc-analytics/products/reviews/{id}`); resolves with the answer. */
export function deleteReview(reviewId: number): Thunk<typeof selectors, Review> {
	return async ({ dispatch }) => {
		dispatch(setReviewIsUpdating(reviewId, true));
		try {
			const review = await fetchJson<Review>({
				path: `${BASE}/${reviewId}`,
				method: 'DELETE',
			});
			dispatch(setReview(reviewId, review));
			return review;
		} catch (error) {
			const wpError = toWPError(error);
			dispatch(setReviewIsUpdating(reviewId, false));
			dispatch(setError('deleteReview', wpError));
			throw wpError;
		}
	};
}

export type Action = ReturnType<
	typeof updateReviews | typeof setReview | typeof setError | typeof setReviewIsUpdating
>;
