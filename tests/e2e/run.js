/**
 * `npm run test:e2e`: makes sure the server is built and the client bundle exists, then runs the
 * end-to-end jest config (results in test-results/e2e.json; screenshots in test-results/e2e/ with
 * ABACUS_E2E_SCREENSHOTS=1, and of each page open when a test fails in test-results/e2e/failures/).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { CHROMIUM_PATH } from '../support/chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function run(cmd, args, extraEnv = {}) {
	const result = spawnSync(cmd, args, {
		cwd: root,
		stdio: 'inherit',
		env: { ...process.env, ...extraEnv },
	});
	if (result.status !== 0) {
		process.exit(result.status ?? 1);
	}
}

if (!existsSync(CHROMIUM_PATH)) {
	console.error(
		`Chromium is missing (${CHROMIUM_PATH}): install it with \`apt-get install -y chromium-headless-shell\` (npm test does it when run as root).`,
	);
	process.exit(1);
}
run('npx', ['tsc', '-b', 'server']);
// ABACUS_E2E_BUILD_DIR: test a private client build (built there when missing) instead of build/.
const buildDir = process.env.ABACUS_E2E_BUILD_DIR
	? path.resolve(process.env.ABACUS_E2E_BUILD_DIR)
	: path.join(root, 'build');
if (!existsSync(path.join(buildDir, 'standalone/index.js'))) {
	run('npx', ['webpack', '--mode', 'production'], {
		ABACUS_FLAVOUR: 'standalone',
		ABACUS_BUILD_ROOT: buildDir,
	});
}
mkdirSync(path.join(root, 'test-results/e2e'), { recursive: true });
run('npx', [
	'jest',
	'-c',
	'tests/e2e/jest.config.cjs',
	'--ci',
	'--forceExit',
	'--json',
	'--outputFile=test-results/e2e.json',
	...process.argv.slice(2),
]);
