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

import { configureOutbound } from '../../server/src/sync/outbound.js';
import { ADMIN, startWordPress, type WordPressSite } from '../wordpress/harness.js';

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
			return phpJson<{ key: string; secret: string }>(`
global $wpdb;
$user = get_user_by( 'login', ${JSON.stringify(ADMIN.user)} );
$key = 'ck_' . wc_rand_hash();
$secret = 'cs_' . wc_rand_hash();
$wpdb->insert( $wpdb->prefix . 'woocommerce_api_keys', array(
	'user_id' => $user->ID, 'description' => 'Abacus engine', 'permissions' => 'read',
	'consumer_key' => wc_api_hash( $key ), 'consumer_secret' => $secret, 'truncated_key' => substr( $key, -7 ),
) );
echo wp_json_encode( array( 'key' => $key, 'secret' => $secret ) ), "\\n";`);
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
