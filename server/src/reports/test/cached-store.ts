/**
 * Demo stores for tests that need a large generated store but none of its particular dates: each
 * store is generated (and opened once by a server, which adds what a first start adds) once per
 * spec and kept in the system temp folder, and a test starts its server on a copy. The cache key
 * holds the spec, a hash of the server's sources and the DuckDB package's version, so a change to
 * the generator, the schema or the file format generates the store again; stores unused for three
 * days are removed. `ABACUS_TEST_STORE_CACHE=0` turns the cache off (the store is generated).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer } from '../../index.js';

const CACHE = path.join(os.tmpdir(), 'abacus-store-cache');
const MAX_AGE_MS = 3 * 24 * 3_600_000;
const SERVER_SRC = path.resolve(__dirname, '../..');

export interface StoreSpec {
	orders: number;
	seed?: number;
	timeZone?: string;
}

/** A hash of the server's sources outside test folders (the generator, schema and first start). */
function sourcesHash(): string {
	const hash = createHash('sha256');
	const walk = (dir: string): void => {
		for (const entry of fs
			.readdirSync(dir, { withFileTypes: true })
			.sort((a, b) => a.name.localeCompare(b.name))) {
			const file = path.join(dir, entry.name);
			if (entry.isDirectory()) {
				if (entry.name !== 'test') walk(file);
			} else if (entry.name.endsWith('.ts')) {
				hash.update(path.relative(SERVER_SRC, file));
				hash.update(fs.readFileSync(file));
			}
		}
	};
	walk(SERVER_SRC);
	for (const pkg of ['@duckdb/node-api', '@duckdb/node-bindings']) {
		const file = path.resolve(SERVER_SRC, '../../node_modules', pkg, 'package.json');
		hash.update(fs.existsSync(file) ? fs.readFileSync(file) : pkg);
	}
	return hash.digest('hex');
}

function prune(): void {
	for (const name of fs.readdirSync(CACHE)) {
		const file = path.join(CACHE, name);
		try {
			if (Date.now() - fs.statSync(file).mtimeMs > MAX_AGE_MS)
				fs.rmSync(file, { recursive: true, force: true });
		} catch {
			// Removed by another process.
		}
	}
}

/**
 * Writes the demo store of `spec` to `file` (which must not exist): a copy of the cached store,
 * generated first when the cache has none. With the cache off it writes nothing (the server started
 * on `file` then generates the store).
 */
export async function copyCachedStore(spec: StoreSpec, file: string): Promise<void> {
	if (process.env.ABACUS_TEST_STORE_CACHE === '0') return;
	fs.mkdirSync(CACHE, { recursive: true });
	const key = createHash('sha256')
		.update(JSON.stringify([spec.orders, spec.seed ?? 1, spec.timeZone ?? 'UTC']))
		.update(sourcesHash())
		.digest('hex')
		.slice(0, 24);
	const cached = path.join(CACHE, `${key}.duckdb`);
	if (!fs.existsSync(cached)) {
		const work = fs.mkdtempSync(path.join(CACHE, `${key}.generating-`));
		try {
			const server = await startServer({
				databasePath: path.join(work, 'store.duckdb'),
				orders: spec.orders,
				seed: spec.seed,
				timeZone: spec.timeZone,
				quiet: true,
			});
			await server.close();
			// A closed store is one file; with a write-ahead log left over it is not cached.
			if (!fs.existsSync(path.join(work, 'store.duckdb.wal'))) {
				fs.renameSync(path.join(work, 'store.duckdb'), cached);
			} else {
				fs.copyFileSync(path.join(work, 'store.duckdb'), file);
				fs.copyFileSync(path.join(work, 'store.duckdb.wal'), `${file}.wal`);
				return;
			}
		} finally {
			fs.rmSync(work, { recursive: true, force: true });
		}
		prune();
	} else {
		const now = new Date();
		fs.utimesSync(cached, now, now);
	}
	fs.copyFileSync(cached, file);
}
