/**
 * The store sync on a ClickHouse engine. Each connected store keeps a DuckDB file of its own, its
 * workspace (`<folder of --db>/stores/<name>.duckdb`, made by `npm run connect -- --db …`): the
 * sync writes it as on a single-store server, and after every committed batch its changes are
 * pushed to the store's rows on the cluster (`clickhouse/ingest.ts`), one push at a time per store
 * (a batch committed during a push starts one more push after it). The store's cluster id is the one its
 * URL is registered under, else a new one claimed on the cluster (`allocateStoreId`, safe when two
 * engines connect stores at once); it is kept in the workspace
 * (`clickhouse_store`), and the store's report settings are registered again when they change.
 *
 * What a reader gets: while a store has changes not on the cluster yet (a push waiting or running,
 * or a failed push until a retry succeeds), its reports are answered from its workspace (the last
 * committed batch, the same figures the cluster gets after the push), never from rows a push is
 * replacing. After a push the server's report caches are dropped. A failed push is retried after
 * 5 s, doubling up to 5 minutes, and by every later batch. Other engine servers on the same cluster
 * learn it from the store's push state there (`store_pushes`: pending from a push's first change
 * until a push succeeds) and answer the store 503 meanwhile; so does an engine server without a
 * `--db` file (`engineIngestOf`). After a push completes, the store's states older than its latest
 * settled one are pruned (`prunePushStates`), never the latest row readers go by.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import { ClickHouseClient, type ClickHouseTarget } from '../clickhouse/client.js';
import { pushChanges, type PushOptions, type PushResult } from '../clickhouse/ingest.js';
import { recordedShards } from '../clickhouse/routing.js';
import {
	hasPushStates,
	prunePushStates,
	pushPending,
	recordPushState,
} from '../clickhouse/push-states.js';
import { allocateStoreId, registerStore } from '../clickhouse/registry.js';
import type { ServerContext } from '../core/context.js';
import { Db } from '../core/db.js';
import { ensureRollups } from '../db/rollup-upgrade.js';
import { createStoreSchema } from '../db/schema.js';
import type { StoreSettings } from '../db/store-settings.js';
import { normaliseStoreId } from '../engine-auth/token.js';
import { RestError } from '../http/errors.js';
import { ImportJob, setImportJobs } from '../reports/shared/import.js';
import type { ReportSource } from '../reports/shared/report-route.js';
import { readPriceDecimals, readPriceFormat, readStoreSettings } from './clickhouse-load.js';
import { requestSettings, syncStatus, type SyncService } from './index.js';
import { listStores, type RegisteredStore as SyncStore } from './registry.js';
import { StoreSync, type SyncOptions } from './store-sync.js';

declare module 'fastify' {
	interface FastifyContextConfig {
		/** A route answered on a ClickHouse engine for the token's store's workspace. */
		engineIngest?: boolean;
	}
}

/** A connected store on the engine: its workspace, sync and pushes. */
export class WorkspaceStore {
	/** Changes committed in the workspace that are not on the cluster yet. */
	dirty = true;
	lastPush: (PushResult & { at: string }) | null = null;
	lastPushError: { at: string; message: string } | null = null;
	pushes = 0;
	private running: Promise<void> | null = null;
	private again = false;
	private retryMs = 5000;
	private retry: NodeJS.Timeout | null = null;
	private registered = '';
	private stopped = false;
	/**
	 * Whether the cluster's push state may say the store's rows are being replaced (a push of this
	 * or an earlier process announced it): true at start, so the first push that succeeds records
	 * the rows complete.
	 */
	private announced = true;

	constructor(
		readonly url: string,
		readonly storeId: number,
		readonly db: Db,
		readonly sync: StoreSync,
		private readonly service: EngineIngest,
	) {}

	private importJob: ImportJob | null = null;

	/** The store's historical import: rebuilds its workspace's lookups, each batch pushed. */
	get imports(): ImportJob {
		this.importJob ??= new ImportJob(this.db, {
			importBatchSize: this.service.ctx.config.importBatchSize,
			importPace: this.service.ctx.config.importPace,
			notifyWrite: () => {
				this.service.ctx.notifyWrite();
				this.requestPush();
			},
		});
		return this.importJob;
	}

	/** Marks the workspace changed and pushes (after the push running, if any). */
	requestPush(): void {
		this.dirty = true;
		if (this.stopped) return;
		if (this.running) {
			this.again = true;
			return;
		}
		if (this.retry) {
			clearTimeout(this.retry);
			this.retry = null;
		}
		this.running = this.pushLoop().finally(() => {
			this.running = null;
		});
	}

	private async pushLoop(): Promise<void> {
		do {
			this.again = false;
			try {
				const result = await pushChanges(this.db, this.service.pushTarget, this.storeId, {
					...this.service.pushOptions,
					onReplace: async () => {
						this.announced = true;
						await this.service.announcePush(this, true);
					},
				});
				if (this.announced) {
					await this.service.announcePush(this, false);
					this.announced = false;
				}
				await this.registerSettings();
				await this.service.afterPush?.(this.storeId, result);
				this.pushes += 1;
				this.lastPush = { ...result, at: new Date().toISOString() };
				this.lastPushError = null;
				this.retryMs = 5000;
			} catch (error) {
				this.lastPushError = {
					at: new Date().toISOString(),
					message: error instanceof Error ? error.message : String(error),
				};
				this.service.log?.(
					`Pushing ${this.url} to the cluster failed (${this.lastPushError.message}); its reports are answered from its workspace until a push succeeds.`,
				);
				if (!this.stopped && !this.again) {
					this.retry = setTimeout(() => {
						this.retry = null;
						this.requestPush();
					}, this.retryMs);
					this.retry.unref();
					this.retryMs = Math.min(this.retryMs * 2, 300_000);
				}
				continue;
			}
			if (!this.again) {
				this.dirty = false;
				// The cluster now holds the workspace's state: cached answers of either are dropped.
				this.service.ctx.notifyWrite();
			}
		} while (this.again && !this.stopped);
	}

	/** Registers the store's report settings on the cluster when they changed. */
	async registerSettings(): Promise<void> {
		const settings = await readStoreSettings(this.db);
		// The price decimals too: the engine's cost save checks and rounds to them.
		const priceDecimals = await readPriceDecimals(this.db);
		// And its price format: the engine's page writes the store's money with it.
		const priceFormat = await readPriceFormat(this.db);
		const text = JSON.stringify({ settings, priceDecimals, priceFormat });
		if (text === this.registered) return;
		await registerStore(this.service.pushTarget.client, {
			storeId: this.storeId,
			url: this.url,
			settings,
			priceDecimals,
			priceFormat,
		});
		this.registered = text;
	}

	/** Waits for the pushes requested so far; throws the last push's error when it failed. */
	async flush(): Promise<void> {
		while (this.running) await this.running;
		if (this.dirty && this.lastPushError) throw new Error(this.lastPushError.message);
	}

	async settings(): Promise<StoreSettings> {
		return readStoreSettings(this.db);
	}

	async stop(): Promise<void> {
		this.stopped = true;
		if (this.retry) clearTimeout(this.retry);
		this.retry = null;
		await this.importJob?.stop();
		await this.sync.stop();
		while (this.running) await this.running;
	}
}

export interface EngineIngestOptions {
	/** The folder of the stores' workspaces (every `*.duckdb` in it). */
	dir: string;
	target: ClickHouseTarget;
	log?: (line: string) => void;
	/** Seconds between sync rounds (default: each store's). */
	intervalSeconds?: number;
	/** Start each store's sync loop (default true). */
	autoStart?: boolean;
	/** Sync client options (tests shorten retries). */
	syncOptions?: Partial<Pick<SyncOptions, 'client' | 'batchOrders' | 'pageSize'>>;
}

/** The workspaces, syncs and pushes of an engine (one per server). */
export class EngineIngest implements SyncService {
	readonly stores: WorkspaceStore[] = [];
	/** Push options (batch size; tests make a push fail with `beforeInsert`). */
	pushOptions: PushOptions = {};
	/** Awaited after each successful push with the store id and what changed. */
	afterPush?: (storeId: number, result: PushResult) => Promise<void>;
	readonly log?: (line: string) => void;

	constructor(
		readonly ctx: ServerContext,
		readonly pushTarget: { client: ClickHouseClient; shards: ClickHouseClient[] },
		log?: (line: string) => void,
	) {
		this.log = log;
	}

	get syncs(): StoreSync[] {
		return this.stores.map((store) => store.sync);
	}

	byUrl(url: string): WorkspaceStore | undefined {
		return this.stores.find((store) => store.url === url);
	}

	/** The secrets of the connected stores (engine-auth checks their tokens). */
	engineStores(): Array<{ url: string; secret: string }> {
		return this.stores.flatMap((store) => {
			const secret = this.secrets.get(store.url);
			return secret ? [{ url: store.url, secret }] : [];
		});
	}

	readonly secrets = new Map<string, string>();

	/**
	 * How long a store's push state read from the cluster is trusted (ms), and how long a push
	 * waits after announcing itself before it changes rows (the same, so that no engine still
	 * trusts an older state when the rows change). Tests shorten both.
	 */
	pushStateMs = 1000;
	/**
	 * How many of a store's push states older than its latest settled one are kept before a
	 * completed push prunes them (`prunePushStates`): with 16, one mutation per nine pushes that
	 * changed rows (two states each) rather than one per push. Tests set less.
	 */
	pushStatesKept = 16;
	private pushStates: { at: number; held: Promise<boolean> } | null = null;
	private readonly pendingAt = new Map<string, { at: number; pending: Promise<boolean> }>();
	/** Stores of other engines this server saw being replaced (their cached answers are dropped once complete). */
	private readonly seenPending = new Set<string>();

	/**
	 * Whether the cluster holds push states (asked again after a minute). A failed read counts as
	 * none for that request only: the next one asks again, so a passing fault never hides the
	 * push states for a minute.
	 */
	private clusterHasPushStates(): Promise<boolean> {
		if (!this.pushStates || Date.now() - this.pushStates.at > 60_000) {
			const asked = hasPushStates(this.pushTarget.client);
			const held = asked.catch((error: unknown) => {
				if (this.pushStates?.held === held) this.pushStates = null;
				const reason = error instanceof Error ? error.message : String(error);
				this.log?.(`Reading whether the cluster holds push states failed (${reason}).`);
				return false;
			});
			this.pushStates = { at: Date.now(), held };
		}
		return this.pushStates.held;
	}

	/**
	 * Records on the cluster that `store`'s rows are being replaced (then waits `pushStateMs`, so
	 * that every engine sees it before a row changes) or complete again. Nothing on a cluster
	 * without push states.
	 */
	async announcePush(store: WorkspaceStore, pending: boolean): Promise<void> {
		if (!(await this.clusterHasPushStates())) return;
		await recordPushState(this.pushTarget.client, store.storeId, store.url, pending);
		if (pending && this.pushStateMs > 0) {
			await new Promise((resolve) => setTimeout(resolve, this.pushStateMs));
		}
		if (!pending) await this.prunePushStates(store);
	}

	/**
	 * Deletes the store's push states older than its latest settled one on each shard, once more
	 * than `pushStatesKept` are there. A failure is logged, not the push's: the rows are complete.
	 */
	private async prunePushStates(store: WorkspaceStore): Promise<void> {
		for (const shard of this.pushTarget.shards) {
			try {
				await prunePushStates(shard, store.storeId, this.pushStatesKept);
			} catch (error) {
				const reason = error instanceof Error ? error.message : String(error);
				this.log?.(
					`Pruning the push states of ${store.url} on ${shard.target.url} failed (${reason}); the next push prunes them.`,
				);
			}
		}
	}

	/** Whether another engine is replacing the rows of the store at `url` (cached `pushStateMs`). */
	private pendingElsewhere(url: string): Promise<boolean> {
		const held = this.pendingAt.get(url);
		if (held && Date.now() - held.at < this.pushStateMs) return held.pending;
		if (this.pendingAt.size >= 10_000) this.pendingAt.clear();
		const pending = this.clusterHasPushStates()
			.then((has) => (has ? pushPending(this.pushTarget.client, url) : false))
			.then((now) => {
				// Seen replaced and complete again: answers cached before the push are dropped.
				if (now && this.seenPending.size < 10_000) this.seenPending.add(url);
				else if (this.seenPending.delete(url)) this.ctx.notifyWrite();
				return now;
			});
		this.pendingAt.set(url, { at: Date.now(), pending });
		// A failed read (cluster unreachable) is asked again by the next request.
		pending.catch(() => this.pendingAt.delete(url));
		return pending;
	}

	/**
	 * The source of a store's reports while its cluster rows are behind its workspace; undefined
	 * when the cluster is current. A store another engine syncs is never read while that engine
	 * replaces its rows (its push state on the cluster): 503, try again.
	 */
	async pendingSource(url: string): Promise<ReportSource | undefined> {
		const store = this.byUrl(url);
		if (!store) {
			if (await this.pendingElsewhere(url)) {
				throw new RestError(
					'abacus_engine_store_updating',
					"This store's figures are being updated on the cluster by the engine that syncs it; try again in a few seconds.",
					503,
				);
			}
			return undefined;
		}
		if (!store.dirty) return undefined;
		return { reader: store.db, settings: await store.settings(), store: `workspace:${url}` };
	}

	/** A round of every store now, each followed by its push. */
	async syncNow(): Promise<void> {
		for (const store of this.stores) {
			await store.sync.syncNow();
			await store.flush();
		}
	}

	async stop(): Promise<void> {
		for (const store of this.stores) await store.stop();
		for (const store of this.stores) store.db.close();
	}
}

/** Contexts whose server is an engine on ClickHouse with connected stores. */
const ingests = new WeakMap<ServerContext, EngineIngest>();

/**
 * The ingest of an engine server; for an engine that opened none (no `--db` file, in memory, or
 * `sync: false`) one syncing no store, made on first use: it still asks the cluster's push states,
 * so such a server answers a store 503 while the engine that syncs it replaces its rows, as every
 * other engine does. Undefined on a DuckDB server.
 */
export function engineIngestOf(ctx: ServerContext): EngineIngest | undefined {
	const held = ingests.get(ctx);
	if (held || !ctx.config.engine) return held;
	const target = ctx.config.engine;
	const client = new ClickHouseClient(target, { insert_distributed_sync: 1 });
	const readOnly = new EngineIngest(ctx, { client, shards: [] });
	ingests.set(ctx, readOnly);
	return readOnly;
}

/** The workspaces' folder of an engine whose own database is `databasePath`. */
export function workspaceDir(databasePath: string): string {
	return path.join(path.dirname(path.resolve(databasePath)), 'stores');
}

async function storeIdFor(
	db: Db,
	client: ClickHouseClient,
	shards: ClickHouseClient[],
	url: string,
): Promise<number> {
	await db.exec('CREATE TABLE IF NOT EXISTS clickhouse_store (store_id BIGINT NOT NULL)');
	const kept = await db.one<{ store_id: number | bigint }>(
		'SELECT store_id FROM clickhouse_store LIMIT 1',
	);
	if (kept) return Number(kept.store_id);
	// The id its URL is registered under, else a new one claimed on the cluster (never the
	// highest plus one: two engines connecting stores at once would take the same).
	const id = await allocateStoreId(client, url, await readStoreSettings(db), { shards });
	await db.run('INSERT INTO clickhouse_store (store_id) VALUES (?)', [id]);
	return id;
}

/**
 * Opens every workspace in `dir`, gives each store its cluster id and starts its sync (pushing
 * after every batch). A workspace holding no connected store is left closed, with a line in the log.
 */
export async function openEngineIngest(
	ctx: ServerContext,
	options: EngineIngestOptions,
): Promise<EngineIngest> {
	const files = fs.existsSync(options.dir)
		? fs
				.readdirSync(options.dir)
				.filter((name) => name.endsWith('.duckdb'))
				.sort()
		: [];
	const client = new ClickHouseClient(options.target, { insert_distributed_sync: 1 });
	// The shards are asked only when there is a store to push (the server checks the cluster).
	const shardUrls = files.length ? await recordedShards(options.target) : [];
	const shards = (shardUrls.length ? shardUrls : [options.target.url]).map(
		(url) => new ClickHouseClient({ url, database: options.target.database }),
	);
	const ingest = new EngineIngest(ctx, { client, shards }, options.log);
	ingests.set(ctx, ingest);
	// A request naming no store is refused (400); a store the cluster holds but no workspace
	// syncs is answered from its rows there (`reports/shared/import.ts`).
	setImportJobs(ctx, (request) =>
		request.engineStore === undefined
			? workspaceOf(ingest, request).imports
			: ingest.byUrl(request.engineStore)?.imports,
	);
	const taken = new Set<number>();
	for (const name of files) {
		const db = await Db.open(path.join(options.dir, name));
		let connected: SyncStore | undefined;
		try {
			[connected] = await listStores(db);
			if (!connected) {
				options.log?.(`${name} holds no connected store (npm run connect); not synced.`);
				db.close();
				continue;
			}
			await createStoreSchema(db);
			await ensureRollups(db);
		} catch (error) {
			db.close();
			throw error;
		}
		const url = normaliseStoreId(connected.url) ?? connected.url;
		if (ingest.byUrl(url)) {
			db.close();
			throw new Error(`Two workspaces in ${options.dir} hold the store ${url}.`);
		}
		const storeId = await storeIdFor(db, client, shards, url);
		if (taken.has(storeId)) {
			db.close();
			throw new Error(
				`Two workspaces in ${options.dir} hold the cluster store id ${storeId}.`,
			);
		}
		taken.add(storeId);
		if (connected.engineSecret) ingest.secrets.set(url, connected.engineSecret);
		const pushes: { store?: WorkspaceStore } = {};
		const sync = new StoreSync({
			...options.syncOptions,
			db,
			store: connected,
			intervalSeconds: options.intervalSeconds,
			log: options.log,
			notifyWrite: () => {
				ctx.notifyWrite();
				pushes.store?.requestPush();
			},
		});
		const workspace = new WorkspaceStore(url, storeId, db, sync, ingest);
		pushes.store = workspace;
		ingest.stores.push(workspace);
		// Registered at once: the id is taken, and the engine knows the store's settings.
		await workspace.registerSettings();
		// Whatever the workspace holds that the cluster may not (a stop during a push): pushed now.
		workspace.requestPush();
		if (options.autoStart !== false) sync.start();
	}
	return ingest;
}

/**
 * The workspace of a request's store (its token's, or the one the engine's operator chose);
 * 404 when this engine does not sync that store.
 */
export function workspaceOf(
	ingest: EngineIngest | undefined,
	request: FastifyRequest,
): WorkspaceStore {
	const url = request.engineStore;
	const store = url === undefined ? undefined : ingest?.byUrl(url);
	if (!store) {
		throw new RestError(
			'abacus_engine_store_not_synced',
			url === undefined
				? 'Name the store: this engine syncs many stores (a store token, or the store chosen on the engine page).'
				: 'This engine does not sync this store: connect it (npm run connect -- --db <the stores folder>/<name>.duckdb) and restart the engine.',
			url === undefined ? 400 : 404,
		);
	}
	return store;
}

/**
 * `GET /wp-json/abacus/v1/sync` on a ClickHouse engine: the token's store, with its pushes; and
 * `POST /wp-json/abacus/v1/sync/settings`.
 */
export async function registerIngestRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
): Promise<void> {
	app.get('/abacus/v1/sync', { config: { engineIngest: true } }, async (request) => {
		const store = workspaceOf(engineIngestOf(ctx), request);
		const status = await syncStatus(store.db, {
			syncs: [store.sync],
			syncNow: () => store.sync.syncNow(),
			stop: () => store.stop(),
		});
		return {
			stores: status.stores.map((entry) => ({
				...entry,
				cluster: {
					storeId: store.storeId,
					state:
						store.lastPushError && store.dirty
							? 'error'
							: store.dirty
								? 'pushing'
								: 'current',
					pushes: store.pushes,
					lastPush: store.lastPush,
					lastError: store.lastPushError,
				},
			})),
		};
	});
	// The plugin's notice that settings which shape figures were saved: the store's sync reads
	// them at once (its figures reach the cluster with the next push).
	app.post(
		'/abacus/v1/sync/settings',
		{ config: { engineIngest: true } },
		async (request, reply) => {
			const store = workspaceOf(engineIngestOf(ctx), request);
			const answer = requestSettings([store.sync], store.sync.storeId);
			return reply.code(answer.status).send(answer.body);
		},
	);
}
