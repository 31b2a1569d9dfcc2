/**
 * The store group's routes, for the engine's operator on the engine's own admin page:
 * `GET /wp-json/abacus/v1/stores` (the stores the engine serves) and
 * `GET /wp-json/abacus/v1/reports/stores/stats` (their combined revenue stats,
 * `reports/stores/store-group.ts`).
 * They answer only the page's own requests (its nonce, from its own origin) and never a store's
 * token: a store may read its own figures, not the group's. On a DuckDB server (one store) they
 * answer that one store, id 1.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ServerContext } from '../core/context.js';
import { getOption } from '../db/options.js';
import { storeSettings } from '../db/store-settings.js';
import { engineStoreSource } from '../engine-auth/source.js';
import { normaliseStoreId } from '../engine-auth/token.js';
import { missingParams, RestError } from '../http/errors.js';
import { normaliser, querySchema, type ParamSpecs } from '../http/params.js';
import { fromOwnPages } from '../http/security.js';
import {
	loginRequired,
	requestNonceMatches,
	sessionMayRead,
} from '../engine-auth/operator-auth.js';
import { dateRange } from '../reports/shared/date-range.js';
import { intervalCount, MAX_INTERVALS } from '../reports/shared/report-route.js';
import { ClickHouseClient } from '../clickhouse/client.js';
import { storeHasRollups } from '../clickhouse/rollups.js';
import { storeByUrl } from '../clickhouse/registry.js';
import { ClickHouseStore } from '../clickhouse/store.js';
import {
	chooseStores,
	GROUP_FIELDS,
	groupStats,
	MAX_GROUP_INTERVALS,
	parseStoreIds,
	storeName,
	type GroupStore,
	type ReadableStore,
} from '../reports/stores/store-group.js';

declare module 'fastify' {
	interface FastifyContextConfig {
		/** A store-group route: answered on a multi-store engine too (its own authorisation). */
		storeGroup?: boolean;
	}
}

const SPECS: ParamSpecs = {
	after: { type: 'date-time' },
	before: { type: 'date-time' },
	interval: {
		type: 'string',
		default: 'week',
		enum: ['hour', 'day', 'week', 'month', 'quarter', 'year'],
	},
	fields: { type: 'strings', enum: GROUP_FIELDS },
};

/** Most stores listed (a registry beyond this is answered in part, the lowest ids first). */
const MAX_LISTED = 1000;

/**
 * The operator's page only: no `Authorization` header (a store's token never reads the group),
 * in engine mode a signed-in operator (401 otherwise), the page's nonce (the session's in engine
 * mode, the server's on the demo server), and not from another site.
 */
export function operatorOnly(request: FastifyRequest, ctx: ServerContext): void {
	if (request.headers.authorization !== undefined) {
		throw new RestError(
			'abacus_stores_operator_only',
			"The store group is for the engine's operator, on the engine's own admin page: a store's token reads that store's reports only.",
			403,
		);
	}
	if (request.engineMode === true && request.operatorSession === undefined) {
		throw loginRequired();
	}
	if (!requestNonceMatches(request, ctx)) {
		throw new RestError('rest_cookie_invalid_nonce', 'Cookie check failed', 403);
	}
	if (!fromOwnPages(request.headers, ctx.config.allowedHosts)) {
		throw new RestError(
			'rest_forbidden_origin',
			"The store group answers only this server's own pages.",
			403,
		);
	}
}

export interface Registry {
	list(): Promise<GroupStore[]>;
	readable(store: GroupStore): Promise<ReadableStore>;
}

/** A DuckDB server: its one store. */
function singleStore(ctx: ServerContext): Registry {
	return {
		async list() {
			const settings = await storeSettings(ctx);
			const url = String(await getOption<unknown>(ctx.db, 'siteurl', ''));
			const title = String(await getOption<unknown>(ctx.db, 'blogname', ''));
			return [
				{
					id: 1,
					url,
					name: title || storeName(url),
					currency: settings.currency,
					time_zone: settings.timeZone,
				},
			];
		},
		async readable(store) {
			return { ...store, settings: await storeSettings(ctx), reader: ctx.db };
		},
	};
}

/**
 * A ClickHouse engine: the stores registered on the cluster whose secret the engine holds (those
 * whose pages it answers), read from the registry at most every 2 s.
 */
export function clusterStores(ctx: ServerContext, client: ClickHouseClient): Registry {
	const source = engineStoreSource(ctx);
	let cached: { at: number; stores: Promise<GroupStore[]> } | null = null;
	async function read(): Promise<GroupStore[]> {
		const configured = typeof source === 'function' ? await source() : source;
		const served = new Set(configured.map((entry) => normaliseStoreId(entry.url)));
		const rows = await client.all<{
			store_id: number;
			url: string;
			currency: string;
			time_zone: string;
		}>(
			`SELECT store_id, argMax(url, version) AS url, argMax(currency, version) AS currency, argMax(time_zone, version) AS time_zone FROM ${client.target.database}.stores_all GROUP BY store_id ORDER BY store_id LIMIT ${MAX_LISTED}`,
		);
		return rows
			.filter((row) => served.has(row.url))
			.map((row) => ({
				id: Number(row.store_id),
				url: row.url,
				name: storeName(row.url),
				currency: row.currency,
				time_zone: row.time_zone,
			}));
	}
	return {
		list() {
			if (cached && Date.now() - cached.at < 2000) return cached.stores;
			const stores = read();
			cached = { at: Date.now(), stores };
			stores.catch(() => (cached = null));
			return stores;
		},
		async readable(store) {
			const registered = await storeByUrl(client, store.url);
			if (!registered || registered.storeId !== store.id) {
				throw new RestError(
					'abacus_engine_store_unknown',
					`The store ${store.name} (id ${store.id}) is no longer registered on the cluster.`,
					409,
				);
			}
			return {
				...store,
				settings: registered.settings,
				// A store loaded before its roll-ups existed is read from its orders.
				reader: new ClickHouseStore(client, store.id, {
					rollups: await storeHasRollups(client, store.id),
				}),
			};
		},
	};
}

/** 400 when the range is upside down, outside the years 1000..9999, or has too many intervals. */
function checkRange(raw: Record<string, unknown>, storeCount: number): void {
	const missing = ['after', 'before'].filter((name) => typeof raw[name] !== 'string');
	if (missing.length) throw missingParams(missing);
	// Each store reads the dates in its own zone; the wall-time span is the same in every one.
	const { after, before } = dateRange(raw, 'UTC');
	const bad = (name: string, message: string): RestError =>
		new RestError('rest_invalid_param', message, 400, { params: { [name]: message } });
	if (after < Date.UTC(1000, 0, 1) || before > Date.UTC(9999, 11, 31, 23, 59, 59)) {
		throw bad('after', 'Dates must lie between 1000-01-01 and 9999-12-31.');
	}
	if (before < after) throw bad('before', 'before must not be earlier than after.');
	const interval = String(raw.interval ?? 'week');
	const count = intervalCount(after, before, interval);
	if (count > MAX_INTERVALS || count * storeCount > MAX_GROUP_INTERVALS) {
		throw bad(
			'interval',
			`interval=${interval} splits this date range into ${count} intervals for each of ${storeCount} stores; at most ${Math.min(MAX_INTERVALS, Math.floor(MAX_GROUP_INTERVALS / storeCount))} are answered. Choose a larger interval, a shorter range or fewer stores.`,
		);
	}
}

export async function registerStoreGroupRoutes(
	app: FastifyInstance,
	ctx: ServerContext,
): Promise<void> {
	const engine = ctx.config.engine;
	const registry = engine
		? clusterStores(ctx, new ClickHouseClient(engine, { join_use_nulls: 1 }))
		: singleStore(ctx);

	app.get('/abacus/v1/stores', {
		config: { storeGroup: true },
		handler: async (request) => {
			operatorOnly(request, ctx);
			// A signed-in operator limited to some stores sees only those.
			return (await registry.list()).filter((store) => sessionMayRead(request, store));
		},
	});

	app.get('/abacus/v1/reports/stores/stats', {
		config: { storeGroup: true },
		schema: { querystring: querySchema(SPECS) },
		preValidation: normaliser(SPECS),
		handler: async (request) => {
			operatorOnly(request, ctx);
			const raw = (request.query ?? {}) as Record<string, unknown>;
			const ids = parseStoreIds(raw.stores);
			checkRange(raw, ids.length);
			const readable = (await registry.list()).filter((store) =>
				sessionMayRead(request, store),
			);
			const chosen = chooseStores(readable, ids);
			const stores = await Promise.all(chosen.map((store) => registry.readable(store)));
			const fields =
				Array.isArray(raw.fields) && raw.fields.length ? raw.fields : GROUP_FIELDS;
			return groupStats(stores, {
				after: String(raw.after),
				before: String(raw.before),
				interval: String(raw.interval ?? 'week'),
				fields: GROUP_FIELDS.filter((field) => (fields as unknown[]).includes(field)),
			});
		},
	});
}
