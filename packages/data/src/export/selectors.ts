import { getKeyError, isKeyRequesting } from '../keyed-request-reducer.js';
import type { WPError } from '../types.js';
import type { ExportArgs, ExportState } from './types.js';
import { exportRequestKey, hashExportArgs } from './utils.js';

/** Whether the operation is in progress for those arguments. */
export function isExportRequesting(
	state: ExportState,
	selector: string,
	selectorArgs: unknown,
): boolean {
	return isKeyRequesting(state.request, exportRequestKey(selector, selectorArgs));
}

/** The export id started for a report type and arguments, if any. */
export function getExportId(
	state: ExportState,
	exportType: string,
	exportArgs: ExportArgs,
): string | undefined {
	return state.exportIds[exportType]?.[hashExportArgs({ type: exportType, args: exportArgs })];
}

/** The error of the operation for those arguments, or false. */
export function getError(
	state: ExportState,
	selector: string,
	selectorArgs: unknown,
): WPError | false {
	return getKeyError(state.request, exportRequestKey(selector, selectorArgs));
}
