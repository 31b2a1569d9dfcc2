/**
 * The cluster's schema: the database, each shard's local tables and the Distributed tables over
 * them (`createClusterSchema`: the store tables of `tables.ts`, the roll-ups, the notes on charts),
 * and the columns added to tables made before them (`addMissingColumns`).
 */
import { ANNOTATION_COLUMNS, annotationTableStatements } from './annotations.js';
import { ClickHouseClient } from './client.js';
import { createRollupTables } from './rollups.js';
import { recordShards } from './routing.js';
import { CLICKHOUSE_TABLES } from './tables.js';

/** What a cluster or database name may be (they are written into statements). */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Creates the database, each shard's local tables and the Distributed tables over them (on every
 * shard, so any shard can take inserts and queries). `shardUrls` are the shards' HTTP endpoints.
 */
export async function createClusterSchema(
	shardUrls: string[],
	cluster: string,
	database: string,
): Promise<void> {
	await onEveryShard(shardUrls, cluster, database, async (client) => {
		for (const [table, spec] of Object.entries(CLICKHOUSE_TABLES)) {
			const columns = [['store_id', 'UInt32'], ...spec.columns]
				.map(([name, type]) => `${name} ${type}`)
				.join(', ');
			const partition =
				spec.partitionBy === null
					? ''
					: `PARTITION BY ${spec.partitionBy ?? 'toYYYYMM(date_created)'} `;
			await client.run(
				`CREATE TABLE IF NOT EXISTS ${database}.${table} (${columns}) ENGINE = MergeTree() ${partition}ORDER BY (store_id, ${spec.key ?? 'date_created'})`,
			);
			await client.run(
				`CREATE TABLE IF NOT EXISTS ${database}.${table}_all AS ${database}.${table} ENGINE = Distributed(${cluster}, ${database}, ${table}, store_id)`,
			);
		}
		// The columns of every table asked for once (a table made before a column lacks it).
		const present = await presentColumns(client, database);
		for (const [table, spec] of Object.entries(CLICKHOUSE_TABLES)) {
			await addMissingColumns(
				client,
				database,
				[table, `${table}_all`],
				spec.columns,
				present,
			);
		}
		await createRollupTables(client, cluster, database);
		// The stores' notes on charts (`annotations.ts`): never cleared by a load.
		for (const statement of annotationTableStatements(cluster, database)) {
			await client.run(statement);
		}
		await addMissingColumns(
			client,
			database,
			['annotations', 'annotations_all'],
			ANNOTATION_COLUMNS,
		);
	});
	// Where each shard answers, so a store's statements can go to the shard holding it (routing.ts).
	await recordShards(shardUrls, database);
}

/**
 * Runs `work` on every shard at once (each one's tables are its own) with a client of the shard,
 * once the database exists there; the cluster's and the database's names are checked first (they
 * are spliced into statements).
 */
export async function onEveryShard(
	shardUrls: string[],
	cluster: string,
	database: string,
	work: (client: ClickHouseClient) => Promise<void>,
): Promise<void> {
	if (!IDENTIFIER.test(cluster) || !IDENTIFIER.test(database)) {
		throw new Error('Cluster and database names must be letters, digits and _.');
	}
	await Promise.all(
		shardUrls.map(async (url) => {
			const client = new ClickHouseClient({ url, database: 'default' });
			await client.run(`CREATE DATABASE IF NOT EXISTS ${database}`);
			await work(client);
		}),
	);
}

/**
 * Adds to each of `tables` (a shard's local table and its Distributed table) the columns of
 * `columns` it lacks, at the end (where a table made with them has them too): a table made
 * before a column existed keeps its rows, which read the type's default (0, '' or NULL) until
 * the store is loaded or pushed again. 18.16 has no ADD COLUMN IF NOT EXISTS, so the columns are
 * asked for first; another process adding the same column at once is not an error.
 */
export async function addMissingColumns(
	client: ClickHouseClient,
	database: string,
	tables: string[],
	columns: Array<[name: string, type: string]>,
	known?: Array<{ table: string; name: string }>,
): Promise<void> {
	const present = known ?? (await presentColumns(client, database, tables));
	for (const table of tables) {
		const names = new Set(present.filter((c) => c.table === table).map((c) => c.name));
		for (const [name, type] of columns) {
			if (names.has(name)) continue;
			try {
				await client.run(`ALTER TABLE ${database}.${table} ADD COLUMN ${name} ${type}`);
			} catch (error) {
				const duplicate = /already exists|DUPLICATE_COLUMN/i;
				if (!(error instanceof Error && duplicate.test(error.message))) throw error;
			}
		}
	}
}

/** The columns of `tables` (default every table) of `database` on the client's node. */
async function presentColumns(
	client: ClickHouseClient,
	database: string,
	tables?: string[],
): Promise<Array<{ table: string; name: string }>> {
	return client.all<{ table: string; name: string }>(
		`SELECT table, name FROM system.columns WHERE database = ?${tables ? ` AND table IN (${tables.map(() => '?').join(', ')})` : ''}`,
		[database, ...(tables ?? [])],
	);
}
