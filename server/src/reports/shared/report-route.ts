/**
 * Registers one report route: JSON-schema validation of its parameters, PHP-like normalisation
 * (`http/params.ts`), the date-range and interval-count bounds, a cache of computed responses
 * keyed by the store and the normalised query (dropped on every write), the paging headers and
 * `_fields`. On a multi-store engine (`ReportEngine`, e.g. ClickHouse) each request's store, reader
 * and settings come from the engine; only routes registered with `seam: true` are answered there.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { ServerContext } from '../../core/context.js';
import type { CostBook } from '../../db/costs.js';
import { invalidParams, RestError } from '../../http/errors.js';
import { writePagingHeaders } from '../../http/paging.js';
import { normaliser, Query, querySchema, type ParamSpecs } from '../../http/params.js';
import { reduceFields } from '../../http/response.js';
import { storeSettings, type StoreSettings } from '../../db/store-settings.js';
import type { SqlReader } from '../../metrics/dialect.js';
import { dateRange } from './date-range.js';

export interface RouteResult {
	body: unknown;
	/** Total items; omitted for responses without paging headers. */
	total?: number;
	totalPages?: number;
}

/**
 * A report route's computation. `reader` is the request's store: the server's DuckDB, or the
 * engine's reader scoped to the token's store (routes registered with `seam: true` only).
 */
export type ReportHandler = (
	q: Query,
	settings: StoreSettings,
	request: FastifyRequest,
	reader: SqlReader,
) => Promise<RouteResult>;

/** Where one request's figures come from on a multi-store engine. */
export interface ReportSource {
	reader: SqlReader;
	settings: StoreSettings;
	/** Names the store in the report cache's keys. */
	store: string;
	/** The store's costs (read and recorded), when the engine keeps them. */
	costs?: CostBook;
}

/** A multi-store engine (`--engine clickhouse://…`) answering the routes on the metric layer's seam. */
export interface ReportEngine {
	/** The engine's name, for messages ('ClickHouse'). */
	readonly name: string;
	/**
	 * The store a request is for; throws a 401/403 RestError when the request names no store
	 * this engine holds (never falls back to another store).
	 */
	source(request: FastifyRequest): Promise<ReportSource>;
	/** How long a cached answer is served (the engine's rows change outside this server). */
	readonly maxAgeMs: number;
}

declare module 'fastify' {
	interface FastifyContextConfig {
		/** A report route answered through the reader it is handed (any engine). */
		engineSeam?: boolean;
	}
}

export interface ReportRouteOptions {
	/**
	 * The route reads only through the `reader` it is handed (the metric layer's seam), so a
	 * multi-store engine answers it. Other routes answer 501 on such an engine (`app.ts`).
	 */
	seam?: boolean;
}

/** 501 for a route a multi-store engine does not answer yet (never a figure from elsewhere). */
export function notOnEngine(engine: string, method: string, route: string): RestError {
	return new RestError(
		'abacus_not_supported_on_engine',
		`${method} ${route} is not answered by the ${engine} engine yet: this report still reads the embedded DuckDB store only.`,
		501,
		{ route, engine },
	);
}

const MAX_CACHE = 500;

export class ReportCache {
	private readonly entries = new Map<string, { result: RouteResult; at: number }>();
	private clears = 0;
	/** `engine`: the multi-store engine the server answers from (absent: the server's DuckDB). */
	constructor(
		private readonly ctx: ServerContext,
		readonly engine?: ReportEngine,
	) {
		ctx.onWrite(() => {
			this.clears += 1;
			this.entries.clear();
		});
	}
	/**
	 * Read before computing a result and passed to `set`: a result computed while a write started,
	 * ended or was announced is not cached (it may mix the states before and after the write).
	 */
	generation(): string {
		return `${this.ctx.db.generation}:${this.clears}`;
	}
	get(key: string): RouteResult | undefined {
		const entry = this.entries.get(key);
		if (!entry) return undefined;
		if (this.engine && Date.now() - entry.at > this.engine.maxAgeMs) {
			this.entries.delete(key);
			return undefined;
		}
		return entry.result;
	}
	set(key: string, value: RouteResult, generation: string): void {
		if (generation !== this.generation()) return;
		if (this.entries.size >= MAX_CACHE) {
			const first = this.entries.keys().next();
			if (!first.done) this.entries.delete(first.value);
		}
		this.entries.set(key, { result: value, at: Date.now() });
	}
	clear(): void {
		this.entries.clear();
	}
}

/** Most intervals one stats request may cover (a day interval over 27 years, an hour over 13 months). */
export const MAX_INTERVALS = 10_000;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Upper bound of the buckets `interval` splits [after, before] into (naive local ms). */
export function intervalCount(after: number, before: number, interval: string): number {
	if (before < after) return 0;
	const a = new Date(after);
	const b = new Date(before);
	const months =
		(b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
	switch (interval) {
		case 'hour':
			return Math.floor(before / HOUR) - Math.floor(after / HOUR) + 1;
		case 'day':
			return Math.floor(before / DAY) - Math.floor(after / DAY) + 1;
		case 'week':
			// Weeks may also split at 1 January: one more bucket per year crossed.
			return (
				Math.floor((Math.floor(before / DAY) - Math.floor(after / DAY)) / 7) +
				2 +
				(b.getUTCFullYear() - a.getUTCFullYear())
			);
		case 'month':
			return months + 1;
		case 'quarter':
			return (
				Math.floor(b.getUTCMonth() / 3) -
				Math.floor(a.getUTCMonth() / 3) +
				(b.getUTCFullYear() - a.getUTCFullYear()) * 4 +
				1
			);
		default:
			return b.getUTCFullYear() - a.getUTCFullYear() + 1;
	}
}

const FIRST_DAY = Date.UTC(1000, 0, 1);
const LAST_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

/** 400 when the range (after `before`'s 7-day default for `after`) leaves the years 1000..9999. */
function checkDateRange(raw: Record<string, unknown>, settings: StoreSettings): void {
	const { after, before } = dateRange(raw, settings.timeZone);
	if (after < FIRST_DAY || before > LAST_MS || after > LAST_MS || before < FIRST_DAY) {
		throw invalidParams({
			[after < FIRST_DAY || after > LAST_MS ? 'after' : 'before']:
				'Dates must lie between 1000-01-01 and 9999-12-31 (without after, the range starts 7 days before before).',
		});
	}
}

/** 400 naming the limit when a stats request would cover more than MAX_INTERVALS intervals. */
function checkIntervalCount(raw: Record<string, unknown>, settings: StoreSettings): void {
	const interval = typeof raw.interval === 'string' ? raw.interval : 'week';
	const { after, before } = dateRange(raw, settings.timeZone);
	const count = intervalCount(after, before, interval);
	if (count > MAX_INTERVALS) {
		throw invalidParams({
			interval: `interval=${interval} splits this date range into ${count} intervals; at most ${MAX_INTERVALS} are answered. Choose a larger interval or a shorter range.`,
		});
	}
}

function cacheKey(path: string, query: Record<string, unknown>): string {
	const keys = Object.keys(query)
		.filter((k) => k !== '_locale' && k !== 'timestamp')
		.sort();
	return `${path}?${JSON.stringify(keys.map((k) => [k, query[k]]))}`;
}

export function reportRoute(
	app: FastifyInstance,
	ctx: ServerContext,
	cache: ReportCache,
	path: string,
	specs: ParamSpecs,
	handler: ReportHandler,
	options: ReportRouteOptions = {},
): void {
	app.get(path, {
		schema: { querystring: querySchema(specs) },
		preValidation: normaliser(specs),
		config: { engineSeam: options.seam === true },
		handler: async (request: FastifyRequest, reply: FastifyReply) => {
			const raw = (request.query ?? {}) as Record<string, unknown>;
			const params = (request.params ?? {}) as Record<string, unknown>;
			// The store first: the cache never answers one store with another's figures.
			if (cache.engine && options.seam !== true) {
				// Checked by the app for every route already; kept here so no report of the
				// embedded store is ever served on a multi-store engine.
				const url = (request.routeOptions.url ?? path).replace(/^\/wp-json/, '');
				throw notOnEngine(cache.engine.name, request.method, url);
			}
			const source: ReportSource = cache.engine
				? await cache.engine.source(request)
				: { reader: ctx.db, settings: await storeSettings(ctx), store: '' };
			const key = cacheKey(
				`${JSON.stringify(source.store)}|${request.routeOptions.url ?? path}|${JSON.stringify(params)}`,
				raw,
			);
			let result = cache.get(key);
			if (!result) {
				const generation = cache.generation();
				const settings = source.settings;
				if (specs.after || specs.before) checkDateRange(raw, settings);
				if (specs.interval) checkIntervalCount(raw, settings);
				result = await handler(new Query(raw), settings, request, source.reader);
				cache.set(key, result, generation);
			}
			if (result.total !== undefined) {
				const page = typeof raw.page === 'number' ? raw.page : 1;
				writePagingHeaders(request, reply, result.total, result.totalPages ?? 1, page);
			}
			return reply.send(reduceFields(result.body, raw));
		},
	});
}
