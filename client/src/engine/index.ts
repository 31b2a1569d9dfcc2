/**
 * The page's engine client (one per page), the hook that follows its status, and the refresh of
 * the report data after the engine choice changed.
 */
import { useSyncExternalStore } from 'react';
import { dispatch } from '@wordpress/data';
import { itemsStore, reportsStore } from '@abacus/data';

import { EngineClient, type EngineStatus, type EngineToken } from './client.js';
import { apiFetch } from '../app/api-fetch.js';

export { EngineClient, readEngineSettings, failureMessage } from './client.js';
export type { EngineSettings, EngineStatus, EngineToken } from './client.js';
export {
	createEngineMiddleware,
	isReportRoute,
	isEngineOnlyRoute,
	isEngineExportRequest,
	isEngineCostRequest,
	ENGINE_ONLY_EXPORTS,
	ENGINE_EXPORTS,
} from './middleware.js';

/** The page's engine: configured from abacusSettings.engine when api-fetch is set up. */
export const engineClient = new EngineClient(null, {
	renew: (route) => apiFetch<EngineToken>({ path: route, method: 'POST' }),
});

/** The engine's status, re-rendering when it changes. */
export function useEngineStatus(client: EngineClient = engineClient): EngineStatus {
	return useSyncExternalStore(client.subscribe, client.getStatus, client.getStatus);
}

/** Asks again for every report and leaderboard shown (after Retry or a change of engine). */
export function refreshReports(): void {
	void dispatch(reportsStore).invalidateResolutionForStore();
	void dispatch(itemsStore).invalidateResolutionForStore();
}
