/**
 * A first start killed while it generates the store, a store left half-built by an older version
 * and a damaged file: the next start either has a whole store (every admin route answers) or
 * refuses with a message saying what to do. Never a server answering 500 from then on.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Db } from '../../server/src/core/db.js';
import { startServer } from '../../server/src/index.js';
import { generateStore } from '../../server/src/demo/generate.js';

const root = path.resolve(__dirname, '../..');
const cli = path.join(root, 'server/build/cli.js');
let tmp: string;

/** Routes that answered 500 after an interrupted first start. */
const ADMIN_ROUTES = [
	'/wp-json/wp/v2/users/me',
	'/wp-json/wc-analytics/admin/notes',
	'/wp-json/wc/v3/payment_gateways',
	'/wp-json/wc-admin/plugins/active',
	'/wp-json/wc-analytics/products/reviews',
	'/wp-json/wc-analytics/reports/revenue/stats?interval=month',
];

async function expectWorkingStore(url: string): Promise<void> {
	for (const route of ADMIN_ROUTES) {
		const response = await fetch(`${url}${route}`);
		expect(`${route} ${response.status}`).toBe(`${route} 200`);
	}
}

/** The CLI on `db`: a first start generates a store of `orders` orders. */
function startCli(db: string, orders = 4000): { child: ChildProcess; output: () => string } {
	let output = '';
	const child = spawn(
		process.execPath,
		[cli, '--db', db, '--orders', String(orders), '--port', '0'],
		{
			cwd: root,
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	return { child, output: () => output };
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
	const until = Date.now() + timeoutMs;
	while (!check()) {
		if (Date.now() > until) throw new Error('timed out');
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

function exited(child: ChildProcess): Promise<void> {
	return new Promise((resolve) => {
		if (child.exitCode !== null || child.signalCode !== null) resolve();
		else child.once('exit', () => resolve());
	});
}

beforeAll(() => {
	tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-seeding-'));
	// TypeScript's own tsc script run by this node, without npx's start.
	const built = spawnSync(
		process.execPath,
		[path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'server'],
		{ cwd: root, stdio: 'inherit' },
	);
	expect(built.status).toBe(0);
}, 300000);

afterAll(() => {
	fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a first start killed while generating the store', () => {
	it('leaves no half-built store, and the next start serves a whole one', async () => {
		const db = path.join(tmp, 'killed', 'store.duckdb');
		// Kill at several moments of the generation: early, while loading, near the end.
		for (const delay of [0, 150, 400, 900, 1600, 2500]) {
			const { child, output } = startCli(db);
			await waitFor(() => /Generating|running at/.test(output()), 60000);
			await new Promise((resolve) => setTimeout(resolve, delay));
			child.kill('SIGKILL');
			await exited(child);
			if (/running at/.test(output())) break;
			// Either no store at all, or (killed during the final rename) a whole one.
			if (fs.existsSync(db)) {
				const opened = await Db.open(db);
				const marker = await opened.all(
					"SELECT table_name FROM duckdb_tables() WHERE table_name = 'abacus_store'",
				);
				opened.close();
				expect(marker.length).toBe(1);
			}
		}
		// The next start: a whole store (regenerated, or one a run killed in its final rename left);
		// the killed runs needed a long generation, this one does not.
		const { child, output } = startCli(db, 400);
		try {
			await waitFor(() => /running at (\S+)/.test(output()), 180000);
			const url = /running at (http:\/\/[^/\s]+)/.exec(output())?.[1] ?? '';
			await expectWorkingStore(url);
		} finally {
			child.kill('SIGTERM');
			await exited(child);
		}
		// Temporary files of the killed runs are gone.
		expect(fs.readdirSync(path.dirname(db)).filter((f) => f.includes('.seeding-'))).toEqual([]);
	}, 600000);

	it('regenerates a store an older version left half-built (no admin tables, no marker)', async () => {
		const file = path.join(tmp, 'partial.duckdb');
		const db = await Db.open(file);
		await generateStore(db, { orders: 50, seed: 3 });
		for (const table of ['abacus_store', 'admin_notes', 'admin_users', 'plugins'])
			await db.run(`DROP TABLE ${table}`);
		await db.run('CHECKPOINT');
		db.close();
		const server = await startServer({ databasePath: file, orders: 80, quiet: true });
		try {
			await expectWorkingStore(server.url);
		} finally {
			await server.close();
		}
	}, 300000);

	it('keeps a complete store made before the marker existed', async () => {
		const file = path.join(tmp, 'unmarked.duckdb');
		const db = await Db.open(file);
		await generateStore(db, { orders: 60, seed: 3 });
		await db.run("INSERT INTO options VALUES ('abacus_kept', '\"yes\"')");
		await db.run('DROP TABLE abacus_store');
		await db.run('CHECKPOINT');
		db.close();
		const server = await startServer({ databasePath: file, orders: 80, quiet: true });
		try {
			const kept = await server.ctx.db.one(
				"SELECT value FROM options WHERE name = 'abacus_kept'",
			);
			expect(kept?.value).toBe('"yes"');
			await expectWorkingStore(server.url);
		} finally {
			await server.close();
		}
	}, 300000);
});

describe('a damaged database file', () => {
	it('is refused at start with a message saying what to do', async () => {
		const file = path.join(tmp, 'damaged.duckdb');
		const db = await Db.open(file);
		await generateStore(db, { orders: 400, seed: 3 });
		db.close();
		const size = fs.statSync(file).size;
		const handle = fs.openSync(file, 'r+');
		// Overwrite blocks in the middle of the file (past the headers).
		for (let offset = Math.floor(size / 3); offset < size - 4096; offset += 64 * 1024) {
			fs.writeSync(handle, Buffer.alloc(512, 0x5a), 0, 512, offset);
		}
		fs.closeSync(handle);
		await expect(startServer({ databasePath: file, quiet: true })).rejects.toThrow(
			/damaged[\s\S]*Move it aside/,
		);
	}, 300000);
});
