#!/usr/bin/env node
// `npm start`: builds what is missing or stale, then runs the standalone server (50,000 orders
// for a new database). Extra arguments are passed to the server CLI.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
	let latest = 0;
	if (!fs.existsSync(dir)) return latest;
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) latest = Math.max(latest, newest(full));
		else latest = Math.max(latest, fs.statSync(full).mtimeMs);
	}
	return latest;
}

function run(command, args, { optional = false } = {}) {
	console.log(`> ${command} ${args.join(' ')}`);
	const result = spawnSync(command, args, {
		cwd: root,
		stdio: 'inherit',
		shell: process.platform === 'win32',
	});
	if (result.status === 0) return;
	if (optional) {
		console.warn(`${command} ${args.join(' ')} failed; starting with the previous build.`);
		return;
	}
	process.exit(result.status ?? 1);
}

const serverEntry = path.join(root, 'server/build/cli.js');
const sources = Math.max(
	newest(path.join(root, 'server/src')),
	...['settings', 'date'].map((p) => newest(path.join(root, 'packages', p, 'src'))),
);
const buildInfo = path.join(root, 'server/build/.tsbuildinfo');
const built = fs.existsSync(buildInfo) ? fs.statSync(buildInfo).mtimeMs : 0;
if (!fs.existsSync(serverEntry) || built < sources)
	run('npx', ['tsc', '-b', 'server'], { optional: fs.existsSync(serverEntry) });
if (!fs.existsSync(path.join(root, 'build/standalone/index.js')))
	run('npx', ['webpack', '--mode', 'production']);

const args = process.argv.slice(2);
const env = { ...process.env, ABACUS_ORDERS: process.env.ABACUS_ORDERS ?? '50000' };
const child = spawn(process.execPath, [serverEntry, ...args], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
