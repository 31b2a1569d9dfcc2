/**
 * `npm test`: every check, stopping at the first failure. Stages run in order; the lanes of a stage
 * run side by side (each lane's steps in order), so that the 2 cores of a CI machine stay busy:
 * 1. lint | typecheck | typecheck tests, php -l plugin.php, build (client), build of the abacus-*
 *    script handles (the builds read the sources, not tsc's output) | the report extension
 *    example's install and build
 * 2. unit and integration tests (jest, two workers) | the plugin in a real WordPress, then the engine
 *    on that WordPress (one after the other: they share the prepared WordPress store the first one
 *    builds). The WordPress lane mostly waits on PHP and MariaDB, so it fills the cores jest leaves
 *    idle while its files wait on ClickHouse, servers and child processes.
 * 3. end-to-end (two workers, each with its own servers). Alone: Chromium, PHP and MariaDB beside
 *    two end-to-end workers oversubscribe a 2-core machine.
 * A step's output is shown live; in a stage with several lanes every line starts with the step's
 * label. Each step's and stage's seconds are printed, and again all together at the end.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

import { parseCommandLine } from './command-line.js';
import { ensureSystemTools } from './ensure-system.js';

parseCommandLine({
	usage: `Usage: npm test
  Every check, stopping at the first failure: lint and typechecks, unit and integration tests,
  builds, end-to-end tests, the plugin in a real WordPress and the engine on it. It takes no flags;
  run a part on its own with npm run test:unit, npm run test:e2e or npx jest <file>.
  --help   this text`,
});

const jestJson = (config, output) => [
	'jest',
	...(config ? ['-c', config] : []),
	'--ci',
	...(config ? ['--forceExit'] : []),
	'--json',
	`--outputFile=test-results/${output}.json`,
];

/** Stages in order; a stage is a list of lanes; a lane is a list of [label, command, args]. */
const stages = [
	[
		[['lint', 'npm', ['run', '--silent', 'lint']]],
		[['typecheck', 'npx', ['tsc', '-b']]],
		// Three lanes of about the same length on the CPU (lint, typecheck; the tests' typecheck
		// and builds), and the report extension example's install and build in a fourth, which
		// mostly waits on npm (57 s of the 174 s lane it closed when it was the builds' last step).
		[
			['typecheck tests', 'npx', ['tsc', '-p', 'tsconfig.tests.json']],
			['plugin syntax', 'php', ['-l', 'plugin.php']],
			['build', 'npx', ['webpack', '--mode', 'production']],
			// The abacus-* script handles for wp-admin (build/wp-packages), which the plugin zip ships.
			['build packages for wp-admin', 'npm', ['run', '--silent', 'build:wp-packages']],
		],
		// The report extension example, which the consumer and WordPress tests (side by side in the
		// next stage) use: built here, neither installs it inside its own set-up.
		[['build report extension', 'node', ['scripts/build-report-extension.js']]],
	],
	[
		[['unit and integration tests', 'npx', jestJson(null, 'jest')]],
		[
			['WordPress plugin', 'npx', jestJson('tests/wordpress/jest.config.js', 'wordpress')],
			// The engine's sync of the same real store, checked against WooCommerce's own figures.
			[
				'Abacus engine on WordPress',
				'npx',
				jestJson('tests/engine/jest.config.js', 'engine'),
			],
		],
	],
	[[['end-to-end', 'node', ['tests/e2e/run.js']]]],
];

/**
 * What each stage's steps find in their environment besides the caller's. Stage 2 runs several
 * DuckDB stores at once (two jest workers with their servers, beside the WordPress lane): each
 * store on one thread (ABACUS_DUCKDB_THREADS, server/src/core/db.ts) on any machine, as the
 * server's default (one per core but one) is on two cores: more would oversubscribe the cores for
 * statements too small to gain from a second thread (the report, sync and route files: 201 -> 155
 * CPU seconds, 110 -> 86 s). End-to-end keeps the server's default, as a merchant's server runs it.
 */
const stageEnv = [
	{},
	{
		ABACUS_DUCKDB_THREADS: process.env.ABACUS_DUCKDB_THREADS || '1',
		// The test clusters' queries likewise (server/src/clickhouse/cluster.ts).
		ABACUS_CLICKHOUSE_MAX_THREADS: process.env.ABACUS_CLICKHOUSE_MAX_THREADS || '1',
	},
	{},
];

/**
 * The machine's CPU time so far (from /proc/stat; null elsewhere): busy and total jiffies of all
 * cores, so that each stage can say how much of the cores it kept busy (a stage near 100 % is
 * bound by the work itself, one well below waits on something and could run more beside it).
 */
function cpuTimes() {
	try {
		const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
		const values = fields.slice(1).map(Number);
		const total = values.reduce((sum, value) => sum + value, 0);
		// idle and iowait are the 4th and 5th values.
		return { busy: total - values[3] - (values[4] ?? 0), total };
	} catch {
		return null;
	}
}

/** The share of the cores kept busy between two cpuTimes() readings, as " (CPU busy N %)". */
function busyShare(before, after) {
	if (!before || !after || after.total <= before.total) return '';
	return ` (CPU busy ${Math.round((100 * (after.busy - before.busy)) / (after.total - before.total))} %)`;
}

/**
 * How fast this machine is now, printed before and after the checks so that a slow run can be
 * told from a slow machine (the same work has taken from 15 to 35 minutes on the same kind of
 * machine): the milliseconds of one fixed computation (single-threaded, about 0.3 s on a quiet
 * 2-core CI machine), and of writing 128 MB of memory the process has just asked for. The second
 * can be slow where the first is not: on 2026-12-01 a machine handed its memory page by page as it
 * first touched it took 440-490 ms with the computation at 260 ms, and npm test 35 minutes (every
 * browser, PHP and database process of the checks pays the same per page).
 */
function machineCheck() {
	const t0 = process.hrtime.bigint();
	let x = 1;
	for (let i = 0; i < 10_000_000; i++) x = (x * 1_103_515_245 + 12_345) % 2_147_483_647;
	const t1 = process.hrtime.bigint();
	const fresh = Buffer.allocUnsafeSlow(128 * 1024 * 1024);
	fresh.fill(x & 0xff);
	const t2 = process.hrtime.bigint();
	const ms = (from, to) => Math.round(Number(to - from) / 1e6);
	return `${x >= 0 ? ms(t0, t1) : 0} ms of computation, ${fresh.length > 0 ? ms(t1, t2) : 0} ms to write 128 MB of new memory`;
}

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

const running = new Set();

/** Writes a child's output line by line, each line prefixed with the step's label. */
function prefixed(stream, target, label) {
	let pending = '';
	stream.on('data', (chunk) => {
		pending += chunk.toString();
		const lines = pending.split('\n');
		pending = lines.pop() ?? '';
		for (const line of lines) target.write(`[${label}] ${line}\n`);
	});
	stream.on('end', () => {
		if (pending) target.write(`[${label}] ${pending}\n`);
	});
}

/** Runs one step; resolves with its exit status and seconds. */
function runStep([label, cmd, args], alone, env) {
	const t0 = Date.now();
	console.log(`\n=== ${label} ===`);
	const child = spawn(cmd, args, {
		stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
		env: { ...process.env, FORCE_COLOR: '0', ...env },
		// Its own process group, so that a failure elsewhere stops it with everything it started.
		detached: !alone,
	});
	running.add(child);
	if (!alone) {
		prefixed(child.stdout, process.stdout, label);
		prefixed(child.stderr, process.stderr, label);
	}
	return new Promise((resolve) => {
		child.on('error', (error) => {
			console.error(`${label}: ${error.message}`);
		});
		child.on('close', (code, signal) => {
			running.delete(child);
			const secs = ((Date.now() - t0) / 1000).toFixed(1);
			resolve({ label, status: code ?? (signal ? 1 : 0), secs, stopped: Boolean(signal) });
		});
	});
}

/** Stops the steps still running (their whole process groups) after another step failed. */
function stopOthers() {
	for (const child of running) {
		try {
			process.kill(-child.pid, 'SIGTERM');
		} catch {
			// Already gone.
		}
	}
}

// Steps in their own process groups miss a Ctrl-C at the terminal: pass it on.
for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, () => {
		stopOthers();
		process.exit(130);
	});
}

if (!ensureSystemTools()) process.exit(1);

const machineBefore = machineCheck();
console.log(`Machine check: ${machineBefore}.`);
const started = Date.now();
mkdirSync('test-results', { recursive: true });
rmSync('test-results/jest.json', { force: true });
rmSync('test-results/e2e.json', { force: true });
rmSync('test-results/wordpress.json', { force: true });
rmSync('test-results/engine.json', { force: true });

let failure = null;
/** Lines of the closing summary: each step's and each stage's seconds. */
const timings = [];
for (const [index, stage] of stages.entries()) {
	const alone = stage.length === 1;
	const t0 = Date.now();
	const cpu0 = cpuTimes();
	await Promise.all(
		stage.map(async (lane) => {
			for (const step of lane) {
				if (failure) return;
				const result = await runStep(step, alone, stageEnv[index]);
				if (result.status !== 0) {
					if (!failure) {
						failure = result;
						stopOthers();
					}
					return;
				}
				console.log(`${result.label}: ok (${result.secs}s)`);
				timings.push(`  ${result.label}: ${result.secs}s`);
			}
		}),
	);
	if (failure) break;
	const secs = ((Date.now() - t0) / 1000).toFixed(1);
	const busy = busyShare(cpu0, cpuTimes());
	if (!alone) console.log(`stage: ok (${secs}s)${busy}`);
	timings.push(`stage ${index + 1}: ${secs}s${busy}`);
}
if (failure) {
	const { passed, failed } = countResults();
	console.error(`\n${failure.label} failed after ${failure.secs}s.`);
	console.log(`tests: ${passed} passed, ${Math.max(failed, 1)} failed`);
	process.exit(failure.status || 1);
}
const { passed, failed } = countResults();
timings.push(`machine check: ${machineBefore} before the checks; ${machineCheck()} after`);
console.log(`\n${timings.join('\n')}`);
console.log(`All checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
console.log(`tests: ${passed} passed, ${failed} failed`);
