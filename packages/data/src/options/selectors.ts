import type { WPError } from '../types.js';
import type { OptionsState } from './types.js';

/** Value of an option (fetched on first use, batched with other reads of the same moment). */
export function getOption(state: OptionsState, name: string): unknown {
	return state.values[name];
}

/** Value of an option without fetching it. */
export function getOptionValue(state: OptionsState, name: string): unknown {
	return state.values[name];
}

/** The read error of that option, or false. */
export function getOptionsRequestingError(state: OptionsState, name: string): WPError | false {
	return state.requestingErrors[name] ?? false;
}

/** Whether an update is being saved. */
export function isOptionsUpdating(state: OptionsState): boolean {
	return state.isUpdating;
}

/** The error of the last failed update, or false. */
export function getOptionsUpdatingError(state: OptionsState): WPError | false {
	return state.updatingError ?? false;
}
