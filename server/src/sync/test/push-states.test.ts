/**
 * The push states on the cluster (`store_pushes`, `clickhouse-workspaces.ts`): an engine that syncs
 * a store prunes the store's states older than its latest settled one after a push completes, and never
 * the row that tells readers a push is underway; an engine server without a `--db` file (in
 * memory, syncing no store) asks those states like any other engine and answers a store 503
 * `abacus_engine_store_updating` while its rows are being replaced, then the cluster's figures.
 */
import fs from 'node:fs';
import path from 'node:path';

import { ClickHouseClient, waitForMutations } from '../../clickhouse/client.js';
import { type Cluster, clusterParentDir } from '../../clickhouse/cluster.js';
import { prunePushStates, pushPending, recordPushState } from '../../clickhouse/push-states.js';
import { createStoreRegistry } from '../../clickhouse/registry.js';
import { createClusterSchema } from '../../clickhouse/schema.js';
import {
	engineToken,
	getJson,
	json,
	startCluster,
	type Answer,
	type Server,
} from '../../clickhouse/test/setup.js';
import { Db } from '../../core/db.js';
import { startServer } from '../../index.js';
import {
	engineIngestOf,
	type EngineIngest,
	type WorkspaceStore,
} from '../clickhouse-workspaces.js';
import { prepareEngineDatabase } from '../prepare.js';
import { registerStore as connectStore } from '../registry.js';
import { FakeWoo } from './fake-woo.js';

// Two ClickHouse servers, a DuckDB workspace and two HTTP servers on a loaded 2-core machine.
jest.setTimeout(600_000);

const SECRET = 'secret-of-the-pushed-store-0123456789';
const REVENUE =
	'wc-analytics/reports/revenue/stats?after=2026-10-01T00:00:00&before=2026-10-31T23:59:59&interval=week';

/** A row of `store_pushes`. */
type PushState = { pending: number; version: string };

describe('push states on a ClickHouse engine', () => {
	let dir = '';
	let cluster: Cluster | undefined;
	const woo = new FakeWoo(40);
	let engine: Server | undefined;
	let reader: Server | undefined;
	let ingest: EngineIngest;
	let store: WorkspaceStore;
	let client: ClickHouseClient;
	let shards: ClickHouseClient[] = [];
	/** The store's token for each engine (its address is the token's audience). */
	const tokenFor = (server: Server | undefined): string =>
		engineToken(woo.url, SECRET, server?.url);

	const engineGet = (route: string): Promise<Answer> =>
		getJson(engine?.url ?? '', route, { Authorization: `Bearer ${tokenFor(engine)}` });
	const readerGet = (route: string): Promise<Answer> =>
		getJson(reader?.url ?? '', route, { Authorization: `Bearer ${tokenFor(reader)}` });

	/** The store's push states on the cluster, oldest first, once every shard's prunes are done. */
	async function states(): Promise<PushState[]> {
		for (const shard of shards) await waitForMutations(shard, 'store_pushes', 'push states');
		return client.all<PushState>(
			'SELECT pending, toString(version) AS version FROM abacus.store_pushes_all WHERE store_id = ? ORDER BY version',
			[store.storeId],
		);
	}

	/** Changes an order in WooCommerce, syncs it and waits for its push. */
	let nextOrder = 1001;
	async function pushedChange(): Promise<void> {
		woo.touch(nextOrder, { status: 'refunded' });
		nextOrder += 1;
		await store.sync.syncNow();
		await store.flush();
	}

	beforeAll(async () => {
		// Beside the cluster's data (in memory when there is room): every DuckDB commit syncs.
		dir = fs.mkdtempSync(path.join(clusterParentDir(), 'abacus-ch-push-states-'));
		const started = startCluster();
		await woo.start();
		cluster = await started;
		const shardUrls = cluster.shards.map((s) => s.url);
		await createClusterSchema(shardUrls, cluster.name, 'abacus');
		await createStoreRegistry(shardUrls, cluster.name, 'abacus');
		const target = { url: cluster.shards[0].url, database: 'abacus' };
		client = new ClickHouseClient(target);
		shards = shardUrls.map((url) => new ClickHouseClient({ url, database: 'abacus' }));
		fs.mkdirSync(path.join(dir, 'stores'));
		const db = await Db.open(path.join(dir, 'stores', 'shop.duckdb'));
		try {
			await prepareEngineDatabase(db);
			await connectStore(db, {
				url: woo.url,
				auth: { kind: 'keys', key: 'ck_test', secret: 'cs_test' },
				engineSecret: SECRET,
			});
		} finally {
			db.close();
		}
		engine = await startServer({
			databasePath: path.join(dir, 'engine.duckdb'),
			orders: 0,
			quiet: true,
			engine: target,
			sync: { autoStart: false },
		});
		ingest = engine.sync as EngineIngest;
		const synced = ingest.byUrl(woo.url);
		if (!synced) throw new Error('the engine does not sync the store');
		store = synced;
		// No --db file: an engine in memory in front of the other shard, serving the store's token.
		reader = await startServer({
			orders: 0,
			quiet: true,
			engine: { url: cluster.shards[1].url, database: 'abacus' },
			engineStores: [{ url: woo.url, secret: SECRET }],
			sync: { autoStart: false },
		});
	});

	afterAll(async () => {
		await reader?.close();
		await engine?.close();
		await woo.close();
		await cluster?.stop();
		if (dir) fs.rmSync(dir, { recursive: true, force: true });
	});

	test('a completed push prunes the states older than the latest settled one, keeping that one', async () => {
		// Kept while there are at most 100 older ones: two rows a push that changed rows.
		ingest.pushStatesKept = 100;
		await ingest.syncNow();
		await pushedChange();
		await pushedChange();
		const kept = await states();
		expect(kept.length).toBeGreaterThanOrEqual(6);
		expect(kept.filter((row) => row.pending === 1).length).toBe(kept.length / 2);
		expect(kept[kept.length - 1].pending).toBe(0);
		// Pruned after the next push: only its own settled state is left.
		ingest.pushStatesKept = 0;
		await pushedChange();
		const pruned = await states();
		expect(pruned).toHaveLength(1);
		expect(pruned[0].pending).toBe(0);
		expect(BigInt(pruned[0].version)).toBeGreaterThan(BigInt(kept[kept.length - 1].version));
		expect(await pushPending(client, woo.url)).toBe(false);
		// Bounded: with 2 kept, a settled store holds its latest state and at most 2 older ones.
		ingest.pushStatesKept = 2;
		for (let i = 0; i < 3; i++) await pushedChange();
		expect((await states()).length).toBeLessThanOrEqual(3);
		ingest.pushStatesKept = 0;
	});

	test('a push underway stays pending through a prune; a server without --db answers 503 meanwhile, then the figures', async () => {
		// Every request of the in-memory server asks the cluster (no cached state in this test).
		if (!reader) throw new Error('the server without --db is not running');
		const readerIngest = engineIngestOf(reader.ctx);
		if (!readerIngest || readerIngest === ingest) throw new Error('no push-state reader');
		readerIngest.pushStateMs = 0;
		const before = await readerGet(REVENUE);
		expect(before.status).toBe(200);
		expect(json(before.body)).toEqual(json((await engineGet(REVENUE)).body));

		// A push held between its DELETE and its INSERT.
		let release = (): void => undefined;
		const gate = new Promise<void>((resolve) => (release = resolve));
		let entered = (): void => undefined;
		const held = new Promise<void>((resolve) => (entered = resolve));
		ingest.pushOptions = {
			beforeInsert: async () => {
				entered();
				await gate;
			},
		};
		woo.touch(nextOrder, { status: 'cancelled' });
		nextOrder += 1;
		const synced = store.sync.syncNow();
		await held;
		try {
			// A prune landing now (as from the previous push) deletes every state before the
			// latest settled one, and not the pending state after it.
			for (const shard of shards) await prunePushStates(shard, store.storeId, 0);
			const during = await states();
			expect(during.map((row) => row.pending)).toEqual([0, 1]);
			expect(await pushPending(client, woo.url)).toBe(true);
			const answer = await readerGet(REVENUE);
			expect({ status: answer.status, body: answer.body }).toMatchObject({
				status: 503,
				body: { code: 'abacus_engine_store_updating' },
			});
		} finally {
			ingest.pushOptions = {};
			release();
		}
		await synced;
		await store.flush();
		expect(store.dirty).toBe(false);
		// Complete: pruned to its settled state, and the in-memory server answers the new figures.
		const after = await states();
		expect(after).toHaveLength(1);
		expect(after[0].pending).toBe(0);
		const answer = await readerGet(REVENUE);
		expect(answer.status).toBe(200);
		expect(json(answer.body)).toEqual(json((await engineGet(REVENUE)).body));
		expect(json(answer.body)).not.toEqual(json(before.body));
	});

	test('a server without --db: a pending state planted on the cluster answers 503 until a settled one follows', async () => {
		// Written through the Distributed table synchronously, as the engine that syncs a store does.
		const writer = new ClickHouseClient(client.target, { insert_distributed_sync: 1 });
		await recordPushState(writer, store.storeId, woo.url, true);
		const during = await readerGet(REVENUE);
		expect({ status: during.status, body: during.body }).toMatchObject({
			status: 503,
			body: { code: 'abacus_engine_store_updating' },
		});
		// Other routes of the store too, as on every engine.
		const orders = await readerGet('wc-analytics/reports/orders?per_page=5');
		expect(orders.status).toBe(503);
		await recordPushState(writer, store.storeId, woo.url, false);
		const after = await readerGet(REVENUE);
		expect(after.status).toBe(200);
		const totals = (after.body as { totals?: { orders_count?: number } }).totals;
		expect(totals?.orders_count).toBeGreaterThan(0);
		expect(json(after.body)).toEqual(json((await engineGet(REVENUE)).body));
	});
});
