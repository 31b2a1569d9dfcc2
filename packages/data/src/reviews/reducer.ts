import { combineReducers } from '@wordpress/data';

import { getResourceName } from '../utils.js';
import type { WPError } from '../types.js';
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

export function errors(
	state: Record<string, WPError> = {},
	action: Action,
): Record<string, WPError> {
	switch (action.type) {
		case 'SET_ERROR':
			return { ...state, [getResourceName('reviews', action.query)]: action.error };
		case 'UPDATE_REVIEWS': {
			const key = getResourceName('reviews', action.query);
			if (!(key in state)) {
				return state;
			}
			const next = { ...state };
			delete next[key];
			return next;
		}
		default:
			return state;
	}
}

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
