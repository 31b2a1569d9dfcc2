#!/usr/bin/env node
// `npm run seed -- [--orders 50000] [--db .data/store.duckdb] [--seed 1] [--timezone UTC] [--now T]`:
// (re)generates a demo store database and prints the time taken and the file size.
import fs from 'node:fs';
import path from 'node:path';

import {
	ensureServerBuild,
	lockedDatabaseMessage,
	parseCommandLine,
	root,
	usageError,
	wholeNumber,
} from './command-line.js';

const USAGE = `Usage: npm run seed -- [--orders 50000] [--db .data/store.duckdb] [--seed 1] [--timezone UTC] [--now T]
  Replaces the database with a generated demo store (the same seed gives the same store).
  --orders N      orders to generate (refunds come on top)
  --db PATH       the database file (replaced)
  --seed N        the random seed
  --timezone TZ   the store's IANA time zone (orders follow its day and week)
  --now T         the store's "today", an ISO 8601 date and time (default: now), e.g. 2026-06-30T12:00:00Z
  --unfinished    only the store's rows: no indexes, costs, admin data or completion marker, for a
                  bulk seeding that reads the rows and finishes the store itself (a server opening
                  such a store makes it again)
  --help          this text`;

const { values } = parseCommandLine({
	usage: USAGE,
	options: {
		orders: { type: 'string', default: '50000' },
		db: { type: 'string', default: '.data/store.duckdb' },
		seed: { type: 'string', default: '1' },
		timezone: { type: 'string', default: 'UTC' },
		now: { type: 'string' },
		unfinished: { type: 'boolean' },
	},
});
const orders = wholeNumber('orders', values.orders, 50000, USAGE);
const seed = wholeNumber('seed', values.seed, 1, USAGE);
ensureServerBuild();
const { Db } = await import(path.join(root, 'server/build/core/db.js'));
const { generateStore } = await import(path.join(root, 'server/build/demo/generate.js'));
const { isValidTimeZone } = await import(path.join(root, 'server/build/db/store-time.js'));
if (!isValidTimeZone(values.timezone))
	usageError(
		`--timezone must be an IANA time zone (e.g. Europe/Paris), got "${values.timezone}".`,
		USAGE,
	);

const now = values.now === undefined ? new Date() : new Date(values.now);
if (
	values.now !== undefined &&
	(!/^\d{4}-\d{2}-\d{2}T/.test(values.now) || Number.isNaN(now.getTime()))
)
	usageError(
		`--now must be an ISO 8601 date and time (e.g. 2026-06-30T12:00:00Z), got "${values.now}".`,
		USAGE,
	);

const file = path.resolve(root, values.db);
fs.mkdirSync(path.dirname(file), { recursive: true });
async function open() {
	try {
		return await Db.open(file);
	} catch (error) {
		const locked = lockedDatabaseMessage(error, file);
		if (!locked) throw error;
		console.error(locked.replace(/, or copy the file.*$/, '.'));
		process.exit(1);
	}
}
// A server holding the file would keep the old store: check before replacing it.
if (fs.existsSync(file)) (await open()).close();
for (const f of [file, `${file}.wal`]) fs.rmSync(f, { force: true });
const started = Date.now();
const db = await open();
const rows = await generateStore(db, {
	orders,
	seed,
	timeZone: values.timezone,
	now,
	unfinished: values.unfinished === true,
});
db.close();
const seconds = (Date.now() - started) / 1000;
const size = fs.statSync(file).size;
console.log(
	`${rows} order rows (orders and refunds) in ${seconds.toFixed(1)} s; ${file} is ${(size / 1024 / 1024).toFixed(1)} MB.`,
);
