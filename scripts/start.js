#!/usr/bin/env node
// `npm start [-- server flags]`: builds what is missing or stale, then runs the standalone server
// (50,000 orders for a new database). Extra arguments are passed to the server CLI
// (`npm start -- --help` lists them). The server stops with this script, and this script with
// its parent (npm): a signal to either, or either's end, stops the server.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

const args = process.argv.slice(2);
const serverEntry = path.join(root, 'server/build/cli.js');
const help = args.includes('--help') || args.includes('-h');
if (help) {
	console.log(
		'Usage: npm start [-- server flags]\n  Builds the server and the admin bundle when missing or stale, then runs the standalone server\n  (a new database gets a demo store of ABACUS_ORDERS orders, default 50,000). The server flags:',
	);
}
const sources = Math.max(
	newest(path.join(root, 'server/src')),
	...['settings', 'date'].map((p) => newest(path.join(root, 'packages', p, 'src'))),
);
const buildInfo = path.join(root, 'server/build/.tsbuildinfo');
const built = fs.existsSync(buildInfo) ? fs.statSync(buildInfo).mtimeMs : 0;
if (!fs.existsSync(serverEntry) || built < sources)
	run('npx', ['tsc', '-b', 'server'], { optional: fs.existsSync(serverEntry) });
if (help) {
	// The server's own usage (its flags), without building the admin bundle.
	const result = spawnSync(process.execPath, [serverEntry, '--help'], { stdio: 'inherit' });
	process.exit(result.status ?? 1);
}
if (!fs.existsSync(path.join(root, 'build/standalone/index.js')))
	run('npx', ['webpack', '--mode', 'production']);

const env = { ...process.env, ABACUS_ORDERS: process.env.ABACUS_ORDERS ?? '50000' };
const watch = pathToFileURL(path.join(root, 'scripts/parent-watch.js')).href;
// The IPC channel tells the server when this script is gone, however it ended.
const child = spawn(process.execPath, ['--import', watch, serverEntry, ...args], {
	cwd: root,
	stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
	env,
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

let stopping = false;
function stopServer(signal) {
	if (stopping) return;
	stopping = true;
	child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopServer(signal));
// npm ended without passing a signal on (killed, or a SIGHUP it does not forward): this script
// is handed to another parent; stop the server then too.
const parent = process.ppid;
setInterval(() => {
	if (process.ppid !== parent) stopServer('SIGTERM');
}, 500).unref();
