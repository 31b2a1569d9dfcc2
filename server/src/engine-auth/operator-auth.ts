/**
 * Engine mode and the operator's sign-in.
 *
 * The server is an engine as soon as it serves a store for real: a ClickHouse engine, or any store
 * secret configured (fixed or from the connected stores' registry). Once an engine, it stays one
 * for the life of the process. In engine mode every request is refused with 401 unless it is
 *
 * - one of the public pages (`PUBLIC_ROUTES`: the built client's files, the sign-in form and its
 *   POST, the redirects to the admin page, the component gallery, the favicon),
 * - a request a valid store token authorised (`installEngineAuth`: the routes a store's pages
 *   call, for that store only), or
 * - a request of a signed-in operator (the session cookie).
 *
 * Writes in a session need that session's own nonce (the server-wide nonce is not accepted).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { ServerContext } from '../core/context.js';
import { NO_ROUTE, RestError } from '../http/errors.js';
import { fromOwnPages, nonceMatches, requestOrigin } from '../http/security.js';
import { storeLookup, type EngineStoreSource } from './index.js';
import { LOGIN_PATH, sendLoginPage } from './login-page.js';
import { createOperatorSchema, operatorMayRead, verifyOperator } from './operators.js';
import {
	clearedSessionCookie,
	LoginThrottle,
	SESSION_COOKIE,
	OperatorSessions,
	sessionCookie,
	sessionIdOf,
	type OperatorSession,
} from './sessions.js';

declare module 'fastify' {
	interface FastifyRequest {
		/** True when the server is an engine (set on every request, first of all). */
		engineMode?: boolean;
		/** The signed-in operator's session (engine mode only). */
		operatorSession?: OperatorSession;
		/** The session's id, from its cookie (engine mode only). */
		operatorSessionId?: string;
	}
}

/** The REST route that ends the session. */
export const LOGOUT_ROUTE = '/wp-json/abacus/v1/operator/logout';
/** The REST route answering the signed-in operator's name, stores and session nonce. */
export const SESSION_ROUTE = '/wp-json/abacus/v1/operator/session';

/** Routes anyone may reach in engine mode (matched URL → methods). */
const PUBLIC_ROUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
	['/abacus-build/*', new Set(['GET', 'HEAD'])],
	['/', new Set(['GET', 'HEAD'])],
	['/wp-admin', new Set(['GET', 'HEAD'])],
	['/favicon.ico', new Set(['GET', 'HEAD'])],
	['/abacus-gallery', new Set(['GET', 'HEAD'])],
	['/wp-admin/admin.php', new Set(['GET', 'HEAD'])],
	[LOGIN_PATH, new Set(['POST'])],
]);

/** The 401 of every request in engine mode that is neither a store's nor an operator's. */
export function loginRequired(): RestError {
	return new RestError(
		'abacus_engine_login_required',
		"This Abacus engine answers only its stores' pages (with a store token) and its signed-in operators: sign in at /wp-admin/admin.php?page=abacus.",
		401,
	);
}

/** The 403 of a store the engine does not serve or the operator may not read (same words). */
export function storeUnknown(id: number | string): RestError {
	const message = `The engine serves no store with id ${String(id).slice(0, 40)}: choose one of the stores it lists (GET abacus/v1/stores).`;
	return new RestError('abacus_operator_store_unknown', message, 403, {
		params: { 'X-Abacus-Store': message },
	});
}

/** Whether the signed-in operator may read this store (always outside a session's limits). */
export function sessionMayRead(
	request: FastifyRequest,
	store: { id: number; url: string },
): boolean {
	const session = request.operatorSession;
	return session === undefined ? request.engineMode !== true : operatorMayRead(session, store);
}

/**
 * The nonce a write of this request must carry: the session's in engine mode (null without a
 * session: no nonce is accepted), the server's otherwise.
 */
export function expectedNonce(request: FastifyRequest, ctx: ServerContext): string | null {
	if (request.engineMode !== true) return ctx.config.nonce;
	return request.operatorSession?.nonce ?? null;
}

/** Whether the request carries the nonce it needs (`X-WP-Nonce` or `_wpnonce`). */
export function requestNonceMatches(request: FastifyRequest, ctx: ServerContext): boolean {
	const expected = expectedNonce(request, ctx);
	if (expected === null) return false;
	const headerNonce = request.headers['x-wp-nonce'];
	const queryNonce = (request.query as Record<string, unknown> | undefined)?._wpnonce;
	return nonceMatches(typeof headerNonce === 'string' ? headerNonce : queryNonce, expected);
}

/** Whether the request came over TLS (directly or through a proxy saying so). */
function overTls(request: FastifyRequest): boolean {
	return requestOrigin(request.headers).startsWith('https:');
}

export interface OperatorAuth {
	sessions: OperatorSessions;
	throttle: LoginThrottle;
	/** Whether the server is (now) an engine; once true, true for good. */
	engineMode(): Promise<boolean>;
}

/**
 * Installs engine mode's first hook (the mode and the operator's session on every request), the
 * sign-in POST and the logout route.
 */
export async function installOperatorAuth(
	app: FastifyInstance,
	ctx: ServerContext,
	source: EngineStoreSource,
): Promise<OperatorAuth> {
	const renderLogin = sendLoginPage;
	const options = ctx.config.operatorSessions ?? {};
	const sessions = new OperatorSessions(options);
	const throttle = new LoginThrottle(sessions.now);
	const stores = storeLookup(source);
	let engine = ctx.config.engine !== undefined;
	const engineMode = async (): Promise<boolean> => {
		if (!engine) engine = (await stores()).length > 0;
		return engine;
	};
	if (await engineMode()) await createOperatorSchema(ctx.db);

	app.addHook('onRequest', async (request) => {
		request.engineMode = await engineMode();
		if (!request.engineMode) return;
		const id = sessionIdOf(request.headers.cookie);
		const session = sessions.find(id);
		if (session && id !== null) {
			request.operatorSession = session;
			request.operatorSessionId = id;
		}
	});

	await app.register(async (scope) => {
		// The sign-in form's body (the only route taking a form body).
		scope.addContentTypeParser(
			'application/x-www-form-urlencoded',
			{ parseAs: 'string', bodyLimit: 8192 },
			(_request, body, done) => {
				done(null, new URLSearchParams(typeof body === 'string' ? body : body.toString()));
			},
		);
		scope.post(LOGIN_PATH, { bodyLimit: 8192 }, async (request, reply) => {
			if (request.engineMode !== true) {
				return reply.status(404).type('text/plain').send('Not found');
			}
			const form = request.body instanceof URLSearchParams ? request.body : null;
			const name = (form?.get('username') ?? '').trim().slice(0, 200);
			const password = form?.get('password') ?? '';
			if (!fromOwnPages(request.headers, ctx.config.allowedHosts)) {
				return renderLogin(reply, {
					status: 403,
					name: '',
					message: "Sign in from this engine's own sign-in page.",
				});
			}
			if (form === null || name === '' || password === '') {
				return renderLogin(reply, {
					status: 400,
					name,
					message: 'Enter your operator name and password.',
				});
			}
			const wait = throttle.wait(name, request.ip);
			if (wait > 0) {
				reply.header('Retry-After', String(wait));
				return renderLogin(reply, {
					status: 429,
					name,
					retryAfter: wait,
					message: `Too many failed sign-ins: try again in ${wait} seconds.`,
				});
			}
			const operator = await verifyOperator(ctx.db, name, password);
			if (!operator) {
				throttle.fail(name, request.ip);
				if (!ctx.config.quiet) {
					console.warn(
						`Failed operator sign-in for ${JSON.stringify(name.slice(0, 64))} from ${request.ip}.`,
					);
				}
				return renderLogin(reply, {
					status: 401,
					name,
					message: 'The operator name or the password is wrong.',
				});
			}
			throttle.succeed(name, request.ip);
			sessions.end(sessionIdOf(request.headers.cookie));
			const { id } = sessions.create(operator);
			return reply
				.header('Set-Cookie', sessionCookie(id, overTls(request), sessions.maxSeconds))
				.header('Cache-Control', 'no-store')
				.redirect('/wp-admin/admin.php?page=abacus', 303);
		});
	});

	// The signed-in operator (the gate lets only a session through in engine mode). A session's
	// nonce is the page's: it is handed only to requests carrying the session cookie, which is
	// HttpOnly and SameSite=Strict, and the answer carries no CORS header.
	app.get(SESSION_ROUTE, async (request, reply) => {
		const session = request.operatorSession;
		if (request.engineMode !== true || session === undefined) {
			return reply.status(404).send(NO_ROUTE.toBody());
		}
		reply.header('Cache-Control', 'no-store');
		return { name: session.name, stores: session.stores ?? 'all', nonce: session.nonce };
	});

	// Ends the session (its nonce checked like every write's).
	app.post(LOGOUT_ROUTE, async (request, reply) => {
		if (request.engineMode !== true) return reply.status(404).send(NO_ROUTE.toBody());
		sessions.end(request.operatorSessionId ?? null);
		reply.header('Set-Cookie', clearedSessionCookie(overTls(request)));
		return { logged_out: true };
	});

	return { sessions, throttle, engineMode };
}

/**
 * Installs the gate (after the store token check): in engine mode, a request that is not public,
 * not a store token's and not an operator's gets 401.
 */
export function installEngineGate(app: FastifyInstance): void {
	app.addHook('onRequest', async (request) => {
		if (request.engineMode !== true) return;
		if (request.operatorSession !== undefined) return;
		if (request.engineClaims !== undefined && request.engineStore !== undefined) return;
		const url = request.routeOptions.url;
		const methods = url === undefined || request.is404 ? undefined : PUBLIC_ROUTES.get(url);
		if (methods?.has(request.method)) return;
		throw loginRequired();
	});
}

/** What the admin page needs to know of the operator (`src/page`'s `PageAccess`). */
export const pageAccess = {
	needsSignIn: (request: FastifyRequest): boolean =>
		request.engineMode === true &&
		(request.operatorSession === undefined || request.operatorSessionId === undefined),
	sendSignIn: (reply: FastifyReply): FastifyReply => sendLoginPage(reply),
	credentials: (
		request: FastifyRequest,
	): { cookie: string; nonce: string; name: string } | undefined =>
		request.operatorSession && request.operatorSessionId
			? {
					cookie: `${SESSION_COOKIE}=${request.operatorSessionId}`,
					nonce: request.operatorSession.nonce,
					name: request.operatorSession.name,
				}
			: undefined,
	mayRead: sessionMayRead,
};
