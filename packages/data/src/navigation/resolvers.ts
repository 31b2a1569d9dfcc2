import { fetchJson, toWPError } from '../fetch.js';
import { getRestRoute } from '../rest-routes.js';
import type { Thunk } from '../types.js';
import { getFavoritesFailure, getFavoritesRequest, getFavoritesSuccess } from './actions.js';
import type * as selectors from './selectors.js';

export function getFavorites(): Thunk<typeof selectors> {
	return async ({ dispatch }) => {
		dispatch(getFavoritesRequest());
		try {
			const favorites = await fetchJson<string[]>({
				path: getRestRoute('favorites'),
			});
			dispatch(getFavoritesSuccess(favorites ?? []));
		} catch (error) {
			dispatch(getFavoritesFailure(toWPError(error)));
		}
	};
}
