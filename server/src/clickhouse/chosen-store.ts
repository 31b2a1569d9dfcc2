/**
 * The store the engine's operator chose on the engine's own page (`X-Abacus-Store`), as a request
 * carries it: set by `clickhouse-engine/operator-store.ts`, read by this adapter's `storage.ts`
 * (its rows on the cluster, with the settings it registered). Declared here, beneath both, so the
 * adapter imports nothing above it.
 */
import type { StoreSettings } from '../db/store-settings.js';

/** What the adapter reads of the chosen store: its id on the cluster and its settings. */
export interface ChosenStore {
	id: number;
	settings: StoreSettings;
}

declare module 'fastify' {
	interface FastifyRequest {
		/** The served store the engine's operator chose (`X-Abacus-Store`), engine mode only. */
		operatorStore?: ChosenStore;
	}
}
