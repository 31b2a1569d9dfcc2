import { __ } from '@wordpress/i18n';

import { NAMESPACE } from '../constants.js';
import { fetchJson, toWPError } from '../fetch.js';
import type { Thunk, WPError } from '../types.js';
import type * as selectors from './selectors.js';
import type { ExportArgs, ExportStatus, StartExportResponse } from './types.js';

export function setExportId(exportType: string, exportArgs: ExportArgs, exportId: string) {
	return { type: 'SET_EXPORT_ID' as const, exportType, exportArgs, exportId };
}

export function setIsRequesting(selector: string, selectorArgs: unknown, isRequesting: boolean) {
	return { type: 'SET_IS_REQUESTING' as const, selector, selectorArgs, isRequesting };
}

export function setError(selector: string, selectorArgs: unknown, error: WPError) {
	return { type: 'SET_ERROR' as const, selector, selectorArgs, error };
}

/**
 * Starts a report export sent by e-mail (`POST /wc-analytics/reports/{type}/export`). Fails with
 * the server's message when no export_id comes back; errors are kept under 'startExport'.
 */
export function startExport(
	type: string,
	args: ExportArgs,
): Thunk<typeof selectors, StartExportResponse> {
	return async ({ dispatch }) => {
		const selectorArgs = { type, args };
		dispatch(setIsRequesting('startExport', selectorArgs, true));
		try {
			const response = await fetchJson<StartExportResponse>({
				path: `${NAMESPACE}/reports/${type}/export`,
				method: 'POST',
				data: { report_args: args, email: true },
			});
			if (!response?.export_id) {
				throw new Error(
					response?.message || __('The export could not be started.', 'abacus'),
				);
			}
			dispatch(setExportId(type, args, response.export_id));
			dispatch(setIsRequesting('startExport', selectorArgs, false));
			return response;
		} catch (error) {
			const wpError = toWPError(error);
			dispatch(setError('startExport', selectorArgs, wpError));
			throw wpError;
		}
	};
}

/**
 * Reads the progress of an export (`GET /wc-analytics/reports/{type}/export/{id}/status`):
 * `percent_complete`, and at 100 the `download_url`. Rejects with the server's error (404 unknown
 * id, 410 expired, 500 failed).
 */
export function getExportStatus(
	type: string,
	exportId: string,
): Thunk<typeof selectors, ExportStatus> {
	return async () =>
		fetchJson<ExportStatus>({
			path: `${NAMESPACE}/reports/${type}/export/${encodeURIComponent(exportId)}/status`,
		});
}

/** Cancels an export being built, or deletes a finished one (`DELETE …/export/{id}`). */
export function cancelExport(type: string, exportId: string): Thunk<typeof selectors, unknown> {
	return async () =>
		fetchJson<unknown>({
			path: `${NAMESPACE}/reports/${type}/export/${encodeURIComponent(exportId)}`,
			method: 'DELETE',
		});
}

export type Action = ReturnType<typeof setExportId | typeof setIsRequesting | typeof setError>;
