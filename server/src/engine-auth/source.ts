/**
 * The stores an engine serves, for the token check: those given to the server
 * (`config.engineStores`, from `--store-url`/`--store-secret`), else the environment's
 * `ABACUS_STORE_URL` + `ABACUS_STORE_SECRET`, plus every connected store with an engine secret
 * (the sync registry, `connect --engine-secret`).
 */
import type { ServerContext } from '../core/context.js';
import { listEngineStores } from '../sync/index.js';
import type { EngineStoreConfig, EngineStoreSource } from './index.js';

/** The single store named by `ABACUS_STORE_URL` and `ABACUS_STORE_SECRET`, if both are set. */
export function engineStoresFromEnv(env: NodeJS.ProcessEnv = process.env): EngineStoreConfig[] {
	const url = env.ABACUS_STORE_URL?.trim() ?? '';
	const secret = env.ABACUS_STORE_SECRET ?? '';
	return url !== '' && secret !== '' ? [{ url, secret }] : [];
}

export function engineStoreSource(ctx: ServerContext): EngineStoreSource {
	const configured = ctx.config.engineStores;
	const fixed = configured ?? engineStoresFromEnv();
	return async () => [
		...fixed,
		...(await listEngineStores(ctx.db)).map(({ url, secret }) => ({ url, secret })),
	];
}
