/**
 * The command line as a newcomer meets it: every script answers `--help` with its flags and a
 * wrong flag with one line and the usage (never a stack trace); a database held by a running
 * server is said in words; `npm start` stopped by a signal to npm leaves no server listening;
 * `npm run sync` runs a round now; `npm run token` makes a token the engine accepts.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { Db } from '../../server/src/core/db.js';
import { verifyEngineToken } from '../../server/src/engine-auth/token.js';
import { prepareEngineDatabase, registerStore } from '../../server/src/sync/index.js';
import { FakeWoo } from '../../server/src/sync/test/fake-woo.js';
import { concurrently } from '../support/concurrently.js';

// Scripts start node processes and servers on a loaded 2-core machine.
jest.setTimeout(240_000);

const root = path.resolve(__dirname, '../..');
let tmp: string;

beforeAll(() => {
	tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-cli-'));
	// The scripts run the server's build (they build it when missing or stale).
	// TypeScript's own tsc script run by this node, without npx's start.
	const built = spawnSync(
		process.execPath,
		[path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'server'],
		{ cwd: root, encoding: 'utf8' },
	);
	if (built.status !== 0) throw new Error(`tsc -b server failed:\n${built.stdout}`);
});

afterAll(() => {
	fs.rmSync(tmp, { recursive: true, force: true });
});

interface Result {
	status: number | null;
	stdout: string;
	stderr: string;
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Result {
	const result = spawnSync(process.execPath, [script, ...args], {
		cwd: root,
		encoding: 'utf8',
		env: { ...process.env, ...env },
		timeout: 180_000,
	});
	return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Each script and flags its `--help` must name. */
const SCRIPTS: Array<[string, string[]]> = [
	['scripts/seed.js', ['--orders', '--db', '--seed', '--timezone', '--now', '--unfinished']],
	['scripts/bench.js', ['--only']],
	['scripts/plugin-zip.js', ['--out', '--skip-build']],
	['scripts/make-pot.js', ['OUT.pot']],
	['scripts/build-packages.js', ['NAME', 'components']],
	['scripts/clickhouse-cluster.js', ['--shards']],
	['scripts/test.js', ['npm run test:unit']],
	['scripts/ensure-system.js', ['NAME', 'ClickHouse']],
	['scripts/sync.js', ['--db', '--store']],
	[
		'scripts/token.js',
		['--store', '--engine-url', '--user', '--scope', '--ttl', '--secret-file'],
	],
	[
		'server/build/sync/clickhouse-load.js',
		['--engine', '--shard', '--db', '--store-url', '--store-id'],
	],
	['tests/bench/server.js', ['--json']],
	['tests/bench/engine.js', ['--json']],
	['tests/bench/pages.js', ['--orders', '--json']],
	['tests/bench/forecast.js', ['--orders', '--demo-only', '--json']],
	['tests/bench/clickhouse.js', ['--json']],
	['tests/bench/browser.js', ['--help']],
	['tests/bench/bundle.js', ['--help']],
	['tests/bench/components.js', ['--help']],
	['tests/consumer/tarballs.js', ['--wordpress', '--keep', '--reuse', 'newest']],
	['tests/consumer/check.js', ['--build']],
];

describe('--help and wrong flags', () => {
	// Every script's answers to --help and to an unknown flag, its node processes run a few at once.
	let answers: Promise<Map<string, Result>>;
	beforeAll(() => {
		const jobs = SCRIPTS.flatMap(([script]) => [
			[script, '--help'],
			[script, '--no-such-flag'],
		]);
		answers = concurrently(jobs, 4, ([script, flag]) => runAsync(script, [flag])).then(
			(results) =>
				new Map(jobs.map(([script, flag], i) => [`${script} ${flag}`, results[i]])),
		);
		// Awaited by the tests; not an unhandled rejection before they do.
		answers.catch(() => {});
	});
	const answer = async (script: string, flag: string): Promise<Result> => {
		const result = (await answers).get(`${script} ${flag}`);
		if (!result) throw new Error(`${script} ${flag} was not run`);
		return result;
	};

	it.each(SCRIPTS)('%s answers --help with its flags', async (script, flags) => {
		const result = await answer(script, '--help');
		expect(result.stderr).toBe('');
		expect(result.status).toBe(0);
		expect(result.stdout).toMatch(/^Usage: /);
		for (const flag of flags) expect(result.stdout).toContain(flag);
	});

	it.each(SCRIPTS)('%s answers an unknown flag with one line and the usage', async (script) => {
		const result = await answer(script, '--no-such-flag');
		expect(result.status).toBe(2);
		const lines = result.stderr.trimEnd().split('\n');
		expect(lines[0]).toBe("Unknown option '--no-such-flag'.");
		expect(lines[1]).toMatch(/^Usage: /);
		expect(result.stderr).not.toContain('ERR_PARSE_ARGS');
		expect(result.stderr).not.toMatch(/\n\s+at /);
		expect(result.stdout).toBe('');
	});

	it('npm start -- --help prints its own usage and the server flags', () => {
		const result = run('scripts/start.js', ['--help']);
		expect(result.status).toBe(0);
		expect(result.stdout).toMatch(/^Usage: npm start/);
		expect(result.stdout).toContain('--db');
		expect(result.stdout).toContain('--port');
	});

	it('says what is wrong with a value', () => {
		const seed = run('scripts/seed.js', ['--orders', 'many']);
		expect(seed.status).toBe(2);
		expect(seed.stderr.split('\n')[0]).toBe('--orders must be a whole number, got "many".');
		const now = run('scripts/seed.js', ['--now', 'yesterday']);
		expect(now.status).toBe(2);
		expect(now.stderr.split('\n')[0]).toBe(
			'--now must be an ISO 8601 date and time (e.g. 2026-06-30T12:00:00Z), got "yesterday".',
		);
		const token = run('scripts/token.js', ['--store', 'https://shop.example']);
		expect(token.status).toBe(2);
		expect(token.stderr.split('\n')[0]).toMatch(/^--engine-url is required/);
	});
});

describe('a database held by a running server', () => {
	let file: string;
	let held: Db;
	beforeAll(async () => {
		file = path.join(tmp, 'held.duckdb');
		held = await Db.open(file);
		await held.run('CREATE TABLE kept (x INTEGER)');
	});
	afterAll(() => held.close());

	it('load into ClickHouse says to stop the server or load a copy', () => {
		const result = run('server/build/sync/clickhouse-load.js', [
			'--engine',
			'clickhouse://127.0.0.1:9/abacus',
			'--db',
			file,
			'--store-url',
			'https://shop.example',
			'--store-id',
			'7',
		]);
		expect(result.status).toBe(1);
		expect(result.stderr).toContain(
			`${file} is in use by another process (PID ${process.pid})`,
		);
		expect(result.stderr).toContain('Stop that server');
		expect(result.stderr).toContain(`cp ${file}`);
		expect(result.stderr).not.toContain('Could not set lock');
		expect(result.stderr).not.toMatch(/\n\s+at /);
	});

	it('the server refuses to start on it and says it is in use, not damaged', () => {
		const result = run('server/build/cli.js', ['--db', file, '--port', '0', '--no-sync']);
		expect(result.status).not.toBe(0);
		expect(result.stderr).toContain(
			`The database ${file} is in use by another process (PID ${process.pid})`,
		);
		expect(result.stderr).toContain('Stop that server');
		expect(result.stderr).not.toContain('damaged');
		expect(result.stderr).not.toContain('Move it aside');
		expect(fs.existsSync(file)).toBe(true);
	});

	it('seed refuses to replace it and says why', () => {
		const result = run('scripts/seed.js', ['--db', file, '--orders', '10']);
		expect(result.status).toBe(1);
		expect(result.stderr).toContain(
			`${file} is in use by another process (PID ${process.pid})`,
		);
		expect(result.stderr).not.toContain('Could not set lock');
		expect(fs.existsSync(file)).toBe(true);
	});
});

describe('npm run token', () => {
	const STORE = 'https://shop.example';
	const SECRET = 'an-engine-secret-of-some-length';

	it('signs with ABACUS_ENGINE_SECRET a token the engine at --engine-url accepts', () => {
		const result = run(
			'scripts/token.js',
			[
				'--store',
				'https://Shop.example/',
				'--engine-url',
				'http://127.0.0.1:8080/wp-admin/',
				'--user',
				'3',
				'--scope',
				'edit_costs',
				'--ttl',
				'600',
			],
			{ ABACUS_ENGINE_SECRET: SECRET },
		);
		expect(result.status).toBe(0);
		const match = /^Authorization: Bearer (\S+)\n$/.exec(result.stdout);
		expect(match).not.toBeNull();
		const token = match?.[1] ?? '';
		const verified = verifyEngineToken(
			token,
			{ id: STORE, secret: SECRET },
			'http://127.0.0.1:8080',
		);
		expect(verified).toMatchObject({
			ok: true,
			claims: { store: STORE, sub: 3, scope: ['edit_costs'], aud: 'http://127.0.0.1:8080' },
		});
		if (verified.ok) expect(verified.claims.exp - verified.claims.iat).toBe(600);
		expect(
			verifyEngineToken(token, { id: STORE, secret: SECRET }, 'http://127.0.0.1:9090').ok,
		).toBe(false);
		expect(result.stderr).not.toContain(SECRET);
	});

	it('reads the secret from the engine database, also while a server holds it', async () => {
		const file = path.join(tmp, 'engine.duckdb');
		const db = await Db.open(file);
		await prepareEngineDatabase(db);
		await registerStore(db, {
			url: STORE,
			auth: { kind: 'keys', key: 'ck_x', secret: 'cs_x' },
			engineSecret: SECRET,
		});
		await db.run('CHECKPOINT');
		const args = ['--store', STORE, '--engine-url', 'http://127.0.0.1:8080', '--db', file];
		const verify = (stdout: string): boolean =>
			verifyEngineToken(
				stdout.replace(/^Authorization: Bearer /, '').trim(),
				{ id: STORE, secret: SECRET },
				'http://127.0.0.1:8080',
			).ok;
		try {
			const whileHeld = run('scripts/token.js', args);
			expect(whileHeld.stderr).toMatch(/reads only/);
			expect(whileHeld.status).toBe(0);
			expect(verify(whileHeld.stdout)).toBe(true);
		} finally {
			db.close();
		}
		const free = run('scripts/token.js', args);
		expect(free.status).toBe(0);
		expect(verify(free.stdout)).toBe(true);
		const other = run('scripts/token.js', [
			...args.slice(0, 0),
			'--store',
			'https://other.example',
			...args.slice(2),
		]);
		expect(other.status).toBe(1);
		expect(other.stderr).toContain('https://other.example has no engine secret');
	});

	it('takes no secret on the command line', () => {
		const result = run('scripts/token.js', [
			'--store',
			STORE,
			'--engine-url',
			'http://127.0.0.1:8080',
			'--secret',
			'typed-secret',
		]);
		expect(result.status).toBe(2);
		expect(result.stderr.split('\n')[0]).toContain('never taken on the command line');
		expect(result.stderr).not.toContain('typed-secret');
		expect(result.stdout).toBe('');
	});
});

describe('npm run sync', () => {
	it('runs a round of the connected store now and exits', async () => {
		const woo = new FakeWoo(60);
		await woo.start();
		const file = path.join(tmp, 'sync.duckdb');
		try {
			const db = await Db.open(file);
			await prepareEngineDatabase(db);
			await registerStore(db, {
				url: woo.url,
				auth: { kind: 'keys', key: 'ck_t', secret: 'cs_t' },
			});
			db.close();
			const env = { ABACUS_ALLOW_PRIVATE_STORES: '1' };
			const first = await runAsync('scripts/sync.js', [
				'--db',
				file,
				'--allow-private-stores',
			]);
			expect(first.stderr).toBe('');
			expect(first.status).toBe(0);
			expect(first.stdout).toContain(`${woo.url}: in step`);
			expect(await orderCount(file)).toBe(60);

			// A change in the store reaches the database with the next round run by hand.
			woo.touch(1001, { status: 'refunded' });
			const second = await runAsync(
				'scripts/sync.js',
				['--db', file, '--store', `${woo.url}/`],
				env,
			);
			expect(second.status).toBe(0);
			expect(second.stdout).toContain(`${woo.url}: in step (1 orders`);
			const check = await Db.open(file);
			try {
				const row = await check.one<{ status: string }>(
					'SELECT status FROM orders WHERE id = 1001',
				);
				expect(row?.status).toBe('refunded');
			} finally {
				check.close();
			}

			const unknown = await runAsync(
				'scripts/sync.js',
				['--db', file, '--store', 'https://nope.example'],
				env,
			);
			expect(unknown.status).toBe(1);
			expect(unknown.stderr).toContain(
				`https://nope.example is not connected in ${file}; its stores: ${woo.url}.`,
			);
		} finally {
			await woo.close();
		}
	});
});

/**
 * Runs a script without blocking this process (the fake store answers from it; several scripts run
 * at once), killed after 180 s as `run` does.
 */
function runAsync(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Result> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [script, ...args], {
			cwd: root,
			env: { ...process.env, ...env },
			timeout: 180_000,
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
		child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
		child.on('close', (status) => resolve({ status, stdout, stderr }));
	});
}

async function orderCount(file: string): Promise<number> {
	const db = await Db.open(file);
	try {
		const row = await db.one<{ n: number }>(
			'SELECT count(*) AS n FROM orders WHERE parent_id = 0',
		);
		return Number(row?.n);
	} finally {
		db.close();
	}
}

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

async function freePort(): Promise<number> {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

interface Started {
	npm: ChildProcess;
	port: number;
	output: () => string;
	exited: Promise<void>;
}

/**
 * `npm start` on a copy of `store` and a free port, in a process group of its own (what is
 * checked is how it stops, not how it makes a store).
 */
async function npmStart(name: string, store: string): Promise<Started> {
	const port = await freePort();
	const db = path.join(tmp, `start-${name}.duckdb`);
	fs.copyFileSync(store, db);
	if (fs.existsSync(`${store}.wal`)) fs.copyFileSync(`${store}.wal`, `${db}.wal`);
	const npm = spawn('npm', ['start', '--', '--db', db, '--port', String(port)], {
		cwd: root,
		env: { ...process.env, ABACUS_ORDERS: '200' },
		stdio: ['ignore', 'pipe', 'pipe'],
		// Its own process group, so that a failed test can clean up all it started.
		detached: true,
	});
	let output = '';
	npm.stdout?.on('data', (d: Buffer) => (output += d.toString()));
	npm.stderr?.on('data', (d: Buffer) => (output += d.toString()));
	const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
	return { npm, port, output: () => output, exited };
}

function killGroup(npm: ChildProcess): void {
	try {
		process.kill(-(npm.pid as number), 'SIGKILL');
	} catch {
		// Every process of the group has ended.
	}
}

describe('npm start stopped by a signal to npm', () => {
	// The three servers start side by side, each on a copy of one store `npm run seed` made; each
	// test stops its own.
	const started = new Map<string, Promise<Started>>();
	beforeAll(() => {
		const store = path.join(tmp, 'start-store.duckdb');
		const seeded = run('scripts/seed.js', ['--db', store, '--orders', '200']);
		if (seeded.status !== 0) throw new Error(`npm run seed failed:\n${seeded.stderr}`);
		for (const signal of SIGNALS) started.set(signal, npmStart(signal, store));
	});
	afterAll(async () => {
		for (const start of started.values()) killGroup((await start).npm);
	});

	it.each(SIGNALS)('%s to npm’s process stops the server (its port is freed)', async (signal) => {
		const { npm, port, output, exited } = await (started.get(signal) as Promise<Started>);
		// Up: the server says where it runs and answers on the port.
		for (let i = 0; i < 1200 && !output().includes('Abacus is running at'); i++)
			await new Promise((r) => setTimeout(r, 100));
		expect(output()).toContain(`Abacus is running at http://127.0.0.1:${port}/`);
		expect(await listening(port)).toBe(true);

		try {
			process.kill(npm.pid as number, signal);
			// The server goes with it: the port is free again (bounded wait on a loaded machine).
			let open = true;
			for (let i = 0; i < 600 && open; i++) {
				open = await listening(port);
				if (open) await new Promise((r) => setTimeout(r, 100));
			}
			expect(open).toBe(false);
			await exited;
		} finally {
			killGroup(npm);
		}
	});
});
