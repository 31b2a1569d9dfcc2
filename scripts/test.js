/**
 * `npm test`: every check, in order, stopping at the first failure.
 * lint → typecheck → unit and integration tests (jest) → php -l plugin.php → build → end-to-end.
 */
import { spawnSync } from 'node:child_process';

import { ensureSystemTools } from './ensure-system.js';

const steps = [
	['lint', 'npm', ['run', '--silent', 'lint']],
	['typecheck', 'npx', ['tsc', '-b']],
	['typecheck tests', 'npx', ['tsc', '-p', 'tsconfig.tests.json']],
	['unit and integration tests', 'npx', ['jest', '--ci']],
	['plugin syntax', 'php', ['-l', 'plugin.php']],
	['build', 'npx', ['webpack', '--mode', 'production']],
	['end-to-end', 'node', ['tests/e2e/run.js']],
];

if (!ensureSystemTools()) process.exit(1);

const started = Date.now();
for (const [label, cmd, args] of steps) {
	const t0 = Date.now();
	console.log(`\n=== ${label} ===`);
	const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
	const secs = ((Date.now() - t0) / 1000).toFixed(1);
	if (result.status !== 0) {
		console.error(`\n${label} failed after ${secs}s.`);
		process.exit(result.status ?? 1);
	}
	console.log(`${label}: ok (${secs}s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
