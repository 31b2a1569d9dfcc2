import { fetchJson, toWPError } from '../fetch.js';
import type { Thunk } from '../types.js';
import { receiveCurrentUser, setUserError } from './actions.js';
import type * as selectors from './selectors.js';
import type { User } from './types.js';

export function getCurrentUser(): Thunk<typeof selectors> {
	return async ({ dispatch }) => {
		try {
			dispatch(
				receiveCurrentUser(await fetchJson<User>({ path: '/wp/v2/users/me?context=edit' })),
			);
		} catch (error) {
			dispatch(setUserError(toWPError(error)));
		}
	};
}
