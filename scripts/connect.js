#!/usr/bin/env node
/**
 * `npm run connect -- --store https://shop.example --key ck_… --secret cs_…`
 * (or `--user admin --app-password "xxxx xxxx …"`): registers a WooCommerce store in the engine's
 * database (default `.data/engine.duckdb`), after checking that the store answers with these
 * credentials. The server (`npm start -- --db .data/engine.duckdb`) then keeps it in step: a
 * backfill, then a round every `--interval` seconds. `--sync` runs the backfill here, now, with its
 * progress, and exits. Builds the server first when it is missing or stale.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `Usage: npm run connect -- --store URL (--key ck_… --secret cs_… | --user NAME --app-password PASSWORD)
       [--db .data/engine.duckdb] [--engine-secret S] [--interval 60] [--full-scan-every 10] [--sync]`;

function fail(message) {
	console.error(message);
	process.exit(2);
}

function newest(dir) {
	let latest = 0;
	if (!fs.existsSync(dir)) return latest;
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) latest = Math.max(latest, newest(full));
		else latest = Math.max(latest, fs.statSync(full).mtimeMs);
	}
	return latest;
}

function ensureServerBuild() {
	const entry = path.join(root, 'server/build/sync/index.js');
	const info = path.join(root, 'server/build/.tsbuildinfo');
	const built = fs.existsSync(info) ? fs.statSync(info).mtimeMs : 0;
	if (fs.existsSync(entry) && built >= newest(path.join(root, 'server/src'))) return;
	const result = spawnSync('npx', ['tsc', '-b', 'server'], { cwd: root, stdio: 'inherit' });
	if (result.status !== 0 && !fs.existsSync(entry)) process.exit(result.status ?? 1);
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
				db: { type: 'string', default: '.data/engine.duckdb' },
				'engine-secret': { type: 'string' },
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
	let auth;
	if (values.key || values.secret) {
		if (!values.key?.startsWith('ck_') || !values.secret?.startsWith('cs_')) {
			fail(
				'--key must start with ck_ and --secret with cs_ (WooCommerce › Settings › Advanced › REST API).',
			);
		}
		auth = { kind: 'keys', key: values.key, secret: values.secret };
	} else if (values.user || values['app-password']) {
		if (!values.user || !values['app-password']) fail('--user and --app-password go together.');
		auth = { kind: 'app-password', user: values.user, password: values['app-password'] };
	} else {
		fail(
			`Give the store's REST API key (--key, --secret) or an application password (--user, --app-password).\n${USAGE}`,
		);
	}
	const intervalSeconds = wholeNumber('interval', values.interval, undefined);
	const fullScanEvery = wholeNumber('full-scan-every', values['full-scan-every'], undefined);

	ensureServerBuild();
	const load = (file) => import(pathToFileURL(path.join(root, 'server/build', file)).href);
	const { Db } = await load('core/db.js');
	const sync = await load('sync/index.js');

	const id = sync.storeId(values.store);
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
	try {
		await sync.prepareEngineDatabase(db);
		const result = await sync.registerStore(db, {
			url: id,
			auth,
			engineSecret: values['engine-secret'],
			intervalSeconds,
			fullScanEvery,
		});
		console.log(
			`Registered ${result.id} in ${path.relative(process.cwd(), file) || file} (${orders.total.toLocaleString('en-US')} orders in the store, answered in ${orders.ms} ms).`,
		);
		if (!values['engine-secret'] && result.created) {
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
					'In step. Start the server to keep it so: npm start -- --db ' + values.db,
				);
		} else {
			console.log(`Start the server to sync it: npm start -- --db ${values.db}`);
		}
	} finally {
		db.close();
	}
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
