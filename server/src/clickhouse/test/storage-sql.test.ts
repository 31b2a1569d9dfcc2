/**
 * The storage port's SQL spellings (`db/storage.ts` `StoreSql`) give the same answers on both
 * adapters: one suite of statements, each run on an in-memory DuckDB with `DUCKDB_SQL` and on a
 * one-shard ClickHouse with `CLICKHOUSE_SQL` (the spellings the admin lookups write their SQL
 * with), compared value by value.
 */
import { Db } from '../../core/db.js';
import type { SqlValue } from '../../core/db.js';
import { DUCKDB_SQL, type StoreReader, type StoreSql } from '../../db/storage.js';
import { DUCKDB } from '../../metrics/dialect.js';
import { ClickHouseClient } from '../client.js';
import { type Cluster, startCluster } from '../cluster.js';
import { CLICKHOUSE } from '../dialect.js';
import { CLICKHOUSE_SQL } from '../storage.js';

jest.setTimeout(120_000);

interface Adapter {
	name: string;
	reader: StoreReader;
	sql: StoreSql;
	/** A subquery of one 64-bit column `id`, a row per placeholder. */
	rows: (placeholders: string) => string;
}

let cluster: Cluster | undefined;
let duck: Db | undefined;
const adapters: Adapter[] = [];

beforeAll(async () => {
	duck = await Db.open(':memory:');
	cluster = await startCluster({ shards: 1, name: 'storage_sql' });
	adapters.push(
		{ name: 'duckdb', reader: duck, sql: DUCKDB_SQL, rows: DUCKDB.idRows },
		{
			name: 'clickhouse',
			reader: new ClickHouseClient(
				{ url: cluster.shards[0].url, database: 'default' },
				{ join_use_nulls: 1 },
			),
			sql: CLICKHOUSE_SQL,
			rows: CLICKHOUSE.idRows,
		},
	);
});

afterAll(async () => {
	await cluster?.stop();
	duck?.close();
});

/** Each adapter's one value of a statement (`v`), as the routes read it. */
async function valueOn(
	make: (adapter: Adapter) => { sql: string; params: SqlValue[] },
	read: (value: SqlValue | undefined) => unknown,
): Promise<Record<string, unknown>> {
	const out: Record<string, unknown> = {};
	for (const adapter of adapters) {
		const { sql, params } = make(adapter);
		const row = await adapter.reader.one<{ v: SqlValue }>(sql, params);
		out[adapter.name] = read(row?.v);
	}
	return out;
}

const both = (value: unknown): Record<string, unknown> => ({ duckdb: value, clickhouse: value });

test('lower case is Unicode on both, so a search matches accented names', async () => {
	expect(
		await valueOn(
			({ sql }) => ({ sql: `SELECT ${sql.lower('?')} AS v`, params: ['ÉCOLE Straße ÄÖÜ'] }),
			String,
		),
	).toEqual(both('école straße äöü'));
	expect(
		await valueOn(
			({ sql }) => ({
				sql: `SELECT CASE WHEN ${sql.lower('?')} LIKE ? THEN 1 ELSE 0 END AS v`,
				params: ['Émile Zola', '%émile%'],
			}),
			Number,
		),
	).toEqual(both(1));
});

test('startsWith and text: an order number prefix', async () => {
	for (const [text, prefix, expected] of [
		['12345', '12', 1],
		['12345', '23', 0],
		['7', '7', 1],
	] as const) {
		expect(
			await valueOn(
				({ sql }) => ({
					sql: `SELECT CASE WHEN ${sql.startsWith(sql.text('?'), '?')} THEN 1 ELSE 0 END AS v`,
					params: [Number(text), prefix],
				}),
				Number,
			),
		).toEqual(both(expected));
	}
	expect(
		await valueOn(({ sql }) => ({ sql: `SELECT ${sql.text('42')} AS v`, params: [] }), String),
	).toEqual(both('42'));
});

test('concatWs joins with its separator, a quote in the separator included', async () => {
	expect(
		await valueOn(
			({ sql }) => ({
				sql: `SELECT ${sql.concatWs(' ', ['?', '?', '?'])} AS v`,
				params: ['a', 'b', 'c'],
			}),
			String,
		),
	).toEqual(both('a b c'));
	expect(
		await valueOn(
			({ sql }) => ({
				sql: `SELECT ${sql.concatWs("-'-", ['?', '?'])} AS v`,
				params: ['US', 'CA'],
			}),
			String,
		),
	).toEqual(both("US-'-CA"));
});

test('countIf and realSum over the same rows', async () => {
	const ids = [1, 2, 3, 4, 5];
	const list = ids.map(() => '?').join(', ');
	expect(
		await valueOn(
			({ sql, rows }) => ({
				sql: `SELECT ${sql.countIf('id > 2')} AS v FROM (${rows(list)})`,
				params: ids,
			}),
			Number,
		),
	).toEqual(both(3));
	expect(
		await valueOn(
			({ sql, rows }) => ({
				sql: `SELECT ${sql.realSum('id')} AS v FROM (${rows(list)})`,
				params: ids,
			}),
			Number,
		),
	).toEqual(both(15));
});
