import type { KeyedRequestState } from '../keyed-request-reducer.js';

export type ExportArgs = Record<string, unknown>;

export interface ExportState {
	/** Request state by operation and arguments (`exportRequestKey`). */
	request: KeyedRequestState;
	exportMeta: Record<string, { exportType: string; exportArgs: ExportArgs }>;
	exportIds: Record<string, Record<string, string>>;
}

/** Answer of `POST /wc-analytics/reports/{type}/export`. */
export interface StartExportResponse {
	export_id?: string;
	message?: string;
	[key: string]: unknown;
}

/** Answer of `GET /wc-analytics/reports/{type}/export/{id}/status`. */
export interface ExportStatus {
	percent_complete: number;
	/** Present when the file is ready (at 100). */
	download_url?: string;
	/** Rows written so far and in all (the standalone server). */
	rows_exported?: number;
	total_rows?: number;
	/** When the finished file stops being downloadable (ISO). */
	expires_at?: string;
	[key: string]: unknown;
}
