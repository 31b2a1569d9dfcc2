/**
 * The standalone Abacus server: opens (or creates and seeds) the store database and serves the
 * REST API and the admin page.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createApp } from './app.js';
import { createContext, type ServerContext } from './core/context.js';
import { Db, lockHolder } from './core/db.js';
import { allowedHostList } from './http/security.js';
import { generateStore } from './demo/generate.js';
import { ensureRollups } from './db/rollup-upgrade.js';
import { createStoreSchema, markStoreComplete, storeState, verifyTables } from './db/schema.js';
import { isValidTimeZone } from './db/store-time.js';
import { startSync, type SyncService } from './sync/index.js';
import { type EngineIngest, openEngineIngest, workspaceDir } from './sync/clickhouse-workspaces.js';
import { engineStoresFromEnv } from './engine-auth/source.js';

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
	/**
	 * Stores this server is the engine of: their report routes need a token signed with the
	 * store's secret (`src/engine-auth`). Default none.
	 */
	engineStores?: Array<{ url: string; secret: string }>;
	/**
	 * Answer reports from a ClickHouse cluster holding many stores (`parseEngineUrl` of
	 * `src/clickhouse`): each request for the store its engine token names. Default: the DuckDB
	 * store.
	 */
	engine?: { url: string; database: string };
	/**
	 * Keep the WooCommerce stores registered in the database (`npm run connect`) in step: a
	 * backfill, then a round every `intervalSeconds` (default: the store's, 60 s). Default true;
	 * progress lines go to the console unless `quiet`.
	 */
	sync?: boolean | { intervalSeconds?: number; autoStart?: boolean };
	/**
	 * On a ClickHouse engine: the folder of the connected stores' workspaces, each synced and
	 * pushed to the cluster (`src/sync/clickhouse-workspaces.ts`). Default: `stores/` beside
	 * `databasePath`.
	 */
	storesDir?: string;
	/**
	 * The operator sessions' lifetimes (seconds) and clock (milliseconds), for tests; default 8 h
	 * idle, 24 h in all, `Date.now`.
	 */
	operatorSessions?: { idleSeconds?: number; maxSeconds?: number; now?: () => number };
}

export interface RunningServer {
	url: string;
	adminUrl: string;
	port: number;
	nonce: string;
	ctx: ServerContext;
	/** The store syncs (none without registered stores or with `sync: false`). */
	sync: SyncService | null;
	close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

interface SeedOptions {
	orders: number;
	seed: number;
	timeZone: string;
	quiet: boolean;
}

async function seed(db: Db, options: SeedOptions): Promise<void> {
	const started = Date.now();
	if (!options.quiet) console.log(`Generating a demo store with ${options.orders} orders…`);
	await generateStore(db, options);
	if (!options.quiet)
		console.log(`Store generated in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** Opens a database file, turning DuckDB's complaint into what to do about it. */
async function openFile(file: string): Promise<Db> {
	try {
		return await Db.open(file);
	} catch (error) {
		throw new Error(damagedMessage(file, error));
	}
}

function damagedMessage(file: string, error: unknown): string {
	const reason = error instanceof Error ? error.message : String(error);
	// Another process holds the file (DuckDB lets one process open it): nothing is damaged.
	const locked = lockHolder(error);
	if (locked) {
		const { pid } = locked;
		return `The database ${file} is in use by another process${pid ? ` (PID ${pid})` : ''}, most likely an Abacus server started with --db ${file}: DuckDB lets one process open it. Stop that server (Ctrl+C in its terminal${pid ? `, or kill ${pid}` : ''}) and start again, or start this one on another --db.`;
	}
	return `The database ${file} is damaged and cannot be used: ${reason}\nMove it aside (or restore a backup) and start again: a new demo store is generated when the file does not exist.`;
}

/**
 * Generates a store into a temporary file next to `file` and renames it into place once complete:
 * a first start killed at any moment leaves either no store or a whole one (plus a temporary file
 * removed by the next start).
 */
async function seedFile(file: string, options: SeedOptions): Promise<void> {
	const temporary = `${file}.seeding-${process.pid}`;
	for (const f of [temporary, `${temporary}.wal`]) fs.rmSync(f, { force: true });
	const db = await Db.open(temporary);
	try {
		await seed(db, options);
	} finally {
		db.close();
	}
	// A write-ahead log left by an earlier, incomplete file must not be replayed onto the new one.
	fs.rmSync(`${file}.wal`, { force: true });
	if (fs.existsSync(`${temporary}.wal`)) fs.renameSync(`${temporary}.wal`, `${file}.wal`);
	fs.renameSync(temporary, file);
}

/** Removes temporary files of seedings that were interrupted (their process is gone). */
function removeAbandonedSeedings(file: string): void {
	const dir = path.dirname(file);
	const prefix = `${path.basename(file)}.seeding-`;
	for (const name of fs.readdirSync(dir)) {
		if (!name.startsWith(prefix)) continue;
		const pid = Number(name.slice(prefix.length).replace(/\.wal$/, ''));
		let alive = false;
		if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
			try {
				process.kill(pid, 0);
				alive = true;
			} catch {
				alive = false;
			}
		}
		if (!alive) fs.rmSync(path.join(dir, name), { force: true });
	}
}

/**
 * Opens the store at `file`, generating it when missing and regenerating it when an earlier first
 * start was interrupted; checks that every table can be read.
 */
async function openStore(file: string, options: SeedOptions): Promise<Db> {
	fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
	removeAbandonedSeedings(file);
	if (!fs.existsSync(file)) await seedFile(file, options);
	let db = await openFile(file);
	try {
		const state = await storeState(db);
		if (state.kind === 'incomplete') {
			db.close();
			if (!options.quiet) {
				console.log(
					`The store in ${file} is incomplete (an earlier first start was stopped while generating it${state.missing.length ? `; missing tables: ${state.missing.join(', ')}` : ''}). Generating it again.`,
				);
			}
			await seedFile(file, options);
			db = await openFile(file);
		} else if (state.kind === 'unmarked') {
			await markStoreComplete(db);
		}
		await verifyTables(db);
		return db;
	} catch (error) {
		db.close();
		if (error instanceof Error && error.message.startsWith('The database ')) throw error;
		throw new Error(damagedMessage(file, error));
	}
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
	const databasePath = options.databasePath ?? ':memory:';
	const timeZone = options.timeZone ?? 'UTC';
	if (!isValidTimeZone(timeZone)) throw new Error(`Unknown time zone: ${timeZone}`);
	const seedOptions: SeedOptions = {
		orders: options.orders ?? 1000,
		seed: options.seed ?? 1,
		timeZone,
		quiet: options.quiet ?? false,
	};
	let db: Db;
	if (databasePath === ':memory:') {
		db = await Db.open(databasePath);
		await seed(db, seedOptions);
	} else {
		db = await openStore(databasePath, seedOptions);
	}
	try {
		await createStoreSchema(db);
		await ensureRollups(db);
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
		engineStores: options.engineStores,
		engine: options.engine,
		operatorSessions: options.operatorSessions,
		quiet: options.quiet ?? false,
	});
	// On a ClickHouse engine the connected stores are synced into their own workspaces and pushed
	// to the cluster; their tokens are checked like the configured stores'.
	let ingest: EngineIngest | null = null;
	if (
		options.engine &&
		options.sync !== false &&
		(options.storesDir || databasePath !== ':memory:')
	) {
		ingest = await openEngineIngest(ctx, {
			dir: options.storesDir ?? workspaceDir(databasePath),
			target: options.engine,
			autoStart: false,
			intervalSeconds:
				typeof options.sync === 'object' ? options.sync.intervalSeconds : undefined,
			log: options.quiet ? undefined : (line) => console.log(line),
		});
		if (ingest.stores.length) {
			ctx.config.engineStores = [
				...(options.engineStores ?? engineStoresFromEnv()),
				...ingest.engineStores(),
			];
		}
	}
	const app = await createApp(ctx);
	await app.listen({ port: options.port ?? 0, host });
	const address = app.server.address();
	const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
	ctx.config.port = port;
	const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
	const url = `http://${shownHost}:${port}`;
	const quiet = options.quiet ?? false;
	if (!quiet) {
		console.log(
			(await ctx.engineMode?.()) === true
				? 'Engine mode: every REST route needs a store token or a signed-in operator (npm run operator -- add NAME).'
				: 'Demo server: no store secret and no --engine; the API answers without sign-in (keep it on loopback).',
		);
	}
	const autoStart = typeof options.sync !== 'object' || options.sync.autoStart !== false;
	if (ingest && autoStart) for (const storeSync of ingest.syncs) storeSync.start();
	const sync =
		options.sync === false
			? null
			: ingest
				? ingest
				: await startSync(ctx, {
						autoStart,
						intervalSeconds:
							typeof options.sync === 'object'
								? options.sync.intervalSeconds
								: undefined,
						log: quiet ? undefined : (line) => console.log(line),
					});
	let closed = false;
	return {
		url,
		adminUrl: `${url}/wp-admin/admin.php?page=abacus`,
		port,
		nonce,
		ctx,
		sync,
		async close() {
			if (closed) return;
			closed = true;
			await sync?.stop();
			await app.close();
			db.close();
		},
	};
}
