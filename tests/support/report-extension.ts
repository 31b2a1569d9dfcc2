/**
 * Builds examples/report-extension with its own npm scripts (@wordpress/scripts), as an extension
 * developer would: used by the consumer test (which checks the build) and the WordPress test
 * (which installs the built plugin in wp-admin).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

/**
 * Installs the example's dependencies when missing and builds it (always, or only when its build is
 * missing). Returns the example's folder.
 */
export function buildReportExtension({ always }: { always: boolean }): string {
	const dir = REPORT_EXTENSION_DIR;
	if (!always && existsSync(path.join(dir, 'build/index.js'))) return dir;
	if (!existsSync(path.join(dir, 'node_modules/.bin/wp-scripts'))) {
		// npm 11 writes only this platform's optional binaries into a lock file, and `npm ci` then
		// calls the lock out of sync on another machine; `npm install` installs the same locked
		// versions (the root's .ci/run falls back the same way).
		try {
			npm(['ci', '--include=dev', '--no-audit', '--no-fund']);
		} catch {
			npm(['install', '--include=dev', '--no-audit', '--no-fund']);
		}
	}
	npm(['run', 'build']);
	return dir;
}
