import type { WPError } from '../types.js';

export interface ImportPeriod {
	/** Date in MM/DD/YYYY. */
	date: string;
	label: 'all' | 'custom' | string;
}

export interface ImportState {
	activeImport: boolean;
	importStatus: Record<string, Record<string, unknown>>;
	importTotals: Record<string, Record<string, unknown>>;
	errors: Record<string, WPError>;
	lastImportStartTimestamp: number;
	period: ImportPeriod;
	skipPrevious: boolean;
}
