/**
 * Batching of option reads: names asked for within BATCH_WINDOW_MS are sent as one
 * `GET /wc-admin/options?options=a,b` and every reader gets the shared answer.
 */
import { WC_ADMIN_NAMESPACE } from '../constants.js';
import { fetchJson } from '../fetch.js';
import { BATCH_WINDOW_MS } from './constants.js';
import type { OptionsMap } from './types.js';

let pendingNames: string[] = [];
let pendingRequest: Promise<OptionsMap> | null = null;

/** Path of the batched read for these option names. */
export function getOptionsPath(names: readonly string[]): string {
	return `${WC_ADMIN_NAMESPACE}/options?options=${names.map(encodeURIComponent).join(',')}`;
}

/** Queues `name` for the next batched read; resolves with the map of every name in the batch. */
export function batchFetchOption(name: string): Promise<OptionsMap> {
	if (!pendingNames.includes(name)) {
		pendingNames.push(name);
	}
	if (!pendingRequest) {
		pendingRequest = new Promise<OptionsMap>((resolve, reject) => {
			setTimeout(() => {
				const names = pendingNames;
				pendingNames = [];
				pendingRequest = null;
				fetchJson<OptionsMap>({ path: getOptionsPath(names) }).then(resolve, reject);
			}, BATCH_WINDOW_MS);
		});
	}
	return pendingRequest;
}
