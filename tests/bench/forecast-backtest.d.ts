/** Types of forecast-backtest.js for the TypeScript benches (engine/forecast.bench.ts). */
export interface ForecastModule {
	dayNumber(day: string): number;
	dayText(day: number): string;
	HISTORY_DAYS: number;
}

export interface StoreHistory {
	today: string;
	firstDay: string;
	values: Record<string, number[]>;
	requests: number;
	ms: number;
}

export const METRICS: Array<[string, string]>;
export const PAGE_DAYS: number;

export function readHistory(
	forecast: ForecastModule,
	today: string,
	get: (query: string) => Promise<{
		intervals?: Array<{ interval: string; subtotals?: Record<string, unknown> }>;
	}>,
): Promise<StoreHistory>;
