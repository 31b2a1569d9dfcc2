/**
 * What the ClickHouse tests share: demo stores generated into DuckDB files, a two-shard cluster
 * with the stores loaded, the report settings of a store, and JSON comparison to the cent.
 *
 * The fixture most tests want:
 *
 *     const fx = await startEngineFixture({
 *       name: 'mine',                      // temporary folder abacus-ch-mine-…
 *       orders: 400,                       // per generated store, 400 days up to NOW
 *       stores: [
 *         { id: 1, timeZone: 'Europe/Berlin', seed: 3, url: 'https://a.example' },
 *         { id: 2, timeZone: 'Pacific/Kiritimati', seed: 4, url: 'https://b.example',
 *           options: { start_of_week: 0 } },             // written before loading
 *         { id: 3, timeZone: 'America/New_York', seed: 0, url: 'https://c.example',
 *           fixture: { orders: [ … ] } },               // hand-made orders (reports/test/fixtures.ts)
 *       ],
 *       // duckServers (true), engineServer (true), engineOrders (0), unloaded: [url…], nonce
 *     });
 *     fx.getBoth('wc-analytics/reports/revenue/stats?…', 1) // { click, duck }: Answer each
 *     fx.getEngine(route, id) / fx.getDuck(route, id) / fx.get(baseUrl, route, headers)
 *     fx.tokenFor(id | url, secret?); fx.engine, fx.duck.get(id): the servers (`.url`, `.ctx`)
 *     fx.operator.headers: the engine's operator `ops` signed in (session cookie + its nonce)
 *     fx.cluster, fx.target, fx.stores (DuckDB files: open only with duckServers: false)
 *     await fx.stop();
 *
 * `Answer` = `{ status, body, total (X-WP-Total), headers }`; routes are paths under /wp-json/.
 * Lower level: `generateStores`, `loadCluster` (loadStore without the registry), `startCluster`,
 * `seededServerFile` (a server's first-start store, from the store cache), `engineToken(url,
 * secret)`, `getJson`, `json` (averages to the cent), `settings`.
 */
import fs from 'node:fs';
import path from 'node:path';

import { Db } from '../../core/db.js';
import { writeOption } from '../../db/options.js';
import { type StoreSettings } from '../../db/store-settings.js';
import { generateStore } from '../../demo/generate.js';
import { signEngineToken } from '../../engine-auth/index.js';
import {
	addOperator,
	operatorSession,
	TEST_PASSWORD,
	type SignedIn,
} from '../../engine-auth/test/operator-session.js';
import { startServer } from '../../index.js';
import { ClickHouseClient } from '../client.js';
import { type Cluster, clusterParentDir, startCluster } from '../cluster.js';
import { type Fixture, writeFixture } from '../../reports/test/fixtures.js';
import { testSettings } from '../../reports/test/kept-fixtures.js';
import { putStore } from '../../sync/clickhouse-load.js';
import { createStoreRegistry } from '../registry.js';
import { createClusterSchema } from '../schema.js';
import { loadStore } from '../store-rows.js';
import { cachedStoreFile } from '../../demo/test/store-cache.js';

export const NOW = new Date('2026-03-31T12:00:00Z');

export interface StoreSpec {
	id: number;
	timeZone: string;
	seed: number;
}

export interface TestStore {
	id: number;
	db: Db;
	timeZone: string;
	/** The DuckDB file. */
	file: string;
}

/** Report settings of a generated store with another week start. */
export function settings(timeZone: string, startOfWeek: number): StoreSettings {
	return testSettings({ timeZone, startOfWeek });
}

/**
 * What a caller receives (JSON has no -0: DuckDB's roll-ups may give -0 refunds, ClickHouse 0),
 * with the averages compared to the cent: they are divisions of sums DuckDB adds as doubles and
 * ClickHouse as decimals, so a fourth decimal on a half (9579.8 / 160 = 59.87375) can round either
 * way. Every sum and count is compared exactly.
 */
const AVERAGES = new Set(['avg_order_value', 'avg_items_per_order']);
export const json = (value: unknown): unknown =>
	JSON.parse(JSON.stringify(value), (key, v: unknown) =>
		AVERAGES.has(key) && typeof v === 'number' ? Math.round(v * 100) / 100 : v,
	);

/**
 * Generates each store (`orders` orders over 400 days up to NOW) into `dir/store<id>.duckdb`: a
 * copy of the cached store of the same spec when there is one (`demo/test/store-cache.ts`).
 */
export async function generateStores(
	dir: string,
	specs: StoreSpec[],
	orders: number,
): Promise<TestStore[]> {
	const stores: TestStore[] = [];
	for (const spec of specs) {
		const file = path.join(dir, `store${spec.id}.duckdb`);
		const generate = { orders, seed: spec.seed, timeZone: spec.timeZone, now: NOW, days: 400 };
		// Generated once per spec and copied from the cache by every file that asks for it.
		await cachedStoreFile(
			{ generate: { ...generate, now: NOW.toISOString() } },
			file,
			generateInto(generate),
		);
		const db = await Db.open(file);
		stores.push({ id: spec.id, db, timeZone: spec.timeZone, file });
	}
	return stores;
}

/**
 * Writes to `file` the demo store a server's first start on a missing file generates (`orders`
 * orders, seed 1, UTC, up to now): a copy of the cached one of the same day when there is one.
 * For the engine's own DuckDB file, whose store is never served: generating even an empty one
 * (its 400 days of hours in store time) costs two CPU seconds per engine start.
 */
export async function seededServerFile(file: string, orders: number): Promise<void> {
	const generate = { orders, seed: 1, timeZone: 'UTC' };
	await cachedStoreFile(
		{ seeded: generate, day: new Date().toISOString().slice(0, 10) },
		file,
		generateInto(generate),
	);
}

/** Makes the store cache's missing file: a demo store generated into it. */
function generateInto(options: Parameters<typeof generateStore>[1]): (to: string) => Promise<void> {
	return async (to) => {
		const made = await Db.open(to);
		try {
			await generateStore(made, options);
		} finally {
			made.close();
		}
	};
}

export interface LoadedCluster {
	cluster: Cluster;
	/** A client of the first shard (inserts wait for the owning shard). */
	client: ClickHouseClient;
	/** One client per shard (loading a store again clears its rows on each). */
	shardClients: ClickHouseClient[];
}

/** Creates the tables on an already started cluster and loads each store under its id. */
export async function loadCluster(
	cluster: Cluster,
	stores: TestStore[],
	database = 'abacus',
): Promise<LoadedCluster> {
	await createClusterSchema(
		cluster.shards.map((s) => s.url),
		cluster.name,
		database,
	);
	const client = new ClickHouseClient(
		{ url: cluster.shards[0].url, database },
		{ insert_distributed_sync: 1 },
	);
	const shardClients = cluster.shards.map(
		(shard) => new ClickHouseClient({ url: shard.url, database }),
	);
	// The stores side by side: each load touches its own store id's rows only.
	await Promise.all(
		stores.map((store) => loadStore(store.db, client, store.id, { batchRows: 1000 })),
	);
	return { cluster, client, shardClients };
}

export { startCluster };

export type Server = Awaited<ReturnType<typeof startServer>>;

/** A store of a fixture: generated, loaded by `putStore` under `id` and registered as `url`. */
export interface FixtureStore extends StoreSpec {
	url: string;
	/** Options written into the store's DuckDB file before it is loaded (currency, stock…). */
	options?: Record<string, unknown>;
	/** Hand-made orders (`reports/test/fixtures.ts`, in `timeZone`) instead of generated ones. */
	fixture?: Omit<Fixture, 'timeZone'>;
}

export interface FixtureOptions {
	/** Names the temporary folder (`abacus-ch-<name>-…`). */
	name: string;
	stores: FixtureStore[];
	/** Orders of each store (over 400 days up to NOW). */
	orders: number;
	/** Start each store's own DuckDB server (default true; the DuckDB files are then closed). */
	duckServers?: boolean;
	/** Start the server on the cluster (default true). */
	engineServer?: boolean;
	/** Orders the engine's own DuckDB file is seeded with (never served on the engine; default 0). */
	engineOrders?: number;
	/** Store URLs the engine has a secret for that the cluster does not hold. */
	unloaded?: string[];
	/** Every server's page nonce (default: a random one each; the engine's pages use a session's). */
	nonce?: string;
	/**
	 * Operators added to the engine besides `ops` (every store, signed in as `fx.operator`):
	 * name → the stores it may read (ids or addresses); password `TEST_PASSWORD`.
	 */
	operators?: Record<string, string[]>;
}

/** A caller's view of an answer: status, parsed JSON body, `X-WP-Total` and every header. */
export interface Answer<T = unknown> {
	status: number;
	body: T;
	total: string | null;
	headers: Headers;
}

export interface EngineFixture {
	dir: string;
	cluster: Cluster;
	/** `{ url, database }` of the engine (the first shard). */
	target: { url: string; database: string };
	/** The stores in the order given; their DuckDB files are open only without DuckDB servers. */
	stores: TestStore[];
	/** The server on the cluster (undefined with `engineServer: false`). */
	engine: Server | undefined;
	/** Each store's DuckDB server by store id (empty with `duckServers: false`). */
	duck: Map<number, Server>;
	/**
	 * The engine's operator `ops` (every store), signed in: `headers` carry its session cookie
	 * and nonce (undefined with `engineServer: false`).
	 */
	operator: SignedIn | undefined;
	/** A valid engine token for a store (by id, or by URL for the unloaded ones). */
	tokenFor(store: number | string, secret?: string): string;
	/** GET `/wp-json/<route>` on a base URL with optional headers. */
	get<T = unknown>(
		base: string,
		route: string,
		headers?: Record<string, string>,
	): Promise<Answer<T>>;
	/** GET `/wp-json/<route>` on the engine with the store's token. */
	getEngine<T = unknown>(route: string, storeId: number): Promise<Answer<T>>;
	/** GET `/wp-json/<route>` on the store's own DuckDB server. */
	getDuck<T = unknown>(route: string, storeId: number): Promise<Answer<T>>;
	/** Both of the above. */
	getBoth<T = unknown>(
		route: string,
		storeId: number,
	): Promise<{ click: Answer<T>; duck: Answer<T> }>;
	stop(): Promise<void>;
}

/** The secret each fixture store's engine token is signed with. */
export const secretOf = (url: string): string => `secret-of-${url}-0123456789`;

/**
 * An engine token for `store` (a URL) signed with `secret`, valid 15 minutes, for the engine at
 * `aud` (its address: the engine refuses a token naming another).
 */
export function engineToken(store: string, secret = secretOf(store), aud?: string): string {
	const now = Math.floor(Date.now() / 1000);
	return signEngineToken(
		{ store, sub: 1, cap: 'view_woocommerce_reports', iat: now, exp: now + 900, aud },
		secret,
	);
}

/**
 * What the servers of this test process last logged with `console.error` (a 500's cause: its
 * answer never says it). Kept from the first fixture on, the last 10.
 */
const logged: string[] = [];
let capturing = false;

function captureServerErrors(): void {
	if (capturing) return;
	capturing = true;
	const original = console.error.bind(console);
	console.error = (...args: unknown[]): void => {
		const text = args
			.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg)))
			.join(' ');
		logged.push(text.slice(0, 1500));
		if (logged.length > 10) logged.shift();
		original(...args);
	};
}

/**
 * GET `/wp-json/<route>` as a caller sees it. A 5xx answer's body also carries `server_log`: the
 * errors the servers last logged, so that a failed comparison shows the cause.
 */
export async function getJson<T = unknown>(
	base: string,
	route: string,
	headers: Record<string, string> = {},
): Promise<Answer<T>> {
	const response = await fetch(`${base}/wp-json/${route}`, { headers });
	const body: unknown = await response.json();
	return {
		status: response.status,
		body: (response.status >= 500 && body !== null && typeof body === 'object'
			? { ...body, server_log: [...logged] }
			: body) as T,
		total: response.headers.get('x-wp-total'),
		headers: response.headers,
	};
}

/**
 * A two-shard cluster with the stores generated, loaded by `putStore` and registered; the server
 * on the cluster with a secret for each store (and for `unloaded`), and each store's own DuckDB
 * server. `stop()` ends them all and deletes the folder.
 */
export async function startEngineFixture(options: FixtureOptions): Promise<EngineFixture> {
	captureServerErrors();
	// Beside the cluster's data (in memory when there is room): every DuckDB commit syncs its file.
	const dir = fs.mkdtempSync(path.join(clusterParentDir(), `abacus-ch-${options.name}-`));
	const started = startCluster();
	const duck = new Map<number, Server>();
	let engine: Server | undefined;
	const stores: TestStore[] = [];
	let cluster: Cluster | undefined;
	const stop = async (): Promise<void> => {
		await engine?.close();
		for (const server of duck.values()) await server.close();
		if (options.duckServers === false) for (const store of stores) store.db.close();
		await (cluster ?? (await started.catch(() => undefined)))?.stop();
		fs.rmSync(dir, { recursive: true, force: true });
	};
	try {
		for (const spec of options.stores) {
			if (!spec.fixture) {
				stores.push(...(await generateStores(dir, [spec], options.orders)));
				continue;
			}
			const file = path.join(dir, `store${spec.id}.duckdb`);
			await writeFixture(file, { ...spec.fixture, timeZone: spec.timeZone });
			stores.push({ id: spec.id, db: await Db.open(file), timeZone: spec.timeZone, file });
		}
		cluster = await started;
		const target = { url: cluster.shards[0].url, database: 'abacus' };
		const shardUrls = cluster.shards.map((s) => s.url);
		// The schema once, then the stores side by side (each load touches its own store id's
		// rows; putStore finds the tables made).
		await createClusterSchema(shardUrls, cluster.name, target.database);
		await createStoreRegistry(shardUrls, cluster.name, target.database);
		await Promise.all(
			stores.map(async (store, i) => {
				const spec = options.stores[i];
				for (const [name, value] of Object.entries(spec.options ?? {}))
					await writeOption(store.db, name, value);
				await putStore({
					target,
					shardUrls,
					cluster: (cluster as Cluster).name,
					db: store.db,
					storeUrl: spec.url,
					storeId: store.id,
					batchRows: 2000,
				});
			}),
		);
		// The engine's own file as a first start would seed it, copied from the store cache.
		const engineFile = path.join(dir, 'engine.duckdb');
		if (options.engineServer !== false)
			await seededServerFile(engineFile, options.engineOrders ?? 0);
		// Each store's DuckDB server and the engine start side by side (separate files and ports);
		// every start settles before a failure is thrown, so that stop() closes all that started.
		const duckStarts =
			options.duckServers === false
				? []
				: stores.map((store) => {
						store.db.close();
						return startServer({
							databasePath: store.file,
							quiet: true,
							sync: false,
							nonce: options.nonce,
						});
					});
		const engineStart =
			options.engineServer === false
				? Promise.resolve(undefined)
				: startServer({
						databasePath: engineFile,
						orders: options.engineOrders ?? 0,
						quiet: true,
						sync: false,
						nonce: options.nonce,
						engine: target,
						engineStores: [
							...options.stores.map((s) => s.url),
							...(options.unloaded ?? []),
						].map((url) => ({ url, secret: secretOf(url) })),
					});
		const [engineResult, ...duckResults] = await Promise.allSettled([
			engineStart,
			...duckStarts,
		]);
		if (engineResult.status === 'fulfilled') engine = engineResult.value;
		duckResults.forEach((result, i) => {
			if (result.status === 'fulfilled') duck.set(stores[i].id, result.value);
		});
		for (const result of [engineResult, ...duckResults]) {
			if (result.status === 'rejected') throw result.reason;
		}
		let operator: SignedIn | undefined;
		if (engine) {
			await addOperator(engine.ctx.db, {
				name: 'ops',
				password: TEST_PASSWORD,
				stores: null,
			});
			for (const [name, list] of Object.entries(options.operators ?? {}))
				await addOperator(engine.ctx.db, { name, password: TEST_PASSWORD, stores: list });
			operator = await operatorSession(engine, 'ops');
		}
		const urlOf = (id: number): string => {
			const spec = options.stores.find((s) => s.id === id);
			if (!spec) throw new Error(`No store ${id} in the fixture.`);
			return spec.url;
		};
		const baseOf = (server: Server | undefined, what: string): string => {
			if (!server) throw new Error(`The fixture has no ${what}.`);
			return server.url;
		};
		const tokenFor = (store: number | string, secret?: string): string => {
			const url = typeof store === 'number' ? urlOf(store) : store;
			return engineToken(url, secret ?? secretOf(url), engine?.url);
		};
		const getEngine = <T>(route: string, storeId: number): Promise<Answer<T>> =>
			getJson<T>(baseOf(engine, 'engine server'), route, {
				Authorization: `Bearer ${tokenFor(storeId)}`,
			});
		const getDuck = <T>(route: string, storeId: number): Promise<Answer<T>> =>
			getJson<T>(baseOf(duck.get(storeId), `DuckDB server for store ${storeId}`), route);
		return {
			dir,
			cluster,
			target,
			stores,
			engine,
			duck,
			operator,
			tokenFor,
			get: getJson,
			getEngine,
			getDuck,
			// Both servers at once: they share nothing but the store's data.
			getBoth: async <T>(route: string, storeId: number) => {
				const [click, duck] = await Promise.all([
					getEngine<T>(route, storeId),
					getDuck<T>(route, storeId),
				]);
				return { click, duck };
			},
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}
