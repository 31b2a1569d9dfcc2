/**
 * An engine database: every store table (empty; the sync fills them), the admin tables the
 * server's routes expect, the default options (the sync replaces them with the store's), the sync
 * tables, and the marker saying the store is complete (so the server never generates a demo store
 * into it).
 */
import type { Db } from '../core/db.js';
import { createAdminSchema } from '../db/admin-schema.js';
import { seedOptions } from '../db/options.js';
import { refreshRollups } from '../db/rollups.js';
import { createStoreIndexes, createStoreSchema, markStoreComplete } from '../db/schema.js';
import { createSyncSchema } from './registry.js';

export async function prepareEngineDatabase(db: Db): Promise<void> {
	await createStoreSchema(db);
	await createStoreIndexes(db);
	await createAdminSchema(db);
	await seedOptions(db, 'UTC');
	await createSyncSchema(db);
	const rollups = await db.one(
		"SELECT 1 AS x FROM duckdb_tables() WHERE schema_name = 'main' AND table_name = 'rollup_version'",
	);
	if (!rollups) await refreshRollups(db);
	await markStoreComplete(db);
}
