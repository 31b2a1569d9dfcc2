/**
 * The engine on ClickHouse at scale (issue 24): BENCH_CH_STORES stores (default 100) of
 * BENCH_CH_ORDERS orders each (default 100,000: 10M orders) on a two-shard ClickHouse cluster on
 * loopback, beside one store of the same size in DuckDB. Needs `npx tsc -b server`.
 * `node tests/bench/clickhouse.js [--json file]`; `npm run bench -- --only clickhouse` runs it.
 *
 * How the data is made: the demo generator writes ONE store (Europe/Berlin, 800 days up to
 * 2026-03-31), kept in <BENCH_DIR or .data>/bench-ch-<orders>.duckdb and reused; `loadStore` copies
 * it to the cluster as store 1 (the ingest rate printed is that load's, its daily roll-ups
 * included); the other stores are made inside ClickHouse by one INSERT … SELECT per table and shard
 * (every table with a store_id: rows, roll-ups, roll-up generations, the registration with its URL
 * replaced), `arrayJoin` over the ids the shard owns (id % shards, as the Distributed tables send
 * them) into the shard's own table, reading store 1's rows locally or through `remote()`. The
 * cluster is kept in <dir>/bench-ch-cluster-<orders>x<stores>/ and reused while its schema matches
 * (BENCH_CH_REBUILD=1 makes it afresh).
 *
 * What is measured: the requests the Overview page makes (revenue stats a year by day, a quarter by
 * week, the products table's first page, the performance indicators), over HTTP, against
 * `node server/build/cli.js --engine …` with each sampled store's engine token (BENCH_CH_SAMPLE
 * stores spread over the ids, default 10; BENCH_RUNS runs each, default 10, after one warm-up),
 * and against `node server/build/cli.js --db <the store's DuckDB file>`. A unique parameter keeps
 * the report cache out. Median and p95 over every sampled store's runs. Each sampled store's answer
 * (its warm-up) must equal DuckDB's, numbers to the cent, or the bench stops.
 */
import { spawn } from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseCommandLine, usageError } from '../../scripts/command-line.js';
import { Db } from '../../server/build/core/db.js';
import { generateStore } from '../../server/build/demo/generate.js';
import { normaliseStoreId, signEngineToken } from '../../server/build/engine-auth/token.js';
import { ClickHouseClient } from '../../server/build/clickhouse/client.js';
import { freePort, startCluster } from '../../server/build/clickhouse/cluster.js';
import { readStoreSettings } from '../../server/build/sync/clickhouse-load.js';
import { createStoreRegistry, registerStore } from '../../server/build/clickhouse/registry.js';
import { createClusterSchema } from '../../server/build/clickhouse/schema.js';
import { loadStore } from '../../server/build/clickhouse/store-rows.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USAGE = `Usage: node tests/bench/clickhouse.js [--json FILE]
  The engine on a two-shard ClickHouse cluster at scale, beside DuckDB (needs npx tsc -b server).
  --json FILE   also write the figures as JSON
  --help        this text
  BENCH_CH_STORES, BENCH_CH_ORDERS, BENCH_CH_SAMPLE, BENCH_RUNS, BENCH_DIR: see the README.`;
const { values: flags } = parseCommandLine({ usage: USAGE, options: { json: { type: 'string' } } });
if (flags.json === '') usageError('--json needs a file name.', USAGE);
const STORES = Number(process.env.BENCH_CH_STORES ?? 100);
const ORDERS = Number(process.env.BENCH_CH_ORDERS ?? 100_000);
const SAMPLE = Math.min(STORES, Number(process.env.BENCH_CH_SAMPLE ?? 10));
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const dataDir = path.resolve(root, process.env.BENCH_DIR ?? '.data');
const NOW = new Date('2026-03-31T12:00:00Z');
const DATABASE = 'abacus';

const YEAR = 'after=2025-04-01T00:00:00&before=2026-03-31T23:59:59';
const INDICATORS = [
	'revenue/total_sales',
	'revenue/net_revenue',
	'orders/orders_count',
	'orders/avg_order_value',
	'products/items_sold',
	'revenue/refunds',
	'coupons/orders_count',
	'coupons/amount',
	'taxes/total_tax',
	'taxes/order_tax',
	'taxes/shipping_tax',
	'revenue/shipping',
	'revenue/gross_sales',
	'variations/items_sold',
]
	.map((stat) => `stats[]=${encodeURIComponent(stat)}`)
	.join('&');
/** The Overview page's requests (the downloads indicator is not served by the engine). */
const REQUESTS = {
	'revenue stats, a year by day': `reports/revenue/stats?${YEAR}&interval=day&order=asc&per_page=100`,
	'revenue stats, a quarter by week': `reports/revenue/stats?after=2026-01-01T00:00:00&before=2026-03-31T23:59:59&interval=week&order=asc&per_page=100`,
	'products table, page 1': `reports/products?${YEAR}&orderby=items_sold&order=desc&per_page=25&extended_info=true`,
	'performance indicators, a year': `reports/performance-indicators?${YEAR}&${INDICATORS}`,
};

const quantile = (values, q) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const round = (n) => Math.round(n * 10) / 10;
const seconds = (since) => (performance.now() - since) / 1000;
const storeUrl = (id) => `https://bench-store-${id}.example`;
const secretOf = (id) => `bench-secret-${id}-0123456789abcdef`;

/** Starts `node server/build/cli.js …` and resolves with its base URL once it listens. */
async function startCli(args) {
	const port = await freePort();
	const child = spawn(
		process.execPath,
		['server/build/cli.js', '--port', String(port), '--no-sync', ...args],
		{ cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let output = '';
	await new Promise((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`cli.js did not start:\n${output}`)),
			120_000,
		);
		const seen = (chunk) => {
			output += chunk;
			if (output.includes('Abacus is running at')) {
				clearTimeout(timer);
				resolve();
			}
		};
		child.stdout.on('data', seen);
		child.stderr.on('data', seen);
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`cli.js stopped (${code}):\n${output}`));
		});
	});
	return {
		url: `http://127.0.0.1:${port}`,
		stop: () =>
			new Promise((resolve) => {
				child.removeAllListeners('exit');
				child.once('exit', resolve);
				child.kill('SIGTERM');
			}),
	};
}

let counter = 0;
/** Times one request (ms) and gives its answer; a non-200 answer stops the bench. */
async function call(base, route, bearer) {
	const t = performance.now();
	const response = await fetch(`${base}/wp-json/wc-analytics/${route}&_bench=${++counter}`, {
		headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
	});
	const body = await response.text();
	if (response.status !== 200) throw new Error(`${route} answered ${response.status}: ${body}`);
	return { ms: performance.now() - t, body };
}

/** An answer with every number rounded to the cent (the engines' last decimals may differ). */
const cents = (body) =>
	JSON.stringify(JSON.parse(body), (_, value) =>
		typeof value === 'number' ? Math.round(value * 100) / 100 : value,
	);

/** Store `id`'s token for the engine at `aud` (its address: the engine checks it). */
function token(id, aud) {
	const now = Math.floor(Date.now() / 1000);
	return signEngineToken(
		{
			store: normaliseStoreId(storeUrl(id)),
			sub: 1,
			cap: 'view_woocommerce_reports',
			iat: now,
			exp: now + 3600,
			aud,
		},
		secretOf(id),
	);
}

// The one generated store, reused between runs.
const file = path.join(dataDir, `bench-ch-${ORDERS}.duckdb`);
mkdirSync(dataDir, { recursive: true });
const result = {
	stores: STORES,
	ordersPerStore: ORDERS,
	orders: STORES * ORDERS,
	sampledStores: SAMPLE,
	runs: RUNS,
};
if (!existsSync(file)) {
	const t = performance.now();
	const db = await Db.open(file);
	await generateStore(db, {
		orders: ORDERS,
		seed: 1,
		timeZone: 'Europe/Berlin',
		now: NOW,
		days: 800,
	});
	db.close();
	result.generateSeconds = round(seconds(t));
	console.log(
		`Generated one store of ${ORDERS} orders in ${result.generateSeconds} s (${file}).`,
	);
}

/** Runs one statement on a shard over HTTP without a client-side timeout (a copy takes minutes). */
function runLong(shardUrl, sql) {
	return new Promise((resolve, reject) => {
		const request = httpRequest(
			`${shardUrl}/?database=${DATABASE}&max_block_size=8192`,
			{ method: 'POST', headers: { 'Content-Type': 'text/plain' } },
			(response) => {
				let body = '';
				response.setEncoding('utf8');
				response.on('data', (chunk) => (body += chunk));
				response.on('end', () =>
					response.statusCode === 200
						? resolve(body)
						: reject(new Error(`ClickHouse answered ${response.statusCode}: ${body}`)),
				);
			},
		);
		request.on('error', reject);
		request.end(sql);
	});
}

/** Every local table of the database with a store_id column, and its columns (by name). */
async function storeTables(client) {
	const columns = await client.all(
		`SELECT table, name FROM system.columns WHERE database = ? AND table IN (SELECT name FROM system.tables WHERE database = ? AND engine LIKE '%MergeTree') ORDER BY table, name`,
		[DATABASE, DATABASE],
	);
	const tables = new Map();
	for (const { table, name } of columns) {
		if (!tables.has(table)) tables.set(table, []);
		tables.get(table).push(name);
	}
	return [...tables].filter(([, names]) => names.includes('store_id'));
}

/**
 * The cluster lives in <dataDir>/bench-ch-cluster-<orders>x<stores>/ and is reused when its stamp
 * (`built.json`, written once every store is made) matches the schema the server makes now
 * (every table and column); otherwise it is made afresh. BENCH_CH_REBUILD=1 always makes it.
 */
const clusterDir = path.join(dataDir, `bench-ch-cluster-${ORDERS}x${STORES}`);
const stampFile = path.join(clusterDir, 'built.json');
const dir = mkdtempSync(path.join(tmpdir(), 'abacus-ch-bench-'));
let stamp = null;
if (existsSync(stampFile) && !process.env.BENCH_CH_REBUILD) {
	stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
} else {
	rmSync(clusterDir, { recursive: true, force: true });
}
mkdirSync(clusterDir, { recursive: true });
let cluster = await startCluster({ dir: clusterDir });
result.shards = cluster.shards.length;
const servers = [];
try {
	let shardUrls = cluster.shards.map((s) => s.url);
	const prepare = async () => {
		// A reused cluster listens on new ports: the shards it recorded for routing are replaced.
		for (const url of shardUrls)
			await new ClickHouseClient({ url, database: 'default' }).run(
				`DROP TABLE IF EXISTS ${DATABASE}.shard_urls`,
			);
		await createClusterSchema(shardUrls, cluster.name, DATABASE);
		await createStoreRegistry(shardUrls, cluster.name, DATABASE);
		return JSON.stringify(
			await storeTables(new ClickHouseClient({ url: shardUrls[0], database: DATABASE })),
		);
	};
	let schema = await prepare();
	if (stamp && stamp.schema !== schema) {
		console.log('The kept cluster was made with another schema: making it afresh.');
		stamp = null;
		await cluster.stop();
		rmSync(clusterDir, { recursive: true, force: true });
		mkdirSync(clusterDir, { recursive: true });
		cluster = await startCluster({ dir: clusterDir });
		shardUrls = cluster.shards.map((s) => s.url);
		schema = await prepare();
	}
	const client = new ClickHouseClient(
		{ url: cluster.shards[0].url, database: DATABASE },
		{ insert_distributed_sync: 1 },
	);
	const db = await Db.open(file);
	const settings = await readStoreSettings(db);
	if (stamp) {
		Object.assign(result, stamp.figures);
		result.reused = `the cluster made ${stamp.madeAt} (${clusterDir}); ingest and copy figures are that build's`;
		console.log(`Reusing ${result.reused}.`);
		db.close();
	} else {
		const t0 = performance.now();
		let t = t0;
		const counts = await loadStore(db, client, 1);
		const loadSeconds = seconds(t);
		db.close();
		await registerStore(client, { storeId: 1, url: normaliseStoreId(storeUrl(1)), settings });
		const rowsPerStore = Object.values(counts).reduce((a, b) => a + b, 0);
		result.ingestSeconds = round(loadSeconds);
		result.ingestOrdersPerSecond = Math.round(ORDERS / loadSeconds);
		result.ingestRowsPerSecond = Math.round(rowsPerStore / loadSeconds);
		result.rowsPerStore = counts;

		// The other stores: every row of store 1 (its tables, roll-ups, roll-up generations and its
		// registration, the URL replaced) copied under ids 2..STORES by one INSERT … SELECT per
		// table and shard into the shard's own table: a Distributed table sends id N to shard
		// N % shards (equal weights), so each shard gets the ids that belong to it.
		const n = cluster.shards.length;
		const home = 1 % n;
		const sourceTcp = cluster.shards[home].tcpPort;
		const held1 = await new ClickHouseClient({ url: shardUrls[home], database: DATABASE }).one(
			'SELECT count() AS n FROM order_stats WHERE store_id = 1',
		);
		if (Number(held1.n) !== counts.order_stats) {
			throw new Error(`Store 1 is not on shard ${home + 1} as expected (id % shards).`);
		}
		const urlSql = (alias) => `concat('https://bench-store-', toString(${alias}), '.example')`;
		if (normaliseStoreId(storeUrl(2)) !== 'https://bench-store-2.example') {
			throw new Error("The copied stores' URLs must be their normalised form.");
		}
		t = performance.now();
		let statements = 0;
		for (const [table, names] of JSON.parse(schema)) {
			await Promise.all(
				shardUrls.map(async (url, index) => {
					const ids = [];
					for (let id = 2; id <= STORES; id++) if (id % n === index) ids.push(id);
					if (ids.length === 0) return;
					const source =
						index === home
							? `${DATABASE}.${table}`
							: `remote('127.0.0.1:${sourceTcp}', ${DATABASE}, ${table})`;
					const list = names
						.map((name) =>
							name === 'store_id'
								? `toUInt32(arrayJoin([${ids.join(', ')}])) AS copy_id`
								: name === 'url'
									? urlSql('copy_id')
									: name,
						)
						.join(', ');
					statements++;
					await runLong(
						url,
						`INSERT INTO ${DATABASE}.${table} (${names.join(', ')}) SELECT ${list} FROM ${source} WHERE store_id = 1`,
					);
				}),
			);
		}
		result.copySeconds = round(seconds(t));
		result.copyStatements = statements;
		result.copyRowsPerSecond = Math.round(
			((STORES - 1) * rowsPerStore) / Math.max(seconds(t), 0.001),
		);
		result.buildSeconds = round(seconds(t0));
	}
	const held = await client.all(
		`SELECT store_id, count() AS n FROM ${DATABASE}.order_stats_all GROUP BY store_id`,
	);
	const registered = await client.all(
		`SELECT store_id, argMax(url, version) AS url FROM ${DATABASE}.stores_all GROUP BY store_id`,
	);
	const perShard = await Promise.all(
		cluster.shards.map(async (shard) =>
			Number(
				(
					await new ClickHouseClient({ url: shard.url, database: DATABASE }).one(
						'SELECT count() AS n FROM order_stats',
					)
				).n,
			),
		),
	);
	if (
		held.length !== STORES ||
		held.some((r) => Number(r.n) !== result.rowsPerStore.order_stats) ||
		registered.length !== STORES ||
		registered.some((r) => r.url !== normaliseStoreId(storeUrl(Number(r.store_id))))
	) {
		throw new Error(
			`The copies are wrong: ${JSON.stringify(held.slice(0, 5))} ${JSON.stringify(registered.slice(0, 5))}…`,
		);
	}
	result.orderStatsRowsPerShard = perShard;
	const disk = await Promise.all(
		cluster.shards.map(async (shard) =>
			Number(
				(
					await new ClickHouseClient({ url: shard.url, database: DATABASE }).one(
						'SELECT sum(bytes_on_disk) AS b FROM system.parts WHERE active AND database = ?',
						[DATABASE],
					)
				).b,
			),
		),
	);
	result.diskMBPerShard = disk.map((b) => Math.round(b / 1048576));
	result.diskBytesPerOrder = Math.round(disk.reduce((a, b) => a + b, 0) / (STORES * ORDERS));
	result.made = `one generated store (${ORDERS} orders, Europe/Berlin) loaded by loadStore as store 1, copied inside ClickHouse under ids 2-${STORES} (one INSERT … SELECT per table and shard), ${STORES} stores registered; order_stats rows per shard: ${perShard.join(', ')}`;
	if (!stamp) {
		const figures = {};
		for (const key of [
			'ingestSeconds',
			'ingestOrdersPerSecond',
			'ingestRowsPerSecond',
			'rowsPerStore',
			'copySeconds',
			'copyStatements',
			'copyRowsPerSecond',
			'buildSeconds',
		])
			figures[key] = result[key];
		writeFileSync(
			stampFile,
			JSON.stringify({ madeAt: new Date().toISOString(), schema, figures }, null, '\t'),
		);
	}
	console.log(
		`Made ${STORES} stores: ${result.made}. Load ${result.ingestSeconds} s, copies ${result.copySeconds} s (${result.copyStatements} statements).`,
	);

	// The sampled stores, spread over the ids (so over both shards).
	const sample = [];
	for (let i = 0; i < SAMPLE; i++)
		sample.push(SAMPLE === 1 ? 1 : Math.round(1 + (i * (STORES - 1)) / (SAMPLE - 1)));
	result.sample = sample;
	const engine = await startCli([
		'--engine',
		`clickhouse://127.0.0.1:${cluster.shards[0].httpPort}/${DATABASE}`,
		'--db',
		path.join(dir, 'engine.duckdb'),
		'--orders',
		'0',
		...sample.flatMap((id) => {
			// Each store's secret in a file of its own, readable by its owner only (never on argv).
			const secretFile = path.join(dir, `store-${id}.secret`);
			writeFileSync(secretFile, `${secretOf(id)}\n`, { mode: 0o600 });
			return ['--store-url', storeUrl(id), '--store-secret-file', secretFile];
		}),
	]);
	servers.push(engine);
	const duck = await startCli(['--db', file]);
	servers.push(duck);
	result.endpoints = [];
	// The machine's load (1-minute average) when the requests start and when they end.
	result.loadAverage = { start: round(os.loadavg()[0]), end: null };
	for (const [name, route] of Object.entries(REQUESTS)) {
		// Warm-ups: every sampled store's answer must be DuckDB's (each store is a copy of it).
		const expected = cents((await call(duck.url, route)).body);
		const click = [];
		for (const id of sample) {
			const bearer = token(id, engine.url);
			const answer = cents((await call(engine.url, route, bearer)).body);
			if (answer !== expected) {
				throw new Error(
					`Store ${id}'s ${name} differs from DuckDB's:\n${answer.slice(0, 600)}\n${expected.slice(0, 600)}`,
				);
			}
			for (let i = 0; i < RUNS; i++) click.push((await call(engine.url, route, bearer)).ms);
		}
		const duckTimes = [];
		for (let i = 0; i < RUNS; i++) duckTimes.push((await call(duck.url, route)).ms);
		result.endpoints.push({
			endpoint: name,
			clickhouseMedianMs: round(quantile(click, 0.5)),
			clickhouseP95Ms: round(quantile(click, 0.95)),
			duckdbMedianMs: round(quantile(duckTimes, 0.5)),
			duckdbP95Ms: round(quantile(duckTimes, 0.95)),
		});
	}
	result.loadAverage.end = round(os.loadavg()[0]);
	result.duckdbFileMB = Math.round(statSync(file).size / 1048576);
} finally {
	for (const server of servers) await server.stop();
	await cluster.stop();
	rmSync(dir, { recursive: true, force: true });
}

console.log(
	`\nClickHouse, ${result.shards} shards: ${STORES} stores x ${ORDERS} orders (${result.orders} orders); made from ${result.made}.`,
);
console.log(
	`On disk: ${result.diskMBPerShard.join(' + ')} MB (${result.diskBytesPerOrder} bytes an order, every table); copies made at ${result.copyRowsPerSecond} rows/s.`,
);
console.log(
	`Ingest (loadStore of the ${ORDERS}-order store): ${result.ingestOrdersPerSecond} orders/s (${result.ingestRowsPerSecond} rows/s, ${result.ingestSeconds} s). Requests: ${SAMPLE} stores x ${RUNS} runs over HTTP; DuckDB: one ${ORDERS}-order store, ${RUNS} runs; load average ${result.loadAverage.start} at the start of the requests, ${result.loadAverage.end} at their end.\n`,
);
const pad = (s, n) => String(s).padEnd(n);
console.log(`${pad('request', 36)}${pad('ClickHouse median / p95 ms', 30)}DuckDB median / p95 ms`);
for (const e of result.endpoints) {
	console.log(
		`${pad(e.endpoint, 36)}${pad(`${e.clickhouseMedianMs} / ${e.clickhouseP95Ms}`, 30)}${e.duckdbMedianMs} / ${e.duckdbP95Ms}`,
	);
}
if (flags.json) writeFileSync(flags.json, JSON.stringify(result, null, '\t'));
