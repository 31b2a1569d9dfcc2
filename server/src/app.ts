/**
 * The Fastify application: WordPress-like REST transport (query parsing, method override, nonce,
 * error shape) with route modules registered under `/wp-json`.
 */
import http from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import qs from 'qs';

import { registerAdminRoutes } from './admin/index.js';
import {
	answersOperator,
	installOperatorStore,
	refuseStoreAdmin,
	requireChosenStore,
} from './clickhouse-engine/operator-store.js';
import { checkEngine, clickHouseEngine } from './clickhouse-engine/report-source.js';
import { registerStoreGroupRoutes } from './clickhouse-engine/store-group-routes.js';
import { clickhouseStorage } from './clickhouse/storage.js';
import { engineIngestOf, registerIngestRoutes } from './sync/clickhouse-workspaces.js';
import { BATCH_ROUTE, registerBatchRoute } from './engine-auth/batch.js';
import { installEngineAuth } from './engine-auth/index.js';
import {
	installEngineGate,
	installOperatorAuth,
	LOGOUT_ROUTE,
	pageAccess,
	requestNonceMatches,
	SESSION_ROUTE,
} from './engine-auth/operator-auth.js';
import { LOGIN_PATH } from './engine-auth/login-page.js';
import { engineStoreSource } from './engine-auth/source.js';
import { registerPageRoutes } from './page/index.js';
import { registerReportRoutes } from './reports/index.js';
import { notOnEngine } from './reports/shared/report-route.js';
import { registerSyncRoutes } from './sync/index.js';
import type { ServerContext } from './core/context.js';
import { NO_ROUTE, RestError, invalidParams } from './http/errors.js';
import { buildValidator } from './http/validators.js';
import {
	API_CSP,
	checkNumbers,
	hostAllowed,
	fromOwnPages,
	parseJsonBody,
} from './http/security.js';

/** Methods that never change anything; every other method needs the nonce. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/** Body size limit: anything larger is refused with 413. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * WordPress lets clients that cannot send PUT/DELETE use POST with `X-HTTP-Method-Override` or a
 * `_method` query parameter; apply that before routing.
 */
function applyMethodOverride(req: http.IncomingMessage): void {
	if (req.method !== 'POST' && req.method !== 'GET') return;
	const header = req.headers['x-http-method-override'];
	let wanted = typeof header === 'string' ? header.toUpperCase() : '';
	if (!wanted && req.url) {
		const match = /[?&]_method=([A-Za-z]+)/.exec(req.url);
		if (match) wanted = match[1].toUpperCase();
	}
	if (req.method === 'POST' && OVERRIDABLE.has(wanted)) req.method = wanted;
}

/** `/?rest_route=/ns/route&x=1` is the same as `/wp-json/ns/route?x=1`. */
function rewriteRestRoute(url: string): string {
	const [path, query = ''] = url.split('?', 2);
	if (path !== '/' && path !== '/index.php') return url;
	const params = new URLSearchParams(query);
	const route = params.get('rest_route');
	if (!route) return url;
	params.delete('rest_route');
	const rest = params.toString();
	return `/wp-json${route}${rest ? `?${rest}` : ''}`;
}

export async function createApp(ctx: ServerContext): Promise<FastifyInstance> {
	const app = Fastify({
		logger: false,
		bodyLimit: BODY_LIMIT,
		routerOptions: {
			ignoreTrailingSlash: true,
			maxParamLength: 500,
			querystringParser: (str: string) =>
				qs.parse(str, {
					arrayLimit: 1000,
					depth: 3,
					parameterLimit: 2000,
					allowDots: false,
				}),
		},
		rewriteUrl: (req) => rewriteRestRoute(req.url ?? '/'),
		serverFactory: (handler) =>
			http.createServer((req, res) => {
				applyMethodOverride(req);
				handler(req, res);
			}),
		// Compiled once per schema in the process (a new instance reuses them).
		schemaController: { compilersFactory: { buildValidator } },
		ajv: {
			customOptions: {
				coerceTypes: 'array',
				removeAdditional: false,
				useDefaults: true,
				allErrors: true,
			},
		},
	});

	// api-fetch sends DELETE (and bodiless PUT) as POST with a JSON content type and no body:
	// an empty JSON body is no body, not an error. Malformed JSON, prototype keys, numbers beyond
	// ±2^53 and deep nesting are 400s naming the body. Only JSON bodies are accepted: a text/plain
	// or form body (what a cross-site HTML form can send) is refused with 415.
	app.removeAllContentTypeParsers();
	app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
		try {
			done(null, parseJsonBody(typeof body === 'string' ? body : body.toString('utf8')));
		} catch (error) {
			done(error as RestError, undefined);
		}
	});

	// Which host names are answered (DNS rebinding).
	app.addHook('onRequest', async (request, reply) => {
		if (!hostAllowed(request.headers.host, ctx.config.allowedHosts)) {
			reply.header('Connection', 'close');
			throw new RestError(
				'rest_host_not_allowed',
				`This server does not answer for the host name ${JSON.stringify(request.headers.host ?? '')}. Start it with --allowed-host (or ABACUS_ALLOWED_HOSTS) naming the host clients use.`,
				421,
			);
		}
	});

	// Every response: no MIME sniffing, no framing, no referrer to other sites, and a CSP that
	// loads nothing (HTML pages set their own, with a nonce for their inline script).
	app.addHook('onSend', async (_request, reply, payload) => {
		reply.header('X-Content-Type-Options', 'nosniff');
		reply.header('X-Frame-Options', 'DENY');
		reply.header('Referrer-Policy', 'same-origin');
		reply.header('Cross-Origin-Opener-Policy', 'same-origin');
		if (!reply.hasHeader('Content-Security-Policy')) {
			reply.header('Content-Security-Policy', API_CSP);
		}
		return payload;
	});

	app.addHook('onRoute', (route) => {
		for (const method of [route.method].flat()) ctx.routes.push({ method, url: route.url });
	});

	app.setErrorHandler((error: FastifyError | RestError, _request, reply) => {
		if (error instanceof RestError) {
			return reply.status(error.status).send(error.toBody());
		}
		if (error.validation) {
			const params: Record<string, string> = {};
			for (const issue of error.validation) {
				const path = issue.instancePath.replace(/^\//, '').split('/')[0];
				const missing = (issue.params as { missingProperty?: string }).missingProperty;
				const name = path || missing || 'request';
				const allowed = (issue.params as { allowedValues?: unknown[] }).allowedValues;
				params[name] = allowed
					? `${name} is not one of ${allowed.join(', ')}.`
					: `${name} ${issue.message ?? 'is invalid'}.`;
			}
			return reply.status(400).send(invalidParams(params).toBody());
		}
		if (error.statusCode === 413) {
			return reply
				.status(413)
				.send(
					new RestError(
						'rest_request_too_large',
						'The request body is too large.',
						413,
					).toBody(),
				);
		}
		if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
			return reply
				.status(error.statusCode)
				.send(
					new RestError('rest_invalid_request', error.message, error.statusCode).toBody(),
				);
		}
		console.error(error);
		return reply
			.status(500)
			.send(
				new RestError(
					'internal_server_error',
					'The server could not complete the request.',
					500,
				).toBody(),
			);
	});

	app.setNotFoundHandler((request, reply) => {
		if (request.url.startsWith('/wp-json')) return reply.status(404).send(NO_ROUTE.toBody());
		return reply.status(404).type('text/plain').send('Not found');
	});

	// Engine mode (a ClickHouse engine or any store secret): the operator's session on every
	// request, the sign-in POST and the logout route.
	const auth = await installOperatorAuth(app, ctx, engineStoreSource(ctx));
	ctx.engineMode = auth.engineMode;

	// On a ClickHouse engine, the engine's signed-in operator may name a served store
	// (`X-Abacus-Store`): its requests then read that store as its token would.
	const operator = ctx.config.engine ? installOperatorStore(app, ctx) : undefined;

	// Engine mode (store secrets configured): the report routes need the store's token; CORS.
	await installEngineAuth(app, engineStoreSource(ctx));

	// Engine mode: nothing else answers without a store token or an operator session.
	installEngineGate(app);

	// Numbers no column can hold (1e308, 2^63, Infinity, NaN) in a REST route's query or path are
	// 400s (on an engine, only for a caller the gate let through). The admin page is served
	// whatever its address holds: the app reads its own query and drops what it cannot use.
	app.addHook('onRequest', async (request) => {
		if (request.is404 || !request.routeOptions.url?.startsWith('/wp-json/')) return;
		checkNumbers(
			request.query as Record<string, unknown> | undefined,
			request.params as Record<string, unknown> | undefined,
		);
	});

	// Once the request is routed (and any store token checked), the nonce and origin of every
	// mutating call, judged on the matched route and the effective method (after any method
	// override), never on the URL text. A store token verified on one of the writes it may make
	// (starting or cancelling an export, recording a cost, `TOKEN_WRITE_ROUTES`) stands in for
	// the nonce. In engine mode the nonce is the operator session's own (the server's is refused);
	// the sign-in POST checks its origin itself.
	app.addHook('onRequest', async (request) => {
		if (SAFE.has(request.method)) return;
		if (request.is404 || request.routeOptions.url === undefined) return;
		if (request.routeOptions.url === LOGIN_PATH) return;
		if (request.engineTokenWrite === true && request.engineStore !== undefined) return;
		if (!requestNonceMatches(request, ctx)) {
			throw new RestError('rest_cookie_invalid_nonce', 'Cookie check failed', 403);
		}
		if (!fromOwnPages(request.headers, ctx.config.allowedHosts)) {
			throw new RestError(
				'rest_forbidden_origin',
				"Requests that change data must come from this server's own pages.",
				403,
			);
		}
	});

	// On a ClickHouse engine only the report routes on the metric layer's seam answer (for the
	// token's store); every other REST route answers 501 rather than the embedded store's data.
	const engine = ctx.config.engine
		? clickHouseEngine(ctx.config.engine, {
				pending: async (url) => engineIngestOf(ctx)?.pendingSource(url),
			})
		: undefined;
	if (ctx.config.engine && engine) {
		await checkEngine(ctx.config.engine);
		app.addHook('onRequest', async (request) => {
			const url = request.routeOptions.url;
			if (request.is404 || url === undefined || !url.startsWith('/wp-json/')) return;
			if (request.routeOptions.config.engineSeam === true) return;
			if (request.routeOptions.config.storeGroup === true) return;
			if (request.routeOptions.config.engineIngest === true) return;
			if (url === '/wp-json/abacus/v1/engine/whoami') return;
			// Each of its paths goes through these checks as its own request.
			if (url === BATCH_ROUTE) return;
			if (url === LOGOUT_ROUTE || url === SESSION_ROUTE) return;
			if (answersOperator(request, ctx)) return;
			// A store's own administration (reviews, payments, plugins, set-up, product stock):
			// refused to the operator's page, saying it is done in the store's WordPress.
			refuseStoreAdmin(request, ctx);
			// A store's data asked from the engine's page without naming the store: 400 asking for it.
			requireChosenStore(request, ctx);
			throw notOnEngine(engine.name, request.method, url.slice('/wp-json'.length));
		});
	}

	// Several report GETs in one request (a store's page on the engine: one CORS preflight).
	registerBatchRoute(app);

	await app.register(
		async (rest) => {
			await registerReportRoutes(rest, ctx, engine);
			// The storage port the lookups read through: on a ClickHouse engine, the store its
			// operator chose; otherwise the server's own DuckDB store.
			await registerAdminRoutes(
				rest,
				ctx,
				ctx.config.engine ? clickhouseStorage(ctx) : undefined,
			);
			if (ctx.config.engine) await registerIngestRoutes(rest, ctx);
			else await registerSyncRoutes(rest, ctx);
			await registerStoreGroupRoutes(rest, ctx);
		},
		{ prefix: '/wp-json' },
	);
	await registerPageRoutes(app, ctx, operator, pageAccess);
	return app;
}
