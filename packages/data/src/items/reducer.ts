import { combineReducers } from '@wordpress/data';

import { getResourceName } from '../utils.js';
import { createErrorsByKeyReducer } from '../keyed-request-reducer.js';
import type { Action } from './actions.js';
import type { Item, ItemId } from './types.js';
import { getTotalCountResourceName } from './utils.js';

export function items(
	state: Record<string, { data: ItemId[] }> = {},
	action: Action,
): Record<string, { data: ItemId[] }> {
	return action.type === 'SET_ITEMS'
		? {
				...state,
				[getResourceName(action.itemType, action.query)]: {
					data: action.items.map((item) => item.id),
				},
			}
		: state;
}

export function totals(state: Record<string, number> = {}, action: Action): Record<string, number> {
	switch (action.type) {
		case 'SET_ITEMS':
			return action.totalCount === undefined
				? state
				: {
						...state,
						[getTotalCountResourceName(action.itemType, action.query)]:
							action.totalCount,
					};
		case 'SET_ITEMS_TOTAL_COUNT':
			return {
				...state,
				[getTotalCountResourceName(action.itemType, action.query)]: action.totalCount,
			};
		default:
			return state;
	}
}

/** The last read error of each items query, until its answer arrives. */
export const errors = createErrorsByKeyReducer<Action>((action) => {
	if (action.type === 'SET_ERROR') {
		return { keys: [getResourceName(action.itemType, action.query)], error: action.error };
	}
	return action.type === 'SET_ITEMS'
		? { keys: [getResourceName(action.itemType, action.query)] }
		: null;
});

export function data(
	state: Record<string, Record<string, Item>> = {},
	action: Action,
): Record<string, Record<string, Item>> {
	switch (action.type) {
		case 'SET_ITEM': {
			const byId = state[action.itemType] ?? {};
			return {
				...state,
				[action.itemType]: {
					...byId,
					[action.id]: { ...byId[action.id], ...action.item, id: action.id },
				},
			};
		}
		case 'SET_ITEMS': {
			const byId = { ...(state[action.itemType] ?? {}) };
			for (const item of action.items) {
				byId[item.id] = { ...byId[item.id], ...item };
			}
			return { ...state, [action.itemType]: byId };
		}
		default:
			return state;
	}
}

export const reducer = combineReducers({ items, totals, errors, data });
export default reducer;
