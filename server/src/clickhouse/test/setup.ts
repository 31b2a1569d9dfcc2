/**
 * What the ClickHouse tests share: demo stores generated into DuckDB files, a two-shard cluster
 * with the stores loaded, the report settings of a store, and JSON comparison to the cent.
 */
import path from 'node:path';

import { Db } from '../../core/db.js';
import { type StoreSettings } from '../../db/store-settings.js';
import { generateStore } from '../../demo/generate.js';
import { ClickHouseClient } from '../client.js';
import { type Cluster, startCluster } from '../cluster.js';
import { createClusterSchema, loadStore } from '../store.js';

export const NOW = new Date('2026-03-31T12:00:00Z');

export interface StoreSpec {
	id: number;
	timeZone: string;
	seed: number;
}

export interface TestStore {
	id: number;
	db: Db;
	timeZone: string;
	/** The DuckDB file. */
	file: string;
}

/** Report settings of a generated store with another week start. */
export function settings(timeZone: string, startOfWeek: number): StoreSettings {
	return {
		timeZone,
		startOfWeek,
		excludedStatuses: ['pending', 'failed', 'cancelled', 'trash'],
		actionableStatuses: ['processing', 'on-hold'],
		currency: 'USD',
		lowStockAmount: 2,
		noStockAmount: 0,
		manageStock: true,
	};
}

/**
 * What a caller receives (JSON has no -0: DuckDB's roll-ups may give -0 refunds, ClickHouse 0),
 * with the averages compared to the cent: they are divisions of sums DuckDB adds as doubles and
 * ClickHouse as decimals, so a fourth decimal on a half (9579.8 / 160 = 59.87375) can round either
 * way. Every sum and count is compared exactly.
 */
const AVERAGES = new Set(['avg_order_value', 'avg_items_per_order']);
export const json = (value: unknown): unknown =>
	JSON.parse(JSON.stringify(value), (key, v: unknown) =>
		AVERAGES.has(key) && typeof v === 'number' ? Math.round(v * 100) / 100 : v,
	);

/** Generates each store (`orders` orders over 400 days up to NOW) into `dir/store<id>.duckdb`. */
export async function generateStores(
	dir: string,
	specs: StoreSpec[],
	orders: number,
): Promise<TestStore[]> {
	const stores: TestStore[] = [];
	for (const spec of specs) {
		const file = path.join(dir, `store${spec.id}.duckdb`);
		const db = await Db.open(file);
		await generateStore(db, {
			orders,
			seed: spec.seed,
			timeZone: spec.timeZone,
			now: NOW,
			days: 400,
		});
		stores.push({ id: spec.id, db, timeZone: spec.timeZone, file });
	}
	return stores;
}

export interface LoadedCluster {
	cluster: Cluster;
	/** A client of the first shard (inserts wait for the owning shard). */
	client: ClickHouseClient;
	/** One client per shard (loading a store again clears its rows on each). */
	shardClients: ClickHouseClient[];
}

/** Creates the tables on an already started cluster and loads each store under its id. */
export async function loadCluster(
	cluster: Cluster,
	stores: TestStore[],
	database = 'abacus',
): Promise<LoadedCluster> {
	await createClusterSchema(
		cluster.shards.map((s) => s.url),
		cluster.name,
		database,
	);
	const client = new ClickHouseClient(
		{ url: cluster.shards[0].url, database },
		{ insert_distributed_sync: 1 },
	);
	const shardClients = cluster.shards.map(
		(shard) => new ClickHouseClient({ url: shard.url, database }),
	);
	for (const store of stores) await loadStore(store.db, client, store.id, { batchRows: 1000 });
	return { cluster, client, shardClients };
}

export { startCluster };
