import type { WPError } from '../types.js';

/** What the store knows about one settings group. */
export interface SettingsGroupState {
	/** Ids of the settings of this group. */
	data: string[];
	error: WPError | null;
	lastReceived: number | null;
	isRequesting: boolean;
	/** Ids changed locally and not saved yet. */
	dirty: string[];
}

/** One setting, keyed by `getResourceName(group, id)`. */
export interface SettingState {
	data: unknown;
	lastReceived: number;
	error: WPError | null;
}

export interface SettingsState {
	groups: Record<string, SettingsGroupState>;
	settings: Record<string, SettingState>;
}

/** A setting as the REST API returns it. */
export interface RestSetting {
	id: string;
	value: unknown;
	[key: string]: unknown;
}
