import type { WPError } from '../types.js';
import type { User, UserState } from './types.js';

/** The current user (fetched on first use), or null before it is known. */
export function getCurrentUser(state: UserState): User | null {
	return state.currentUser;
}

/** Error of the last read of the current user, or false. */
export function getCurrentUserError(state: UserState): WPError | false {
	return state.error ?? false;
}

/** Whether a save of the user is in progress. */
export function isSavingUser(state: UserState): boolean {
	return state.isSaving;
}

/** Error of the last failed save, or false. */
export function getUserSaveError(state: UserState): WPError | false {
	return state.saveError ?? false;
}
