/**
 * The engine bench's stores, kept on disk: the test stack's prepared WordPress 6.8.8 +
 * WooCommerce 10.0.2 (tests/wordpress/harness.ts) copied to `.data/bench-wp/<name>/` (gitignored;
 * `BENCH_WP_DIR` for another folder), then filled one of two ways:
 * - bulk (`openBenchStore(n, log, { bulk: true })`, one folder per size, `…-bulk-<n>`): a store
 *   made by the demo generator written straight into WooCommerce's tables by bulk SQL
 *   (tests/wordpress/seed-bulk.ts), its generated DuckDB file kept beside it (`generated.duckdb`);
 * - grown (the default): orders added through WooCommerce's own PHP API (seed-orders.php: two PHP
 *   processes at once, 500 orders each), then WooCommerce's analytics import run once
 *   (import-analytics.php); a run stopped while seeding goes on from the orders already there.
 * `store.json` in the folder stamps it (BENCH_STORE_VERSION, orders, seconds spent): later runs
 * start it as it is. The folders' names hold the prepared stack's (versions and setup scripts) and
 * BENCH_STORE_VERSION, so a change to either makes new stores (older ones are removed).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { freePort } from '../../support/engine-process.js';
import { ADMIN, preparedStack, type WordPressSite } from '../../wordpress/harness.js';
import {
	bulkSeedWooCommerce,
	describeBulkSeed,
	type BulkSeedResult,
} from '../../wordpress/seed-bulk.js';

/** Raise when seed-orders.php or import-analytics.php change what the store holds. */
export const BENCH_STORE_VERSION = 1;

const REPO = path.resolve(__dirname, '../../..');
const runFile = promisify(execFile);

export interface BenchStoreStamp {
	version: number;
	/** Orders (not refunds) in the store. */
	orders: number;
	/** Seconds spent seeding and importing, over every run that grew it. */
	seedSeconds: number;
	importSeconds: number;
	/** Whether WooCommerce's analytics import has run over every order. */
	imported: boolean;
	/** A bulk store: what its seeding took. */
	bulk?: BulkSeedResult;
}

export interface BenchStore {
	site: WordPressSite;
	stamp: BenchStoreStamp;
	/** Seeding and importing done by this run (0 when the kept store was used as it was). */
	grewSeconds: number;
	/** The kept folder (wordpress/, db/, store.json; generated.duckdb for a bulk store). */
	dir: string;
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
	const until = Date.now() + 120000;
	while (Date.now() < until) {
		if (await check()) return;
		await new Promise((r) => setTimeout(r, 200));
	}
	throw new Error(`Timed out waiting for ${what}.`);
}

/**
 * A private MariaDB on `dataDir` (socket only), started detached in its own process group, with
 * InnoDB's buffer pool and redo log of `innodb` (the bench's by default, larger while bulk seeding).
 */
async function startMariaDb(
	dataDir: string,
	sockDir: string,
	innodb: string[] = ['--innodb-buffer-pool-size=256M', '--innodb-log-file-size=16M'],
): Promise<{ child: ChildProcess; socket: string }> {
	const socket = path.join(sockDir, 'db.sock');
	const child = spawn(
		'/usr/sbin/mariadbd',
		[
			'--no-defaults',
			`--datadir=${dataDir}`,
			`--socket=${socket}`,
			'--skip-networking',
			'--user=root',
			`--pid-file=${path.join(sockDir, 'db.pid')}`,
			'--skip-log-bin',
			...innodb,
			'--innodb-flush-log-at-trx-commit=0',
			'--skip-name-resolve',
		],
		{ stdio: 'ignore', detached: true },
	);
	await waitFor(() => {
		if (child.exitCode !== null)
			throw new Error(`MariaDB stopped while starting (${dataDir}).`);
		try {
			execFileSync('mariadb', [`--socket=${socket}`, '-uroot', '-e', 'SELECT 1'], {
				stdio: 'ignore',
			});
			return true;
		} catch {
			return false;
		}
	}, 'MariaDB to accept connections');
	return { child, socket };
}

/** Stops a detached child's process group: TERM, then KILL after a minute. */
async function stopGroup(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || !child.pid) return;
	const exited = new Promise((r) => child.once('exit', r));
	try {
		process.kill(-child.pid, 'SIGTERM');
	} catch {
		// Already gone.
	}
	await Promise.race([exited, new Promise((r) => setTimeout(r, 60000))]);
	try {
		process.kill(-child.pid, 'SIGKILL');
	} catch {
		// Already gone.
	}
}

/**
 * InnoDB while bulk seeding: a buffer pool holding more of the tables being loaded and indexed, a
 * redo log large enough that the load is not held up by checkpoints, pages written once (no
 * doublewrite: a store whose seeding stopped half-way is made again anyway) and the largest sort
 * buffer for the index builds. At 200,000 orders MariaDB spent 93 CPU seconds with a 1 GB pool and
 * a 16 MB log, 77 with the larger pool and log, 72 with all of these. The store is stopped cleanly
 * after, and later starts take the bench's own settings again.
 */
const BULK_INNODB = [
	'--innodb-buffer-pool-size=3G',
	'--innodb-log-file-size=1G',
	'--innodb-doublewrite=0',
	'--innodb-sort-buffer-size=64M',
];

/**
 * Makes a bulk store of `orders` orders in `dir`: the prepared stack copied, its MariaDB started
 * with a larger buffer pool and redo log (BULK_INNODB), the generated store written by
 * bulkSeedWooCommerce, MariaDB stopped cleanly, the stamp written last (a folder without it is
 * made again).
 */
async function makeBulkStore(
	prepared: string,
	dir: string,
	orders: number,
	log: (line: string) => void,
): Promise<void> {
	const work = `${dir}.copying`;
	rmSync(work, { recursive: true, force: true });
	mkdirSync(work);
	execFileSync('cp', ['-a', path.join(prepared, 'wordpress'), path.join(prepared, 'db'), work]);
	const sockDir = mkdtempSync(path.join(os.tmpdir(), 'abs-'));
	let database: ChildProcess | null = null;
	try {
		const started = await startMariaDb(path.join(work, 'db'), sockDir, BULK_INNODB);
		database = started.child;
		log(`Bulk seeding a store of ${orders} orders (${dir})…`);
		const bulk = await bulkSeedWooCommerce(started.socket, {
			orders,
			duckdb: path.join(work, 'generated.duckdb'),
			log: (line) => log(`  ${line}`),
		});
		log(`  ${describeBulkSeed(bulk)}`);
		await stopGroup(database);
		database = null;
		const stamp: BenchStoreStamp = {
			version: BENCH_STORE_VERSION,
			orders: bulk.orders,
			seedSeconds: Math.round(bulk.seconds),
			importSeconds: 0,
			imported: true,
			bulk,
		};
		writeFileSync(path.join(work, 'store.json'), JSON.stringify(stamp, null, 2));
		rmSync(dir, { recursive: true, force: true });
		renameSync(work, dir);
	} finally {
		if (database) await stopGroup(database);
		rmSync(sockDir, { recursive: true, force: true });
		rmSync(work, { recursive: true, force: true });
	}
}

function php(root: string, file: string, args: string[], memory = '1024M'): string {
	try {
		return execFileSync('php', ['-d', `memory_limit=${memory}`, file, ...args], {
			cwd: root,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
			maxBuffer: 64 * 1024 * 1024,
		});
	} catch (error) {
		const e = error as { stderr?: string; stdout?: string };
		throw new Error(`${file} failed: ${e.stderr ?? ''}${e.stdout ?? ''}`.slice(0, 2000));
	}
}

function lastJson<T>(out: string): T {
	return JSON.parse(out.trim().split('\n').pop() ?? 'null') as T;
}

/**
 * Starts the kept bench store (making or growing it first when it has fewer than `orders`
 * orders). `close()` stops PHP's server and MariaDB cleanly, leaving the store on disk.
 */
export async function openBenchStore(
	orders: number,
	log: (line: string) => void = console.log,
	options: { bulk?: boolean } = {},
): Promise<BenchStore> {
	const prepared = await preparedStack();
	const base = path.resolve(REPO, process.env.BENCH_WP_DIR ?? path.join('.data', 'bench-wp'));
	const current = `${path.basename(prepared.dir)}-v${BENCH_STORE_VERSION}`;
	const name = options.bulk ? `${current}-bulk-${orders}` : current;
	const dir = path.join(base, name);
	mkdirSync(base, { recursive: true });
	// Stores of other versions go; the current version's stores of every size stay.
	for (const other of readdirSync(base)) {
		if (other !== current && !other.startsWith(`${current}-bulk-`))
			rmSync(path.join(base, other), { recursive: true, force: true });
	}
	const stampFile = path.join(dir, 'store.json');
	if (options.bulk && !existsSync(stampFile)) await makeBulkStore(prepared.dir, dir, orders, log);
	if (!existsSync(stampFile)) {
		const work = `${dir}.copying`;
		rmSync(work, { recursive: true, force: true });
		mkdirSync(work);
		execFileSync('cp', [
			'-a',
			path.join(prepared.dir, 'wordpress'),
			path.join(prepared.dir, 'db'),
			work,
		]);
		const stamp: BenchStoreStamp = {
			version: BENCH_STORE_VERSION,
			orders: prepared.seed.orders,
			seedSeconds: 0,
			importSeconds: 0,
			imported: true,
		};
		writeFileSync(path.join(work, 'store.json'), JSON.stringify(stamp, null, 2));
		rmSync(dir, { recursive: true, force: true });
		renameSync(work, dir);
	}
	const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as BenchStoreStamp;
	const saveStamp = () => writeFileSync(stampFile, JSON.stringify(stamp, null, 2));

	const root = path.join(dir, 'wordpress');
	const sockDir = mkdtempSync(path.join(os.tmpdir(), 'abb-'));
	const processes: ChildProcess[] = [];
	let database: ChildProcess | null = null;
	const close = async () => {
		for (const child of processes.reverse()) await stopGroup(child);
		// MariaDB last, shut down cleanly: its files are the kept store.
		if (database) await stopGroup(database);
		rmSync(sockDir, { recursive: true, force: true });
	};
	try {
		const started = await startMariaDb(path.join(dir, 'db'), sockDir);
		database = started.child;
		const socket = started.socket;
		const port = await freePort();
		const url = `http://127.0.0.1:${port}`;
		writeFileSync(
			path.join(root, 'abacus-site.php'),
			`<?php\ndefine( 'ABACUS_TEST_URL', ${JSON.stringify(url)} );\ndefine( 'ABACUS_TEST_DB_SOCKET', ${JSON.stringify(socket)} );\n`,
		);
		const runCode = (code: string): string => {
			const file = `abacus-run-${Date.now()}-${Math.random().toString(36).slice(2)}.php`;
			writeFileSync(
				path.join(root, file),
				`<?php\nrequire __DIR__ . '/wp-load.php';\n${code}\n`,
			);
			try {
				return php(root, file, []);
			} finally {
				rmSync(path.join(root, file), { force: true });
			}
		};
		const countOrders = () =>
			lastJson<{ n: number }>(
				runCode(
					`global $wpdb; echo wp_json_encode( array( 'n' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}wc_orders WHERE type = 'shop_order'" ) ) ), "\\n";`,
				),
			).n;

		let grewSeconds = 0;
		stamp.orders = countOrders();
		if (stamp.orders < orders && !stamp.bulk) {
			copyFileSync(
				path.join(__dirname, 'seed-orders.php'),
				path.join(root, 'abacus-bench-seed.php'),
			);
			runCode(`update_option( 'woocommerce_date_type', 'date_created' );`);
			log(`Seeding the bench store (${dir}) from ${stamp.orders} to ${orders} orders…`);
			let round = Math.floor(stamp.orders / 500);
			while (stamp.orders < orders) {
				const started = Date.now();
				const chunk = Math.min(500, Math.ceil((orders - stamp.orders) / 2));
				await Promise.all(
					[1, 2].map((k) =>
						runFile(
							'php',
							[
								'-d',
								'memory_limit=1024M',
								'abacus-bench-seed.php',
								String(chunk),
								String(++round * 10 + k),
							],
							{ cwd: root, maxBuffer: 16 * 1024 * 1024 },
						),
					),
				);
				const seconds = (Date.now() - started) / 1000;
				stamp.orders = countOrders();
				stamp.seedSeconds = Math.round(stamp.seedSeconds + seconds);
				stamp.imported = false;
				grewSeconds += seconds;
				saveStamp();
				log(
					`  ${stamp.orders} orders (${((2 * chunk) / seconds).toFixed(1)} orders/s through WooCommerce's PHP API)`,
				);
			}
			rmSync(path.join(root, 'abacus-bench-seed.php'), { force: true });
		}
		if (!stamp.imported) {
			copyFileSync(
				path.join(__dirname, 'import-analytics.php'),
				path.join(root, 'abacus-bench-import.php'),
			);
			const started = Date.now();
			const imported = lastJson<{ orders: number; orderStatsRows: number }>(
				php(root, 'abacus-bench-import.php', [ADMIN.user], '2048M'),
			);
			rmSync(path.join(root, 'abacus-bench-import.php'), { force: true });
			const seconds = (Date.now() - started) / 1000;
			stamp.importSeconds = Math.round(stamp.importSeconds + seconds);
			stamp.imported = true;
			grewSeconds += seconds;
			saveStamp();
			log(
				`WooCommerce's analytics import: ${imported.orderStatsRows} orders and refunds in ${Math.round(seconds)} s.`,
			);
		}

		const web = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', root, 'abacus-router.php'], {
			cwd: root,
			stdio: 'ignore',
			detached: true,
			env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
		});
		processes.push(web);
		await waitFor(async () => {
			try {
				return (await fetch(`${url}/wp-login.php`)).status === 200;
			} catch {
				return false;
			}
		}, 'the PHP web server');
		const site: WordPressSite = {
			url,
			root,
			php: runCode,
			close,
			timings: { grow: grewSeconds },
			seed: { orders: stamp.orders, orderStatsRows: 0, customers: 0, actionsRun: 0 },
		};
		return { site, stamp, grewSeconds, dir };
	} catch (error) {
		await close();
		throw error;
	}
}
