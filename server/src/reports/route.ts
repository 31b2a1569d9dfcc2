/**
 * Registers one report route: JSON-schema validation of its parameters, PHP-like normalisation,
 * a cache of computed responses keyed by the normalised query (dropped on every write), and the
 * X-WP-Total / X-WP-TotalPages / Link paging headers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { ServerContext } from '../core/context.js';
import { normaliser, Query, querySchema, type ParamSpecs } from './params.js';
import { storeSettings, type StoreSettings } from './settings.js';

export interface RouteResult {
	body: unknown;
	/** Total items; omitted for responses without paging headers. */
	total?: number;
	totalPages?: number;
}

export type ReportHandler = (
	q: Query,
	settings: StoreSettings,
	request: FastifyRequest,
) => Promise<RouteResult>;

const MAX_CACHE = 500;

export class ReportCache {
	private readonly entries = new Map<string, RouteResult>();
	constructor(ctx: ServerContext) {
		ctx.onWrite(() => this.entries.clear());
	}
	get(key: string): RouteResult | undefined {
		return this.entries.get(key);
	}
	set(key: string, value: RouteResult): void {
		if (this.entries.size >= MAX_CACHE) {
			const first = this.entries.keys().next();
			if (!first.done) this.entries.delete(first.value);
		}
		this.entries.set(key, value);
	}
	clear(): void {
		this.entries.clear();
	}
}

function cacheKey(path: string, query: Record<string, unknown>): string {
	const keys = Object.keys(query)
		.filter((k) => k !== '_locale' && k !== 'timestamp')
		.sort();
	return `${path}?${JSON.stringify(keys.map((k) => [k, query[k]]))}`;
}

/** `_fields`: response objects reduced to the listed top-level keys (comma list or array). */
function reduceFields(body: unknown, fields: unknown): unknown {
	const list = (
		Array.isArray(fields) ? fields : typeof fields === 'string' ? fields.split(',') : []
	)
		.map((f) => String(f).trim().split('.')[0])
		.filter((f) => f !== '');
	if (!list.length) return body;
	const pick = (item: unknown): unknown =>
		item && typeof item === 'object' && !Array.isArray(item)
			? Object.fromEntries(Object.entries(item).filter(([k]) => list.includes(k)))
			: item;
	return Array.isArray(body) ? body.map(pick) : pick(body);
}

function linkHeader(request: FastifyRequest, page: number, totalPages: number): string | undefined {
	const links: string[] = [];
	const [path, search = ''] = request.url.split('?', 2);
	const make = (p: number, rel: string): void => {
		const params = new URLSearchParams(search);
		params.set('page', String(p));
		links.push(`<${path}?${params.toString()}>; rel="${rel}"`);
	};
	if (page > 1 && page <= totalPages + 1) make(page - 1, 'prev');
	if (page < totalPages) make(page + 1, 'next');
	return links.length ? links.join(', ') : undefined;
}

export function reportRoute(
	app: FastifyInstance,
	ctx: ServerContext,
	cache: ReportCache,
	path: string,
	specs: ParamSpecs,
	handler: ReportHandler,
): void {
	app.get(path, {
		schema: { querystring: querySchema(specs) },
		preValidation: normaliser(specs),
		handler: async (request: FastifyRequest, reply: FastifyReply) => {
			const raw = (request.query ?? {}) as Record<string, unknown>;
			const params = (request.params ?? {}) as Record<string, unknown>;
			const key = cacheKey(
				`${request.routeOptions.url ?? path}|${JSON.stringify(params)}`,
				raw,
			);
			let result = cache.get(key);
			if (!result) {
				const settings = await storeSettings(ctx);
				result = await handler(new Query(raw), settings, request);
				cache.set(key, result);
			}
			if (result.total !== undefined) {
				const totalPages = result.totalPages ?? 1;
				reply.header('X-WP-Total', String(result.total));
				reply.header('X-WP-TotalPages', String(totalPages));
				const page = typeof raw.page === 'number' ? raw.page : 1;
				const link = linkHeader(request, page, totalPages);
				if (link) reply.header('Link', link);
			}
			return reply.send(
				raw._fields === undefined ? result.body : reduceFields(result.body, raw._fields),
			);
		},
	});
}
