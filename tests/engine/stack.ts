/**
 * The real store the engine tests and the engine bench sync: WordPress 6.8.8 + WooCommerce 10.0.2
 * from tests/wordpress/harness.ts (private MariaDB, the seeded store), with a stand-in plugin in
 * the `abacus/` folder that does nothing (the sync needs only WooCommerce's REST API, not the
 * Abacus plugin or its build), plus helpers: REST API keys and an application password made
 * through WooCommerce's and WordPress's PHP APIs, and WooCommerce's due analytics actions.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import yazl from 'yazl';
import { createWriteStream } from 'node:fs';

import { REPORTS_CAPABILITY, signEngineToken } from '../../server/src/engine-auth/index.js';
import { configureOutbound } from '../../server/src/sync/outbound.js';
import { ADMIN, restApiKeyCode, startWordPress, type WordPressSite } from '../wordpress/harness.js';

export { ADMIN, missingPrerequisite } from '../wordpress/harness.js';

/** A zip holding `abacus/plugin.php`, a plugin that does nothing. */
async function standInPlugin(dir: string): Promise<string> {
	const file = path.join(dir, 'abacus-stand-in.zip');
	const zip = new yazl.ZipFile();
	zip.addBuffer(
		Buffer.from(
			`<?php\n/**\n * Plugin Name: Abacus engine test stand-in\n * Description: Nothing: the engine tests sync WooCommerce through its REST API only.\n */\n`,
		),
		'abacus/plugin.php',
	);
	zip.end();
	await new Promise<void>((resolve, reject) => {
		zip.outputStream.pipe(createWriteStream(file)).on('close', resolve).on('error', reject);
	});
	return file;
}

const root = path.resolve(__dirname, '../..');

/**
 * `npm run connect` of the store on 127.0.0.1 with a read-only REST API key, as a store owner runs
 * it: the key in a credentials file readable by its owner only (never on the command line), the
 * engine secret (when given) in a file too, `--allow-private-stores` as the store is on this
 * machine. It also lets this process's syncs reach the store. Returns what connect printed.
 */
export function connect(
	url: string,
	keys: { key: string; secret: string },
	options: { db: string; engineSecret?: string; args?: string[]; cwd?: string },
): string {
	configureOutbound({ allowPrivate: true });
	const dir = mkdtempSync(path.join(os.tmpdir(), 'abacus-connect-'));
	try {
		const credentials = path.join(dir, 'credentials');
		writeFileSync(
			credentials,
			`ABACUS_WC_CONSUMER_KEY=${keys.key}\nABACUS_WC_CONSUMER_SECRET=${keys.secret}\n`,
			{ mode: 0o600 },
		);
		const args = ['scripts/connect.js', '--db', options.db, '--store', url];
		args.push('--credentials-file', credentials, '--allow-private-stores');
		if (options.engineSecret !== undefined) {
			const secretFile = path.join(dir, 'engine-secret');
			writeFileSync(secretFile, `${options.engineSecret}\n`, { mode: 0o600 });
			args.push('--engine-secret-file', secretFile);
		}
		return execFileSync('node', [...args, ...(options.args ?? [])], {
			cwd: options.cwd ?? root,
			encoding: 'utf8',
		});
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

export interface EngineStack extends WordPressSite {
	/** A read-only REST API key of the administrator. */
	keys(): { key: string; secret: string };
	/** An application password of the administrator. */
	appPassword(): { user: string; password: string };
	/** Runs PHP with WordPress loaded and parses the JSON it prints last. */
	phpJson<T>(code: string): T;
	/** GET of WooCommerce's REST API as the administrator (application password). */
	wc<T>(
		route: string,
		query?: Record<string, string | number>,
	): Promise<{ body: T; headers: Headers; ms: number }>;
}

export async function startStack(): Promise<EngineStack> {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'abacus-engine-'));
	const site = await startWordPress(await standInPlugin(dir));
	rmSync(dir, { recursive: true, force: true });
	return engineStack(site);
}

/** The engine helpers on a running WordPress + WooCommerce (e.g. the bench's kept store). */
export function engineStack(site: WordPressSite): EngineStack {
	let password: { user: string; password: string } | null = null;
	const phpJson = <T>(code: string): T => {
		let out: string;
		try {
			out = site.php(code);
		} catch (error) {
			// WordPress shows "a critical error"; the cause is in its debug log.
			const log = path.join(site.root, 'debug.log');
			const tail = existsSync(log)
				? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n')
				: '';
			throw new Error(`${(error as Error).message.slice(0, 300)}\n${tail}`);
		}
		return JSON.parse(out.trim().split('\n').pop() ?? 'null') as T;
	};
	const appPassword = (): { user: string; password: string } => {
		if (!password) {
			const made = phpJson<{ password: string }>(`
$user = get_user_by( 'login', ${JSON.stringify(ADMIN.user)} );
$made = WP_Application_Passwords::create_new_application_password( $user->ID, array( 'name' => 'Abacus engine ' . wp_generate_password( 6, false ) ) );
if ( is_wp_error( $made ) ) { fwrite( STDERR, $made->get_error_message() ); exit( 1 ); }
echo wp_json_encode( array( 'password' => $made[0] ) ), "\\n";`);
			password = { user: ADMIN.user, password: made.password };
		}
		return password;
	};
	return {
		...site,
		phpJson,
		appPassword,
		keys() {
			return phpJson<{ key: string; secret: string }>(restApiKeyCode());
		},
		async wc<T>(route: string, query: Record<string, string | number> = {}) {
			const auth = appPassword();
			const search = new URLSearchParams(
				Object.entries(query).map(([k, v]) => [k, String(v)]),
			).toString();
			const started = Date.now();
			const response = await fetch(
				`${site.url}/wp-json/${route}${search ? `?${search}` : ''}`,
				{
					headers: {
						Authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`,
					},
				},
			);
			const text = await response.text();
			const ms = Date.now() - started;
			if (!response.ok)
				throw new Error(`${route} answered ${response.status}: ${text.slice(0, 300)}`);
			return { body: JSON.parse(text) as T, headers: response.headers, ms };
		},
	};
}

/**
 * A page token as the plugin hands it out: the store's engine id and secret, user 1 with
 * view_woocommerce_reports, for the engine at `engineUrl`, valid `seconds` from now.
 */
export function pageToken(
	engineStore: { id: string; secret: string },
	engineUrl: string,
	seconds: number,
): string {
	const now = Math.floor(Date.now() / 1000);
	return signEngineToken(
		{
			store: engineStore.id,
			sub: 1,
			cap: REPORTS_CAPABILITY,
			iat: now,
			exp: now + seconds,
			aud: engineUrl,
		},
		engineStore.secret,
	);
}

/** The last 120 days up to today in the store's time zone, as the reports' after/before. */
export function lastDays(stack: EngineStack): { after: string; before: string } {
	const days = stack.phpJson<{ today: string; from: string }>(
		`echo wp_json_encode( array( 'today' => wp_date( 'Y-m-d' ), 'from' => wp_date( 'Y-m-d', time() - 120 * DAY_IN_SECONDS ) ) ), "\\n";`,
	);
	return { after: `${days.from}T00:00:00`, before: `${days.today}T23:59:59` };
}

/**
 * GET `/wp-json/<route>` of the engine at `engineUrl` with a page token; the parsed JSON, or an error
 * with the status and body. A kept-alive connection the server closed after its idle timeout (a
 * long PHP step ran in between) fails once with ECONNRESET; a new connection answers.
 */
export async function engineGet<T>(
	engineUrl: string,
	token: string,
	route: string,
	query: Record<string, string | number>,
): Promise<T> {
	const search = new URLSearchParams(
		Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
	).toString();
	const url = `${engineUrl}/wp-json/${route}?${search}`;
	const init = { headers: { Authorization: `Bearer ${token}` } };
	const response = await fetch(url, init).catch(() => fetch(url, init));
	const text = await response.text();
	if (!response.ok) throw new Error(`engine ${route} answered ${response.status}: ${text}`);
	return JSON.parse(text) as T;
}
