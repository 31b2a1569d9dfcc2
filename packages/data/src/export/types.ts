import type { WPError } from '../types.js';

export type ExportArgs = Record<string, unknown>;

export interface ExportState {
	errors: Record<string, Record<string, WPError>>;
	requesting: Record<string, Record<string, boolean>>;
	exportMeta: Record<string, { exportType: string; exportArgs: ExportArgs }>;
	exportIds: Record<string, Record<string, string>>;
}

/** Answer of `POST /wc-analytics/reports/{type}/export`. */
export interface StartExportResponse {
	export_id?: string;
	message?: string;
	[key: string]: unknown;
}
