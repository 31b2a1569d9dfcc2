import { addQueryArgs } from '@wordpress/url';

import { NAMESPACE } from '../constants.js';
import { fetchWithHeaders, getIntHeader, toWPError } from '../fetch.js';
import type { Query, Thunk } from '../types.js';
import { setError, updateReviews } from './actions.js';
import type * as selectors from './selectors.js';
import type { Review } from './types.js';

type ReviewsThunk = Thunk<typeof selectors>;

export function getReviews(query: Query = {}): ReviewsThunk {
	return async ({ dispatch }) => {
		try {
			const response = await fetchWithHeaders<Review[]>({
				path: addQueryArgs(`${NAMESPACE}/products/reviews`, query),
			});
			const reviews = response.data ?? [];
			dispatch(
				updateReviews(
					query,
					reviews,
					getIntHeader(response.headers, 'x-wp-total', reviews.length),
				),
			);
		} catch (error) {
			dispatch(setError(query, toWPError(error)));
		}
	};
}

export function getReviewsTotalCount(query: Query = {}): ReviewsThunk {
	return async ({ resolveSelect }) => {
		await resolveSelect.getReviews(query);
	};
}
