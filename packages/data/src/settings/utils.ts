import type { RestSetting } from './types.js';

/** Converts the REST list `[{id, value}]` into a map id → value. */
export function settingsListToMap(list: readonly RestSetting[]): Record<string, unknown> {
	const map: Record<string, unknown> = {};
	for (const setting of list) {
		map[setting.id] = setting.value;
	}
	return map;
}
