import { fetchWithHeaders, getIntHeader, toWPError } from '../fetch.js';
import type { Query, Thunk } from '../types.js';
import {
	setReportItems,
	setReportItemsError,
	setReportStats,
	setReportStatsError,
} from './actions.js';
import { reportPath, type ReportSelectorName } from './paths.js';
import type * as selectors from './selectors.js';
import { askTogether, storeTogether } from './store-together.js';

type ReportsThunk = Thunk<typeof selectors>;

/**
 * Asks for a report answer and stores it (or its error) with the other answers asked for with it
 * (store-together.ts); @wordpress/data marks each resolution finished right after.
 */
function resolveReport(
	selectorName: ReportSelectorName,
	endpoint: string,
	query: Query,
): ReportsThunk {
	return async ({ dispatch, registry }) => {
		const path = reportPath(selectorName, endpoint, query);
		let action;
		try {
			const response = await askTogether(registry, () => fetchWithHeaders<unknown>({ path }));
			const result = {
				data: response.data,
				totalResults: getIntHeader(response.headers, 'x-wp-total'),
				totalPages: getIntHeader(response.headers, 'x-wp-totalpages'),
			};
			action =
				selectorName === 'getReportStats'
					? setReportStats(endpoint, query, result)
					: setReportItems(endpoint, query, result);
		} catch (error) {
			action =
				selectorName === 'getReportStats'
					? setReportStatsError(endpoint, query, toWPError(error))
					: setReportItemsError(endpoint, query, toWPError(error));
		}
		await storeTogether(registry, () => dispatch(action));
	};
}

export function getReportItems(endpoint: string, query: Query = {}): ReportsThunk {
	return resolveReport('getReportItems', endpoint, query);
}

export function getReportStats(endpoint: string, query: Query = {}): ReportsThunk {
	return resolveReport('getReportStats', endpoint, query);
}
