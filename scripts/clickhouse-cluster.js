/**
 * `node scripts/clickhouse-cluster.js [--shards 2]`: starts a throwaway ClickHouse cluster on
 * loopback (two `clickhouse-server` processes as two shards of `abacus_cluster`, data in a temporary
 * folder), prints each shard's HTTP and TCP port and the `--engine` URL for the server, and stops
 * the servers (deleting their data) on Ctrl-C. Installs Debian's clickhouse-server when missing
 * (as root). Needs `npx tsc -b server` first (it runs server/build/clickhouse/cluster.js).
 */
import { parseCommandLine, wholeNumber } from './command-line.js';
import { ensureSystemTools } from './ensure-system.js';

const USAGE = `Usage: node scripts/clickhouse-cluster.js [--shards 2]
  Starts a throwaway ClickHouse cluster on loopback (one clickhouse-server per shard, data in a
  temporary folder), prints the engine URL, and stops it (deleting the data) on Ctrl-C.
  --shards N   the number of shards (1 to 8)
  --help       this text`;
const { values } = parseCommandLine({ usage: USAGE, options: { shards: { type: 'string' } } });
const shards = wholeNumber('shards', values.shards, 2, USAGE, 1);
if (shards > 8) {
	console.error(`--shards is at most 8, got ${shards}.\n${USAGE}`);
	process.exit(2);
}

if (!ensureSystemTools(['ClickHouse'])) process.exit(1);
const { startCluster } = await import('../server/build/clickhouse/cluster.js');
const cluster = await startCluster({ shards });
for (const [i, shard] of cluster.shards.entries()) {
	console.log(`shard ${i + 1}: http ${shard.url}  tcp 127.0.0.1:${shard.tcpPort}`);
}
console.log(
	`cluster ${cluster.name}; engine URL: clickhouse://127.0.0.1:${cluster.shards[0].httpPort}/abacus`,
);
console.log('Ctrl-C stops both servers.');
const stop = async () => {
	await cluster.stop();
	process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
