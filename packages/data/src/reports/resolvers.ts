import { addQueryArgs } from '@wordpress/url';

import { NAMESPACE } from '../constants.js';
import { fetchWithHeaders, getIntHeader, toWPError } from '../fetch.js';
import type { Query, Thunk } from '../types.js';
import {
	setReportItems,
	setReportItemsError,
	setReportStats,
	setReportStatsError,
} from './actions.js';
import type * as selectors from './selectors.js';

type ReportsThunk = Thunk<typeof selectors>;

export function getReportItems(endpoint: string, query: Query = {}): ReportsThunk {
	return async ({ dispatch }) => {
		try {
			const response = await fetchWithHeaders<unknown>({
				path: addQueryArgs(`${NAMESPACE}/reports/${endpoint}`, query),
			});
			dispatch(
				setReportItems(endpoint, query, {
					data: response.data,
					totalResults: getIntHeader(response.headers, 'x-wp-total'),
					totalPages: getIntHeader(response.headers, 'x-wp-totalpages'),
				}),
			);
		} catch (error) {
			dispatch(setReportItemsError(endpoint, query, toWPError(error)));
		}
	};
}

export function getReportStats(endpoint: string, query: Query = {}): ReportsThunk {
	return async ({ dispatch }) => {
		try {
			const response = await fetchWithHeaders<unknown>({
				path: addQueryArgs(`${NAMESPACE}/reports/${endpoint}/stats`, query),
			});
			dispatch(
				setReportStats(endpoint, query, {
					data: response.data,
					totalResults: getIntHeader(response.headers, 'x-wp-total'),
					totalPages: getIntHeader(response.headers, 'x-wp-totalpages'),
				}),
			);
		} catch (error) {
			dispatch(setReportStatsError(endpoint, query, toWPError(error)));
		}
	};
}
