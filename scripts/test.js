/**
 * `npm test`: every check, in order, stopping at the first failure.
 * lint → typecheck → unit and integration tests (jest) → php -l plugin.php → build (client and
 * the abacus-* script handles) → end-to-end
 * → the plugin in a real WordPress.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

import { ensureSystemTools } from './ensure-system.js';

const steps = [
	['lint', 'npm', ['run', '--silent', 'lint']],
	['typecheck', 'npx', ['tsc', '-b']],
	['typecheck tests', 'npx', ['tsc', '-p', 'tsconfig.tests.json']],
	[
		'unit and integration tests',
		'npx',
		['jest', '--ci', '--json', '--outputFile=test-results/jest.json'],
	],
	['plugin syntax', 'php', ['-l', 'plugin.php']],
	['build', 'npx', ['webpack', '--mode', 'production']],
	// The abacus-* script handles for wp-admin (build/wp-packages), which the plugin zip ships.
	['build packages for wp-admin', 'npm', ['run', '--silent', 'build:wp-packages']],
	['end-to-end', 'node', ['tests/e2e/run.js']],
	[
		'WordPress plugin',
		'npx',
		[
			'jest',
			'-c',
			'tests/wordpress/jest.config.js',
			'--ci',
			'--forceExit',
			'--json',
			'--outputFile=test-results/wordpress.json',
		],
	],
	[
		// The engine's sync of the same real store, checked against WooCommerce's own figures.
		'Abacus engine on WordPress',
		'npx',
		[
			'jest',
			'-c',
			'tests/engine/jest.config.js',
			'--ci',
			'--forceExit',
			'--json',
			'--outputFile=test-results/engine.json',
		],
	],
];

/** Adds up passed and failed tests from the jest JSON reports that exist. */
function countResults() {
	let passed = 0;
	let failed = 0;
	for (const file of [
		'test-results/jest.json',
		'test-results/e2e.json',
		'test-results/wordpress.json',
		'test-results/engine.json',
	]) {
		if (!existsSync(file)) continue;
		const report = JSON.parse(readFileSync(file, 'utf8'));
		passed += report.numPassedTests ?? 0;
		failed += report.numFailedTests ?? 0;
	}
	return { passed, failed };
}

if (!ensureSystemTools()) process.exit(1);

const started = Date.now();
mkdirSync('test-results', { recursive: true });
rmSync('test-results/jest.json', { force: true });
rmSync('test-results/e2e.json', { force: true });
rmSync('test-results/wordpress.json', { force: true });
rmSync('test-results/engine.json', { force: true });
for (const [label, cmd, args] of steps) {
	const t0 = Date.now();
	console.log(`\n=== ${label} ===`);
	const result = spawnSync(cmd, args, {
		stdio: 'inherit',
		env: { ...process.env, FORCE_COLOR: '0' },
	});
	const secs = ((Date.now() - t0) / 1000).toFixed(1);
	if (result.status !== 0) {
		const { passed, failed } = countResults();
		console.error(`\n${label} failed after ${secs}s.`);
		console.log(`tests: ${passed} passed, ${Math.max(failed, 1)} failed`);
		process.exit(result.status ?? 1);
	}
	console.log(`${label}: ok (${secs}s)`);
}
const { passed, failed } = countResults();
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
console.log(`tests: ${passed} passed, ${failed} failed`);
