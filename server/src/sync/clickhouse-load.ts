#!/usr/bin/env node
/**
 * Puts a store on a ClickHouse cluster: creates the tables and the store registry on every shard
 * (when missing), copies the store's analytics rows from its DuckDB file (replacing what the
 * cluster held for that store id) and registers its URL (the engine token's `store`) with the
 * settings its reports need and its price decimals, read from the same file.
 *
 * `node server/build/sync/clickhouse-load.js --engine clickhouse://127.0.0.1:PORT/abacus
 *   --shard http://127.0.0.1:PORT1 --shard http://127.0.0.1:PORT2 [--cluster abacus_cluster]
 *   --db store.duckdb --store-url https://shop.example --store-id 7`
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { ClickHouseClient, type ClickHouseTarget, parseEngineUrl } from '../clickhouse/client.js';
import { createStoreRegistry, type PriceFormat, registerStore } from '../clickhouse/registry.js';
import { createClusterSchema } from '../clickhouse/schema.js';
import { loadStore } from '../clickhouse/store-rows.js';
import { createContext } from '../core/context.js';
import { Db, lockHolder } from '../core/db.js';
import { getOption } from '../db/options.js';
import { storeSettings, type StoreSettings } from '../db/store-settings.js';
import { normaliseStoreId } from '../engine-auth/token.js';

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

/** The store's price format (its WooCommerce currency options, WooCommerce's defaults when unset). */
export async function readPriceFormat(db: Db): Promise<PriceFormat> {
	const text = async (name: string, fallback: string): Promise<string> => {
		const value = await getOption<unknown>(db, name, fallback);
		return typeof value === 'string' ? value : fallback;
	};
	const position = await text('woocommerce_currency_pos', 'left');
	return {
		position: ['left', 'right', 'left_space', 'right_space'].includes(position)
			? position
			: 'left',
		thousandSeparator: await text('woocommerce_price_thousand_sep', ','),
		decimalSeparator: await text('woocommerce_price_decimal_sep', '.'),
	};
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
		priceFormat: await readPriceFormat(options.db),
	});
	return counts;
}

const USAGE = `Usage: node server/build/sync/clickhouse-load.js --engine clickhouse://127.0.0.1:PORT/abacus
       [--shard http://127.0.0.1:PORT1]... [--cluster abacus_cluster]
       --db store.duckdb --store-url https://shop.example --store-id 7
  Puts a store's analytics rows from its DuckDB file on a ClickHouse cluster and registers it.
  --engine URL      the cluster (clickhouse://host:port/database)
  --shard URL       each shard's HTTP address (default: the --engine host)
  --cluster NAME    the cluster's name in the ClickHouse configuration
  --db PATH         the store's DuckDB file (not in use by a running server)
  --store-url URL   the store's address (the engine token's store)
  --store-id N      the store's number on the cluster
  --help            this text`;

/** Prints what was wrong and the usage, and exits with code 2. */
function usageError(message: string): never {
	console.error(`${message}\n${USAGE}`);
	process.exit(2);
}

/**
 * DuckDB's "Could not set lock on file" (another process, usually a server, holds the file) in
 * words: what to do. Null for another error.
 */
export function lockedFileMessage(error: unknown, file: string): string | null {
	const locked = lockHolder(error);
	if (!locked) return null;
	const { pid } = locked;
	return `${file} is in use by another process${pid ? ` (PID ${pid})` : ''}, most likely an Abacus server started with --db ${file}: DuckDB lets one process open it. Stop that server (Ctrl+C in its terminal${pid ? `, or kill ${pid}` : ''}) and load again, or load a copy: cp ${file} /tmp/store-copy.duckdb (with ${file}.wal when there is one) and give --db /tmp/store-copy.duckdb.`;
}

async function main(): Promise<void> {
	let values: {
		engine?: string;
		shard?: string[];
		cluster?: string;
		db?: string;
		'store-url'?: string;
		'store-id'?: string;
		help?: boolean;
	};
	try {
		({ values } = parseArgs({
			options: {
				engine: { type: 'string' },
				shard: { type: 'string', multiple: true },
				cluster: { type: 'string', default: 'abacus_cluster' },
				db: { type: 'string' },
				'store-url': { type: 'string' },
				'store-id': { type: 'string' },
				help: { type: 'boolean', short: 'h', default: false },
			},
		}));
	} catch (error) {
		// Node's words are "Unknown option '--x'. To specify a positional argument…": the first.
		const first = (error instanceof Error ? error.message : String(error)).split(/(?<=\.) /)[0];
		usageError(first.endsWith('.') ? first : `${first}.`);
	}
	if (values.help) {
		console.log(USAGE);
		return;
	}
	const storeId = Number(values['store-id']);
	if (!values.engine) usageError('--engine is required: the cluster, clickhouse://host:port/db.');
	if (!values.db) usageError("--db is required: the store's DuckDB file.");
	if (!values['store-url']) usageError("--store-url is required: the store's address.");
	if (!/^\d+$/.test(values['store-id'] ?? ''))
		usageError(`--store-id must be a whole number, got "${values['store-id'] ?? ''}".`);
	let target: ClickHouseTarget;
	try {
		target = parseEngineUrl(values.engine);
	} catch (error) {
		usageError(error instanceof Error ? error.message : String(error));
	}
	let db: Db;
	try {
		db = await Db.open(values.db);
	} catch (error) {
		const locked = lockedFileMessage(error, values.db);
		if (locked === null) throw error;
		console.error(locked);
		process.exit(1);
	}
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
