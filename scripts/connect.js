#!/usr/bin/env node
/**
 * `npm run connect -- --store https://shop.example --credentials-file FILE` (or the credentials in
 * the environment: ABACUS_WC_CONSUMER_KEY + ABACUS_WC_CONSUMER_SECRET, or ABACUS_WP_USER +
 * ABACUS_WP_APP_PASSWORD; never on the command line): registers a WooCommerce store in the engine's
 * database (default `.data/engine.duckdb`, made readable by its owner only), after checking that
 * the store's address is a public one (`--allow-private-stores` for a store on this machine or a
 * private network) and that it answers with these credentials. The server (`npm start -- --db .data/engine.duckdb`) then keeps it in step: a
 * backfill, then a round every `--interval` seconds. `--sync` runs the backfill here, now, with its
 * progress, and exits. Builds the server first when it is missing or stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { ensureServerBuild, root } from './command-line.js';

const USAGE = `Usage: npm run connect -- --store URL [--credentials-file FILE] [--user NAME]
       [--db .data/engine.duckdb] [--engine-secret-file FILE] [--interval 60] [--full-scan-every 10]
       [--allow-private-stores] [--sync]

The store's credentials, from --credentials-file FILE (NAME=value lines, chmod 600) or the environment:
  ABACUS_WC_CONSUMER_KEY=ck_…  ABACUS_WC_CONSUMER_SECRET=cs_…   (a read-only REST API key), or
  ABACUS_WP_USER=admin         ABACUS_WP_APP_PASSWORD="abcd efgh …"  (an application password)
The engine secret the plugin signs with: generated and shown once, or read from
--engine-secret-file FILE (written there, chmod 600, when the file does not exist yet) or ABACUS_ENGINE_SECRET.
--allow-private-stores (or ABACUS_ALLOW_PRIVATE_STORES=1): the store is on this machine or a private network.`;

/** Flags that used to take secrets on the command line, and where each secret goes now. */
const REFUSED = {
	key: 'ABACUS_WC_CONSUMER_KEY',
	secret: 'ABACUS_WC_CONSUMER_SECRET',
	'app-password': 'ABACUS_WP_APP_PASSWORD',
	'engine-secret': 'ABACUS_ENGINE_SECRET',
};

function fail(message) {
	console.error(message);
	process.exit(2);
}

function wholeNumber(name, value, fallback) {
	if (value === undefined) return fallback;
	if (!/^\d+$/.test(value) || Number(value) < 1)
		fail(`--${name} must be a whole number of at least 1, got "${value}".`);
	return Number(value);
}

async function main() {
	let values;
	try {
		({ values } = parseArgs({
			options: {
				store: { type: 'string' },
				key: { type: 'string' },
				secret: { type: 'string' },
				user: { type: 'string' },
				'app-password': { type: 'string' },
				'credentials-file': { type: 'string' },
				db: { type: 'string', default: '.data/engine.duckdb' },
				'engine-secret': { type: 'string' },
				'engine-secret-file': { type: 'string' },
				'allow-private-stores': { type: 'boolean', default: false },
				interval: { type: 'string' },
				'full-scan-every': { type: 'string' },
				sync: { type: 'boolean', default: false },
				help: { type: 'boolean', default: false },
			},
		}));
	} catch (error) {
		fail(`${error.message}\n${USAGE}`);
	}
	if (values.help) {
		console.log(USAGE);
		return;
	}
	if (!values.store) fail(`--store is required.\n${USAGE}`);
	const onArgv = Object.keys(REFUSED).filter((name) => values[name] !== undefined);
	if (onArgv.length) {
		fail(
			`${onArgv.map((name) => `--${name}`).join(', ')}: secrets are not taken on the command line (other users of the machine see it in \`ps\`, and it stays in the shell's history). Put them in a file only you can read (chmod 600 FILE) as ${onArgv.map((name) => `${REFUSED[name]}=…`).join(', ')} lines and give --credentials-file FILE${onArgv.includes('engine-secret') ? ' (the engine secret: --engine-secret-file FILE)' : ''}, or set those variables in the environment.\n${USAGE}`,
		);
	}
	const intervalSeconds = wholeNumber('interval', values.interval, undefined);
	const fullScanEvery = wholeNumber('full-scan-every', values['full-scan-every'], undefined);

	// The database and any secret written here are the owner's only.
	process.umask(0o077);
	ensureServerBuild();
	const load = (file) => import(pathToFileURL(path.join(root, 'server/build', file)).href);
	const { Db } = await load('core/db.js');
	const sync = await load('sync/index.js');
	const outbound = await load('sync/outbound.js');
	const secrets = await load('secret-files.js');

	let auth;
	let engineSecret;
	let engineSecretFile = null;
	try {
		if (values['credentials-file']) {
			const file = path.resolve(values['credentials-file']);
			const text = secrets.readPrivateFile(file, 'The credentials file');
			const lines = secrets.parseEnvLines(text, `The credentials file ${file}`);
			auth = secrets.credentialsFrom(lines, `The credentials file ${file}`, values.user);
			if (!auth) {
				fail(
					`The credentials file ${file} holds neither ABACUS_WC_CONSUMER_KEY and ABACUS_WC_CONSUMER_SECRET nor ABACUS_WP_APP_PASSWORD (with ABACUS_WP_USER or --user).`,
				);
			}
		} else {
			auth = secrets.credentialsFrom(process.env, 'The environment', values.user);
		}
		if (values['engine-secret-file']) {
			engineSecretFile = path.resolve(values['engine-secret-file']);
			if (fs.existsSync(engineSecretFile)) {
				engineSecret = secrets.readSecretFile(engineSecretFile, 'The engine secret file');
			}
		} else if ((process.env.ABACUS_ENGINE_SECRET ?? '') !== '') {
			engineSecret = process.env.ABACUS_ENGINE_SECRET;
		}
	} catch (error) {
		fail(error.message);
	}
	if (!auth) {
		fail(
			`Give the store's REST API key or an application password: --credentials-file FILE, or the environment variables below.\n${USAGE}`,
		);
	}
	if (engineSecret !== undefined && (engineSecret.length < 16 || /\s/.test(engineSecret))) {
		fail('The engine secret must be at least 16 characters without spaces.');
	}
	if (values['allow-private-stores'] || outbound.allowPrivateFromEnv()) {
		outbound.configureOutbound({ allowPrivate: true });
	}

	const id = sync.storeId(values.store);
	try {
		await outbound.checkStoreUrl(id);
	} catch (error) {
		fail(error.message);
	}
	const client = new sync.WooClient({ url: id, auth, retries: 2 });
	let orders;
	try {
		orders = await client.getPage('wc/v3/orders', { per_page: 1 });
	} catch (error) {
		fail(
			`The store ${id} did not accept these credentials or did not answer: ${error.message}`,
		);
	}

	const file = path.resolve(values.db);
	fs.mkdirSync(path.dirname(file), { recursive: true });
	const db = await Db.open(file);
	// The file holds the store's credentials: its owner's only, also when it existed before.
	for (const f of [file, `${file}.wal`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o600);
	const allowPrivate = outbound.outboundPolicy().allowPrivate ? ' --allow-private-stores' : '';
	try {
		await sync.prepareEngineDatabase(db);
		const result = await sync.registerStore(db, {
			url: id,
			auth,
			engineSecret,
			intervalSeconds,
			fullScanEvery,
		});
		console.log(
			`Registered ${result.id} in ${file} (${orders.total.toLocaleString('en-US')} orders in the store, answered in ${orders.ms} ms).`,
		);
		if (engineSecretFile && engineSecret === undefined) {
			secrets.writePrivateFile(engineSecretFile, `${result.engineSecret}\n`);
			console.log(
				`Engine secret for the plugin's "Analytics engine" setting written to ${engineSecretFile} (readable by you only).`,
			);
		} else if (engineSecret === undefined && result.created) {
			console.log(
				`Engine secret for the plugin's "Analytics engine" setting (shown once): ${result.engineSecret}`,
			);
		}
		if (values.sync) {
			const [store] = (await sync.listStores(db)).filter((s) => s.id === result.id);
			const run = new sync.StoreSync({ db, store, log: (line) => console.log(line) });
			let stopping = false;
			const stop = () => {
				if (stopping) return;
				stopping = true;
				console.log('Stopping after the batch being written…');
				void run.stop();
			};
			process.on('SIGINT', stop);
			process.on('SIGTERM', stop);
			await run.backfill();
			if (!stopping)
				console.log(
					`In step. Start the server to keep it so: npm start -- --db ${file}${allowPrivate}`,
				);
		} else {
			console.log(`Start the server to sync it: npm start -- --db ${file}${allowPrivate}`);
		}
	} finally {
		db.close();
		for (const f of [file, `${file}.wal`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o600);
	}
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
