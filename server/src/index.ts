/**
 * The standalone Abacus server: opens (or creates and seeds) the store database and serves the
 * REST API and the admin page.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createApp } from './core/app.js';
import { createContext, type ServerContext } from './core/context.js';
import { Db } from './core/db.js';
import { allowedHostList } from './core/security.js';
import { generateStore } from './store/generate.js';
import { ensureRollups } from './store/rollups.js';
import { createStoreSchema } from './store/schema.js';
import { isValidTimeZone } from './store/time.js';

export interface StartOptions {
	/** DuckDB file; created and seeded when missing. Default: an in-memory store. */
	databasePath?: string;
	/** Port; 0 = any free port. Default 0. */
	port?: number;
	/** Host to bind. Default 127.0.0.1. */
	host?: string;
	/** Orders to generate for a new database. Default 1,000. */
	orders?: number;
	seed?: number;
	/** Store time zone for a new database. Default UTC. */
	timeZone?: string;
	/** Folder of the built client. Default: the repository's `build/`. */
	buildDir?: string;
	/**
	 * Host names (optionally `name:port`) the server answers for; others get 421. Default: the
	 * loopback names 127.0.0.1, localhost and [::1] on any port, plus `host` when it is a specific
	 * address.
	 */
	allowedHosts?: string[];
	/** Nonce required on mutating requests. Default: random. */
	nonce?: string;
	/** No progress output. */
	quiet?: boolean;
	/** Orders per batch of a historical import (`reports/import`). Default 50,000. */
	importBatchSize?: number;
	/** Awaited before each import batch (tests use it to observe progress). */
	importPace?: () => Promise<void>;
}

export interface RunningServer {
	url: string;
	adminUrl: string;
	port: number;
	nonce: string;
	ctx: ServerContext;
	close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** True when the database already holds a generated store. */
async function isSeeded(db: Db): Promise<boolean> {
	const row = await db.one<{ n: number }>(
		"SELECT COUNT(*) AS n FROM duckdb_tables() WHERE table_name = 'order_stats'",
	);
	if (!row || Number(row.n) === 0) return false;
	const products = await db.one<{ n: number }>('SELECT COUNT(*) AS n FROM products');
	return !!products && Number(products.n) > 0;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
	const databasePath = options.databasePath ?? ':memory:';
	if (databasePath !== ':memory:')
		fs.mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true });
	const timeZone = options.timeZone ?? 'UTC';
	if (!isValidTimeZone(timeZone)) throw new Error(`Unknown time zone: ${timeZone}`);
	const db = await Db.open(databasePath);
	try {
		if (!(await isSeeded(db))) {
			const started = Date.now();
			if (!options.quiet)
				console.log(`Generating a demo store with ${options.orders ?? 1000} orders…`);
			await generateStore(db, {
				orders: options.orders ?? 1000,
				seed: options.seed ?? 1,
				timeZone,
			});
			if (!options.quiet)
				console.log(`Store generated in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
		} else {
			await createStoreSchema(db);
			await ensureRollups(db);
		}
	} catch (error) {
		db.close();
		throw error;
	}
	const nonce = options.nonce ?? crypto.randomBytes(16).toString('hex');
	const host = options.host ?? '127.0.0.1';
	const ctx = createContext(db, {
		databasePath,
		nonce,
		buildDir: options.buildDir ?? path.resolve(here, '../../build'),
		importBatchSize: options.importBatchSize ?? 50_000,
		importPace: options.importPace,
		host,
		port: options.port ?? 0,
		allowedHosts: allowedHostList(options.allowedHosts ?? [], host),
	});
	const app = await createApp(ctx);
	await app.listen({ port: options.port ?? 0, host });
	const address = app.server.address();
	const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
	ctx.config.port = port;
	const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
	const url = `http://${shownHost}:${port}`;
	let closed = false;
	return {
		url,
		adminUrl: `${url}/wp-admin/admin.php?page=abacus`,
		port,
		nonce,
		ctx,
		async close() {
			if (closed) return;
			closed = true;
			await app.close();
			db.close();
		},
	};
}
