/**
 * Notes on charts on an engine (the server started with a store secret): only a signed-in
 * operator reads and writes them, with the session's nonce; a store token, the server's own nonce
 * or no credentials are refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer } from '../../index.js';
import { EDIT_COSTS_SCOPE, signEngineToken } from '../../engine-auth/index.js';
import {
	addOperator,
	operatorSession,
	TEST_PASSWORD,
	type SignedIn,
} from '../../engine-auth/test/operator-session.js';

const STORE = 'http://127.0.0.1:18437';
const SECRET = 'a-shared-secret-of-32-characters';
const ROUTE = '/wp-json/abacus/v1/annotations';

let server: Awaited<ReturnType<typeof startServer>>;
let tmp: string;
let operator: SignedIn;

beforeAll(async () => {
	tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-annotations-engine-'));
	server = await startServer({
		databasePath: path.join(tmp, 'store.duckdb'),
		port: 0,
		orders: 60,
		seed: 5,
		quiet: true,
		engineStores: [{ url: STORE, secret: SECRET }],
		sync: false,
	});
	await addOperator(server.ctx.db, { name: 'ops', password: TEST_PASSWORD, stores: null });
	operator = await operatorSession(server, 'ops');
}, 120000);

afterAll(async () => {
	await server?.close();
	rmSync(tmp, { recursive: true, force: true });
});

function token(): string {
	const now = Math.floor(Date.now() / 1000);
	return signEngineToken(
		{
			store: STORE,
			sub: 1,
			cap: 'view_woocommerce_reports',
			iat: now,
			exp: now + 900,
			aud: server.url,
			scope: [EDIT_COSTS_SCOPE],
		},
		SECRET,
	);
}

const note = JSON.stringify({ date_from: '2026-05-04', text: 'Price change' });

it('answers no one but a signed-in operator', async () => {
	const anonymous = await fetch(`${server.url}${ROUTE}`);
	expect(anonymous.status).toBe(401);
	expect(await anonymous.json()).toMatchObject({ code: 'abacus_engine_login_required' });
	for (const method of ['GET', 'POST']) {
		const withToken = await fetch(`${server.url}${ROUTE}`, {
			method,
			headers: {
				Authorization: `Bearer ${token()}`,
				Origin: STORE,
				'Content-Type': 'application/json',
			},
			body: method === 'POST' ? note : undefined,
		});
		expect([method, withToken.status]).toEqual([method, 401]);
	}
	// The server's own nonce is not the operator's.
	const serverNonce = await fetch(`${server.url}${ROUTE}`, {
		method: 'POST',
		headers: { 'X-WP-Nonce': server.ctx.config.nonce, 'Content-Type': 'application/json' },
		body: note,
	});
	expect(serverNonce.status).toBe(401);
	// The operator's cookie without its nonce may read, not write.
	const cookieOnly = await fetch(`${server.url}${ROUTE}`, {
		method: 'POST',
		headers: { Cookie: operator.cookie, 'Content-Type': 'application/json' },
		body: note,
	});
	expect(cookieOnly.status).toBe(403);
	const read = await fetch(`${server.url}${ROUTE}`, { headers: { Cookie: operator.cookie } });
	expect(read.status).toBe(200);
	expect(await read.json()).toEqual([]);
}, 60000);

it("keeps the operator's notes in the engine's database, by the operator's name", async () => {
	const created = await fetch(`${server.url}${ROUTE}`, {
		method: 'POST',
		headers: { ...operator.headers, 'Content-Type': 'application/json' },
		body: note,
	});
	expect(created.status).toBe(201);
	const body = (await created.json()) as { id: number; author: { name: string } };
	expect(body).toMatchObject({
		text: 'Price change',
		author: { id: 0, name: 'ops' },
		can_edit: true,
	});
	const rows = await server.ctx.db.all<{ text: string; author_key: string }>(
		'SELECT text, author_key FROM abacus_annotations',
	);
	expect(rows).toEqual([{ text: 'Price change', author_key: 'operator:ops' }]);
	const removed = await fetch(`${server.url}${ROUTE}/${body.id}`, {
		method: 'DELETE',
		headers: operator.headers,
	});
	expect(removed.status).toBe(200);
}, 60000);
