import type { WPError } from '../types.js';

export type OptionsMap = Record<string, unknown>;

export interface OptionsState {
	/** Option values keyed by option name. */
	values: OptionsMap;
	isUpdating: boolean;
	/** Read errors keyed by option name. */
	requestingErrors: Record<string, WPError>;
	/** Error of the last failed update, or null. */
	updatingError: WPError | null;
}

/** What `updateOptions` resolves with (it never rejects). */
export type UpdateOptionsResult =
	({ success: true } & Record<string, unknown>) | ({ success: false } & WPError);
