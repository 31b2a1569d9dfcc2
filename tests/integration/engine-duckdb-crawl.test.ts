/**
 * A DuckDB engine with a connected store, as an attacker on the internet sees it: every registered
 * route, every method and path spelling without credentials answers 401 (or the sign-in page)
 * with nothing of the store (no customer, e-mail, currency, store address) and no nonce. A store's
 * token reads only the routes its pages call, and only on the engine it names (`aud`). An operator
 * signs in (throttled after failures), reads the engine's data, writes with the session's nonce
 * only (the server's own nonce is refused), and the session ends at logout or when it expires.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { REPORTS_CAPABILITY, signEngineToken } from '../../server/src/engine-auth/index.js';
import { LOGIN_FREE_FAILURES } from '../../server/src/engine-auth/sessions.js';
import {
	addOperator,
	operatorSession,
	signIn,
	TEST_PASSWORD,
} from '../../server/src/engine-auth/test/operator-session.js';
import { startServer } from '../../server/src/index.js';
import { crawl, raw as rawTo, type Raw } from './engine-crawl.js';

jest.setTimeout(120_000);

type Started = Awaited<ReturnType<typeof startServer>>;

const STORE = 'https://shop-a.example';
const SECRET = 'engine-crawl-secret-0123456789';
let server: Started;
let tmp: string;
let clock = Date.now();
/** Text that must never reach an unauthenticated caller. */
let secrets: string[] = [];

beforeAll(async () => {
	tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-engine-crawl-'));
	mkdirSync(path.join(tmp, 'build', 'standalone'), { recursive: true });
	writeFileSync(path.join(tmp, 'build', 'standalone', 'index.js'), 'console.log("abacus");');
	server = await startServer({
		buildDir: path.join(tmp, 'build'),
		databasePath: path.join(tmp, 'engine.duckdb'),
		orders: 200,
		seed: 7,
		quiet: true,
		sync: false,
		engineStores: [{ url: STORE, secret: SECRET }],
		operatorSessions: { now: () => clock },
	});
	await addOperator(server.ctx.db, { name: 'ops', password: TEST_PASSWORD, stores: null });
	const customers = await server.ctx.db.all<{ email: string; last_name: string }>(
		"SELECT email, last_name FROM customer_lookup WHERE email <> '' AND length(last_name) > 4 LIMIT 5",
	);
	secrets = [
		server.nonce,
		...customers.flatMap((c) => [c.email, c.last_name]),
		'shop-a.example',
		'"USD"',
		'abacusSettings',
		'restNonce',
	];
	expect(customers.length).toBeGreaterThan(0);
}, 180_000);

afterAll(async () => {
	await server?.close();
	rmSync(tmp, { recursive: true, force: true });
});

/** Raw HTTP request to the engine: the path is sent exactly as written. */
const raw = (
	method: string,
	pathAndQuery: string,
	headers: Record<string, string> = {},
	body?: string,
): Promise<Raw> => rawTo(server.url, method, pathAndQuery, headers, body);

function token(claims: Record<string, unknown> = {}, secret = SECRET): string {
	const now = Math.floor(Date.now() / 1000);
	return signEngineToken(
		{
			store: STORE,
			sub: 1,
			cap: REPORTS_CAPABILITY,
			iat: now,
			exp: now + 600,
			aud: server.url,
			...claims,
		} as Parameters<typeof signEngineToken>[0],
		secret,
	);
}

function leaks(text: string): string[] {
	return secrets.filter((secret) => secret !== '' && text.includes(secret));
}

test('without credentials, no route, method or spelling answers a byte of the store or a nonce', async () => {
	expect(server.ctx.routes.length).toBeGreaterThan(50);
	const { problems, requests } = await crawl(server.url, server.ctx.routes, secrets);
	expect(problems).toEqual([]);
	expect(requests).toBeGreaterThan(300);
});

test('the admin page without a session is the sign-in form and nothing else', async () => {
	for (const address of [
		'/wp-admin/admin.php?page=abacus',
		'/wp-admin/admin.php?page=abacus&path=%2Fcustomers',
		'/wp-admin/admin.php?page=abacus&store=1',
	]) {
		const page = await raw('GET', address);
		expect(page.status).toBe(200);
		expect(page.text).toContain('<form method="post" action="/wp-admin/abacus-login">');
		expect(page.text).toContain('<label for="password">');
		expect(page.text).not.toContain('<script');
		expect(leaks(page.text)).toEqual([]);
	}
	// An unknown session cookie is no session.
	const forged = await raw('GET', '/wp-admin/admin.php?page=abacus', {
		Cookie: `abacus_engine_session=${'A'.repeat(43)}`,
	});
	expect(forged.text).toContain('abacus-login');
	expect(leaks(forged.text)).toEqual([]);
});

test("a store's token reads only the routes its pages call, on the engine it names", async () => {
	const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
	const report =
		'/wp-json/wc-analytics/reports/revenue/stats?after=2020-01-01T00:00:00&before=2030-01-01T00:00:00';
	const ok = await raw('GET', report, bearer(token()));
	expect(ok.status).toBe(200);
	for (const route of [
		'/wp-json/wc-analytics/customers',
		'/wp-json/wc-analytics/orders',
		'/wp-json/wc-analytics/products',
		'/wp-json/wc-analytics/data/download-ips?match=1',
		'/wp-json/wc-admin/options?options=woocommerce_currency',
		'/wp-json/abacus/v1/stores',
		'/wp-json/wp/v2/users/me',
	]) {
		const answer = await raw('GET', route, bearer(token()));
		expect([route, answer.status]).toEqual([route, 401]);
		expect(leaks(answer.text)).toEqual([]);
	}
	// No audience, another engine's, and a store the engine does not serve (same words as a bad
	// signature, so nothing says which stores are served).
	const { aud: _drop, ...noAud } = JSON.parse(
		Buffer.from(token().split('.')[1], 'base64url').toString(),
	) as Record<string, unknown>;
	const missing = await raw('GET', report, bearer(signEngineToken(noAud as never, SECRET)));
	expect(missing.status).toBe(401);
	expect(JSON.parse(missing.text)).toMatchObject({ code: 'abacus_engine_token_invalid' });
	const other = await raw(
		'GET',
		report,
		bearer(token({ aud: 'https://analytics.other.example' })),
	);
	expect(other.status).toBe(401);
	expect(JSON.parse(other.text).message).toContain('another engine');
	const unknown = await raw('GET', report, bearer(token({ store: 'https://nowhere.example' })));
	const badSecret = await raw('GET', report, bearer(token({}, 'another-secret-0123456789')));
	expect(JSON.parse(unknown.text)).toEqual(JSON.parse(badSecret.text));
	expect(unknown.status).toBe(401);
});

test('an operator signs in, reads the data and writes with the session nonce only', async () => {
	const op = await operatorSession(server, 'ops');
	const customers = await raw('GET', '/wp-json/wc-analytics/customers', { Cookie: op.cookie });
	expect(customers.status).toBe(200);
	expect(JSON.parse(customers.text).length).toBeGreaterThan(0);
	const report = await raw(
		'GET',
		'/wp-json/wc-analytics/reports/revenue/stats?after=2020-01-01T00:00:00&before=2030-01-01T00:00:00',
		{ Cookie: op.cookie },
	);
	expect(report.status).toBe(200);
	// The page hands out the session's nonce, never the server's.
	const page = await raw('GET', '/wp-admin/admin.php?page=abacus', { Cookie: op.cookie });
	expect(page.text).toContain(op.nonce);
	expect(page.text).not.toContain(server.nonce);
	const write = (nonce: string, cookie = op.cookie) =>
		raw(
			'POST',
			'/wp-json/wc-admin/options',
			{ Cookie: cookie, 'X-WP-Nonce': nonce, 'Content-Type': 'application/json' },
			JSON.stringify({ woocommerce_default_date_range: 'period=month' }),
		);
	expect((await write(server.nonce)).status).toBe(403);
	expect((await write(op.nonce)).status).toBe(200);
	// The server's nonce alone (no session) is refused too.
	expect((await write(server.nonce, '')).status).toBe(401);
	// Logout ends the session.
	const out = await raw('POST', '/wp-json/abacus/v1/operator/logout', op.headers);
	expect(out.status).toBe(200);
	expect(out.headers['set-cookie']?.[0]).toMatch(/Max-Age=0/);
	expect(
		(await raw('GET', '/wp-json/wc-analytics/customers', { Cookie: op.cookie })).status,
	).toBe(401);
});

test('the session cookie is HttpOnly, SameSite=Strict, and Secure behind TLS', async () => {
	const plain = await signIn(server.url, 'ops', TEST_PASSWORD);
	expect(plain.status).toBe(303);
	expect(plain.setCookie).toMatch(/HttpOnly/);
	expect(plain.setCookie).toMatch(/SameSite=Strict/);
	expect(plain.setCookie).toMatch(/Path=\//);
	expect(plain.setCookie).not.toMatch(/Secure/);
	const tls = await signIn(server.url, 'ops', TEST_PASSWORD, { 'X-Forwarded-Proto': 'https' });
	expect(tls.setCookie).toMatch(/; Secure/);
	// Another site's form is refused.
	const cross = await signIn(server.url, 'ops', TEST_PASSWORD, {
		'Sec-Fetch-Site': 'cross-site',
	});
	expect(cross.status).toBe(403);
	expect(cross.setCookie).toBeNull();
	// A JSON body is not the form.
	const json = await raw(
		'POST',
		'/wp-admin/abacus-login',
		{ 'Content-Type': 'application/json' },
		JSON.stringify({ username: 'ops', password: TEST_PASSWORD }),
	);
	expect(json.status).toBe(400);
});

test('a session ends after 8 hours idle or 24 hours in all', async () => {
	const idle = await operatorSession(server, 'ops');
	const read = (cookie: string) => raw('GET', '/wp-json/wp/v2/users/me', { Cookie: cookie });
	expect((await read(idle.cookie)).status).toBe(200);
	clock += 8 * 3600 * 1000 + 1000;
	expect((await read(idle.cookie)).status).toBe(401);
	const busy = await operatorSession(server, 'ops');
	for (let hour = 0; hour < 3; hour++) {
		clock += 7 * 3600 * 1000;
		expect((await read(busy.cookie)).status).toBe(200);
	}
	clock += 3 * 3600 * 1000 + 1000;
	expect((await read(busy.cookie)).status).toBe(401);
});

test('failed sign-ins are throttled: 429 with Retry-After, even for the right password', async () => {
	for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
		const wrong = await signIn(server.url, 'ops', `wrong password ${i}`);
		expect(wrong.status).toBe(401);
		expect(wrong.setCookie).toBeNull();
		expect(wrong.text).toContain('wrong');
	}
	const blocked = await signIn(server.url, 'ops', TEST_PASSWORD);
	expect(blocked.status).toBe(429);
	expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
	expect(blocked.setCookie).toBeNull();
	// Another name from the same address waits too.
	expect((await signIn(server.url, 'nobody', 'whatever password')).status).toBe(429);
	// After the wait, the right password signs in.
	clock += Number(blocked.retryAfter) * 1000 + 1000;
	expect((await signIn(server.url, 'ops', TEST_PASSWORD)).status).toBe(303);
});
