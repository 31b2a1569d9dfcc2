/**
 * The engine check wired into the real server (startServer with a store secret): report routes
 * need the store's token, other routes are as before, CORS answers the store's origin only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer } from '../../index.js';
import { signEngineToken } from '../index.js';

const STORE = 'http://127.0.0.1:18431';
const SECRET = 'a-shared-secret-of-32-characters';

let server: Awaited<ReturnType<typeof startServer>>;
let tmp: string;

beforeAll(async () => {
	tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-engine-server-'));
	server = await startServer({
		databasePath: path.join(tmp, 'store.duckdb'),
		port: 0,
		orders: 100,
		seed: 3,
		quiet: true,
		engineStores: [{ url: STORE, secret: SECRET }],
		sync: false,
	});
}, 120000);

afterAll(async () => {
	await server?.close();
	rmSync(tmp, { recursive: true, force: true });
});

function token(): string {
	const now = Math.floor(Date.now() / 1000);
	return signEngineToken(
		{ store: STORE, sub: 1, cap: 'view_woocommerce_reports', iat: now, exp: now + 900 },
		SECRET,
	);
}

const STATS =
	'/wp-json/wc-analytics/reports/revenue/stats?interval=month&after=2020-01-01T00:00:00';

describe('the server as an engine', () => {
	it("answers a report to the store's page with its token", async () => {
		const response = await fetch(`${server.url}${STATS}`, {
			headers: { Authorization: `Bearer ${token()}`, Origin: STORE },
		});
		expect(response.status).toBe(200);
		expect(response.headers.get('access-control-allow-origin')).toBe(STORE);
		const body = (await response.json()) as { totals: Record<string, number> };
		expect(typeof body.totals.net_revenue).toBe('number');
	});

	it('refuses a report without a token, also through ?rest_route=', async () => {
		for (const url of [
			STATS,
			'/?rest_route=/wc-analytics/reports/revenue/stats&interval=month',
			'/wp-json/wc-analytics/leaderboards?per_page=5',
		]) {
			const response = await fetch(`${server.url}${url}`);
			expect([url, response.status]).toEqual([url, 401]);
			expect(((await response.json()) as { code: string }).code).toBe(
				'abacus_engine_token_missing',
			);
		}
	});

	it('answers the preflight from the store and refuses it from another origin', async () => {
		const preflight = (origin: string) =>
			fetch(`${server.url}${STATS}`, {
				method: 'OPTIONS',
				headers: {
					Origin: origin,
					'Access-Control-Request-Method': 'GET',
					'Access-Control-Request-Headers': 'authorization',
				},
			});
		const allowed = await preflight(STORE);
		expect(allowed.status).toBe(204);
		expect(allowed.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
		const refused = await preflight('https://evil.example');
		expect(refused.status).toBe(403);
		expect(refused.headers.get('access-control-allow-origin')).toBeNull();
	});

	it('leaves the routes that are not reports as they were', async () => {
		const response = await fetch(`${server.url}/wp-json/wc-analytics/products?per_page=1`);
		expect(response.status).toBe(200);
	});

	it('answers whoami for a valid token', async () => {
		const response = await fetch(`${server.url}/wp-json/abacus/v1/engine/whoami`, {
			headers: { Authorization: `Bearer ${token()}` },
		});
		expect(response.status).toBe(200);
		expect(await response.json()).toMatchObject({ store: STORE, user: 1 });
	});
});
