/**
 * Generated demo stores cached across test files: a store is made once per key (what its caller
 * makes it from: the ClickHouse tests' seed, time zone, orders, days and NOW; the large export
 * test's store as a server's first start leaves it) into a cache folder under the system's
 * temporary directory and copied into each test's own folder, so that the files sharing a key, or
 * one file run again, do not generate it again. The cache key holds a hash of the server's sources (every non-test `.ts` file
 * under server/src, where the generator and the schema live) and of the DuckDB package's version:
 * a change to either makes new entries. A lock file keeps two jest workers from generating the
 * same entry at once (the other one waits for it); an entry is written under a temporary name and
 * renamed, so a reader never sees half a file. `ABACUS_TEST_STORE_CACHE=0` turns the cache off.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Db } from '../../core/db.js';

/** Raise to drop every cached store after a change the source hash would not see. */
const CACHE_VERSION = 1;

const SERVER_SRC = path.resolve(__dirname, '../..');
const REPO = path.resolve(SERVER_SRC, '../..');

let sourceHash: string | undefined;

/** A hash of every non-test `.ts` file under server/src and of the DuckDB package's version. */
function sources(): string {
	if (sourceHash) return sourceHash;
	const hash = createHash('sha256');
	const walk = (dir: string): void => {
		for (const entry of fs
			.readdirSync(dir, { withFileTypes: true })
			.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) {
				if (entry.name !== 'test') walk(full);
			} else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
				hash.update(path.relative(SERVER_SRC, full)).update('\0');
				hash.update(fs.readFileSync(full)).update('\0');
			}
		}
	};
	walk(SERVER_SRC);
	for (const pkg of ['@duckdb/node-api', '@duckdb/node-bindings']) {
		const file = path.join(REPO, 'node_modules', pkg, 'package.json');
		hash.update(fs.existsSync(file) ? fs.readFileSync(file) : pkg);
	}
	sourceHash = hash.digest('hex');
	return sourceHash;
}

/** The cache folder (one per user of the machine). */
export function storeCacheDir(): string {
	const user = typeof process.getuid === 'function' ? String(process.getuid()) : 'user';
	return path.join(os.tmpdir(), `abacus-test-stores-${user}`);
}

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** Creates `lock` for this process, or false when a live process holds it. */
function takeLock(lock: string): boolean {
	try {
		fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
		return true;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
	}
	// A lock left by a process that ended (killed mid-generation) is taken over.
	let holder = 0;
	try {
		holder = Number(fs.readFileSync(lock, 'utf8'));
	} catch {
		return false;
	}
	if (holder && alive(holder)) return false;
	fs.rmSync(lock, { force: true });
	return false;
}

/**
 * Writes a DuckDB file for `key` into `target`: copied from the cache, or made by `make` (into a
 * file it opens itself, closed afterwards) and cached first. `key` must name everything `make`
 * depends on besides the server's sources.
 */
export async function cachedStoreFile(
	key: Record<string, unknown>,
	target: string,
	make: (file: string) => Promise<void>,
): Promise<void> {
	if (process.env.ABACUS_TEST_STORE_CACHE === '0') {
		await make(target);
		return;
	}
	const dir = storeCacheDir();
	fs.mkdirSync(dir, { recursive: true });
	const version = `v${CACHE_VERSION}-${sources().slice(0, 16)}`;
	const id = `${version}-${createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 32)}`;
	const entry = path.join(dir, `${id}.duckdb`);
	const lock = `${entry}.lock`;
	// Minutes on a loaded machine: a generation by the other worker is waited for that long.
	const deadline = Date.now() + 15 * 60_000;
	while (!fs.existsSync(entry)) {
		if (takeLock(lock)) {
			try {
				if (!fs.existsSync(entry)) {
					prune(dir, version);
					const partial = path.join(dir, `${id}.${process.pid}.partial.duckdb`);
					fs.rmSync(partial, { force: true });
					fs.rmSync(`${partial}.wal`, { force: true });
					try {
						await make(partial);
						// Everything in the one file: no write-ahead log to copy beside it.
						const db = await Db.open(partial);
						await db.run('CHECKPOINT');
						db.close();
						fs.rmSync(`${partial}.wal`, { force: true });
						fs.renameSync(partial, entry);
					} finally {
						fs.rmSync(partial, { force: true });
						fs.rmSync(`${partial}.wal`, { force: true });
					}
				}
			} finally {
				fs.rmSync(lock, { force: true });
			}
			break;
		}
		if (Date.now() > deadline) {
			// The other worker is stuck: generate without the cache rather than fail.
			await make(target);
			return;
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	try {
		fs.copyFileSync(entry, target);
		// Its time is that of its last use (prune keeps what is in use).
		const now = new Date();
		fs.utimesSync(entry, now, now);
	} catch (error) {
		// Pruned meanwhile by a run on other sources (see prune): generated without the cache.
		if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
		await make(target);
	}
}

/**
 * Deletes the entries of other sources (made before an edit) unused for an hour, once per
 * process: the folder keeps the current sources' stores only, not one set per edit.
 */
let pruned = false;
function prune(dir: string, version: string): void {
	if (pruned) return;
	pruned = true;
	const hourAgo = Date.now() - 3_600_000;
	for (const name of fs.readdirSync(dir)) {
		if (name.startsWith(`${version}-`) || !/\.(duckdb|lock)$/.test(name)) continue;
		const file = path.join(dir, name);
		try {
			if (fs.statSync(file).mtimeMs < hourAgo) fs.rmSync(file, { force: true });
		} catch {
			// Gone already (another worker pruned it).
		}
	}
}
