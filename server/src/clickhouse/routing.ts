/**
 * Sending a store's statements to the shard that holds its rows. The Distributed tables put all of
 * a store's rows on one shard (sharding key `store_id`), so a store's whole statement can run on
 * that shard over its local tables: the rows are aggregated where they lie and only the answer
 * travels. `createClusterSchema` records every shard's HTTP endpoint on every shard
 * (`recordShards`, table `shard_urls`); `findShard` asks each recorded shard whether its local
 * store registry (`stores`, sharded like the data) holds the store, and routes only when exactly
 * one does.
 *
 * ClickHouse 18.16 applies a `SELECT DISTINCT` that follows a JOIN to each of the parallel streams
 * reading a local table's parts, not once over them all: a (week, coupon) pair read in two streams
 * came out twice, so a weekly `coupons_count` was one too high. Over the Distributed tables the
 * rows arrived as one stream, which hid it. A routed statement with DISTINCT therefore runs in one
 * thread (`max_threads = 1`); every other statement keeps the shard's threads.
 */
import type { Row, SqlValue } from '../core/db.js';
import { ClickHouseClient, type ClickHouseTarget } from './client.js';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Writes every shard's HTTP endpoint, in order, to `database.shard_urls` on each shard. */
export async function recordShards(shardUrls: string[], database: string): Promise<void> {
	if (!IDENTIFIER.test(database)) {
		throw new Error('The database name must be letters, digits and _.');
	}
	for (const url of shardUrls) {
		const client = new ClickHouseClient({ url, database });
		// Asked first: a cluster made already holds them, and is written again only when one is
		// missing (a shard added, or moved).
		let held: Array<{ url: string; position: number }> = [];
		try {
			held = await client.all(`SELECT url, position FROM ${database}.shard_urls`);
		} catch (error) {
			if (!(error instanceof Error && /UNKNOWN_TABLE|doesn't exist/i.test(error.message)))
				throw error;
			await client.run(
				`CREATE TABLE IF NOT EXISTS ${database}.shard_urls (url String, position UInt32) ENGINE = ReplacingMergeTree() ORDER BY url`,
			);
		}
		const recorded = new Set(held.map((row) => `${Number(row.position)} ${row.url}`));
		if (shardUrls.every((shard, position) => recorded.has(`${position} ${shard}`))) continue;
		await client.insert(
			`${database}.shard_urls`,
			shardUrls.map((shard, position) => ({ url: shard, position })),
		);
	}
}

/** The shards recorded on the node `target` names (none when the table is missing). */
export async function recordedShards(target: ClickHouseTarget): Promise<string[]> {
	const client = new ClickHouseClient(target);
	const exists = await client.one<{ n: string }>(
		'SELECT count() AS n FROM system.tables WHERE database = ? AND name = ?',
		[target.database, 'shard_urls'],
	);
	if (!Number(exists?.n)) return [];
	const rows = await client.all<{ url: string }>(
		`SELECT DISTINCT url FROM ${target.database}.shard_urls ORDER BY url`,
	);
	return rows.map((row) => row.url);
}

/**
 * The endpoint of the one shard whose local store registry holds `storeId`, or null (no shard or
 * several do, or no shard is recorded): the caller then reads through the Distributed tables.
 * A recorded shard that does not answer counts as not holding the store.
 */
export async function findShard(
	target: ClickHouseTarget,
	shardUrls: string[],
	storeId: number,
): Promise<string | null> {
	const holders: string[] = [];
	for (const url of shardUrls) {
		const client = new ClickHouseClient({ url, database: target.database });
		try {
			const row = await client.one<{ n: string }>(
				`SELECT count() AS n FROM ${target.database}.stores WHERE store_id = ?`,
				[storeId],
			);
			if (Number(row?.n)) holders.push(url);
		} catch {
			// Not reachable from here (an old or moved endpoint): not a holder.
		}
	}
	return holders.length === 1 ? holders[0] : null;
}

/**
 * A client of one shard that runs a statement holding DISTINCT in one thread (see the file
 * comment); anything else with the shard's usual threads.
 */
export class ShardClient extends ClickHouseClient {
	private readonly single: ClickHouseClient;

	constructor(target: ClickHouseTarget, settings: Record<string, string | number> = {}) {
		super(target, settings);
		this.single = new ClickHouseClient(target, { ...settings, max_threads: 1 });
	}

	override async all<T extends Row = Row>(sql: string, params: SqlValue[] = []): Promise<T[]> {
		if (/\bDISTINCT\b/i.test(sql)) return this.single.all<T>(sql, params);
		return super.all<T>(sql, params);
	}
}
