/**
 * The store sync of the Abacus engine: registering a WooCommerce store (`connect`), keeping the
 * engine's database in step with it (`startSync`) and `GET /wp-json/abacus/v1/sync`.
 *
 * ```ts
 * await registerStore(db, { url: 'https://shop.example', auth: { kind: 'keys', key, secret } });
 * const sync = await startSync(ctx, { log: console.log });   // backfill, then a round a minute
 * await sync.stop();
 * ```
 */
import type { FastifyInstance } from 'fastify';

import type { ServerContext } from '../core/context.js';
import type { Db } from '../core/db.js';
import { StoreSync, type SyncOptions } from './store-sync.js';
import { createSyncSchema, listStores, readState } from './registry.js';

export { StoreSync, duration, type BackfillProgress, type RoundSummary } from './store-sync.js';
export {
	createSyncSchema,
	listEngineStores,
	listStores,
	readState,
	registerStore,
	storeId,
	type RegisteredStore,
} from './registry.js';
export { WooClient, StoreError, type StoreAuth } from './woo-client.js';
export { prepareEngineDatabase } from './prepare.js';

/** The syncs running in a server (one per registered store). */
export interface SyncService {
	syncs: StoreSync[];
	/** Runs a round of every store now (after its backfill when not done). */
	syncNow(): Promise<void>;
	stop(): Promise<void>;
}

const services = new WeakMap<ServerContext, SyncService>();

/** Starts syncing every store registered in the server's database. */
export async function startSync(
	ctx: ServerContext,
	options: Omit<SyncOptions, 'db' | 'store' | 'notifyWrite'> & { autoStart?: boolean } = {},
): Promise<SyncService> {
	await createSyncSchema(ctx.db);
	const syncs = (await listStores(ctx.db)).map(
		(store) =>
			new StoreSync({
				...options,
				db: ctx.db,
				store,
				notifyWrite: () => ctx.notifyWrite(),
			}),
	);
	if (options.autoStart !== false) for (const sync of syncs) sync.start();
	const service: SyncService = {
		syncs,
		async syncNow() {
			for (const sync of syncs) await sync.syncNow();
		},
		async stop() {
			await Promise.all(syncs.map((s) => s.stop()));
		},
	};
	services.set(ctx, service);
	return service;
}

function lagSeconds(watermark: string | null, lastSuccess: string | null): number | null {
	if (!lastSuccess) return null;
	const success = Date.parse(lastSuccess);
	if (!Number.isFinite(success)) return null;
	// How old the engine's view may be: time since the last round that completed.
	void watermark;
	return Math.max(0, Math.round((Date.now() - success) / 1000));
}

/** Per-store state, counts, last success, lag and last error. */
export async function syncStatus(db: Db, service: SyncService | undefined, only?: string) {
	const stores = await listStores(db);
	const counts = await db.one<Record<string, number>>(
		`SELECT (SELECT count(*) FROM orders WHERE parent_id = 0) AS orders,
			(SELECT count(*) FROM orders WHERE parent_id <> 0) AS refunds,
			(SELECT count(*) FROM products WHERE parent_id = 0) AS products,
			(SELECT count(*) FROM products WHERE parent_id <> 0) AS variations,
			(SELECT count(*) FROM categories) AS categories,
			(SELECT count(*) FROM coupons) AS coupons,
			(SELECT count(*) FROM customer_lookup) AS customers,
			(SELECT count(*) FROM tax_rates) AS tax_rates`,
	);
	const out = [];
	for (const store of stores) {
		if (only !== undefined && store.id !== only) continue;
		const state = await readState(db, store.id);
		const sync = service?.syncs.find(
			(s) => s.client.url === store.url || s.client.url === store.id,
		);
		// Without a running sync (another process, or `--no-sync`): what the database says.
		const phase = sync?.phase ?? (state.lastError ? 'error' : 'stopped');
		const backfill =
			state.phase === 'backfill'
				? (sync?.progress ?? {
						done: state.backfillDone,
						total: state.backfillTotal ?? 0,
						perSecond:
							state.backfillSeconds > 0
								? Math.round((state.backfillDone / state.backfillSeconds) * 10) / 10
								: 0,
						secondsLeft: null,
					})
				: null;
		let lastRound: unknown = null;
		try {
			lastRound = state.lastRound ? JSON.parse(state.lastRound) : null;
		} catch {
			lastRound = null;
		}
		out.push({
			id: store.id,
			url: store.url,
			auth: store.auth.kind,
			state: phase === 'idle' && state.phase === 'backfill' ? 'backfilling' : phase,
			counts: Object.fromEntries(
				Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)]),
			),
			backfill,
			lastSuccess: state.lastSuccess,
			lagSeconds: lagSeconds(state.watermark, state.lastSuccess),
			lastError: state.lastError ? { at: state.lastErrorAt, message: state.lastError } : null,
			intervalSeconds: sync?.intervalSeconds ?? store.intervalSeconds,
			rounds: state.rounds,
			lastRound,
			// When the settings that shape figures were last read from the store, and the last
			// change applied (option names): a setting saved in WooCommerce is in force once
			// `settings.readAt` is later than the save.
			settings: sync?.settings ?? null,
		});
	}
	return { stores: out };
}

/**
 * `POST abacus/v1/sync/settings` on the syncs given: each reads the store's settings at once
 * (`StoreSync.requestSettings`). Answers the settings status of each, or 409 when none of them
 * runs (an engine started with `--no-sync`, or a server that syncs no store).
 */
export function requestSettings(
	syncs: readonly StoreSync[],
	storeId: string | undefined,
): { status: number; body: unknown } {
	const chosen = syncs.filter((s) => storeId === undefined || s.storeId === storeId);
	const running = chosen.filter((s) => s.running);
	if (!running.length) {
		return {
			status: 409,
			body: {
				code: 'abacus_sync_not_running',
				message:
					"This server does not sync this store now (it was started without its sync, e.g. with --no-sync): the store's settings are read by the process that syncs it.",
				data: { status: 409 },
			},
		};
	}
	return {
		status: 202,
		body: {
			stores: running.map((s) => ({ id: s.storeId, settings: s.requestSettings() })),
		},
	};
}

/**
 * `GET /wp-json/abacus/v1/sync`, and `POST /wp-json/abacus/v1/sync/settings` (the plugin's notice
 * that settings which shape figures were saved), registered under `/wp-json`.
 */
export async function registerSyncRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
	app.get('/abacus/v1/sync', async (request) => {
		const only = (request as { engineStore?: string }).engineStore;
		return syncStatus(ctx.db, services.get(ctx), only);
	});
	app.post('/abacus/v1/sync/settings', async (request, reply) => {
		const only = (request as { engineStore?: string }).engineStore;
		const answer = requestSettings(services.get(ctx)?.syncs ?? [], only);
		return reply.code(answer.status).send(answer.body);
	});
}
