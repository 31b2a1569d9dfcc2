/**
 * The cluster's schema: the database, each shard's local tables and the Distributed tables over
 * them (`createClusterSchema`: the store tables of `tables.ts`, the roll-ups, the notes on charts),
 * and the columns added to tables made before them (`addMissingColumns`).
 */
import { ANNOTATION_COLUMNS, annotationTableStatements } from './annotations.js';
import { ClickHouseClient } from './client.js';
import { CLICKHOUSE_ROLLUPS, createRollupTables } from './rollups.js';
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
		// Every table's columns asked for once: the tables present are made no more, and only a
		// table made before a column can lack it (one made here has them all). A load, a push
		// or an engine start on a made cluster then costs one statement a shard, not seventy.
		const present = await presentColumns(client, database);
		const before = new Set(present.map((c) => c.table));
		const existing = new Set(before);
		const create = (statements: string[]): Promise<void> =>
			createMissingTables(client, statements, existing);
		for (const [table, spec] of Object.entries(CLICKHOUSE_TABLES)) {
			const columns = [['store_id', 'UInt32'], ...spec.columns]
				.map(([name, type]) => `${name} ${type}`)
				.join(', ');
			const partition =
				spec.partitionBy === null
					? ''
					: `PARTITION BY ${spec.partitionBy ?? 'toYYYYMM(date_created)'} `;
			await create([
				`CREATE TABLE IF NOT EXISTS ${database}.${table} (${columns}) ENGINE = MergeTree() ${partition}ORDER BY (store_id, ${spec.key ?? 'date_created'})`,
				`CREATE TABLE IF NOT EXISTS ${database}.${table}_all AS ${database}.${table} ENGINE = Distributed(${cluster}, ${database}, ${table}, store_id)`,
			]);
		}
		for (const [table, spec] of Object.entries(CLICKHOUSE_TABLES)) {
			await addMissingColumns(
				client,
				database,
				[table, `${table}_all`].filter((name) => before.has(name)),
				spec.columns,
				present,
			);
		}
		await createRollupTables(client, cluster, database, { present, create });
		// Columns added to a roll-up since its table was made (at the end, where a new table has
		// them): its rows of an older definition are never read (`CLICKHOUSE_ROLLUP_VERSION`).
		for (const [table, spec] of Object.entries(CLICKHOUSE_ROLLUPS)) {
			const older = [table, `${table}_all`].filter((name) => before.has(name));
			if (older.length)
				await addMissingColumns(client, database, older, spec.columns, present);
		}
		// The stores' notes on charts (`annotations.ts`): never cleared by a load.
		await create(annotationTableStatements(cluster, database));
		await addMissingColumns(
			client,
			database,
			['annotations', 'annotations_all'].filter((name) => before.has(name)),
			ANNOTATION_COLUMNS,
			present,
		);
	});
	// Where each shard answers, so a store's statements can go to the shard holding it (routing.ts).
	await recordShards(shardUrls, database);
}

/** `CREATE TABLE IF NOT EXISTS db.name …` → name. */
const CREATED = /^CREATE TABLE IF NOT EXISTS [A-Za-z_][A-Za-z0-9_]*\.([A-Za-z_][A-Za-z0-9_]*)\s/;

/**
 * Runs each `CREATE TABLE IF NOT EXISTS` whose table is not among `existing` (the tables present
 * when the caller asked), in order, and adds the tables it made to `existing`. A table another
 * process makes meanwhile is not an error: the statements keep their IF NOT EXISTS.
 */
export async function createMissingTables(
	client: ClickHouseClient,
	statements: string[],
	existing: Set<string>,
): Promise<void> {
	for (const statement of statements) {
		const table = CREATED.exec(statement)?.[1];
		if (table === undefined) throw new Error(`Not a CREATE TABLE IF NOT EXISTS: ${statement}`);
		if (existing.has(table)) continue;
		await client.run(statement);
		existing.add(table);
	}
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
export async function presentColumns(
	client: ClickHouseClient,
	database: string,
	tables?: string[],
): Promise<Array<{ table: string; name: string }>> {
	return client.all<{ table: string; name: string }>(
		`SELECT table, name FROM system.columns WHERE database = ?${tables ? ` AND table IN (${tables.map(() => '?').join(', ')})` : ''}`,
		[database, ...(tables ?? [])],
	);
}
