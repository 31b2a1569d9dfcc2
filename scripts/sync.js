#!/usr/bin/env node
/**
 * `npm run sync -- [--db .data/engine.duckdb] [--store URL]`: syncs the connected stores now, one
 * round each (the backfill first when it is not done), with its progress, then exits; the same
 * round the server runs every interval. Without --store, every store of the database. Run it
 * while no server uses the database (a running server syncs by itself).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import {
	ensureServerBuild,
	lockedDatabaseMessage,
	parseCommandLine,
	root,
	usageError,
} from './command-line.js';

const USAGE = `Usage: npm run sync -- [--db .data/engine.duckdb] [--store URL] [--allow-private-stores]
  Runs one sync round of the connected stores now (their backfill first when not done), then exits.
  --db PATH     the engine database (npm run connect registered the stores there)
  --store URL   only this store (default: every store of the database)
  --allow-private-stores   reach a store on this machine or a private network (as the server's
                flag; also ABACUS_ALLOW_PRIVATE_STORES=1)
  --help        this text`;

const { values } = parseCommandLine({
	usage: USAGE,
	options: {
		db: { type: 'string', default: '.data/engine.duckdb' },
		store: { type: 'string' },
		'allow-private-stores': { type: 'boolean', default: false },
	},
});
// Read by the sync's outbound policy when it loads.
if (values['allow-private-stores']) process.env.ABACUS_ALLOW_PRIVATE_STORES = '1';
const file = path.resolve(values.db);
if (!fs.existsSync(file))
	usageError(`No engine database at ${file}: connect a store first (npm run connect).`, USAGE);

ensureServerBuild();
const load = (name) => import(pathToFileURL(path.join(root, 'server/build', name)).href);
const { Db } = await load('core/db.js');
const sync = await load('sync/index.js');

let only = null;
if (values.store !== undefined) {
	try {
		only = sync.storeId(values.store);
	} catch (error) {
		usageError(`--store: ${error.message}`, USAGE);
	}
}

let db;
try {
	db = await Db.open(file);
} catch (error) {
	const locked = lockedDatabaseMessage(error, file);
	if (!locked) throw error;
	console.error(
		`${file} is in use by another process, most likely the Abacus server that syncs it (a round every interval, by itself). Stop that server to sync from here, then start it again.`,
	);
	process.exit(1);
}
let failed = 0;
try {
	await sync.createSyncSchema(db);
	const stores = await sync.listStores(db);
	const chosen = only === null ? stores : stores.filter((s) => s.id === only);
	if (!chosen.length) {
		console.error(
			stores.length
				? `${only} is not connected in ${file}; its stores: ${stores.map((s) => s.id).join(', ')}.`
				: `No store is connected in ${file}: npm run connect -- --store URL … first.`,
		);
		process.exit(1);
	}
	let current = null;
	let stopping = false;
	const stop = () => {
		if (stopping) return;
		stopping = true;
		console.log('Stopping after the batch being written…');
		void current?.stop();
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	for (const store of chosen) {
		if (stopping) break;
		current = new sync.StoreSync({ db, store, log: (line) => console.log(line) });
		const started = Date.now();
		try {
			await current.syncNow();
			const round = current.lastRound;
			console.log(
				`${store.id}: in step (${round ? `${round.orders} orders and ${round.products} products changed, ${round.deleted} deleted${round.fullScan ? ', full id scan' : ''}` : 'round done'}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
			);
		} catch (error) {
			failed++;
			console.error(
				`${store.id}: the round failed: ${error instanceof Error ? error.message : error}`,
			);
		}
	}
} finally {
	db.close();
}
process.exit(failed ? 1 : 0);
