/**
 * The page's engine client (one per page), the hook that follows its status, and the refresh of
 * the report data after the engine choice changed.
 */
import { useSyncExternalStore } from 'react';
import { dispatch } from '@wordpress/data';
import { itemsStore, reportsStore } from '@abacus/data';

import { EngineClient, type EngineStatus, type EngineToken } from './client.js';
import { apiFetch } from '../base/api-fetch.js';

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

/** Whether the engine in use has failed (unreachable or refusing): the page's banner says it. */
export function useEngineFailed(client: EngineClient = engineClient): boolean {
	return useEngineStatus(client).kind === 'failed';
}

/**
 * Whether report requests go to WooCommerce (inside WordPress without the engine in use): then an
 * engine-only report must ask nothing (WooCommerce has no such route) and show NeedsAbacusEngine.
 */
export function useUsesWooCommerce(): boolean {
	return usesWooCommerceWith(useEngineStatus(engineClient));
}

/** The same, now (outside React: a report's first view, asked for before the page is drawn). */
export function usesWooCommerce(): boolean {
	return usesWooCommerceWith(engineClient.getStatus());
}

function usesWooCommerceWith(status: ReturnType<typeof engineClient.getStatus>): boolean {
	const insideWordPress = window.abacusSettings?.restRoutes !== undefined;
	return insideWordPress && (!engineClient.getSettings() || status.kind === 'fallback');
}

/** How many times the reports were asked again: the pages' own requests follow it. */
let refreshes = 0;
const refreshListeners = new Set<() => void>();

function subscribeRefreshes(listener: () => void): () => void {
	refreshListeners.add(listener);
	return () => refreshListeners.delete(listener);
}

const getRefreshes = (): number => refreshes;

/**
 * A number that changes each time the reports are asked again (refreshReports): a page's own
 * request keyed on it is asked again with the stores' (the engine banner's Retry retries all).
 */
export function useReportsRefresh(): number {
	return useSyncExternalStore(subscribeRefreshes, getRefreshes, getRefreshes);
}

/**
 * Asks again for every report and leaderboard shown, and every request keyed on
 * useReportsRefresh (after Retry or a change of engine).
 */
export function refreshReports(): void {
	void dispatch(reportsStore).invalidateResolutionForStore();
	void dispatch(itemsStore).invalidateResolutionForStore();
	refreshes += 1;
	for (const listener of [...refreshListeners]) listener();
}
