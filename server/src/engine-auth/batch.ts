/**
 * `GET /wp-json/abacus/v1/engine/batch?path=…&path=…`: several report GETs in one request. A
 * store's page asks the engine for a report's answers from another origin with its token in
 * `Authorization`, so each GET costs the browser a CORS preflight (the browser keeps preflights
 * per address, and each page of a chart has its own) and the preflights share the browser's six
 * connections to the engine with the requests: a products page's nine requests were answered about
 * 140 ms after they were asked for, where one takes 50. Here each path is answered as its own
 * request would be, through Fastify's `inject` with the caller's headers (host, origin, token,
 * cookies, chosen store) and address, so every check of the server runs for it as for a direct
 * request: its status, its paging headers and its body, in order.
 */
import type { FastifyInstance } from 'fastify';

import { invalidParams } from '../http/errors.js';

export const BATCH_ROUTE = '/wp-json/abacus/v1/engine/batch';

/** The most paths one batch answers (a year by hour is eight pages a period). */
export const BATCH_MAX_PATHS = 24;

/**
 * The paths a batch answers: report and leaderboard addresses, each segment letters, digits, `_`
 * or `-` (no `..`, no empty or encoded segment), then an optional query. The batch route itself
 * is not among them.
 */
const BATCH_PATH =
	/^\/wp-json\/wc-analytics\/(?:reports|leaderboards)(?:\/[A-Za-z0-9_-]+)*(?:\?[^#\s]*)?$/;

/** Headers of the caller a path is not sent with: its own body's, the connection's. */
const NOT_FORWARDED = new Set([
	'content-length',
	'content-type',
	'transfer-encoding',
	'connection',
	'keep-alive',
	'expect',
	'upgrade',
	'te',
	'trailer',
	'x-http-method-override',
]);

/** Headers of a path's answer the page reads (the ones CORS exposes, and the body's type). */
const ANSWERED_HEADERS = ['content-type', 'x-wp-total', 'x-wp-totalpages', 'link'] as const;

export interface BatchAnswer {
	status: number;
	headers: Record<string, string>;
	/** The answer's body as sent (JSON text). */
	body: string;
}

export function registerBatchRoute(app: FastifyInstance): void {
	app.get(
		BATCH_ROUTE,
		{
			schema: {
				querystring: {
					type: 'object',
					required: ['path'],
					properties: {
						path: {
							type: 'array',
							minItems: 1,
							maxItems: BATCH_MAX_PATHS,
							items: { type: 'string', maxLength: 8000 },
						},
					},
				},
			},
		},
		async (request, reply) => {
			const { path: paths } = request.query as { path: string[] };
			const wrong = paths.find((path) => !BATCH_PATH.test(path));
			if (wrong !== undefined) {
				throw invalidParams({
					path: `path must be report addresses under /wp-json/wc-analytics/ (${JSON.stringify(wrong.slice(0, 120))} is not one).`,
				});
			}
			const headers: Record<string, string | string[]> = {};
			for (const [name, value] of Object.entries(request.headers)) {
				if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = value;
			}
			const remoteAddress = request.raw.socket.remoteAddress ?? request.ip;
			const responses = await Promise.all(
				paths.map(async (path): Promise<BatchAnswer> => {
					const answer = await app.inject({
						method: 'GET',
						url: path,
						headers,
						remoteAddress,
					});
					const answered: Record<string, string> = {};
					for (const name of ANSWERED_HEADERS) {
						const value = answer.headers[name];
						if (typeof value === 'string' || typeof value === 'number') {
							answered[name] = String(value);
						}
					}
					return { status: answer.statusCode, headers: answered, body: answer.payload };
				}),
			);
			reply.header('Cache-Control', 'no-store');
			return { responses };
		},
	);
}
