/**
 * The server on ClickHouse (`--engine clickhouse://host:port/db`): each report request is answered
 * for the store its engine token names (`request.engineStore`, checked by `src/engine-auth`),
 * looked up in the cluster's store registry (`storeByUrl`, cached briefly) and read through a
 * `ClickHouseStore` scoped to that store, with the settings the store registered. A request naming
 * no store, or a store the cluster does not hold, is refused: there is no default store.
 * A store's statements go to the shard that holds it and read its local tables (`clickhouse/routing.ts`);
 * when no single shard is found they read the Distributed tables through the engine's node.
 * Whole-day ranges read the store's daily roll-ups (`clickhouse/rollups.ts`) unless the store has none yet
 * (loaded before they existed: read from its orders until loaded again).
 */
import type { FastifyRequest } from 'fastify';

import type {} from '../engine-auth/index.js';
import { RestError } from '../http/errors.js';
import type { ReportEngine, ReportSource } from '../reports/shared/report-route.js';
import { ClickHouseClient, type ClickHouseTarget } from '../clickhouse/client.js';
import { ClickHouseCostBook } from '../clickhouse/costs.js';
import { storeHasRollups } from '../clickhouse/rollups.js';
import { findShard, recordedShards, ShardClient } from '../clickhouse/routing.js';
import { type RegisteredStore, storeByUrl } from '../clickhouse/registry.js';
import { ClickHouseStore } from '../clickhouse/store.js';

export interface ClickHouseEngineOptions {
	/** How long a store's registry lookup is reused (ms). Default 2,000, as engine-auth's store list. */
	lookupTtlMs?: number;
	/** How long a cached report answer is served (ms). Default 30,000. */
	maxAgeMs?: number;
	/** Send a store's statements to its shard (default) or always through the Distributed tables. */
	routing?: boolean;
	/**
	 * The source of a store whose cluster rows are behind its workspace (a push waiting, running
	 * or failed: `sync/clickhouse-workspaces.ts`), by store URL; undefined: read the cluster.
	 */
	pending?: (url: string) => Promise<ReportSource | undefined>;
}

/** Most store lookups kept (a lookup per store URL; the oldest dropped first). */
const MAX_LOOKUPS = 10_000;

export function clickHouseEngine(
	target: ClickHouseTarget,
	options: ClickHouseEngineOptions = {},
): ReportEngine {
	// LEFT JOINs give NULL for no match, as in DuckDB (not the column type's default).
	const settings = { join_use_nulls: 1 };
	const client = new ClickHouseClient(target, settings);
	// Cost saves: an insert returns once the shard holding the store has the rows.
	const writer = new ClickHouseClient(target, { ...settings, insert_distributed_sync: 1 });
	const ttl = options.lookupTtlMs ?? 2000;
	const lookups = new Map<string, { at: number; store: Promise<RegisteredStore | null> }>();
	const routing = options.routing ?? true;
	/** The recorded shards (asked again after a minute) and each store's shard client. */
	let shardList: { at: number; urls: Promise<string[]> } | null = null;
	const shardOf = new Map<number, { at: number; client: Promise<ClickHouseClient> }>();

	function shards(): Promise<string[]> {
		if (shardList && Date.now() - shardList.at < 60_000) return shardList.urls;
		const urls = recordedShards(target);
		shardList = { at: Date.now(), urls };
		urls.catch(() => (shardList = null));
		return urls;
	}

	/** The client reading `storeId`'s rows: its shard's, else the engine node's (Distributed). */
	function readerClient(storeId: number): Promise<ClickHouseClient> {
		const held = shardOf.get(storeId);
		if (held && Date.now() - held.at < 60_000) return held.client;
		shardOf.delete(storeId);
		if (shardOf.size >= MAX_LOOKUPS) {
			const first = shardOf.keys().next();
			if (!first.done) shardOf.delete(first.value);
		}
		const found = shards()
			.then((urls) => findShard(target, urls, storeId))
			.then((url) =>
				url ? new ShardClient({ url, database: target.database }, settings) : client,
			);
		shardOf.set(storeId, { at: Date.now(), client: found });
		found.catch(() => shardOf.delete(storeId));
		return found;
	}

	/** Whether the store's daily roll-ups are on the cluster (asked again after a minute). */
	const rollupsOf = new Map<number, { at: number; held: Promise<boolean> }>();
	function hasRollups(storeId: number): Promise<boolean> {
		const known = rollupsOf.get(storeId);
		if (known && Date.now() - known.at < 60_000) return known.held;
		rollupsOf.delete(storeId);
		if (rollupsOf.size >= MAX_LOOKUPS) {
			const first = rollupsOf.keys().next();
			if (!first.done) rollupsOf.delete(first.value);
		}
		const held = storeHasRollups(client, storeId);
		rollupsOf.set(storeId, { at: Date.now(), held });
		held.catch(() => rollupsOf.delete(storeId));
		return held;
	}

	function lookup(url: string): Promise<RegisteredStore | null> {
		const held = lookups.get(url);
		if (held && Date.now() - held.at < ttl) return held.store;
		lookups.delete(url);
		if (lookups.size >= MAX_LOOKUPS) {
			const first = lookups.keys().next();
			if (!first.done) lookups.delete(first.value);
		}
		const store = storeByUrl(client, url);
		lookups.set(url, { at: Date.now(), store });
		// A failed lookup (cluster unreachable) is asked again by the next request.
		store.catch(() => lookups.delete(url));
		return store;
	}

	return {
		name: 'ClickHouse',
		maxAgeMs: options.maxAgeMs ?? 30_000,
		async source(request: FastifyRequest): Promise<ReportSource> {
			const url = request.engineStore;
			if (url === undefined) {
				throw new RestError(
					'abacus_engine_token_missing',
					'This engine serves many stores: a report request must carry the store token (Authorization: Bearer …) of a store it serves.',
					401,
				);
			}
			const pending = await options.pending?.(url);
			if (pending) return pending;
			const store = await lookup(url);
			if (!store) {
				throw new RestError(
					'abacus_engine_store_unknown',
					`The engine holds no figures for ${JSON.stringify(url)}: the store is not registered on its ClickHouse cluster.`,
					403,
				);
			}
			const [reader, rollups] = await Promise.all([
				routing ? readerClient(store.storeId) : client,
				hasRollups(store.storeId),
			]);
			const scoped = new ClickHouseStore(reader, store.storeId, {
				local: reader instanceof ShardClient,
				rollups,
			});
			return {
				reader: scoped,
				settings: store.settings,
				store: `clickhouse:${store.storeId}`,
				costs: new ClickHouseCostBook(scoped, writer, store.storeId, store.priceDecimals),
			};
		},
	};
}

/**
 * Checks at start that the cluster answers and holds the store registry (`createStoreRegistry`),
 * so a wrong `--engine` fails with what to do rather than on the first report.
 */
export async function checkEngine(target: ClickHouseTarget): Promise<void> {
	const client = new ClickHouseClient(target);
	try {
		await client.one(`SELECT count() AS n FROM ${target.database}.stores_all`);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		throw new Error(
			`The ClickHouse engine at ${target.url} (database ${target.database}) cannot be used: ${reason.slice(0, 300)}\nStart the cluster and load a store first (server/src/clickhouse/README.md: node server/build/sync/clickhouse-load.js).`,
		);
	}
}
