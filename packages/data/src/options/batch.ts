/**
 * Batching of option reads: names asked for within BATCH_WINDOW_MS are sent as one
 * `GET <route>?options=a,b` per route (`/wc-admin/options`, or the host's route for Abacus's own
 * options) and every reader gets the shared answer.
 */
import { WC_ADMIN_NAMESPACE } from '../constants.js';
import { fetchJson } from '../fetch.js';
import { optionsRouteFor } from '../rest-routes.js';
import { BATCH_WINDOW_MS } from './constants.js';
import type { OptionsMap } from './types.js';

interface Pending {
	names: string[];
	request: Promise<OptionsMap>;
}

const pending = new Map<string, Pending>();

/** Path of the batched read for these option names. */
export function getOptionsPath(
	names: readonly string[],
	route = `${WC_ADMIN_NAMESPACE}/options`,
): string {
	return `${route}?options=${names.map(encodeURIComponent).join(',')}`;
}

/** Queues `name` for the next batched read; resolves with the map of every name in the batch. */
export function batchFetchOption(name: string): Promise<OptionsMap> {
	const route = optionsRouteFor(name);
	const current = pending.get(route);
	if (current) {
		if (!current.names.includes(name)) {
			current.names.push(name);
		}
		return current.request;
	}
	const names = [name];
	const request = new Promise<OptionsMap>((resolve, reject) => {
		setTimeout(() => {
			pending.delete(route);
			fetchJson<OptionsMap>({ path: getOptionsPath(names, route) }).then(resolve, reject);
		}, BATCH_WINDOW_MS);
	});
	pending.set(route, { names, request });
	return request;
}
