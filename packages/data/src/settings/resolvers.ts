import { NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import type { Thunk } from '../types.js';
import { clearIsDirty, updateErrorForGroup, updateSettingsForGroup } from './actions.js';
import type * as selectors from './selectors.js';
import type { RestSetting } from './types.js';
import { settingsListToMap } from './utils.js';

/**
 * Reads `GET /wc-analytics/settings/{group}` and stores the map id → value as one setting whose
 * id is the group name (`getSetting(group, group)` or `getSettings(group)[group]`).
 */
export function getSettings(group: string): Thunk<typeof selectors> {
	return async ({ dispatch }) => {
		try {
			const list = await fetchJson<RestSetting[]>({ path: `${NAMESPACE}/settings/${group}` });
			dispatch(updateSettingsForGroup(group, { [group]: settingsListToMap(list ?? []) }));
			dispatch(clearIsDirty(group));
		} catch (error) {
			dispatch(updateErrorForGroup(group, null, toWPError(error)));
		}
	};
}

export function getSettingsForGroup(group: string): Thunk<typeof selectors> {
	return async ({ resolveSelect }) => {
		await resolveSelect.getSettings(group);
	};
}
