/**
 * The engine's and connect's command lines, as a store owner meets them (the built
 * `server/build/cli.js` and `scripts/connect.js`, spawned):
 * - secrets are refused on the command line (`--store-secret`, `--key`, `--secret`,
 *   `--app-password`, `--engine-secret`), each with the file or environment way to give them, and
 *   never echoed back;
 * - a secrets file or an engine database that group or others may read is refused with the
 *   `chmod 600 <absolute path>` that fixes it; files the engine and connect create are 0600;
 * - an engine keeps its port or refuses to start when it is taken; the demo server moves to the next
 *   free port and says so; the engine's start message names its admin page, the operator login and
 *   `npm run operator -- add NAME`;
 * - connect refuses a store on 127.0.0.1 unless `--allow-private-stores`, and with it registers the
 *   store (a local fake WooCommerce) and writes the generated engine secret to a private file.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { FakeWoo } from '../../server/src/sync/test/fake-woo.js';

const root = path.resolve(__dirname, '../..');
const cli = path.join(root, 'server/build/cli.js');
const connectScript = path.join(root, 'scripts/connect.js');
const SECRET = 'store-secret-for-the-cli-test-0123456789';
let tmp: string;

jest.setTimeout(180_000);

beforeAll(() => {
	tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-engine-cli-'));
	// TypeScript's own tsc script run by this node, without npx's start.
	const built = spawnSync(
		process.execPath,
		[path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'server'],
		{ cwd: root, stdio: 'inherit' },
	);
	expect(built.status).toBe(0);
}, 300_000);

afterAll(() => {
	fs.rmSync(tmp, { recursive: true, force: true });
});

/**
 * Runs a command to its end (not blocking this process: the fake store answers from it); its exit
 * code and everything it printed.
 */
function run(
	args: string[],
	env: NodeJS.ProcessEnv = {},
): Promise<{ status: number | null; out: string }> {
	return new Promise((resolve, reject) => {
		let out = '';
		const child = spawn(process.execPath, args, {
			cwd: root,
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, ABACUS_ALLOW_PRIVATE_STORES: '', PORT: '', ...env },
		});
		child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
		child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
		child.once('error', reject);
		child.once('close', (status) => resolve({ status, out }));
	});
}

/** A server started in the background, with what it printed so far. */
function start(args: string[]): { child: ChildProcess; output: () => string } {
	let output = '';
	const child = spawn(process.execPath, [cli, ...args], {
		cwd: root,
		stdio: ['ignore', 'pipe', 'pipe'],
		env: { ...process.env, ABACUS_ALLOW_PRIVATE_STORES: '', PORT: '' },
	});
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	return { child, output: () => output };
}

/** What the server printed once `marker` (the last line of its start message) is there. */
async function started(
	server: { child: ChildProcess; output: () => string },
	marker: string,
): Promise<string> {
	await new Promise<void>((resolve, reject) => {
		const check = setInterval(() => {
			if (server.output().includes(marker)) {
				clearInterval(check);
				resolve();
			} else if (server.child.exitCode !== null) {
				clearInterval(check);
				reject(new Error(`The server stopped: ${server.output()}`));
			}
		}, 50);
	});
	return server.output();
}

async function stop(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	child.kill('SIGTERM');
	await exited;
}

/** Holds `port` on 127.0.0.1 (true), or reports that something else already does (false). */
function hold(port: number): Promise<net.Server | null> {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(null));
		server.listen(port, '127.0.0.1', () => resolve(server));
	});
}

function secretFile(name: string, mode: number, content = `${SECRET}\n`): string {
	const file = path.join(tmp, name);
	fs.writeFileSync(file, content);
	fs.chmodSync(file, mode);
	return file;
}

function mode(file: string): string {
	return (fs.statSync(file).mode & 0o777).toString(8);
}

describe('the engine command line', () => {
	test('refuses a store secret on the command line, without echoing it', async () => {
		const { status, out } = await run([
			cli,
			'--store-url',
			'https://shop.example',
			'--store-secret',
			SECRET,
		]);
		expect(status).toBe(2);
		expect(out).toContain('--store-secret-file FILE');
		expect(out).toContain('ABACUS_STORE_SECRET');
		expect(out).not.toContain(SECRET);
	});

	test('refuses a store secret file others may read, naming the chmod', async () => {
		const file = secretFile('shared.secret', 0o644);
		const { status, out } = await run([
			cli,
			'--db',
			path.join(tmp, 'never.duckdb'),
			'--store-url',
			'https://shop.example',
			'--store-secret-file',
			file,
		]);
		expect(status).toBe(2);
		expect(out).toContain(`Run: chmod 600 ${file}`);
		expect(out).not.toContain(SECRET);
		expect(fs.existsSync(path.join(tmp, 'never.duckdb'))).toBe(false);
	});

	test('an engine creates its database 0600, refuses it once others may read it, keeps its port', async () => {
		const secret = secretFile('store.secret', 0o600);
		const db = path.join(tmp, 'engine', 'engine.duckdb');
		const engineArgs = [
			'--db',
			db,
			'--orders',
			'60',
			'--store-url',
			'https://shop.example',
			'--store-secret-file',
			secret,
		];
		const engine = start([...engineArgs, '--port', '0']);
		let out: string;
		try {
			out = await started(engine, 'shows the operator login; add an operator with');
		} finally {
			await stop(engine.child);
		}
		const url = /Abacus is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
		expect(url).toBeDefined();
		expect(out).toContain(
			`${url}/wp-admin/admin.php?page=abacus shows the operator login; add an operator with: npm run operator -- add NAME`,
		);
		expect(out).not.toContain(SECRET);
		expect(mode(db)).toBe('600');

		fs.chmodSync(db, 0o644);
		const refused = await run([cli, ...engineArgs, '--port', '0']);
		expect(refused.status).toBe(2);
		expect(refused.out).toContain(`Run: chmod 600 ${db}`);
		fs.chmodSync(db, 0o600);

		// A port taken by another program: the engine refuses, it does not move.
		const taken = net.createServer();
		await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
		const port = (taken.address() as net.AddressInfo).port;
		try {
			const busy = await run([cli, ...engineArgs, '--port', String(port)]);
			expect(busy.status).toBe(2);
			expect(busy.out).toContain(`Port ${port} on 127.0.0.1 is in use`);
			expect(busy.out).toContain('does not move to another port');
			expect(busy.out).not.toContain('Abacus is running');
		} finally {
			await new Promise((resolve) => taken.close(resolve));
		}
		// Without --port an engine takes 8080, and refuses when it is taken.
		const held = await hold(8080);
		try {
			const busy = await run([cli, ...engineArgs]);
			expect(busy.status).toBe(2);
			expect(busy.out).toContain('Port 8080 on 127.0.0.1 is in use');
		} finally {
			if (held) await new Promise((resolve) => held.close(resolve));
		}
	});

	test('the demo server moves off a taken 8080 and says so', async () => {
		const held = await hold(8080);
		const demo = start(['--db', path.join(tmp, 'demo.duckdb'), '--orders', '60']);
		try {
			const out = await started(demo, 'this demo server took port');
			const port = /Abacus is running at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)?.[1];
			expect(port).toBeDefined();
			expect(port).not.toBe('8080');
			expect(out).toContain(`(Port 8080 was in use, so this demo server took port ${port}.)`);
			expect(out).not.toContain('operator');
		} finally {
			await stop(demo.child);
			if (held) await new Promise((resolve) => held.close(resolve));
		}
	});
});

describe('connect', () => {
	let woo: FakeWoo;
	beforeAll(async () => {
		woo = new FakeWoo(5);
		await woo.start();
	});
	afterAll(() => woo.close());

	test('refuses every secret on the command line, naming where each goes', async () => {
		const { status, out } = await run([
			connectScript,
			'--store',
			woo.url,
			'--key',
			'ck_on_the_command_line',
			'--secret',
			'cs_on_the_command_line',
			'--engine-secret',
			SECRET,
		]);
		expect(status).toBe(2);
		expect(out).toContain('ABACUS_WC_CONSUMER_KEY=…, ABACUS_WC_CONSUMER_SECRET=…');
		expect(out).toContain('--engine-secret-file FILE');
		expect(out).not.toMatch(/ck_on_the_command_line|cs_on_the_command_line/);
		expect(out).not.toContain(SECRET);
	});

	test('refuses a credentials file others may read', async () => {
		const file = secretFile(
			'shared.credentials',
			0o640,
			'ABACUS_WC_CONSUMER_KEY=ck_test\nABACUS_WC_CONSUMER_SECRET=cs_test\n',
		);
		const { status, out } = await run([
			connectScript,
			'--store',
			woo.url,
			'--credentials-file',
			file,
		]);
		expect(status).toBe(2);
		expect(out).toContain(`Run: chmod 600 ${file}`);
	});

	test('refuses a store on 127.0.0.1 unless allowed, then registers it with private files', async () => {
		const credentials = secretFile(
			'shop.credentials',
			0o600,
			'# the store\nABACUS_WC_CONSUMER_KEY=ck_test\nABACUS_WC_CONSUMER_SECRET=cs_test\n',
		);
		const db = path.join(tmp, 'connected', 'engine.duckdb');
		const engineSecret = path.join(tmp, 'connected', 'engine.secret');
		const args = [
			connectScript,
			'--store',
			woo.url,
			'--credentials-file',
			credentials,
			'--db',
			db,
			'--engine-secret-file',
			engineSecret,
		];
		const refused = await run(args);
		expect(refused.status).toBe(2);
		expect(refused.out).toContain('127.0.0.1 is a loopback address');
		expect(refused.out).toContain('--allow-private-stores');
		expect(fs.existsSync(db)).toBe(false);
		expect(woo.requests).toEqual([]);

		const accepted = await run([...args, '--allow-private-stores']);
		expect(accepted.status).toBe(0);
		expect(accepted.out).toContain(`Registered ${woo.url} in ${db} (5 orders`);
		expect(accepted.out).toContain(`written to ${engineSecret}`);
		expect(accepted.out).not.toMatch(/cs_test|ck_test/);
		const written = fs.readFileSync(engineSecret, 'utf8').trim();
		expect(written).toMatch(/^[0-9a-f]{64}$/);
		expect(accepted.out).not.toContain(written);
		expect(mode(db)).toBe('600');
		expect(mode(engineSecret)).toBe('600');
	});
});
