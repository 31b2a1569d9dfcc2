import type { WPError } from '../types.js';

/** The current user as `GET /wp/v2/users/me?context=edit` returns it. */
export interface User {
	id: number;
	name?: string;
	slug?: string;
	email?: string;
	capabilities?: Record<string, boolean>;
	/** Per-user preferences: every value is a JSON-encoded string ('' when unset). */
	woocommerce_meta?: Record<string, string>;
	[key: string]: unknown;
}

export interface UserState {
	currentUser: User | null;
	/** Error of the last read of the current user, or null. */
	error: WPError | null;
	isSaving: boolean;
	/** Error of the last failed save, or null. */
	saveError: WPError | null;
}
