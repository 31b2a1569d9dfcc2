#!/usr/bin/env node
/**
 * Command line: `abacus-server [--db path] [--port n] [--host h] [--orders n] [--seed n] [--timezone tz]
 * [--allowed-host name[:port]]... [--store-url URL --store-secret-file FILE]...
 * [--engine clickhouse://host:port/db] [--allow-private-stores] [--no-sync] [--sync-interval n]`
 *
 * Two modes, said at start:
 * - the demo server (no store secret anywhere): a generated store, loopback only by default; with
 *   no `--port` it takes 8080 or, when that is taken, the next free port, and says so;
 * - the engine (a store secret from `--store-secret-file`, `ABACUS_STORE_URL` +
 *   `ABACUS_STORE_SECRET` / `ABACUS_STORE_SECRET_FILE`, a store connected into `--db` by `npm run
 *   connect`, or `--engine`): it keeps the port it is given (8080 by default) or refuses to start,
 *   as the plugin's setting names that address; its database and every secrets file must be
 *   readable by their owner only (`chmod 600`), and it says that its admin page shows the operator
 *   login.
 *
 * Secrets are never taken on the command line (other users see it in `ps`, and the shell keeps it):
 * `--store-secret` is refused with the file or environment way to give it. Files the server creates
 * are its owner's only (umask 077). The sync reaches stores on public addresses only unless
 * `--allow-private-stores` (or `ABACUS_ALLOW_PRIVATE_STORES=1`) is given (src/sync/outbound.ts).
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { parseEngineUrl } from './clickhouse/client.js';
import type { Db } from './core/db.js';
import { readSecretFile, sharedFileProblem } from './secret-files.js';
import { allowPrivateFromEnv, configureOutbound } from './sync/outbound.js';

/**
 * The server's own modules (DuckDB, the routes, the sync), imported once the command line is read:
 * `--help` and a wrong flag are answered without loading them.
 */
function serverModules() {
	return Promise.all([
		import('./core/db.js'),
		import('./engine-auth/source.js'),
		import('./index.js'),
		import('./sync/clickhouse-workspaces.js'),
		import('./sync/registry.js'),
	]).then(([db, source, index, workspaces, registry]) => ({
		Db: db.Db,
		engineStoresFromEnv: source.engineStoresFromEnv,
		startServer: index.startServer,
		workspaceDir: workspaces.workspaceDir,
		listEngineStores: registry.listEngineStores,
	}));
}
type ServerModules = Awaited<ReturnType<typeof serverModules>>;

/** The port a server takes when none is given. */
const DEFAULT_PORT = 8080;

const USAGE = `Usage: abacus-server [--db .data/store.duckdb] [--port 8080] [--host 127.0.0.1] [--orders 1000] [--seed 1] [--timezone UTC]
       [--allowed-host name[:port]]... [--no-sync] [--sync-interval 60] [--allow-private-stores]
       [--store-url https://shop.example --store-secret-file FILE]... [--engine clickhouse://127.0.0.1:8123/abacus]

  --db FILE                  the database (created with a demo store when missing)
  --port N                   the port (default 8080; 0 = any free port). An engine keeps it or refuses
                             to start; the demo server moves to the next free one when 8080 is taken
  --host H                   the address to listen on (default 127.0.0.1)
  --allowed-host NAME[:PORT] a host name browsers use for it (besides 127.0.0.1, localhost, [::1])
  --store-url URL            a store this server is the engine of, with
  --store-secret-file FILE   the file holding that store's secret (chmod 600)
  --engine URL               answer many stores' reports from a ClickHouse cluster
  --allow-private-stores     let the sync reach stores on this machine or a private network
  --no-sync, --sync-interval N  do not sync connected stores / sync every N seconds

Environment: ABACUS_STORE_URL with ABACUS_STORE_SECRET or ABACUS_STORE_SECRET_FILE (one store),
ABACUS_ALLOWED_HOSTS (a comma list), ABACUS_ALLOW_PRIVATE_STORES=1, PORT.`;

const SECRET_ON_ARGV =
	"--store-secret is not taken on the command line (other users of the machine see it in `ps`, and it stays in the shell's history). Put the store's secret in a file only you can read (chmod 600 FILE) and give --store-url URL --store-secret-file FILE, or set ABACUS_STORE_URL and ABACUS_STORE_SECRET (or ABACUS_STORE_SECRET_FILE) in the environment.";

function fail(message: string): never {
	console.error(message);
	process.exit(2);
}

function intFlag(name: string, value: string | undefined, fallback: number): number {
	if (value === undefined || value === '') return fallback;
	const tooHigh = name === 'port' && Number(value) > 65535;
	if (!/^\d+$/.test(value) || tooHigh) {
		const range = name === 'port' ? ' from 0 to 65535' : '';
		fail(`--${name} must be a whole number${range}, got "${value}".`);
	}
	return Number(value);
}

function isFree(port: number, host: string): Promise<boolean> {
	return new Promise<boolean>((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen(port, host, () => server.close(() => resolve(true)));
	});
}

/** `wanted` if free, else the next free port above it (0 when none of 50 is). */
async function freePort(wanted: number, host: string): Promise<number> {
	for (let port = wanted; port < wanted + 50; port++) {
		if (await isFree(port, host)) return port;
	}
	return 0;
}

function portTaken(port: number, host: string): string {
	return `Port ${port} on ${host} is in use by another program. An Abacus engine keeps the address the plugin's "Analytics engine" setting names, so it does not move to another port: stop what uses port ${port}, or start the engine with --port N (and change the engine address in the plugin's settings to match).`;
}

/** Whether the database file holds a connected store with an engine secret (`npm run connect`). */
async function hasConnectedStore(
	file: string,
	{ Db, listEngineStores }: ServerModules,
): Promise<boolean> {
	if (file === ':memory:' || !fs.existsSync(file)) return false;
	let db: Db | null = null;
	try {
		db = await Db.open(file);
		return (await listEngineStores(db)).length > 0;
	} catch {
		// A file the server cannot open: startServer says what is wrong with it.
		return false;
	} finally {
		db?.close();
	}
}

/** The files holding an engine's secrets: its database (and log), the stores' workspaces. */
function engineSecretFiles(
	databasePath: string,
	clickhouse: boolean,
	{ workspaceDir }: ServerModules,
): string[] {
	const files: string[] = [];
	if (databasePath !== ':memory:') files.push(databasePath, `${databasePath}.wal`);
	if (clickhouse && databasePath !== ':memory:') {
		const dir = workspaceDir(databasePath);
		if (fs.existsSync(dir)) {
			for (const name of fs.readdirSync(dir)) {
				if (name.endsWith('.duckdb') || name.endsWith('.duckdb.wal')) {
					files.push(path.join(dir, name));
				}
			}
		}
	}
	return files.filter((file) => fs.existsSync(file));
}

async function main(): Promise<void> {
	// Whatever the server creates (its database, its log, exports) is its owner's only.
	process.umask(0o077);
	let values;
	try {
		({ values } = parseArgs({
			options: {
				db: { type: 'string', default: '.data/store.duckdb' },
				port: { type: 'string' },
				host: { type: 'string', default: '127.0.0.1' },
				orders: { type: 'string' },
				seed: { type: 'string' },
				timezone: { type: 'string', default: 'UTC' },
				'allowed-host': { type: 'string', multiple: true },
				'no-sync': { type: 'boolean', default: false },
				'sync-interval': { type: 'string' },
				'store-url': { type: 'string', multiple: true },
				'store-secret': { type: 'string', multiple: true },
				'store-secret-file': { type: 'string', multiple: true },
				'allow-private-stores': { type: 'boolean', default: false },
				engine: { type: 'string' },
				help: { type: 'boolean', default: false },
			},
		}));
	} catch (error) {
		fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
	}
	if (values.help) {
		console.log(USAGE);
		return;
	}
	if (values['store-secret']?.length) fail(SECRET_ON_ARGV);
	// The stores this server is the engine of: their report routes then need the store's token.
	const storeUrls = values['store-url'] ?? [];
	const secretFiles = values['store-secret-file'] ?? [];
	if (storeUrls.length !== secretFiles.length) {
		fail(
			"--store-url and --store-secret-file go together, once per store: the store's address (e.g. https://shop.example) and the file holding the secret saved in its Analytics › Settings.",
		);
	}
	let engineStores: Array<{ url: string; secret: string }> | undefined;
	let modules: ServerModules | undefined;
	try {
		engineStores = storeUrls.map((url, i) => ({
			url,
			secret: readSecretFile(secretFiles[i], 'The store secret file'),
		}));
		const envUrl = process.env.ABACUS_STORE_URL?.trim() ?? '';
		const envFile = process.env.ABACUS_STORE_SECRET_FILE?.trim() ?? '';
		if (envFile !== '') {
			if (envUrl === '')
				fail(
					'ABACUS_STORE_SECRET_FILE needs ABACUS_STORE_URL (the store it is the secret of).',
				);
			engineStores.push({
				url: envUrl,
				secret: readSecretFile(envFile, 'The store secret file (ABACUS_STORE_SECRET_FILE)'),
			});
		} else if (engineStores.length) {
			// Given on the command line, the stores replace the environment's: keep both.
			modules = await serverModules();
			engineStores.push(...modules.engineStoresFromEnv());
		}
	} catch (error) {
		fail(error instanceof Error ? error.message : String(error));
	}
	if (!engineStores.length) engineStores = undefined;

	let engine: { url: string; database: string } | undefined;
	if (values.engine !== undefined) {
		try {
			engine = parseEngineUrl(values.engine);
		} catch (error) {
			fail(error instanceof Error ? error.message : String(error));
		}
	}
	const databasePath = values.db ?? '.data/store.duckdb';
	modules ??= await serverModules();
	const { engineStoresFromEnv, startServer } = modules;
	const engineMode =
		engine !== undefined ||
		engineStores !== undefined ||
		engineStoresFromEnv().length > 0 ||
		(await hasConnectedStore(databasePath, modules));

	if (engineMode) {
		for (const file of engineSecretFiles(databasePath, engine !== undefined, modules)) {
			const problem = sharedFileProblem(
				file,
				file.endsWith('.wal') ? "The engine's database log" : "The engine's database",
			);
			if (problem) fail(problem);
		}
	}
	configureOutbound({
		allowPrivate: values['allow-private-stores'] || allowPrivateFromEnv(),
		cluster: engine ? [engine.url] : [],
	});

	const host = values.host ?? '127.0.0.1';
	const portFlag = values.port ?? process.env.PORT;
	let port: number;
	let moved: number | null = null;
	if (portFlag !== undefined && portFlag !== '') {
		port = intFlag('port', portFlag, DEFAULT_PORT);
		if (port !== 0 && !(await isFree(port, host))) {
			fail(
				engineMode
					? portTaken(port, host)
					: `Port ${port} on ${host} is in use by another program: stop it, or start Abacus with another --port (or without --port to take the next free one).`,
			);
		}
	} else if (engineMode) {
		port = DEFAULT_PORT;
		if (!(await isFree(port, host))) fail(portTaken(port, host));
	} else {
		port = await freePort(DEFAULT_PORT, host);
		if (port !== DEFAULT_PORT) moved = DEFAULT_PORT;
	}

	let server;
	try {
		server = await startServer({
			databasePath,
			port,
			host,
			orders: intFlag('orders', values.orders ?? process.env.ABACUS_ORDERS, 1000),
			seed: intFlag('seed', values.seed, 1),
			timeZone: values.timezone,
			allowedHosts: [
				...(values['allowed-host'] ?? []),
				...(process.env.ABACUS_ALLOWED_HOSTS ?? '').split(/[\s,]+/),
			].filter((entry) => entry !== ''),
			engineStores,
			engine,
			sync: values['no-sync']
				? false
				: {
						intervalSeconds:
							values['sync-interval'] === undefined
								? undefined
								: Math.max(
										1,
										intFlag('sync-interval', values['sync-interval'], 60),
									),
					},
		});
	} catch (error) {
		// Taken between the check and the start.
		if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE' && port !== 0) {
			fail(
				engineMode
					? portTaken(port, host)
					: `Port ${port} on ${host} is in use by another program.`,
			);
		}
		throw error;
	}
	if (engineMode) {
		console.log(
			`Abacus is running at ${server.url} as an engine: store data only for a store's token (its plugin's pages) or a signed-in operator.`,
		);
		console.log(
			`Its admin page ${server.adminUrl} shows the operator login; add an operator with: npm run operator -- add NAME`,
		);
	} else {
		console.log(`Abacus is running at ${server.adminUrl}`);
		if (moved !== null) {
			console.log(
				`(Port ${moved} was in use, so this demo server took port ${server.port}.)`,
			);
		}
	}
	let stopping = false;
	const stop = (): void => {
		if (stopping) return;
		stopping = true;
		server.close().then(
			() => process.exit(0),
			(error: unknown) => {
				console.error(error);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
