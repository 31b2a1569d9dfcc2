import { WC_ADMIN_NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import type { Thunk } from '../types.js';
import { getFavoritesFailure, getFavoritesRequest, getFavoritesSuccess } from './actions.js';
import type * as selectors from './selectors.js';

export function getFavorites(): Thunk<typeof selectors> {
	return async ({ dispatch }) => {
		dispatch(getFavoritesRequest());
		try {
			const favorites = await fetchJson<string[]>({
				path: `${WC_ADMIN_NAMESPACE}/navigation/favorites/me`,
			});
			dispatch(getFavoritesSuccess(favorites ?? []));
		} catch (error) {
			dispatch(getFavoritesFailure(toWPError(error)));
		}
	};
}
