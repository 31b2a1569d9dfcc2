/**
 * The push states (`store_pushes`, `store_pushes_all`, made with the store registry,
 * `registry.ts`): whether the engine that syncs a store is replacing its rows on the cluster,
 * recorded at each push's start and end, read by every engine, and pruned.
 */
import type { ClickHouseClient } from './client.js';
import { nextVersion } from './registry.js';

/** Records that a store's rows are being replaced (`pending`) or complete again. */
export async function recordPushState(
	client: ClickHouseClient,
	storeId: number,
	url: string,
	pending: boolean,
): Promise<void> {
	await client.insert(`${client.target.database}.store_pushes_all`, [
		{ store_id: storeId, url, pending: pending ? 1 : 0, version: nextVersion() },
	]);
}

/**
 * Whether the engine syncing the store at `url` is replacing its rows (a push started and not
 * finished, or failed and not retried yet). False when the cluster has no push states (made before
 * they existed, or its stores loaded by `clickhouse-load.js` only).
 */
export async function pushPending(client: ClickHouseClient, url: string): Promise<boolean> {
	const row = await client.one<{ n: string; pending: number }>(
		`SELECT count() AS n, argMax(pending, version) AS pending FROM ${client.target.database}.store_pushes_all WHERE url = ?`,
		[url],
	);
	return Number(row?.n ?? 0) > 0 && Number(row?.pending) === 1;
}

/**
 * Prunes a store's push states on one shard's local `store_pushes` (a store's rows lie on one
 * shard; the others hold none and are only asked): the rows older than its latest settled state
 * (its highest version with `pending` 0) are deleted once there are more than `keep` of them (an
 * unwaited mutation, as the roll-ups' old generations). The latest settled row and every row after
 * it (a push announced since) are kept, so the highest version, whose `pending` readers take, is
 * never deleted: a store being replaced stays pending. Returns the rows the mutation deletes (0:
 * none issued).
 */
export async function prunePushStates(
	shard: ClickHouseClient,
	storeId: number,
	keep: number,
): Promise<number> {
	const database = shard.target.database;
	const settled = await shard.one<{ version: string }>(
		`SELECT toString(max(version)) AS version FROM ${database}.store_pushes WHERE store_id = ? AND pending = 0`,
		[storeId],
	);
	// Microseconds since 1970 (nextVersion): exact as a double.
	const version = Number(settled?.version ?? 0);
	if (!(version > 0)) return 0;
	const older = await shard.one<{ n: string }>(
		`SELECT count() AS n FROM ${database}.store_pushes WHERE store_id = ? AND version < ?`,
		[storeId, version],
	);
	const n = Number(older?.n ?? 0);
	if (n <= keep) return 0;
	await shard.run(
		`ALTER TABLE ${database}.store_pushes DELETE WHERE store_id = ? AND version < ?`,
		[storeId, version],
	);
	return n;
}

/** Whether the cluster holds the push states (`createStoreRegistry` makes them). */
export async function hasPushStates(client: ClickHouseClient): Promise<boolean> {
	const row = await client.one<{ n: string }>(
		'SELECT count() AS n FROM system.tables WHERE database = ? AND name = ?',
		[client.target.database, 'store_pushes_all'],
	);
	return Number(row?.n ?? 0) > 0;
}
