/**
 * Secrets kept out of the command line (where `ps` and the shell's history show them): files the
 * engine and `connect` read them from, and the environment.
 *
 * - A secrets file (a store's engine secret, WooCommerce credentials) must be readable by its owner
 *   only: one that group or others may read is refused with the `chmod 600` that fixes it.
 * - Files that will hold secrets (the engine's database, a generated secret) are created 0600.
 * - A credentials file has `NAME=value` lines (the environment variables' names, `#` comments):
 *   `ABACUS_WC_CONSUMER_KEY` + `ABACUS_WC_CONSUMER_SECRET`, or `ABACUS_WP_USER` +
 *   `ABACUS_WP_APP_PASSWORD`.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Permission bits a private file must not have: anything for group or others. */
const SHARED_BITS = 0o077;

/** Why a file is not private (with the command that fixes it), or null when it is. */
export function sharedFileProblem(file: string, what: string): string | null {
	const absolute = path.resolve(file);
	let mode: number;
	try {
		mode = fs.statSync(absolute).mode;
	} catch {
		return null;
	}
	if ((mode & SHARED_BITS) === 0) return null;
	return `${what} ${absolute} may be read by other users of this machine (mode ${(mode & 0o777).toString(8)}); it holds secrets. Run: chmod 600 ${absolute}`;
}

/** Throws when `file` is readable (or writable) by group or others. */
export function assertPrivateFile(file: string, what: string): void {
	const problem = sharedFileProblem(file, what);
	if (problem) throw new Error(problem);
}

/** The text of a secrets file, after checking that it is private. */
export function readPrivateFile(file: string, what: string): string {
	const absolute = path.resolve(file);
	let text: string;
	try {
		text = fs.readFileSync(absolute, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		throw new Error(
			code === 'ENOENT'
				? `${what} ${absolute} does not exist.`
				: `${what} ${absolute} cannot be read (${code ?? String(error)}).`,
		);
	}
	assertPrivateFile(absolute, what);
	return text;
}

/** The secret in `file` (its first line, trimmed), after checking that the file is private. */
export function readSecretFile(file: string, what: string): string {
	const absolute = path.resolve(file);
	const text = readPrivateFile(absolute, what);
	const secret = (text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '').trim();
	if (secret === '') throw new Error(`${what} ${absolute} is empty.`);
	return secret;
}

/** Writes `content` to a new file readable by its owner only (0600); refuses to replace one. */
export function writePrivateFile(file: string, content: string): string {
	const absolute = path.resolve(file);
	fs.mkdirSync(path.dirname(absolute), { recursive: true });
	fs.writeFileSync(absolute, content, { mode: 0o600, flag: 'wx' });
	fs.chmodSync(absolute, 0o600);
	return absolute;
}

/** `NAME=value` lines (blank lines and `#` comments skipped; quotes around a value removed). */
export function parseEnvLines(text: string, what: string): Record<string, string> {
	const out: Record<string, string> = Object.create(null) as Record<string, string>;
	text.split(/\r?\n/).forEach((raw, index) => {
		const line = raw.trim();
		if (line === '' || line.startsWith('#')) return;
		const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
		if (!match) {
			throw new Error(`${what}, line ${index + 1}: expected NAME=value.`);
		}
		let value = match[2];
		if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
		out[match[1]] = value;
	});
	return out;
}

export type StoreCredentials =
	| { kind: 'keys'; key: string; secret: string }
	| { kind: 'app-password'; user: string; password: string };

/** The variables a credentials file or the environment gives the store's credentials in. */
export const CREDENTIAL_VARIABLES = {
	key: 'ABACUS_WC_CONSUMER_KEY',
	secret: 'ABACUS_WC_CONSUMER_SECRET',
	user: 'ABACUS_WP_USER',
	password: 'ABACUS_WP_APP_PASSWORD',
} as const;

/**
 * The store's credentials from `values` (a credentials file's lines or the environment), `user`
 * possibly given apart (it is no secret). Null when none is there; an error saying what is
 * missing or wrong when they are incomplete.
 */
export function credentialsFrom(
	values: Record<string, string | undefined>,
	where: string,
	user?: string,
): StoreCredentials | null {
	const v = CREDENTIAL_VARIABLES;
	const key = values[v.key]?.trim() ?? '';
	const secret = values[v.secret]?.trim() ?? '';
	const password = values[v.password]?.trim() ?? '';
	const login = user ?? values[v.user]?.trim() ?? '';
	if (key !== '' || secret !== '') {
		if (!key.startsWith('ck_') || !secret.startsWith('cs_')) {
			throw new Error(
				`${where}: ${v.key} must start with ck_ and ${v.secret} with cs_ (WooCommerce › Settings › Advanced › REST API).`,
			);
		}
		return { kind: 'keys', key, secret };
	}
	if (password !== '') {
		if (login === '') {
			throw new Error(
				`${where}: an application password needs its user (${v.user}, or --user NAME).`,
			);
		}
		return { kind: 'app-password', user: login, password };
	}
	return null;
}
