#!/usr/bin/env node
// `npm run seed -- --orders 1000000 [--db path] [--seed n] [--timezone tz]`: (re)generates a store
// database and prints the time taken and the file size.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
	options: {
		orders: { type: 'string', default: '50000' },
		db: { type: 'string', default: '.data/store.duckdb' },
		seed: { type: 'string', default: '1' },
		timezone: { type: 'string', default: 'UTC' },
	},
});
for (const name of ['orders', 'seed']) {
	if (!/^\d+$/.test(values[name])) {
		console.error(`--${name} must be a whole number, got "${values[name]}".`);
		process.exit(2);
	}
}
if (!fs.existsSync(path.join(root, 'server/build/demo/generate.js'))) {
	const r = spawnSync('npx', ['tsc', '-b', 'server'], { cwd: root, stdio: 'inherit' });
	if (r.status !== 0) process.exit(r.status ?? 1);
}
const { Db } = await import(path.join(root, 'server/build/core/db.js'));
const { generateStore } = await import(path.join(root, 'server/build/demo/generate.js'));

const file = path.resolve(root, values.db);
fs.mkdirSync(path.dirname(file), { recursive: true });
for (const f of [file, `${file}.wal`]) fs.rmSync(f, { force: true });
const started = Date.now();
const db = await Db.open(file);
const rows = await generateStore(db, {
	orders: Number(values.orders),
	seed: Number(values.seed),
	timeZone: values.timezone,
});
db.close();
const seconds = (Date.now() - started) / 1000;
const size = fs.statSync(file).size;
console.log(
	`${rows} order rows (orders and refunds) in ${seconds.toFixed(1)} s; ${file} is ${(size / 1024 / 1024).toFixed(1)} MB.`,
);
