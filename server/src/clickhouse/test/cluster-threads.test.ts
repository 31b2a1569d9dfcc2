/**
 * The test and bench clusters' threads per query (ABACUS_CLICKHOUSE_MAX_THREADS): the values taken,
 * the ones refused, and a started cluster answering with that many.
 */
import { clusterMaxThreads, startCluster } from '../cluster.js';

it('takes 2 when unset and a whole number from 1 to 64 otherwise', () => {
	expect(clusterMaxThreads({})).toBe(2);
	expect(clusterMaxThreads({ ABACUS_CLICKHOUSE_MAX_THREADS: '' })).toBe(2);
	expect(clusterMaxThreads({ ABACUS_CLICKHOUSE_MAX_THREADS: '1' })).toBe(1);
	expect(clusterMaxThreads({ ABACUS_CLICKHOUSE_MAX_THREADS: ' 64 ' })).toBe(64);
});

it('refuses anything else, saying what was wrong', () => {
	for (const value of ['0', '65', 'one', '1.5', '-2', '1<x/>'])
		expect(() => clusterMaxThreads({ ABACUS_CLICKHOUSE_MAX_THREADS: value })).toThrow(
			`ABACUS_CLICKHOUSE_MAX_THREADS is "${value}": it must be a whole number of threads from 1 to 64`,
		);
});

it("gives a started cluster's queries that many threads", async () => {
	const before = process.env.ABACUS_CLICKHOUSE_MAX_THREADS;
	const maxThreadsOf = async (): Promise<string> => {
		const cluster = await startCluster({ shards: 1 });
		try {
			const response = await fetch(
				`${cluster.shards[0].url}/?query=${encodeURIComponent("SELECT value FROM system.settings WHERE name = 'max_threads'")}`,
			);
			return (await response.text()).trim();
		} finally {
			await cluster.stop();
		}
	};
	try {
		process.env.ABACUS_CLICKHOUSE_MAX_THREADS = '1';
		expect(await maxThreadsOf()).toBe('1');
		process.env.ABACUS_CLICKHOUSE_MAX_THREADS = '3';
		expect(await maxThreadsOf()).toBe('3');
	} finally {
		if (before === undefined) delete process.env.ABACUS_CLICKHOUSE_MAX_THREADS;
		else process.env.ABACUS_CLICKHOUSE_MAX_THREADS = before;
	}
});
