/**
 * A throwaway two-shard ClickHouse cluster on loopback: two `clickhouse-server` processes (Debian's
 * package, 18.16 or newer), each with its own data folder under a temporary directory and a
 * generated config naming both as the shards of one cluster (`remote_servers`). Tests and the
 * bench start one, load stores through the `Distributed` tables and stop it afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
	accessSync,
	constants,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	statfsSync,
	writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CLICKHOUSE_SERVER = '/usr/sbin/clickhouse-server';

export interface Shard {
	httpPort: number;
	tcpPort: number;
	/** `http://127.0.0.1:<httpPort>` */
	url: string;
}

export interface Cluster {
	/** The cluster's name in `remote_servers` (the first argument of `Distributed(…)`). */
	name: string;
	shards: Shard[];
	dir: string;
	stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

function config(dir: string, shard: Shard, cluster: string, shards: Shard[]): string {
	const replicas = shards
		.map(
			(s) =>
				`<shard><replica><host>127.0.0.1</host><port>${s.tcpPort}</port></replica></shard>`,
		)
		.join('');
	return `<?xml version="1.0"?>
<yandex>
	<logger><level>warning</level><log>${dir}/server.log</log><errorlog>${dir}/error.log</errorlog><size>10M</size><count>1</count></logger>
	<http_port>${shard.httpPort}</http_port>
	<tcp_port>${shard.tcpPort}</tcp_port>
	<listen_host>127.0.0.1</listen_host>
	<keep_alive_timeout>60</keep_alive_timeout>
	<path>${dir}/data/</path>
	<tmp_path>${dir}/tmp/</tmp_path>
	<user_files_path>${dir}/user_files/</user_files_path>
	<format_schema_path>${dir}/format_schemas/</format_schema_path>
	<users_config>${dir}/users.xml</users_config>
	<default_profile>default</default_profile>
	<default_database>default</default_database>
	<timezone>UTC</timezone>
	<mark_cache_size>268435456</mark_cache_size>
	<max_concurrent_queries>50</max_concurrent_queries>
	<remote_servers><${cluster}>${replicas}</${cluster}></remote_servers>
</yandex>
`;
}

/**
 * Threads a query of the cluster may use: `ABACUS_CLICKHOUSE_MAX_THREADS` (1 to 64), else 2 (the
 * bench's machine has two cores). The checks of `npm test` run two-shard clusters beside other
 * work and ask for one: their queries read a few thousand rows (the ClickHouse order stats, routes,
 * profit and ingest files: 126 -> 112 CPU s, 74 -> 68 s).
 */
export function clusterMaxThreads(env: NodeJS.ProcessEnv = process.env): number {
	const raw = env.ABACUS_CLICKHOUSE_MAX_THREADS;
	if (raw === undefined || raw === '') return 2;
	const value = raw.trim();
	if (!/^\d{1,2}$/.test(value) || Number(value) < 1 || Number(value) > 64)
		throw new Error(
			`ABACUS_CLICKHOUSE_MAX_THREADS is "${raw}": it must be a whole number of threads from 1 to 64 (or unset, for 2).`,
		);
	return Number(value);
}

const users = (maxThreads: number): string => `<?xml version="1.0"?>
<yandex>
	<profiles><default><max_memory_usage>2000000000</max_memory_usage><max_threads>${maxThreads}</max_threads></default></profiles>
	<users><default><password></password><networks><ip>127.0.0.1</ip><ip>::1</ip></networks><profile>default</profile><quota>default</quota></default></users>
	<quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
`;

/** Free bytes a memory-backed folder must have for a cluster's data to go there. */
const MEMORY_DIR_MIN_FREE = 2 * 1024 ** 3;

/**
 * Where a cluster without a `dir` of its own keeps its data: `/dev/shm` (memory) when it is there,
 * writable and has 2 GB free, else the system's temporary folder. Loaded stores are thousands of
 * small files (a part per insert and month, files per column; 37,000 at the end of profit.test.ts):
 * on an ext4 disk mounted with `discard`, loading two cached stores cost ClickHouse 4-5 CPU
 * seconds against 1.6-2.5 in memory, and deleting the folder blocked the test process 1.5 s
 * against 0.3-0.7 (20 s at the end of profit.test.ts). `ABACUS_CLICKHOUSE_TMP` names another folder.
 */
export function clusterParentDir(): string {
	const chosen = process.env.ABACUS_CLICKHOUSE_TMP;
	if (chosen) return chosen;
	try {
		accessSync('/dev/shm', constants.W_OK);
		const stats = statfsSync('/dev/shm');
		if (stats.bavail * stats.bsize >= MEMORY_DIR_MIN_FREE) return '/dev/shm';
	} catch {
		// No /dev/shm (or not writable): the temporary folder.
	}
	return tmpdir();
}

async function answers(url: string): Promise<boolean> {
	try {
		const response = await fetch(`${url}/?query=SELECT%201`);
		return response.ok && (await response.text()).trim() === '1';
	} catch {
		return false;
	}
}

const running = new Set<ChildProcess>();
let exitHook = false;

/** Kills every server still running when this process exits (a failed or interrupted test). */
function hookExit(): void {
	if (exitHook) return;
	exitHook = true;
	process.once('exit', () => {
		for (const child of running) child.kill('SIGKILL');
	});
}

/**
 * Starts `shardCount` (default 2) servers as the shards of cluster `name` and resolves once every
 * one answers `SELECT 1` over HTTP (or rejects with the server's error log after `timeoutMs`).
 */
export async function startCluster(
	options: { shards?: number; name?: string; timeoutMs?: number; dir?: string } = {},
): Promise<Cluster> {
	// A free port is found by opening and closing it, so another process may take it before the
	// shard binds it: a shard that finds its port taken is started again on new ports.
	for (let attempt = 1; ; attempt += 1) {
		try {
			return await startClusterOnce(options);
		} catch (error) {
			if (attempt === 3 || !/Address already in use/.test((error as Error).message))
				throw error;
		}
	}
}

async function startClusterOnce(
	options: { shards?: number; name?: string; timeoutMs?: number; dir?: string } = {},
): Promise<Cluster> {
	if (!existsSync(CLICKHOUSE_SERVER)) {
		throw new Error(
			`${CLICKHOUSE_SERVER} is missing: run "node scripts/ensure-system.js ClickHouse" as root (or "sudo apt-get install -y clickhouse-server clickhouse-client").`,
		);
	}
	const maxThreads = clusterMaxThreads();
	const name = options.name ?? 'abacus_cluster';
	const dir = options.dir ?? mkdtempSync(join(clusterParentDir(), 'abacus-clickhouse-'));
	const shards: Shard[] = [];
	const ports = new Set<number>();
	while (shards.length < (options.shards ?? 2)) {
		const httpPort = await freePort();
		const tcpPort = await freePort();
		if (httpPort === tcpPort || ports.has(httpPort) || ports.has(tcpPort)) continue;
		ports.add(httpPort).add(tcpPort);
		shards.push({ httpPort, tcpPort, url: `http://127.0.0.1:${httpPort}` });
	}
	hookExit();
	const children: ChildProcess[] = [];
	const stop = async (): Promise<void> => {
		await Promise.all(
			children.map(
				(child) =>
					new Promise<void>((resolve) => {
						if (child.exitCode !== null || child.signalCode !== null) {
							running.delete(child);
							resolve();
							return;
						}
						const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
						child.once('exit', () => {
							clearTimeout(timer);
							running.delete(child);
							resolve();
						});
						// A cluster in a folder of its own is deleted with it: nothing to shut down
						// cleanly (a graceful stop takes the whole 5 s on a loopback cluster).
						child.kill(options.dir ? 'SIGTERM' : 'SIGKILL');
					}),
			),
		);
		if (!options.dir) rmSync(dir, { recursive: true, force: true });
	};
	shards.forEach((shard, index) => {
		const home = join(dir, `shard${index + 1}`);
		for (const sub of ['data', 'tmp', 'user_files', 'format_schemas'])
			mkdirSync(join(home, sub), { recursive: true });
		writeFileSync(join(home, 'users.xml'), users(maxThreads));
		writeFileSync(join(home, 'config.xml'), config(home, shard, name, shards));
		const child = spawn(CLICKHOUSE_SERVER, [`--config-file=${join(home, 'config.xml')}`], {
			cwd: home,
			stdio: 'ignore',
		});
		children.push(child);
		running.add(child);
	});
	const deadline = Date.now() + (options.timeoutMs ?? 60_000);
	for (const [index, shard] of shards.entries()) {
		while (!(await answers(shard.url))) {
			const child = children[index];
			if (child.exitCode !== null || Date.now() > deadline) {
				const log = join(dir, `shard${index + 1}`, 'error.log');
				const tail = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
				await stop();
				throw new Error(
					`ClickHouse shard ${index + 1} did not start on ${shard.url}${child.exitCode !== null ? ` (exit ${child.exitCode})` : ''}: ${tail}`,
				);
			}
			await new Promise((resolve) => setTimeout(resolve, 200));
		}
	}
	return { name, shards, dir, stop };
}
