import Fastify, { type FastifyInstance } from 'fastify';

import { RestError } from '../../http/errors.js';
import {
	EDIT_COSTS_SCOPE,
	hasScope,
	installEngineAuth,
	normaliseStoreId,
	signEngineToken,
	verifyEngineToken,
	type EngineClaims,
} from '../index.js';

const STORE = 'http://127.0.0.1:18431';
const OTHER_STORE = 'https://other.example';
const SECRET = 'a-shared-secret-of-32-characters';
const OTHER_SECRET = 'another-secret-of-32-characters!';
/** The engine's own origin as `inject` reaches it (Host: localhost:80): the tokens' audience. */
const ENGINE = 'http://localhost';

function claims(overrides: Partial<EngineClaims> = {}): EngineClaims {
	const now = Math.floor(Date.now() / 1000);
	return {
		store: STORE,
		sub: 1,
		cap: 'view_woocommerce_reports',
		iat: now,
		exp: now + 900,
		aud: ENGINE,
		...overrides,
	};
}

async function engine(): Promise<FastifyInstance> {
	const app = Fastify();
	app.setErrorHandler((error, _request, reply) => {
		if (error instanceof RestError) return reply.status(error.status).send(error.toBody());
		return reply.status(500).send({ code: 'internal_server_error' });
	});
	await installEngineAuth(app, [
		{ url: `${STORE}/`, secret: SECRET },
		{ url: OTHER_STORE, secret: OTHER_SECRET },
	]);
	app.get('/wp-json/wc-analytics/reports/revenue/stats', async (request) => ({
		totals: { net_revenue: 12.5 },
		store: request.engineStore,
	}));
	app.get('/wp-json/wc-analytics/products', async () => []);
	await app.ready();
	return app;
}

let app: FastifyInstance;
beforeAll(async () => {
	app = await engine();
});
afterAll(async () => {
	await app.close();
});

function report(headers: Record<string, string>) {
	return app.inject({
		method: 'GET',
		url: '/wp-json/wc-analytics/reports/revenue/stats?interval=day',
		headers,
	});
}

describe('engine token', () => {
	it('answers a report with a valid token and the store origin allowed by CORS', async () => {
		const response = await report({
			authorization: `Bearer ${signEngineToken(claims(), SECRET)}`,
			origin: STORE,
		});
		expect(response.statusCode).toBe(200);
		expect(response.json()).toEqual({ totals: { net_revenue: 12.5 }, store: STORE });
		expect(response.headers['access-control-allow-origin']).toBe(STORE);
		expect(response.headers['access-control-expose-headers']).toMatch(/X-WP-Total/);
		expect(response.headers['access-control-allow-credentials']).toBeUndefined();
	});

	it.each([
		['missing', {}, 'abacus_engine_token_missing'],
		[
			'expired',
			{
				authorization: `Bearer ${signEngineToken(claims({ iat: 1000, exp: 1900 }), SECRET)}`,
			},
			'abacus_engine_token_expired',
		],
		[
			'signed with the wrong secret',
			{ authorization: `Bearer ${signEngineToken(claims(), OTHER_SECRET)}` },
			'abacus_engine_token_invalid',
		],
		[
			'for a store the engine does not serve',
			{
				authorization: `Bearer ${signEngineToken(claims({ store: 'https://unknown.example' }), SECRET)}`,
			},
			// The words of a bad signature: nothing says which stores the engine serves.
			'abacus_engine_token_invalid',
		],
		[
			"of another store used from this store's page",
			{
				authorization: `Bearer ${signEngineToken(claims({ store: OTHER_STORE }), OTHER_SECRET)}`,
				origin: STORE,
			},
			'abacus_engine_token_wrong_store',
		],
		['malformed', { authorization: 'Bearer not.a-token' }, 'abacus_engine_token_invalid'],
		[
			'naming no engine (aud)',
			{ authorization: `Bearer ${signEngineToken(claims({ aud: undefined }), SECRET)}` },
			'abacus_engine_token_invalid',
		],
		[
			'issued for another engine',
			{
				authorization: `Bearer ${signEngineToken(claims({ aud: 'https://analytics.other.example' }), SECRET)}`,
			},
			'abacus_engine_token_invalid',
		],
	])('refuses a token %s with 401 in the WordPress error shape', async (_name, headers, code) => {
		const response = await report(headers as Record<string, string>);
		expect(response.statusCode).toBe(401);
		const body = response.json() as { code: string; message: string; data: { status: number } };
		expect(body.code).toBe(code);
		expect(body.message.length).toBeGreaterThan(10);
		expect(body.data.status).toBe(401);
	});

	it('refuses a tampered token (claims changed after signing)', async () => {
		const [header, , signature] = signEngineToken(claims(), SECRET).split('.');
		const forged = Buffer.from(JSON.stringify(claims({ sub: 99 }))).toString('base64url');
		const response = await report({ authorization: `Bearer ${header}.${forged}.${signature}` });
		expect(response.statusCode).toBe(401);
		expect((response.json() as { code: string }).code).toBe('abacus_engine_token_invalid');
	});

	it('refuses a token claiming another algorithm', async () => {
		const token = signEngineToken(claims(), SECRET).split('.');
		token[0] = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
		const response = await report({ authorization: `Bearer ${token.join('.')}` });
		expect(response.statusCode).toBe(401);
	});

	it('refuses a token without the reports capability, or living too long', () => {
		const store = { id: STORE, secret: SECRET };
		expect(
			verifyEngineToken(signEngineToken(claims({ cap: 'read' }), SECRET), store, ENGINE),
		).toMatchObject({
			ok: false,
			problem: 'abacus_engine_token_invalid',
		});
		const now = Math.floor(Date.now() / 1000);
		expect(
			verifyEngineToken(
				signEngineToken(claims({ iat: now, exp: now + 86400 }), SECRET),
				store,
				ENGINE,
			),
		).toMatchObject({ ok: false, problem: 'abacus_engine_token_invalid' });
	});

	it('reads the scope a token carries; a token without one only reads; a malformed one is refused', () => {
		const store = { id: STORE, secret: SECRET };
		const manager = verifyEngineToken(
			signEngineToken(claims({ scope: [EDIT_COSTS_SCOPE] }), SECRET),
			store,
			ENGINE,
		);
		expect(manager.ok && hasScope(manager.claims, EDIT_COSTS_SCOPE)).toBe(true);
		const viewer = verifyEngineToken(signEngineToken(claims(), SECRET), store, ENGINE);
		expect(viewer.ok).toBe(true);
		expect(viewer.ok && hasScope(viewer.claims, EDIT_COSTS_SCOPE)).toBe(false);
		const malformed = { ...claims(), scope: EDIT_COSTS_SCOPE } as unknown as EngineClaims;
		expect(verifyEngineToken(signEngineToken(malformed, SECRET), store, ENGINE)).toMatchObject({
			ok: false,
			problem: 'abacus_engine_token_invalid',
		});
	});

	it('leaves routes other than the reports alone', async () => {
		const response = await app.inject({ method: 'GET', url: '/wp-json/wc-analytics/products' });
		expect(response.statusCode).toBe(200);
	});

	it('guards every spelling of a report path', async () => {
		for (const url of [
			'/wp-json/wc-analytics/reports/revenue/stats/',
			'/wp-json//wc-analytics/reports/revenue/stats',
			'/wp-json/wc-analytics/%72eports/revenue/stats',
		]) {
			const response = await app.inject({ method: 'GET', url });
			expect([401, 404]).toContain(response.statusCode);
			expect(response.statusCode === 200).toBe(false);
		}
	});

	it('normalises store ids', () => {
		expect(normaliseStoreId('HTTPS://Shop.Example:443/')).toBe('https://shop.example');
		expect(normaliseStoreId('http://127.0.0.1:8080/shop//')).toBe('http://127.0.0.1:8080/shop');
		expect(normaliseStoreId('ftp://shop.example')).toBeNull();
		expect(normaliseStoreId('https://user:pw@shop.example')).toBeNull();
	});
});

describe('engine CORS', () => {
	it("answers the preflight from the store's origin, allowing Authorization and no credentials", async () => {
		const response = await app.inject({
			method: 'OPTIONS',
			url: '/wp-json/wc-analytics/reports/revenue/stats?interval=day',
			headers: {
				origin: STORE,
				'access-control-request-method': 'GET',
				'access-control-request-headers': 'authorization',
			},
		});
		expect(response.statusCode).toBe(204);
		expect(response.headers['access-control-allow-origin']).toBe(STORE);
		expect(String(response.headers['access-control-allow-headers'])).toMatch(/Authorization/);
		expect(response.headers['access-control-allow-credentials']).toBeUndefined();
	});

	it('refuses the preflight from another origin', async () => {
		const response = await app.inject({
			method: 'OPTIONS',
			url: '/wp-json/wc-analytics/reports/revenue/stats',
			headers: {
				origin: 'https://evil.example',
				'access-control-request-method': 'GET',
				'access-control-request-headers': 'authorization',
			},
		});
		expect(response.statusCode).toBe(403);
		expect(response.headers['access-control-allow-origin']).toBeUndefined();
		expect((response.json() as { code: string }).code).toBe('abacus_engine_origin_forbidden');
	});

	it('refuses a preflight asking for a write or for other headers', async () => {
		for (const headers of [
			{ 'access-control-request-method': 'POST' },
			{
				'access-control-request-method': 'GET',
				'access-control-request-headers': 'x-wp-nonce',
			},
		]) {
			const response = await app.inject({
				method: 'OPTIONS',
				url: '/wp-json/wc-analytics/reports/revenue/stats',
				headers: { origin: STORE, ...headers },
			});
			expect(response.statusCode).toBe(403);
		}
	});

	it('refuses a request from another origin even with a valid token', async () => {
		const response = await report({
			authorization: `Bearer ${signEngineToken(claims(), SECRET)}`,
			origin: 'https://evil.example',
		});
		expect(response.statusCode).toBe(403);
		expect(response.headers['access-control-allow-origin']).toBeUndefined();
	});

	it("lets the store's page read a refusal (CORS headers on the 401)", async () => {
		const response = await report({ origin: STORE });
		expect(response.statusCode).toBe(401);
		expect(response.headers['access-control-allow-origin']).toBe(STORE);
	});

	it('answers whoami with the verified store and user', async () => {
		const response = await app.inject({
			method: 'GET',
			url: '/wp-json/abacus/v1/engine/whoami',
			headers: { authorization: `Bearer ${signEngineToken(claims({ sub: 7 }), SECRET)}` },
		});
		expect(response.statusCode).toBe(200);
		expect(response.json()).toMatchObject({ store: STORE, user: 7 });
	});
});

describe('engine without stores', () => {
	it('changes nothing on the reports, and whoami says it serves no store', async () => {
		const bare = Fastify();
		bare.setErrorHandler((error, _request, reply) =>
			error instanceof RestError
				? reply.status(error.status).send(error.toBody())
				: reply.status(500).send({}),
		);
		await installEngineAuth(bare, undefined);
		bare.get('/wp-json/wc-analytics/reports/revenue/stats', async () => ({ ok: true }));
		await bare.ready();
		expect(
			(await bare.inject({ url: '/wp-json/wc-analytics/reports/revenue/stats' })).statusCode,
		).toBe(200);
		const whoami = await bare.inject({ url: '/wp-json/abacus/v1/engine/whoami' });
		expect(whoami.statusCode).toBe(401);
		expect((whoami.json() as { code: string }).code).toBe('abacus_engine_not_configured');
		await bare.close();
	});

	it('refuses a configured secret that is too short', async () => {
		await expect(
			installEngineAuth(Fastify(), [{ url: STORE, secret: 'short' }]),
		).rejects.toThrow(/too short/);
	});
});
