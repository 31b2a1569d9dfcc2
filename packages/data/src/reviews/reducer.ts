import { combineReducers } from '@wordpress/data';

import { getResourceName } from '../utils.js';
import { createErrorsByKeyReducer } from '../keyed-request-reducer.js';
import type { Action } from './actions.js';
import type { Review } from './types.js';

export function reviews(
	state: Record<string, { data: number[]; totalCount: number }> = {},
	action: Action,
): Record<string, { data: number[]; totalCount: number }> {
	return action.type === 'UPDATE_REVIEWS'
		? {
				...state,
				[getResourceName('reviews', action.query)]: {
					data: action.reviews.map((review) => review.id),
					totalCount: action.totalCount,
				},
			}
		: state;
}

/** The last read error of each reviews query, until its answer arrives. */
export const errors = createErrorsByKeyReducer<Action>((action) => {
	if (action.type === 'SET_ERROR') {
		return { keys: [getResourceName('reviews', action.query)], error: action.error };
	}
	return action.type === 'UPDATE_REVIEWS'
		? { keys: [getResourceName('reviews', action.query)] }
		: null;
});

export function data(state: Record<number, Review> = {}, action: Action): Record<number, Review> {
	switch (action.type) {
		case 'UPDATE_REVIEWS': {
			const next = { ...state };
			for (const review of action.reviews) {
				next[review.id] = { ...next[review.id], ...review };
			}
			return next;
		}
		case 'SET_REVIEW':
			return { ...state, [action.reviewId]: { ...action.reviewData, isUpdating: false } };
		case 'SET_REVIEW_IS_UPDATING':
			return {
				...state,
				[action.reviewId]: {
					...(state[action.reviewId] ?? { id: action.reviewId }),
					isUpdating: action.isUpdating,
				},
			};
		default:
			return state;
	}
}

export const reducer = combineReducers({ reviews, errors, data });
export default reducer;
