/**
 * Boots the real stack for the plugin tests: WordPress 6.8.8 and WooCommerce 10.0.2 (the release
 * tarballs in `ABACUS_WP_STACK`, default ../shared/wp-stack; downloaded from wordpress.org when that
 * folder is missing), a private MariaDB server (own data folder, Unix socket only), WordPress
 * installed through wp_install(), WooCommerce activated with HPOS on, a store seeded through
 * WooCommerce's own PHP API (tests/wordpress/php/seed.php) and its analytics tables filled, then the
 * Abacus zip installed and activated. PHP's built-in server (PHP_CLI_SERVER_WORKERS, a router
 * script) serves it on a free loopback port.
 *
 * The prepared store (WordPress folder and database files) is kept in the system's temporary folder
 * under a name made of the versions and a hash of the setup scripts, so later runs only copy it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	readdirSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { BrowserContext, Page } from 'playwright-core';
import yauzl from 'yauzl';

import { CHROMIUM_PATH } from '../support/chromium.js';
import { freePort } from '../support/engine-process.js';

export const VERSIONS = { wordpress: '6.8.8', woocommerce: '10.0.2' } as const;
export const ADMIN = { user: 'admin', password: 'abacus-admin-password' };
export const SHOP_MANAGER = { user: 'manager', password: 'abacus-manager-password' };
export const SUBSCRIBER = { user: 'reader', password: 'abacus-reader-password' };
export const SITE_TITLE = 'Abacus Test Store';

/**
 * The release files: in the stack folder, with their SHA-256 (as in its SHA256SUMS); on wordpress.org,
 * with the SHA-256 of the files they unpack to (treeSha256(), the sum `find . -type f | LC_ALL=C sort |
 * xargs sha256sum | sha256sum` prints in the unpacked folder), the same files as the stack folder's
 * (wordpress.org's WordPress archive also holds the bundled themes and plugins the stack leaves out,
 * which are removed before the check).
 */
export const STACK_FILES = {
	wordpress: {
		file: `wordpress-${VERSIONS.wordpress}.tar.gz`,
		sha256: '2ae45250feb4657fd7383ec2cf6705ed3c0b043a89a72ce0392936153d9b78b1',
		url: `https://wordpress.org/wordpress-${VERSIONS.wordpress}.tar.gz`,
		folder: 'wordpress',
		treeSha256: 'e708b08a6fbb9955843900684c97bff3644cd4105310e19fdb2aa90b6f7d0ce6',
	},
	woocommerce: {
		file: `woocommerce-${VERSIONS.woocommerce}.tar.gz`,
		sha256: 'f178517c1e67c100a22302c1426377705f9ee1fa9ba04486c4c3ebb3be97e0e3',
		url: `https://downloads.wordpress.org/plugin/woocommerce.${VERSIONS.woocommerce}.zip`,
		folder: 'woocommerce',
		treeSha256: 'd7628b893eddb6717f050d9a05d6007c73a4fc667b67184b32962dd948bb41bd',
	},
} as const;

const REPO = path.resolve(__dirname, '../..');
const PHP_DIR = path.join(__dirname, 'php');

export interface WordPressSite {
	url: string;
	root: string;
	/** Runs PHP code (after `<?php`) with WordPress loaded; returns what it prints. */
	php(code: string): string;
	/**
	 * The options php() runs PHP's command line with (memory limit, and OPcache's file cache in a
	 * folder of this site): for a run of PHP in this folder that php() cannot make. Absent: the
	 * memory limit alone.
	 */
	phpOptions?: string[];
	close(): Promise<void>;
	/** Seconds spent: preparing (or copying) the store, and starting it. */
	timings: Record<string, number>;
	/** What the seed script reported when the store was prepared. */
	seed: { orders: number; orderStatsRows: number; customers: number; actionsRun: number };
}

/** Why the test cannot run here, or null when everything it needs is installed. */
export function missingPrerequisite(): string | null {
	for (const file of [
		'/usr/bin/php',
		'/usr/sbin/mariadbd',
		'/usr/bin/mariadb-install-db',
		'/usr/bin/mariadb',
		CHROMIUM_PATH,
	]) {
		if (!existsSync(file)) {
			return `${file} is missing: install Debian's php-cli php-mysql php-xml php-mbstring php-curl php-intl php-zip php-gd php-bcmath mariadb-server chromium-headless-shell (npm test installs them when run as root).`;
		}
	}
	const modules = execFileSync('php', ['-m'], { encoding: 'utf8' }).toLowerCase();
	for (const module of ['mysqli', 'mbstring', 'xml', 'intl', 'curl', 'zip', 'gd', 'bcmath']) {
		if (!modules.split('\n').includes(module)) {
			return `PHP's ${module} extension is missing: install Debian's php-${module === 'mysqli' ? 'mysql' : module}.`;
		}
	}
	return null;
}

async function waitFor(
	check: () => boolean | Promise<boolean>,
	what: string,
	ms = 60000,
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

function sha256(file: string): string {
	return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** The stack folder (`ABACUS_WP_STACK`, default ../shared/wp-stack), or null when it is missing. */
function stackFolder(): string | null {
	const folder = path.resolve(REPO, process.env.ABACUS_WP_STACK ?? '../shared/wp-stack');
	return existsSync(folder) ? folder : null;
}

/**
 * Unpacks WordPress into `into/wordpress` and WooCommerce into `into/wordpress/wp-content/plugins`:
 * from the stack folder's archives when it exists (each checked against its known SHA-256), otherwise
 * downloaded from wordpress.org into `cacheRoot/downloads` (their files checked against the known
 * SHA-256, see downloadRelease).
 */
async function unpackStack(cacheRoot: string, into: string): Promise<void> {
	const plugins = path.join(into, 'wordpress', 'wp-content', 'plugins');
	const folder = stackFolder();
	if (folder) {
		for (const key of ['wordpress', 'woocommerce'] as const) {
			const archive = path.join(folder, STACK_FILES[key].file);
			const actual = sha256(archive);
			if (actual !== STACK_FILES[key].sha256) {
				throw new Error(
					`${archive} has SHA-256 ${actual}, expected ${STACK_FILES[key].sha256}: not the release the tests are written for.`,
				);
			}
			mkdirSync(key === 'wordpress' ? into : plugins, { recursive: true });
			execFileSync('tar', ['xzf', archive, '-C', key === 'wordpress' ? into : plugins]);
		}
		return;
	}
	const downloads = path.join(cacheRoot, 'downloads');
	await downloadRelease(
		{ ...STACK_FILES.wordpress, leftOut: leftOutOfStackWordPress },
		downloads,
		into,
	);
	await downloadRelease(STACK_FILES.woocommerce, downloads, plugins);
}

/**
 * What the stack's WordPress archive leaves out of wordpress.org's (README of wp-stack): the bundled
 * themes other than Twenty Twenty-Five, Akismet and Hello Dolly. Paths relative to `wordpress/`.
 */
export function leftOutOfStackWordPress(relative: string): boolean {
	const parts = relative.split('/');
	if (parts[0] !== 'wp-content' || parts.length < 3) return false;
	if (parts[1] === 'themes') return parts[2] !== 'twentytwentyfive' && parts[2] !== 'index.php';
	if (parts[1] === 'plugins') return parts[2] === 'akismet' || parts[2] === 'hello.php';
	return false;
}

/** The files of a folder, relative, with `/` separators, sorted; symbolic links refused. */
function listFiles(dir: string, prefix = ''): string[] {
	const out: string[] = [];
	for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
		const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
		if (entry.isDirectory()) out.push(...listFiles(dir, relative));
		else if (entry.isFile()) out.push(relative);
		else throw new Error(`${path.join(dir, relative)} is not a regular file or folder.`);
	}
	return out;
}

/**
 * SHA-256 of a folder's content: of the lines `<SHA-256 of the file>  <relative path>\n` of its
 * files, sorted by path (as `sha256sum` prints them). The same release gives the same sum whether
 * it came as a zip or a tarball.
 */
export function treeSha256(dir: string): string {
	const hash = createHash('sha256');
	for (const relative of listFiles(dir).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
		hash.update(`${sha256(path.join(dir, relative))}  ${relative}\n`);
	}
	return hash.digest('hex');
}

/** A release on wordpress.org and the SHA-256 of the files it must unpack to. */
export interface ReleaseSource {
	url: string;
	/** The one folder the archive unpacks to (`wordpress`, `woocommerce`). */
	folder: string;
	/** treeSha256() of that folder, after the paths `leftOut` names are removed. */
	treeSha256: string;
	leftOut?: (relative: string) => boolean;
}

/**
 * Downloads a release (kept in `downloads` for later runs), unpacks it and checks the SHA-256 of
 * its files against the known one before anything uses them: a mismatch deletes the download and
 * throws, saying which sum was found and which was expected. On success `into/<folder>` holds the
 * verified files.
 */
export async function downloadRelease(
	source: ReleaseSource,
	downloads: string,
	into: string,
): Promise<void> {
	mkdirSync(downloads, { recursive: true });
	const file = path.join(downloads, path.basename(new URL(source.url).pathname));
	if (!existsSync(file)) {
		let response: Response;
		try {
			response = await fetch(source.url);
		} catch (error) {
			throw new Error(
				`Cannot download ${source.url} (${(error as Error).cause ?? (error as Error).message}): put the release archives in a folder and name it in ABACUS_WP_STACK.`,
			);
		}
		if (!response.ok) throw new Error(`${source.url} answered ${response.status}.`);
		writeFileSync(`${file}.part`, Buffer.from(await response.arrayBuffer()));
		renameSync(`${file}.part`, file);
	}
	const unpacked = mkdtempSync(path.join(into, '.verify-'));
	try {
		try {
			if (file.endsWith('.zip')) await unzip(file, unpacked);
			else execFileSync('tar', ['xzf', file, '-C', unpacked], { stdio: 'pipe' });
		} catch (error) {
			rmSync(file, { force: true });
			throw new Error(
				`${source.url} is not a readable archive (${(error as Error).message.trim()}); the download was deleted.`,
			);
		}
		const folder = path.join(unpacked, source.folder);
		if (!existsSync(folder)) {
			rmSync(file, { force: true });
			throw new Error(
				`${source.url} does not unpack to a ${source.folder}/ folder; the download was deleted.`,
			);
		}
		if (source.leftOut) {
			for (const relative of listFiles(folder)) {
				if (!source.leftOut(relative)) continue;
				rmSync(path.join(folder, relative));
				// And the folders this leaves empty.
				for (let dir = path.dirname(relative); dir !== '.'; dir = path.dirname(dir)) {
					if (readdirSync(path.join(folder, dir)).length > 0) break;
					rmSync(path.join(folder, dir), { recursive: true });
				}
			}
		}
		const actual = treeSha256(folder);
		if (actual !== source.treeSha256) {
			rmSync(file, { force: true });
			throw new Error(
				`${source.url} unpacks to files with SHA-256 ${actual}, expected ${source.treeSha256}: not the release the tests are written for; the download was deleted.`,
			);
		}
		renameSync(folder, path.join(into, source.folder));
	} finally {
		rmSync(unpacked, { recursive: true, force: true });
	}
}

/** PHP's command-line options of runPhp(): the memory limit, and OPcache's file cache when given. */
function phpCliOptions(opcacheDir?: string): string[] {
	const opcache = opcacheDir
		? [
				'-d',
				'opcache.enable_cli=1',
				'-d',
				`opcache.file_cache=${opcacheDir}`,
				'-d',
				'opcache.file_cache_only=1',
			]
		: [];
	return ['-d', 'memory_limit=512M', ...opcache];
}

/**
 * Runs a PHP file in the WordPress folder; returns its output, or throws with its errors. With
 * `opcacheDir` (a folder outside the web root), the PHP files it compiles are kept there by
 * OPcache's file cache and read back by the next run in the same folder: PHP's command line has
 * OPcache off, and each run compiled WordPress and WooCommerce again (about 1.3 CPU seconds a run
 * here; 0.9 once the cache holds them, the first run about 2.5 as it writes them).
 */
function runPhp(root: string, file: string, args: string[] = [], opcacheDir?: string): string {
	try {
		return execFileSync('php', [...phpCliOptions(opcacheDir), file, ...args], {
			cwd: root,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
			maxBuffer: 64 * 1024 * 1024,
		});
	} catch (error) {
		const e = error as { stderr?: string; stdout?: string };
		throw new Error(`${path.basename(file)} failed: ${e.stderr ?? ''}${e.stdout ?? ''}`);
	}
}

function writeSiteConfig(root: string, url: string, socket: string): void {
	writeFileSync(
		path.join(root, 'abacus-site.php'),
		`<?php\ndefine( 'ABACUS_TEST_URL', ${JSON.stringify(url)} );\ndefine( 'ABACUS_TEST_DB_SOCKET', ${JSON.stringify(socket)} );\n`,
	);
}

const WP_CONFIG = `<?php
require __DIR__ . '/abacus-site.php';
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', 'localhost:' . ABACUS_TEST_DB_SOCKET );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
define( 'WP_HOME', ABACUS_TEST_URL );
define( 'WP_SITEURL', ABACUS_TEST_URL );
define( 'AUTH_KEY', 'abacus-test-auth' ); define( 'SECURE_AUTH_KEY', 'abacus-test-secure' );
define( 'LOGGED_IN_KEY', 'abacus-test-logged' ); define( 'NONCE_KEY', 'abacus-test-nonce' );
define( 'AUTH_SALT', 'abacus-salt-1' ); define( 'SECURE_AUTH_SALT', 'abacus-salt-2' );
define( 'LOGGED_IN_SALT', 'abacus-salt-3' ); define( 'NONCE_SALT', 'abacus-salt-4' );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'DISABLE_WP_CRON', true );
define( 'WP_ENVIRONMENT_TYPE', 'local' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', __DIR__ . '/debug.log' );
$table_prefix = 'wp_';
if ( ! defined( 'ABSPATH' ) ) { define( 'ABSPATH', __DIR__ . '/' ); }
require_once ABSPATH . 'wp-settings.php';
`;

interface Database {
	process: ChildProcess;
	stop(): Promise<void>;
}

/**
 * Starts MariaDB on `dataDir`. A `throwaway` data folder (a test's copy of the prepared store,
 * deleted after the test) is served without the durability a real one needs: no doublewrite
 * buffer, no fsync and no O_DIRECT (InnoDB reads its pages through the system's file cache, which
 * still holds the copy just made), and a larger buffer pool; its stop() kills the server at once
 * rather than have it write its pages back to files about to be deleted.
 */
async function startDatabase(
	dataDir: string,
	socket: string,
	pidFile: string,
	throwaway = false,
): Promise<Database> {
	const child = spawn(
		'/usr/sbin/mariadbd',
		[
			'--no-defaults',
			`--datadir=${dataDir}`,
			`--socket=${socket}`,
			'--skip-networking',
			'--user=root',
			`--pid-file=${pidFile}`,
			'--skip-log-bin',
			`--innodb-buffer-pool-size=${throwaway ? '256M' : '64M'}`,
			'--innodb-log-file-size=16M',
			'--innodb-flush-log-at-trx-commit=0',
			'--skip-name-resolve',
			...(throwaway ? ['--skip-innodb-doublewrite', '--innodb-flush-method=nosync'] : []),
		],
		{ stdio: 'ignore' },
	);
	let exited = false;
	child.once('exit', () => {
		exited = true;
	});
	await waitFor(() => {
		if (exited) throw new Error(`MariaDB stopped while starting (data folder ${dataDir}).`);
		try {
			execFileSync('mariadb', [`--socket=${socket}`, '-uroot', '-e', 'SELECT 1'], {
				stdio: 'ignore',
			});
			return true;
		} catch {
			return false;
		}
	}, 'MariaDB to accept connections');
	return {
		process: child,
		stop: () =>
			new Promise((resolve) => {
				if (exited) return resolve();
				child.once('exit', () => resolve());
				if (throwaway) {
					child.kill('SIGKILL');
					return;
				}
				child.kill('SIGTERM');
				setTimeout(() => {
					if (!exited) child.kill('SIGKILL');
				}, 30000);
			}),
	};
}

function setupHash(): string {
	const hash = createHash('sha256');
	for (const name of ['install.php', 'store.php', 'seed.php', 'mu-plugin.php', 'router.php']) {
		hash.update(readFileSync(path.join(PHP_DIR, name)));
	}
	hash.update(WP_CONFIG);
	return hash.digest('hex').slice(0, 12);
}

/**
 * The prepared store: WordPress with WooCommerce installed and seeded, its database files stopped
 * cleanly. Built once per versions and setup scripts; `ABACUS_WP_FRESH=1` rebuilds it.
 */
export async function preparedStack(): Promise<{
	dir: string;
	seconds: number;
	seed: WordPressSite['seed'];
}> {
	const cacheRoot = process.env.ABACUS_WP_CACHE ?? path.join(os.tmpdir(), 'abacus-wp-cache');
	const dir = path.join(
		cacheRoot,
		`wp-${VERSIONS.wordpress}-wc-${VERSIONS.woocommerce}-${setupHash()}`,
	);
	const marker = path.join(dir, 'seed.json');
	const fresh = process.env.ABACUS_WP_FRESH === '1';
	if (existsSync(marker) && !fresh) {
		return { dir, seconds: 0, seed: JSON.parse(readFileSync(marker, 'utf8')) };
	}
	// Test runs side by side (npm test's two WordPress lanes) build it once: the first takes the
	// lock, the others wait for its store (or for the lock to be left by a run that died).
	mkdirSync(cacheRoot, { recursive: true });
	const lock = `${dir}.lock`;
	const started = Date.now();
	for (;;) {
		try {
			mkdirSync(lock);
			writeFileSync(path.join(lock, 'pid'), String(process.pid));
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}
		if (existsSync(marker) && !fresh) {
			return {
				dir,
				seconds: (Date.now() - started) / 1000,
				seed: JSON.parse(readFileSync(marker, 'utf8')),
			};
		}
		if (!lockHolderAlive(lock)) rmSync(lock, { recursive: true, force: true });
		else await new Promise((resolve) => setTimeout(resolve, 1000));
	}
	try {
		// Built by the holder this run waited for.
		if (existsSync(marker) && !fresh) {
			return { dir, seconds: 0, seed: JSON.parse(readFileSync(marker, 'utf8')) };
		}
		return await buildPreparedStack(cacheRoot, dir, started);
	} finally {
		rmSync(lock, { recursive: true, force: true });
	}
}

/** Whether the process that holds `lock` (a folder with its pid) still runs. */
function lockHolderAlive(lock: string): boolean {
	let pid = 0;
	try {
		pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
	} catch {
		// The holder has made the folder and not yet written its pid: alive.
		return true;
	}
	if (!Number.isInteger(pid) || pid <= 0) return false;
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

async function buildPreparedStack(
	cacheRoot: string,
	dir: string,
	started: number,
): Promise<{ dir: string; seconds: number; seed: WordPressSite['seed'] }> {
	const work = `${dir}.building-${process.pid}`;
	rmSync(work, { recursive: true, force: true });
	mkdirSync(work, { recursive: true });
	const db: Database[] = [];
	try {
		await unpackStack(cacheRoot, work);
		const root = path.join(work, 'wordpress');
		mkdirSync(path.join(root, 'wp-content', 'mu-plugins'), { recursive: true });
		copyFileSync(
			path.join(PHP_DIR, 'mu-plugin.php'),
			path.join(root, 'wp-content', 'mu-plugins', 'abacus-test-store.php'),
		);
		copyFileSync(path.join(PHP_DIR, 'router.php'), path.join(root, 'abacus-router.php'));
		writeFileSync(path.join(root, 'wp-config.php'), WP_CONFIG);

		const dataDir = path.join(work, 'db');
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
		// A short socket path (Unix sockets allow about 100 bytes).
		const sockDir = mkdtempSync(path.join(os.tmpdir(), 'abw-'));
		const socket = path.join(sockDir, 'db.sock');
		db.push(await startDatabase(dataDir, socket, path.join(sockDir, 'db.pid')));
		execFileSync('mariadb', [
			`--socket=${socket}`,
			'-uroot',
			'-e',
			'CREATE DATABASE wordpress',
		]);
		writeSiteConfig(root, 'http://127.0.0.1', socket);

		for (const name of ['install.php', 'store.php', 'seed.php']) {
			copyFileSync(path.join(PHP_DIR, name), path.join(root, `abacus-${name}`));
		}
		runPhp(root, 'abacus-install.php', [SITE_TITLE, ADMIN.user, ADMIN.password]);
		runPhp(root, 'abacus-store.php', [
			JSON.stringify({ shopManager: SHOP_MANAGER, subscriber: SUBSCRIBER }),
		]);
		const seedOutput = runPhp(root, 'abacus-seed.php');
		const seed = JSON.parse(
			seedOutput.trim().split('\n').pop() ?? '{}',
		) as WordPressSite['seed'];
		for (const name of ['install.php', 'store.php', 'seed.php']) {
			rmSync(path.join(root, `abacus-${name}`));
		}
		await db[0].stop();
		db.length = 0;
		rmSync(sockDir, { recursive: true, force: true });
		writeFileSync(path.join(work, 'seed.json'), JSON.stringify(seed));
		rmSync(dir, { recursive: true, force: true });
		renameSync(work, dir);
		// Older prepared stores (other versions or setup scripts) are not used again.
		for (const name of readdirSync(cacheRoot)) {
			if (/^wp-.+-wc-.+-[0-9a-f]{12}$/.test(name) && path.join(cacheRoot, name) !== dir) {
				rmSync(path.join(cacheRoot, name), { recursive: true, force: true });
			}
		}
		return { dir, seconds: (Date.now() - started) / 1000, seed };
	} catch (error) {
		for (const d of db) await d.stop();
		rmSync(work, { recursive: true, force: true });
		throw error;
	}
}

/**
 * The wp-content file of a must-use plugin that lets WordPress's own calls reach an engine on
 * 127.0.0.1 at any port (its safe HTTP calls refuse them), as a store whose engine is on a
 * private network allows it with WordPress's filters: pass it as `startWordPress`'s
 * `contentFiles`. Written into `dir`.
 */
export function allowLoopbackEngine(dir: string): Record<string, string> {
	const file = path.join(dir, 'allow-loopback-engine.php');
	writeFileSync(
		file,
		`<?php
// Test only: WordPress may call an engine on 127.0.0.1 at any port.
add_filter( 'http_request_host_is_external', function ( $external, $host ) {
	return $external || '127.0.0.1' === $host;
}, 10, 2 );
add_filter( 'http_allowed_safe_ports', function ( $ports, $host, $url ) {
	if ( '127.0.0.1' === $host ) {
		$ports[] = (int) wp_parse_url( $url, PHP_URL_PORT );
	}
	return $ports;
}, 10, 3 );
`,
	);
	return { 'mu-plugins/abacus-test-allow-loopback-engine.php': file };
}

/**
 * A running copy of the prepared store with the Abacus plugin from `pluginZip` installed and
 * activated (and, when given, extra files copied into wp-content, e.g. languages).
 */
export async function startWordPress(
	pluginZip: string,
	options: { contentFiles?: Record<string, string> } = {},
): Promise<WordPressSite> {
	const timings: Record<string, number> = {};
	const t0 = Date.now();
	const stack = await preparedStack();
	timings.prepareStore = stack.seconds;
	const t1 = Date.now();
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-wp-'));
	const processes: ChildProcess[] = [];
	let database: Database | null = null;
	const close = async () => {
		for (const child of processes.reverse()) {
			if (child.exitCode === null && child.pid) {
				// The whole process group: PHP's server and the workers it forked (killing the
				// server alone left its PHP_CLI_SERVER_WORKERS running, orphaned, after every run).
				const signal = (name: NodeJS.Signals) => {
					try {
						process.kill(-(child.pid as number), name);
					} catch {
						// Already gone.
					}
				};
				const exited = new Promise((r) => child.once('exit', r));
				signal('SIGTERM');
				await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
				signal('SIGKILL');
			}
		}
		await database?.stop();
		rmSync(tmp, { recursive: true, force: true });
	};
	try {
		execFileSync('cp', [
			'-a',
			path.join(stack.dir, 'wordpress'),
			path.join(stack.dir, 'db'),
			tmp,
		]);
		const root = path.join(tmp, 'wordpress');
		const socket = path.join(tmp, 'db.sock');
		database = await startDatabase(
			path.join(tmp, 'db'),
			socket,
			path.join(tmp, 'db.pid'),
			true,
		);
		const port = await freePort();
		const url = `http://127.0.0.1:${port}`;
		writeSiteConfig(root, url, socket);
		timings.copyStore = (Date.now() - t1) / 1000;

		const pluginsDir = path.join(root, 'wp-content', 'plugins');
		await unzip(pluginZip, pluginsDir);
		// The compiled PHP of this site's command-line runs (php() below), beside the web root.
		const opcacheDir = path.join(tmp, 'opcache');
		mkdirSync(opcacheDir);
		for (const [relative, source] of Object.entries(options.contentFiles ?? {})) {
			const target = path.join(root, 'wp-content', relative);
			mkdirSync(path.dirname(target), { recursive: true });
			copyFileSync(source, target);
		}
		const php = (code: string): string => {
			const file = path.join(
				root,
				`abacus-run-${Date.now()}-${Math.random().toString(36).slice(2)}.php`,
			);
			writeFileSync(file, `<?php\nrequire __DIR__ . '/wp-load.php';\n${code}\n`);
			try {
				return runPhp(root, file, [], opcacheDir);
			} finally {
				rmSync(file, { force: true });
			}
		};
		const activated = php(
			`require_once ABSPATH . 'wp-admin/includes/plugin.php';
$result = activate_plugin( 'abacus/plugin.php' );
echo is_wp_error( $result ) ? $result->get_error_message() : 'active';`,
		);
		if (activated.trim() !== 'active') throw new Error(`Activating Abacus said: ${activated}`);

		// The store's router behind one that lets the browser keep static files (static-router.php).
		copyFileSync(
			path.join(PHP_DIR, 'static-router.php'),
			path.join(root, 'abacus-static-router.php'),
		);
		const web = spawn(
			'php',
			['-S', `127.0.0.1:${port}`, '-t', root, 'abacus-static-router.php'],
			{
				cwd: root,
				stdio: 'ignore',
				// Its own process group, so that close() stops its workers too.
				detached: true,
				env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
			},
		);
		processes.push(web);
		await waitFor(async () => {
			try {
				const response = await fetch(`${url}/wp-login.php`);
				return response.status === 200;
			} catch {
				return false;
			}
		}, 'the PHP web server');
		timings.start = (Date.now() - t0) / 1000;
		return {
			url,
			root,
			php,
			phpOptions: phpCliOptions(opcacheDir),
			close,
			timings,
			seed: stack.seed,
		};
	} catch (error) {
		await close();
		throw error;
	}
}

/** The files under `dir` (following links), relative with `/`, sorted; none when it is missing. */
function filesUnder(dir: string, prefix = ''): string[] {
	const here = path.join(dir, prefix);
	if (!existsSync(here)) return [];
	const out: string[] = [];
	for (const name of readdirSync(here).sort()) {
		const relative = prefix ? `${prefix}/${name}` : name;
		if (statSync(path.join(dir, relative)).isDirectory())
			out.push(...filesUnder(dir, relative));
		else out.push(relative);
	}
	return out;
}

/**
 * SHA-256 of everything `scripts/plugin-zip.js --skip-build` reads: the scripts themselves and the
 * lock file (the TypeScript that make-pot parses with), the plugin's PHP, readme and languages (not
 * the POT it writes), the sources make-pot extracts strings from, and the build.
 */
function pluginZipInputs(buildRoot: string): string {
	const hash = createHash('sha256');
	const add = (file: string, name: string) => {
		hash.update(`${name}\0`);
		hash.update(readFileSync(file));
		hash.update('\0');
	};
	for (const file of [
		'scripts/plugin-zip.js',
		'scripts/make-pot.js',
		'scripts/command-line.js',
		'package-lock.json',
		'plugin.php',
		'uninstall.php',
		'readme.txt',
	]) {
		add(path.join(REPO, file), file);
	}
	const dirs: Array<[string, string]> = [
		['includes', path.join(REPO, 'includes')],
		['php', path.join(REPO, 'php')],
		['languages', path.join(REPO, 'languages')],
		['client/src', path.join(REPO, 'client/src')],
		...readdirSync(path.join(REPO, 'packages'))
			.sort()
			.map((name): [string, string] => [
				`packages/${name}/src`,
				path.join(REPO, 'packages', name, 'src'),
			]),
		[`${buildRoot}/wp`, path.join(buildRoot, 'wp')],
		[`${buildRoot}/wp-packages`, path.join(buildRoot, 'wp-packages')],
	];
	for (const [name, dir] of dirs) {
		for (const relative of filesUnder(dir)) {
			if (name === 'languages' && relative === 'abacus.pot') continue;
			add(path.join(dir, relative), `${name}/${relative}`);
		}
	}
	return hash.digest('hex').slice(0, 16);
}

/**
 * Writes the Abacus plugin zip of the client build (`ABACUS_BUILD_ROOT`, default build/) into
 * `dir` as abacus.zip, without building (npm test builds before this step); returns its path.
 * The zip (and the languages/abacus.pot that making it writes) is kept in the prepared stores'
 * folder under the SHA-256 of everything it is made of, so that the test files after the first
 * copy it (making it takes seconds of CPU: make-pot parses every source file) as long as nothing
 * it is made of changed.
 */
export function pluginZip(dir: string): string {
	const zip = path.join(dir, 'abacus.zip');
	const buildRoot = process.env.ABACUS_BUILD_ROOT
		? path.resolve(process.env.ABACUS_BUILD_ROOT)
		: path.join(REPO, 'build');
	const cacheRoot = process.env.ABACUS_WP_CACHE ?? path.join(os.tmpdir(), 'abacus-wp-cache');
	const kept = path.join(cacheRoot, 'plugin-zip');
	const key = pluginZipInputs(buildRoot);
	const keptZip = path.join(kept, `${key}.zip`);
	const keptPot = path.join(kept, `${key}.pot`);
	const pot = path.join(REPO, 'languages', 'abacus.pot');
	if (existsSync(keptZip) && existsSync(keptPot)) {
		try {
			copyFileSync(keptZip, zip);
			mkdirSync(path.dirname(pot), { recursive: true });
			copyFileSync(keptPot, pot);
			return zip;
		} catch {
			// Removed in between by a run of other sources: made below.
		}
	}
	execFileSync('node', ['scripts/plugin-zip.js', '--skip-build', '--out', zip], {
		cwd: REPO,
		stdio: 'ignore',
		env: { ...process.env, ABACUS_BUILD_ROOT: buildRoot },
	});
	// Kept for the next test files, each written under a temporary name first so that a run side
	// by side never copies half a file. Other contents' files are removed after an hour (another
	// checkout may be testing its own sources meanwhile). Keeping is best effort: a failure here
	// only means the next file makes the zip again.
	try {
		mkdirSync(kept, { recursive: true });
		for (const name of readdirSync(kept)) {
			const file = path.join(kept, name);
			if (!name.startsWith(`${key}.`) && Date.now() - statSync(file).mtimeMs > 3600_000) {
				rmSync(file, { force: true });
			}
		}
		for (const [from, to] of [
			[pot, keptPot],
			[zip, keptZip],
		]) {
			const part = `${to}.${process.pid}.part`;
			copyFileSync(from, part);
			renameSync(part, to);
		}
	} catch {
		// Not kept.
	}
	return zip;
}

/**
 * Signs `user` in through wp-login.php on `page`, as a person types it. WordPress sometimes answers
 * a login with its form again (its test cookie not yet set when the form is sent): tried up to
 * three times. Resolves once the page has left wp-login.php.
 */
export async function logInAs(
	page: Page,
	siteUrl: string,
	user: { user: string; password: string },
): Promise<void> {
	for (let attempt = 1; ; attempt += 1) {
		await page.goto(`${siteUrl}/wp-login.php`, { waitUntil: 'domcontentloaded' });
		await page.fill('#user_login', user.user);
		await page.fill('#user_pass', user.password);
		await page.click('#wp-submit');
		try {
			await page.waitForURL((url) => !url.pathname.endsWith('/wp-login.php'), {
				waitUntil: 'domcontentloaded',
				timeout: 30_000,
			});
			return;
		} catch (error) {
			if (attempt === 3) throw error;
		}
	}
}

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/**
 * Signs users in on `siteUrl`, each through wp-login.php once: the first time a user signs in on a
 * page it goes through the form (logInAs); later the page's new browser context gets the cookies
 * that login gave (WordPress still accepts them), without loading wp-login.php and the Dashboard
 * again. `fresh` goes through the form again (and keeps its cookies for later).
 */
export function signInOnce(
	siteUrl: string,
): (
	page: Page,
	user: { user: string; password: string },
	options?: { fresh?: boolean },
) => Promise<void> {
	const signedIn = new Map<string, Cookies>();
	return async (page, user, options = {}) => {
		const cookies = options.fresh ? undefined : signedIn.get(user.user);
		if (cookies) {
			await page.context().addCookies(cookies);
			return;
		}
		await logInAs(page, siteUrl, user);
		signedIn.set(user.user, await page.context().cookies());
	};
}

/**
 * A WooCommerce REST API key of `login` (default the admin) with `permissions` (default read), made
 * as WooCommerce stores one (the consumer key hashed, the secret as is); returns the key and secret
 * a client sends.
 */
export function restApiKey(
	site: WordPressSite,
	options: RestApiKeyOptions = {},
): { key: string; secret: string } {
	const output = site.php(restApiKeyCode(options));
	return JSON.parse(output.trim().split('\n').pop() ?? '{}') as { key: string; secret: string };
}

export interface RestApiKeyOptions {
	login?: string;
	description?: string;
	permissions?: 'read' | 'write' | 'read_write';
}

/** The PHP (after `<?php`, WordPress loaded) that makes restApiKey()'s key and prints it as JSON. */
export function restApiKeyCode(options: RestApiKeyOptions = {}): string {
	return `global $wpdb;
$user = get_user_by( 'login', ${JSON.stringify(options.login ?? ADMIN.user)} );
$key = 'ck_' . wc_rand_hash();
$secret = 'cs_' . wc_rand_hash();
$wpdb->insert( $wpdb->prefix . 'woocommerce_api_keys', array(
	'user_id' => $user->ID, 'description' => ${JSON.stringify(options.description ?? 'Abacus engine')}, 'permissions' => ${JSON.stringify(options.permissions ?? 'read')},
	'consumer_key' => wc_api_hash( $key ), 'consumer_secret' => $secret, 'truncated_key' => substr( $key, -7 ),
) );
echo wp_json_encode( array( 'key' => $key, 'secret' => $secret ) ), "\\n";`;
}
