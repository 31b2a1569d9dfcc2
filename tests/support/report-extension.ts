/**
 * Builds examples/report-extension with its own npm scripts (@wordpress/scripts), as an extension
 * developer would: used by the consumer test (which checks the build) and the WordPress test
 * (which installs the built plugin in wp-admin).
 */
import { execFileSync } from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import path from 'node:path';

export const REPORT_EXTENSION_DIR = path.resolve(__dirname, '../../examples/report-extension');

/**
 * Runs npm in the example's folder. Under `npm test` the environment carries npm's settings for the
 * Abacus root (npm_config_local_prefix, ...), which would make npm install into the root instead of
 * the example's own folder, so they are left out. jest sets NODE_ENV=test; the extension is built
 * as for release (NODE_ENV=production, under which npm would leave out the devDependencies that
 * hold @wordpress/scripts: installs say --include=dev).
 */
function npm(args: string[]): string {
	return execFileSync('npm', args, {
		cwd: REPORT_EXTENSION_DIR,
		encoding: 'utf8',
		stdio: 'pipe',
		env: {
			...Object.fromEntries(
				Object.entries(process.env).filter(
					([key]) => !/^npm_(config|package|lifecycle)_/i.test(key),
				),
			),
			NODE_ENV: 'production',
		},
	});
}

/** The newest modification time of the example's sources (src/, its package and build config). */
function newestSource(dir: string): number {
	let newest = 0;
	const walk = (folder: string): void => {
		for (const entry of readdirSync(folder, { withFileTypes: true })) {
			const file = path.join(folder, entry.name);
			if (entry.isDirectory()) walk(file);
			else newest = Math.max(newest, statSync(file).mtimeMs);
		}
	};
	walk(path.join(dir, 'src'));
	for (const name of ['package.json', 'package-lock.json', 'webpack.config.js']) {
		const file = path.join(dir, name);
		if (existsSync(file)) newest = Math.max(newest, statSync(file).mtimeMs);
	}
	return newest;
}

/** Blocks the thread for `ms` (the build runs synchronously, as the callers expect). */
function pause(ms: number): void {
	Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `work` holding the example's build lock (a folder made atomically), so that two test
 * processes (the consumer test in jest and the WordPress test beside it under npm test) never
 * install or build the example at once. A lock whose process has gone is taken over; waits up to
 * 30 minutes (an install on a loaded machine takes several).
 */
function withBuildLock<T>(dir: string, work: () => T): T {
	const lock = path.join(dir, '.build-lock');
	const deadline = Date.now() + 1_800_000;
	for (;;) {
		try {
			mkdirSync(lock);
			writeFileSync(path.join(lock, 'pid'), String(process.pid));
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			let holder = 0;
			try {
				holder = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
			} catch {
				// Made but its pid not yet written: wait for it.
			}
			let alive = true;
			if (holder) {
				try {
					process.kill(holder, 0);
				} catch {
					alive = false;
				}
			}
			if (!alive) rmSync(lock, { recursive: true, force: true });
			else if (Date.now() > deadline)
				throw new Error(`${lock} is held by process ${holder} for more than 30 minutes.`);
			else pause(500);
		}
	}
	try {
		return work();
	} finally {
		rmSync(lock, { recursive: true, force: true });
	}
}

/**
 * Installs the example's dependencies when missing and builds it: when its build is missing, and
 * with `always` also when a source of the example is newer than its build (so that a test checking
 * the build checks the current sources, and two tests in one run build it once). Returns the
 * example's folder.
 */
export function buildReportExtension({ always }: { always: boolean }): string {
	const dir = REPORT_EXTENSION_DIR;
	const built = path.join(dir, 'build/index.js');
	const fresh = (): boolean =>
		existsSync(built) && (!always || statSync(built).mtimeMs > newestSource(dir));
	if (fresh()) return dir;
	return withBuildLock(dir, () => {
		// Built by another process while this one waited for the lock.
		if (fresh()) return dir;
		if (!existsSync(path.join(dir, 'node_modules/.bin/wp-scripts'))) {
			// npm 11 writes only this platform's optional binaries into a lock file, and `npm ci`
			// then calls the lock out of sync on another machine; `npm install` installs the same
			// locked versions (the root's .ci/run falls back the same way), without writing the
			// lock file (--no-save): a test run leaves the example as committed.
			try {
				npm(['ci', '--include=dev', '--no-audit', '--no-fund']);
			} catch {
				npm(['install', '--include=dev', '--no-save', '--no-audit', '--no-fund']);
			}
		}
		npm(['run', 'build']);
		return dir;
	});
}
