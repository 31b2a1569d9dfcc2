#!/usr/bin/env node
/**
 * Command line: `abacus-server [--db path] [--port n] [--host h] [--orders n] [--seed n] [--timezone tz]
 * [--allowed-host name[:port]]... [--store-url URL --store-secret S]... [--engine clickhouse://host:port/db]`
 * (env ABACUS_ALLOWED_HOSTS: a comma list of allowed hosts; ABACUS_STORE_URL/ABACUS_STORE_SECRET:
 * the engine's store). `--store-url`/`--store-secret` may be repeated in pairs (one per store);
 * `--engine` answers the reports of many stores from a ClickHouse cluster (src/clickhouse).
 */
import net from 'node:net';
import { parseArgs } from 'node:util';

import { parseEngineUrl } from './clickhouse/client.js';
import { startServer } from './index.js';

function fail(message: string): never {
	console.error(message);
	process.exit(2);
}

function intFlag(name: string, value: string | undefined, fallback: number): number {
	if (value === undefined || value === '') return fallback;
	if (!/^\d+$/.test(value)) fail(`--${name} must be a whole number, got "${value}".`);
	return Number(value);
}

/** `wanted` if free, else the next free port above it. */
async function freePort(wanted: number, host: string): Promise<number> {
	for (let port = wanted; port < wanted + 50; port++) {
		const free = await new Promise<boolean>((resolve) => {
			const server = net.createServer();
			server.once('error', () => resolve(false));
			server.listen(port, host, () => server.close(() => resolve(true)));
		});
		if (free) return port;
	}
	return 0;
}

async function main(): Promise<void> {
	const { values } = parseArgs({
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
			engine: { type: 'string' },
			help: { type: 'boolean', default: false },
		},
	});
	if (values.help) {
		console.log(
			'Usage: abacus-server [--db .data/store.duckdb] [--port 8080] [--host 127.0.0.1] [--orders 1000] [--seed 1] [--timezone UTC] [--allowed-host name[:port]]... [--no-sync] [--sync-interval 60] [--store-url https://shop.example --store-secret S]... [--engine clickhouse://127.0.0.1:8123/abacus]',
		);
		return;
	}
	// The store this server is the engine of: its report routes then need the store's token.
	const storeUrls = values['store-url'] ?? [];
	const storeSecrets = values['store-secret'] ?? [];
	if (storeUrls.length !== storeSecrets.length) {
		fail(
			"--store-url and --store-secret go together, once per store: the store's address (e.g. https://shop.example) and the secret saved in its Analytics › Settings.",
		);
	}
	let engine: { url: string; database: string } | undefined;
	if (values.engine !== undefined) {
		try {
			engine = parseEngineUrl(values.engine);
		} catch (error) {
			fail(error instanceof Error ? error.message : String(error));
		}
	}
	const host = values.host ?? '127.0.0.1';
	const portFlag = values.port ?? process.env.PORT;
	const port =
		portFlag !== undefined ? intFlag('port', portFlag, 8080) : await freePort(8080, host);
	const server = await startServer({
		databasePath: values.db,
		port,
		host,
		orders: intFlag('orders', values.orders ?? process.env.ABACUS_ORDERS, 1000),
		seed: intFlag('seed', values.seed, 1),
		timeZone: values.timezone,
		allowedHosts: [
			...(values['allowed-host'] ?? []),
			...(process.env.ABACUS_ALLOWED_HOSTS ?? '').split(/[\s,]+/),
		].filter((entry) => entry !== ''),
		engineStores: storeUrls.length
			? storeUrls.map((url, i) => ({ url, secret: storeSecrets[i] }))
			: undefined,
		engine,
		sync: values['no-sync']
			? false
			: {
					intervalSeconds:
						values['sync-interval'] === undefined
							? undefined
							: Math.max(1, intFlag('sync-interval', values['sync-interval'], 60)),
				},
	});
	console.log(`Abacus is running at ${server.adminUrl}`);
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
