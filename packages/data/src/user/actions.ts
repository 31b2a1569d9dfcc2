import { fetchJson, toWPError } from '../fetch.js';
import type { Thunk, WPError } from '../types.js';
import type * as selectors from './selectors.js';
import type { User } from './types.js';

/** Puts the current user into the store (replaces it). */
export function receiveCurrentUser(user: User) {
	return { type: 'RECEIVE_CURRENT_USER' as const, user };
}

export function setUserError(error: WPError) {
	return { type: 'SET_USER_ERROR' as const, error };
}

export function setIsSaving(isSaving: boolean) {
	return { type: 'SET_IS_SAVING' as const, isSaving };
}

export function setSaveError(error: WPError) {
	return { type: 'SET_SAVE_ERROR' as const, error };
}

/**
 * Saves fields of the current user (`POST /wp/v2/users/me`); resolves with the saved user, or
 * undefined when the save failed (the error is kept: `getUserSaveError()`).
 */
export function saveUser(
	user: Partial<User> & { id: number },
): Thunk<typeof selectors, User | undefined> {
	return async ({ dispatch }) => {
		dispatch(setIsSaving(true));
		try {
			const { id: _id, ...fields } = user;
			const saved = await fetchJson<User>({
				path: '/wp/v2/users/me?context=edit',
				method: 'POST',
				data: fields,
			});
			dispatch(receiveCurrentUser(saved));
			dispatch(setIsSaving(false));
			return saved;
		} catch (error) {
			dispatch(setSaveError(toWPError(error)));
			return undefined;
		}
	};
}

export type Action = ReturnType<
	typeof receiveCurrentUser | typeof setUserError | typeof setIsSaving | typeof setSaveError
>;
