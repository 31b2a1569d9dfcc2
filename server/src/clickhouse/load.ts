#!/usr/bin/env node
/**
 * Puts a store on a ClickHouse cluster: creates the tables and the store registry on every shard
 * (when missing), copies the store's analytics rows from its DuckDB file (replacing what the
 * cluster held for that store id) and registers its URL (the engine token's `store`) with the
 * settings its reports need and its price decimals, read from the same file.
 *
 * `node server/build/clickhouse/load.js --engine clickhouse://127.0.0.1:PORT/abacus
 *   --shard http://127.0.0.1:PORT1 --shard http://127.0.0.1:PORT2 [--cluster abacus_cluster]
 *   --db store.duckdb --store-url https://shop.example --store-id 7`
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { createContext } from '../core/context.js';
import { Db } from '../core/db.js';
import { getOption } from '../db/options.js';
import { storeSettings, type StoreSettings } from '../db/store-settings.js';
import { normaliseStoreId } from '../engine-auth/token.js';
import { ClickHouseClient, type ClickHouseTarget, parseEngineUrl } from './client.js';
import { createClusterSchema, createStoreRegistry, loadStore, registerStore } from './store.js';

/** The report settings stored in a DuckDB store (its `options`), as the DuckDB server reads them. */
export async function readStoreSettings(db: Db): Promise<StoreSettings> {
	const ctx = createContext(db, {
		databasePath: '',
		nonce: '',
		buildDir: '',
		host: '127.0.0.1',
		port: 0,
		allowedHosts: [],
		importBatchSize: 1,
	});
	return storeSettings(ctx);
}

/**
 * The store's price decimals (`woocommerce_price_num_decimals`) as the DuckDB server's cost save
 * takes them: a number from 0 to 8 (2 when the option is missing, 0 when it is not a number).
 */
export async function readPriceDecimals(db: Db): Promise<number> {
	const decimals = Number(await getOption<unknown>(db, 'woocommerce_price_num_decimals', 2));
	return Math.max(0, Math.min(8, Math.floor(decimals) || 0));
}

export interface PutStoreOptions {
	/** The engine's node (the server's `--engine`). */
	target: ClickHouseTarget;
	/** Every shard's HTTP endpoint (`http://host:port`); each gets the tables. */
	shardUrls: string[];
	/** The cluster's name in the servers' `remote_servers`. */
	cluster: string;
	/** The store's DuckDB database. */
	db: Db;
	/** The store's address as its WordPress plugin signs it (normalised here). */
	storeUrl: string;
	storeId: number;
	batchRows?: number;
}

/** Schema, rows and registration of one store (see the file comment); returns rows per table. */
export async function putStore(options: PutStoreOptions): Promise<Record<string, number>> {
	const url = normaliseStoreId(options.storeUrl);
	if (url === null) {
		throw new Error(
			`The store URL ${JSON.stringify(options.storeUrl)} is not an http(s) address.`,
		);
	}
	await createClusterSchema(options.shardUrls, options.cluster, options.target.database);
	await createStoreRegistry(options.shardUrls, options.cluster, options.target.database);
	const client = new ClickHouseClient(options.target, { insert_distributed_sync: 1 });
	const shards = options.shardUrls.map(
		(shard) => new ClickHouseClient({ url: shard, database: options.target.database }),
	);
	const counts = await loadStore(options.db, client, options.storeId, {
		batchRows: options.batchRows,
		shards,
	});
	await registerStore(client, {
		storeId: options.storeId,
		url,
		settings: await readStoreSettings(options.db),
		priceDecimals: await readPriceDecimals(options.db),
	});
	return counts;
}

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			engine: { type: 'string' },
			shard: { type: 'string', multiple: true },
			cluster: { type: 'string', default: 'abacus_cluster' },
			db: { type: 'string' },
			'store-url': { type: 'string' },
			'store-id': { type: 'string' },
		},
	});
	const storeId = Number(values['store-id']);
	if (
		!values.engine ||
		!values.db ||
		!values['store-url'] ||
		!/^\d+$/.test(values['store-id'] ?? '')
	) {
		console.error(
			'Usage: node server/build/clickhouse/load.js --engine clickhouse://127.0.0.1:PORT/abacus --shard http://127.0.0.1:PORT1 [--shard …] [--cluster abacus_cluster] --db store.duckdb --store-url https://shop.example --store-id 7',
		);
		process.exit(2);
	}
	const target = parseEngineUrl(values.engine);
	const db = await Db.open(values.db);
	try {
		const started = Date.now();
		const counts = await putStore({
			target,
			shardUrls: values.shard?.length ? values.shard : [target.url],
			cluster: values.cluster ?? 'abacus_cluster',
			db,
			storeUrl: values['store-url'],
			storeId,
		});
		console.log(
			`Store ${storeId} (${values['store-url']}) loaded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${Object.entries(
				counts,
			)
				.map(([table, n]) => `${table} ${n}`)
				.join(', ')}.`,
		);
	} finally {
		db.close();
	}
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	main().catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
}
