/**
 * What every command-line script shares: its flags parsed with `--help` (`-h`) answered by the
 * usage, and a wrong flag or value answered by one line saying what was wrong plus the usage
 * (exit code 2), never a stack trace; DuckDB's "file is locked" error said in words.
 *
 * ```js
 * const { values } = parseCommandLine({ usage: USAGE, options: { db: { type: 'string' } } });
 * ```
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Prints `message` and the usage on stderr and exits with code 2. */
export function usageError(message, usage) {
	console.error(`${message}\n${usage}`);
	process.exit(2);
}

/** The first sentence of Node's parseArgs message ("Unknown option '--x'."), said plainly. */
function parseProblem(error) {
	const text = String(error?.message ?? error);
	const sentence = text.split(/(?<=\.) /)[0];
	const first = sentence.endsWith('.') ? sentence : `${sentence}.`;
	if (error?.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
		return `${first.replace(/\.$/, '')}: this command takes flags only.`;
	return first;
}

/**
 * `parseArgs` with `--help`/`-h` and readable errors. `options` as parseArgs takes them;
 * `positionals` true lets the command take plain arguments. Returns `{ values, positionals }`.
 */
export function parseCommandLine({
	usage,
	options = {},
	positionals = false,
	args = process.argv.slice(2),
}) {
	let parsed;
	try {
		parsed = parseArgs({
			args,
			options: { ...options, help: { type: 'boolean', short: 'h', default: false } },
			allowPositionals: positionals,
			strict: true,
		});
	} catch (error) {
		usageError(parseProblem(error), usage);
	}
	if (parsed.values.help) {
		console.log(usage);
		process.exit(0);
	}
	return parsed;
}

/** A whole number flag (at least `min`), or `fallback` when not given; a wrong one exits. */
export function wholeNumber(name, value, fallback, usage, min = 0) {
	if (value === undefined) return fallback;
	if (!/^\d+$/.test(value) || Number(value) < min)
		usageError(
			`--${name} must be a whole number${min ? ` of at least ${min}` : ''}, got "${value}".`,
			usage,
		);
	return Number(value);
}

/**
 * When `error` is DuckDB's "Could not set lock on file" (another process, usually a running
 * server, holds the database): what to do, in words. Null for any other error.
 */
export function lockedDatabaseMessage(error, file) {
	const text = String(error?.message ?? error);
	if (!/Could not set lock on file/i.test(text)) return null;
	const pid = /PID (\d+)/.exec(text)?.[1];
	return `${file} is in use by another process${pid ? ` (PID ${pid})` : ''}, most likely an Abacus server started with --db ${file}. Stop that server (Ctrl+C in its terminal${pid ? `, or kill ${pid}` : ''}) and run this again, or copy the file while it runs (cp ${file} /tmp/copy.duckdb, with its .wal file if there is one) and give the copy.`;
}

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

/** Builds the server (`tsc -b server`) when its build is missing or older than its sources. */
export function ensureServerBuild() {
	const entry = path.join(root, 'server/build/cli.js');
	const info = path.join(root, 'server/build/.tsbuildinfo');
	const built = fs.existsSync(info) ? fs.statSync(info).mtimeMs : 0;
	if (fs.existsSync(entry) && built >= newest(path.join(root, 'server/src'))) return;
	const result = spawnSync('npx', ['tsc', '-b', 'server'], { cwd: root, stdio: 'inherit' });
	if (result.status !== 0 && !fs.existsSync(entry)) process.exit(result.status ?? 1);
}
