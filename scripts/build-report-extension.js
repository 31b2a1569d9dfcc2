/**
 * `node scripts/build-report-extension.js`: installs examples/report-extension's dependencies when
 * missing and builds it with its own npm scripts (@wordpress/scripts), as
 * tests/support/report-extension.ts does for the consumer and WordPress tests. npm test runs it
 * among the builds, before those two tests run side by side, so that neither installs it inside its
 * own set-up (an install takes minutes on a loaded machine).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseCommandLine } from './command-line.js';

parseCommandLine({
	usage: `Usage: node scripts/build-report-extension.js
  Installs examples/report-extension's dependencies when missing and builds it.
  --help   this text`,
});

const dir = path.resolve(
	path.dirname(fileURLToPath(import.meta.url)),
	'../examples/report-extension',
);

/**
 * npm in the example's folder, without npm's settings for the Abacus root (npm_config_local_prefix,
 * ...) that would make it install into the root; built as for release (NODE_ENV=production, so the
 * installs say --include=dev).
 */
function npm(args) {
	execFileSync('npm', args, {
		cwd: dir,
		stdio: 'inherit',
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

if (!existsSync(path.join(dir, 'node_modules/.bin/wp-scripts'))) {
	// npm 11 writes only this platform's optional binaries into a lock file and `npm ci` may call
	// it out of sync; `npm install` installs the same locked versions, and with --no-save leaves
	// the committed lock file as it is.
	try {
		npm(['ci', '--include=dev', '--no-audit', '--no-fund']);
	} catch {
		npm(['install', '--include=dev', '--no-save', '--no-audit', '--no-fund']);
	}
}
npm(['run', 'build']);
