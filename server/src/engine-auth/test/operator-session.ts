/**
 * Test helpers: an operator added to an engine's database and signed in over HTTP.
 *
 *     await addOperator(server.ctx.db, { name: 'ops', password: PASSWORD, stores: null });
 *     const op = await operatorSession(server, 'ops', PASSWORD);
 *     fetch(url, { headers: op.headers })            // cookie + X-WP-Nonce (the session's)
 */
import type { FastifyInstance } from 'fastify';

import { SESSION_ROUTE } from '../operator-auth.js';

export { addOperator } from '../operators.js';

/** A password long enough for `addOperator`. */
export const TEST_PASSWORD = 'correct horse battery staple';

export interface SignedIn {
	/** `abacus_engine_session=…`, for the `Cookie` header. */
	cookie: string;
	/** The session's nonce (`X-WP-Nonce` on writes). */
	nonce: string;
	/** Both, as request headers. */
	headers: Record<string, string>;
}

/** POSTs the sign-in form; the raw answer (status, `Set-Cookie`, `Retry-After`, body). */
export async function signIn(
	baseUrl: string,
	name: string,
	password: string,
	headers: Record<string, string> = {},
): Promise<{ status: number; setCookie: string | null; retryAfter: string | null; text: string }> {
	const response = await fetch(`${baseUrl}/wp-admin/abacus-login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
		body: new URLSearchParams({ username: name, password }).toString(),
	});
	return {
		status: response.status,
		setCookie: response.headers.get('set-cookie'),
		retryAfter: response.headers.get('retry-after'),
		text: await response.text(),
	};
}

/** Signs `name` in on the server at `baseUrl` (or `{ url }`); throws when refused. */
export async function operatorSession(
	server: string | { url: string },
	name: string,
	password: string = TEST_PASSWORD,
): Promise<SignedIn> {
	const baseUrl = typeof server === 'string' ? server : server.url;
	const answer = await signIn(baseUrl, name, password);
	const cookie = /^(abacus_engine_session=[A-Za-z0-9_-]+)/.exec(answer.setCookie ?? '')?.[1];
	if (answer.status !== 303 || cookie === undefined) {
		throw new Error(
			`Sign-in of ${name} refused (${answer.status}): ${answer.text.slice(0, 200)}`,
		);
	}
	const session = await fetch(`${baseUrl}${SESSION_ROUTE}`, { headers: { Cookie: cookie } });
	const body = (await session.json()) as { nonce?: unknown };
	if (typeof body.nonce !== 'string') throw new Error('The session answered no nonce.');
	return { cookie, nonce: body.nonce, headers: { Cookie: cookie, 'X-WP-Nonce': body.nonce } };
}

/** Signs `name` in on an app without a listening server (`app.inject`); throws when refused. */
export async function injectSession(
	app: FastifyInstance,
	name: string,
	password: string = TEST_PASSWORD,
): Promise<SignedIn> {
	const answer = await app.inject({
		method: 'POST',
		url: '/wp-admin/abacus-login',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		payload: new URLSearchParams({ username: name, password }).toString(),
	});
	const setCookie = [answer.headers['set-cookie'] ?? []].flat().join('; ');
	const cookie = /(abacus_engine_session=[A-Za-z0-9_-]+)/.exec(setCookie)?.[1];
	if (answer.statusCode !== 303 || cookie === undefined) {
		throw new Error(`Sign-in of ${name} refused (${answer.statusCode}).`);
	}
	const session = await app.inject({ method: 'GET', url: SESSION_ROUTE, headers: { cookie } });
	const body = session.json<{ nonce?: unknown }>();
	if (typeof body.nonce !== 'string') throw new Error('The session answered no nonce.');
	return { cookie, nonce: body.nonce, headers: { Cookie: cookie, 'X-WP-Nonce': body.nonce } };
}
