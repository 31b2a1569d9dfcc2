import { addQueryArgs } from '@wordpress/url';

import { NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import { omitKeys } from '../utils.js';
import type { Query, Thunk } from '../types.js';
import { setImportError, setImportStatus, setImportTotals } from './actions.js';
import type * as selectors from './selectors.js';

/** `GET /wc-analytics/reports/import/status` (the query's timestamp only keys the answer). */
export function getImportStatus(query: Query = {}): Thunk<typeof selectors> {
	return async ({ dispatch }) => {
		try {
			const status = await fetchJson<Record<string, unknown>>({
				path: addQueryArgs(
					`${NAMESPACE}/reports/import/status`,
					omitKeys(query, ['timestamp']),
				),
			});
			dispatch(setImportStatus(query, status ?? {}));
		} catch (error) {
			dispatch(setImportError(query, toWPError(error)));
		}
	};
}

export function getImportTotals(query: Query = {}): Thunk<typeof selectors> {
	return async ({ dispatch }) => {
		try {
			const totals = await fetchJson<Record<string, unknown>>({
				path: addQueryArgs(`${NAMESPACE}/reports/import/totals`, query),
			});
			dispatch(setImportTotals(query, totals ?? {}));
		} catch (error) {
			dispatch(setImportError(query, toWPError(error)));
		}
	};
}
