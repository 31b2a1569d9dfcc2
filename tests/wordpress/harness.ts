/**
 * Boots a real WordPress offline for the plugin test: Debian's `wordpress` package (PHP 8.2) on a
 * private MariaDB server in a temporary folder, served by PHP's built-in web server on a free
 * loopback port. Installs the Abacus plugin from the zip that `npm run plugin-zip` makes.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import yauzl from 'yauzl';

export const WORDPRESS_SOURCE = '/usr/share/wordpress';
export const ADMIN = { user: 'admin', password: 'abacus-admin-password' };
export const SUBSCRIBER = { user: 'reader', password: 'abacus-reader-password' };
export const SITE_TITLE = 'Abacus Test Store';

export interface WordPressSite {
	url: string;
	root: string;
	close(): Promise<void>;
}

/** Why the test cannot run here, or null when everything it needs is installed. */
export function missingPrerequisite(): string | null {
	for (const file of [
		'/usr/bin/php',
		`${WORDPRESS_SOURCE}/wp-load.php`,
		'/usr/sbin/mariadbd',
		'/usr/bin/mariadb-install-db',
		'/usr/bin/chromium',
	]) {
		if (!existsSync(file)) {
			return `${file} is missing: install Debian's wordpress, mariadb-server, php-mysql, php-cli and chromium (npm test installs them when run as root).`;
		}
	}
	return null;
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() =>
				typeof address === 'object' && address
					? resolve(address.port)
					: reject(new Error('no port')),
			);
		});
	});
}

async function waitFor(
	check: () => boolean | Promise<boolean>,
	what: string,
	ms = 30000,
): Promise<void> {
	const until = Date.now() + ms;
	while (Date.now() < until) {
		if (await check()) return;
		await new Promise((r) => setTimeout(r, 200));
	}
	throw new Error(`Timed out waiting for ${what}.`);
}

/** Extracts a zip into a folder. */
export function unzip(zipFile: string, into: string): Promise<void> {
	return new Promise((resolve, reject) => {
		yauzl.open(zipFile, { lazyEntries: true }, (openError, zip) => {
			if (openError || !zip) return reject(openError ?? new Error('cannot open zip'));
			zip.on('entry', (entry: yauzl.Entry) => {
				const target = path.join(into, entry.fileName);
				if (!target.startsWith(into))
					return reject(new Error(`unsafe path ${entry.fileName}`));
				if (entry.fileName.endsWith('/')) {
					mkdirSync(target, { recursive: true });
					zip.readEntry();
					return;
				}
				mkdirSync(path.dirname(target), { recursive: true });
				zip.openReadStream(entry, (streamError, stream) => {
					if (streamError || !stream)
						return reject(streamError ?? new Error('cannot read entry'));
					const chunks: Buffer[] = [];
					stream.on('data', (c: Buffer) => chunks.push(c));
					stream.on('end', () => {
						writeFileSync(target, Buffer.concat(chunks));
						zip.readEntry();
					});
				});
			});
			zip.on('end', () => resolve());
			zip.on('error', reject);
			zip.readEntry();
		});
	});
}

function php(root: string, code: string): string {
	const file = path.join(root, `abacus-setup-${Date.now()}.php`);
	writeFileSync(file, `<?php\n${code}\n`);
	try {
		return execFileSync('php', [file], {
			cwd: root,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
		});
	} finally {
		rmSync(file, { force: true });
	}
}

/** Starts MariaDB, copies WordPress, installs it, installs and activates the plugin from the zip. */
export async function startWordPress(pluginZip: string): Promise<WordPressSite> {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-wp-'));
	const processes: ChildProcess[] = [];
	const close = async () => {
		for (const child of processes.reverse()) {
			child.kill('SIGTERM');
			await new Promise((r) => {
				if (child.exitCode !== null) return r(null);
				child.once('exit', r);
				setTimeout(r, 5000);
			});
		}
		rmSync(tmp, { recursive: true, force: true });
	};
	try {
		// 1. A private MariaDB server on a Unix socket only.
		const dataDir = path.join(tmp, 'db');
		const socket = path.join(tmp, 'mysql.sock');
		execFileSync(
			'mariadb-install-db',
			[
				'--no-defaults',
				`--datadir=${dataDir}`,
				'--user=root',
				'--auth-root-authentication-method=normal',
				'--skip-test-db',
			],
			{ stdio: 'ignore' },
		);
		const db = spawn(
			'/usr/sbin/mariadbd',
			[
				'--no-defaults',
				`--datadir=${dataDir}`,
				`--socket=${socket}`,
				'--skip-networking',
				'--user=root',
				`--pid-file=${path.join(tmp, 'db.pid')}`,
				'--skip-log-bin',
			],
			{ stdio: 'ignore' },
		);
		processes.push(db);
		await waitFor(() => existsSync(socket), 'MariaDB to start');
		await waitFor(() => {
			try {
				execFileSync(
					'mariadb',
					[
						`--socket=${socket}`,
						'-uroot',
						'-e',
						'CREATE DATABASE IF NOT EXISTS wordpress',
					],
					{ stdio: 'ignore' },
				);
				return true;
			} catch {
				return false;
			}
		}, 'MariaDB to accept connections');

		// 2. WordPress files with our own configuration.
		const root = path.join(tmp, 'wordpress');
		cpSync(WORDPRESS_SOURCE, root, { recursive: true, dereference: true });
		const port = await freePort();
		const url = `http://127.0.0.1:${port}`;
		writeFileSync(
			path.join(root, 'wp-config.php'),
			`<?php
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', 'localhost:${socket}' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
define( 'WP_HOME', '${url}' );
define( 'WP_SITEURL', '${url}' );
define( 'WP_CONTENT_DIR', __DIR__ . '/wp-content' );
define( 'AUTH_KEY', 'abacus-test-auth' ); define( 'SECURE_AUTH_KEY', 'abacus-test-secure' );
define( 'LOGGED_IN_KEY', 'abacus-test-logged' ); define( 'NONCE_KEY', 'abacus-test-nonce' );
define( 'AUTH_SALT', 'abacus-salt-1' ); define( 'SECURE_AUTH_SALT', 'abacus-salt-2' );
define( 'LOGGED_IN_SALT', 'abacus-salt-3' ); define( 'NONCE_SALT', 'abacus-salt-4' );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'DISABLE_WP_CRON', true );
define( 'WP_DEBUG', false );
$table_prefix = 'wp_';
if ( ! defined( 'ABSPATH' ) ) { define( 'ABSPATH', __DIR__ . '/' ); }
require_once ABSPATH . 'wp-settings.php';
`,
		);

		// 3. The plugin, from the installable zip.
		await unzip(pluginZip, path.join(root, 'wp-content', 'plugins'));

		// 4. Install WordPress, add a subscriber, activate the plugin.
		const output = php(
			root,
			`define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST'] = '127.0.0.1:${port}';
require __DIR__ . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
$result = wp_install( '${SITE_TITLE}', '${ADMIN.user}', 'admin@example.test', false, '', '${ADMIN.password}' );
if ( is_wp_error( $result ) ) { fwrite( STDERR, $result->get_error_message() ); exit( 1 ); }
wp_create_user( '${SUBSCRIBER.user}', '${SUBSCRIBER.password}', 'reader@example.test' );
$activated = activate_plugin( 'abacus/plugin.php' );
if ( is_wp_error( $activated ) ) { fwrite( STDERR, $activated->get_error_message() ); exit( 1 ); }
echo get_bloginfo( 'version' );`,
		);
		if (!/^\d+\.\d+/.test(output.trim())) throw new Error(`WordPress install said: ${output}`);

		// 5. Serve it.
		const web = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', root], {
			cwd: root,
			stdio: 'ignore',
		});
		processes.push(web);
		await waitFor(async () => {
			try {
				const response = await fetch(`${url}/wp-login.php`);
				return response.status === 200;
			} catch {
				return false;
			}
		}, 'the PHP web server');
		return { url, root, close };
	} catch (error) {
		await close();
		throw error;
	}
}
