/**
 * The engine check wired into the real server (startServer with a store secret): report routes
 * need the store's token, other routes answer only a signed-in operator, CORS answers the store's
 * origin only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer } from '../../index.js';
import { EDIT_COSTS_SCOPE, signEngineToken } from '../index.js';
import { addOperator, operatorSession, TEST_PASSWORD, type SignedIn } from './operator-session.js';

const STORE = 'http://127.0.0.1:18431';
const SECRET = 'a-shared-secret-of-32-characters';
const OTHER_STORE = 'https://other.example';
const OTHER_SECRET = 'another-secret-of-32-characters!';

let server: Awaited<ReturnType<typeof startServer>>;
let tmp: string;
/** The engine's operator, signed in. */
let operator: SignedIn;

beforeAll(async () => {
	tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-engine-server-'));
	server = await startServer({
		databasePath: path.join(tmp, 'store.duckdb'),
		port: 0,
		orders: 100,
		seed: 3,
		quiet: true,
		engineStores: [
			{ url: STORE, secret: SECRET },
			{ url: OTHER_STORE, secret: OTHER_SECRET },
		],
		sync: false,
	});
	await addOperator(server.ctx.db, { name: 'ops', password: TEST_PASSWORD, stores: null });
	operator = await operatorSession(server, 'ops');
}, 120000);

afterAll(async () => {
	await server?.close();
	rmSync(tmp, { recursive: true, force: true });
});

function token(store = STORE, secret = SECRET): string {
	const now = Math.floor(Date.now() / 1000);
	return signEngineToken(
		{
			store,
			sub: 1,
			cap: 'view_woocommerce_reports',
			iat: now,
			exp: now + 900,
			aud: server.url,
		},
		secret,
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

	it('answers the routes that are not reports to a signed-in operator only', async () => {
		const products = `${server.url}/wp-json/wc-analytics/products?per_page=1`;
		const anonymous = await fetch(products);
		expect(anonymous.status).toBe(401);
		expect(await anonymous.json()).toMatchObject({ code: 'abacus_engine_login_required' });
		const withToken = await fetch(products, {
			headers: { Authorization: `Bearer ${token()}` },
		});
		expect(withToken.status).toBe(401);
		const response = await fetch(products, { headers: { Cookie: operator.cookie } });
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

describe("whole-report exports from the store's page", () => {
	const EXPORT = '/wp-json/wc-analytics/reports/payment-methods/export';
	const asStore = (extra: Record<string, string> = {}) => ({
		Authorization: `Bearer ${token()}`,
		Origin: STORE,
		...extra,
	});

	async function start(): Promise<string> {
		const response = await fetch(`${server.url}${EXPORT}`, {
			method: 'POST',
			headers: asStore({
				'Content-Type': 'application/json',
				'Sec-Fetch-Site': 'cross-site',
			}),
			body: JSON.stringify({ report_args: { after: '2020-01-01T00:00:00', per_page: 25 } }),
		});
		expect(response.status).toBe(200);
		expect(response.headers.get('access-control-allow-origin')).toBe(STORE);
		const body = (await response.json()) as { export_id: string };
		expect(body.export_id).toMatch(/^\d+$/);
		return body.export_id;
	}

	async function statusOf(id: string, headers: Record<string, string> = asStore()) {
		return fetch(`${server.url}${EXPORT}/${id}/status`, { headers });
	}

	it('answers the preflight of the export writes, and only of those', async () => {
		const preflight = (path: string, method: string, origin = STORE) =>
			fetch(`${server.url}${path}`, {
				method: 'OPTIONS',
				headers: {
					Origin: origin,
					'Access-Control-Request-Method': method,
					'Access-Control-Request-Headers': 'authorization,content-type',
				},
			});
		for (const [path, method] of [
			[EXPORT, 'POST'],
			[`${EXPORT}/1234567890123/cancel`, 'POST'],
			[`${EXPORT}/1234567890123`, 'DELETE'],
			[`${EXPORT}/1234567890123/download`, 'GET'],
		]) {
			const allowed = await preflight(path, method);
			expect([path, method, allowed.status]).toEqual([path, method, 204]);
			expect(allowed.headers.get('access-control-allow-methods')).toContain(method);
		}
		for (const [path, method, origin] of [
			[EXPORT, 'POST', 'https://evil.example'],
			[EXPORT, 'PUT', STORE],
			[`${EXPORT}/1234567890123`, 'POST', STORE],
			['/wp-json/wc-analytics/reports/revenue/stats', 'POST', STORE],
			['/wp-json/wc-analytics/reports/import', 'POST', STORE],
			['/wp-json/abacus/v1/sync', 'DELETE', STORE],
		]) {
			const refused = await preflight(path, method, origin);
			expect([path, method, origin, refused.status]).toEqual([path, method, origin, 403]);
			expect(refused.headers.get('access-control-allow-origin')).toBeNull();
		}
	});

	it('starts an export with the token (no nonce) and downloads the CSV with the token', async () => {
		const id = await start();
		let status: { percent_complete: number; download_url?: string } = { percent_complete: 0 };
		for (let attempt = 0; attempt < 200 && !status.download_url; attempt++) {
			const response = await statusOf(id);
			expect(response.status).toBe(200);
			status = (await response.json()) as typeof status;
			if (!status.download_url) await new Promise((resolve) => setTimeout(resolve, 50));
		}
		expect(status.download_url).toMatch(
			new RegExp(`^/wp-json/wc-analytics/reports/payment-methods/export/${id}/download`),
		);
		const download = await fetch(`${server.url}${status.download_url}`, { headers: asStore() });
		expect(download.status).toBe(200);
		expect(download.headers.get('access-control-allow-origin')).toBe(STORE);
		const lines = (await download.text()).trim().split('\n');
		expect(lines[0]).toMatch(/^Key,Name,Orders,Net sales,/);
		expect(lines.length).toBeGreaterThan(1);

		// Without a token, with another store's token, or with an expired one: refused.
		const bare = await fetch(`${server.url}${status.download_url}`);
		expect(bare.status).toBe(401);
		const other = await fetch(`${server.url}${status.download_url}`, {
			headers: { Authorization: `Bearer ${token(OTHER_STORE, OTHER_SECRET)}` },
		});
		expect(other.status).toBe(404);
		expect(((await other.json()) as { code: string }).code).toBe(
			'woocommerce_admin_reports_export_invalid_id',
		);
		expect(
			(await statusOf(id, { Authorization: `Bearer ${token(OTHER_STORE, OTHER_SECRET)}` }))
				.status,
		).toBe(404);
		const now = Math.floor(Date.now() / 1000);
		const expired = signEngineToken(
			{
				store: STORE,
				sub: 1,
				cap: 'view_woocommerce_reports',
				iat: now - 1000,
				exp: now - 100,
				aud: server.url,
			},
			SECRET,
		);
		const late = await fetch(`${server.url}${status.download_url}`, {
			headers: { Authorization: `Bearer ${expired}` },
		});
		expect(late.status).toBe(401);
	});

	it('cancels an export with the token; another store cannot', async () => {
		const id = await start();
		const foreign = await fetch(`${server.url}${EXPORT}/${id}/cancel`, {
			method: 'POST',
			headers: { Authorization: `Bearer ${token(OTHER_STORE, OTHER_SECRET)}` },
		});
		expect(foreign.status).toBe(404);
		const cancelled = await fetch(`${server.url}${EXPORT}/${id}`, {
			method: 'DELETE',
			headers: asStore(),
		});
		expect(cancelled.status).toBe(200);
		expect(((await cancelled.json()) as { status: string }).status).toBe('success');
		expect((await statusOf(id)).status).toBe(404);
	});

	it('refuses an export start without a token, from another origin, and other writes with a token', async () => {
		const body = JSON.stringify({ report_args: {} });
		const json = { 'Content-Type': 'application/json' };
		const noToken = await fetch(`${server.url}${EXPORT}`, {
			method: 'POST',
			headers: { ...json, Origin: STORE },
			body,
		});
		expect(noToken.status).toBe(401);
		const elsewhere = await fetch(`${server.url}${EXPORT}`, {
			method: 'POST',
			headers: {
				...json,
				Authorization: `Bearer ${token()}`,
				Origin: 'https://evil.example',
			},
			body,
		});
		expect(elsewhere.status).toBe(403);
		// PUT starts an export on the server's own page (with its nonce), not with a token.
		const put = await fetch(`${server.url}${EXPORT}`, {
			method: 'PUT',
			headers: { ...json, ...asStore() },
			body,
		});
		expect(put.status).toBe(403);
		expect(((await put.json()) as { code: string }).code).toBe('rest_cookie_invalid_nonce');
		// The import (a guarded route) is a write no token may make.
		const importing = await fetch(`${server.url}/wp-json/wc-analytics/reports/import`, {
			method: 'POST',
			headers: asStore(),
		});
		expect(importing.status).toBe(403);
		expect(((await importing.json()) as { code: string }).code).toBe(
			'rest_cookie_invalid_nonce',
		);
	});
});

describe("products' costs from the store's page", () => {
	const COSTS = '/wp-json/abacus/v1/costs';
	const now = Math.floor(Date.now() / 1000);
	const claims = {
		store: STORE,
		sub: 1,
		cap: 'view_woocommerce_reports',
		iat: now,
		exp: now + 900,
	};
	// Signed once the server runs (its address is the tokens' audience).
	const manager = () =>
		signEngineToken({ ...claims, aud: server.url, scope: [EDIT_COSTS_SCOPE] }, SECRET);
	const viewer = () => signEngineToken({ ...claims, aud: server.url }, SECRET);
	const asStore = (bearer: string, extra: Record<string, string> = {}) => ({
		Authorization: `Bearer ${bearer}`,
		Origin: STORE,
		'Sec-Fetch-Site': 'cross-site',
		...extra,
	});
	const today = new Date().toISOString().slice(0, 10);
	let productId = 0;
	let before: number | null = null;

	beforeAll(async () => {
		const response = await fetch(`${server.url}/wp-json/wc-analytics/products?per_page=1`, {
			headers: { Cookie: operator.cookie },
		});
		productId = ((await response.json()) as Array<{ id: number }>)[0].id;
		before = await costToday();
	});

	const costToday = async (): Promise<number | null> => {
		const response = await fetch(`${server.url}${COSTS}?product=${productId}`, {
			headers: asStore(viewer()),
		});
		expect(response.status).toBe(200);
		return ((await response.json()) as { product: { cost: number | null } }).product.cost;
	};
	const save = (bearer: string, cost: string, extra: Record<string, string> = {}) =>
		fetch(`${server.url}${COSTS}`, {
			method: 'POST',
			headers: asStore(bearer, { 'Content-Type': 'application/json', ...extra }),
			body: JSON.stringify({ product_id: productId, cost, date_from: today }),
		});

	it('answers the preflight of the cost save from the store only', async () => {
		const preflight = (method: string, origin = STORE) =>
			fetch(`${server.url}${COSTS}`, {
				method: 'OPTIONS',
				headers: {
					Origin: origin,
					'Access-Control-Request-Method': method,
					'Access-Control-Request-Headers': 'authorization,content-type',
				},
			});
		const allowed = await preflight('POST');
		expect(allowed.status).toBe(204);
		expect(allowed.headers.get('access-control-allow-origin')).toBe(STORE);
		expect(allowed.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST');
		for (const [method, origin] of [
			['POST', 'https://evil.example'],
			['PUT', STORE],
			['DELETE', STORE],
		]) {
			const refused = await preflight(method, origin);
			expect([method, origin, refused.status]).toEqual([method, origin, 403]);
			expect(refused.headers.get('access-control-allow-origin')).toBeNull();
		}
	});

	it("reads a product's costs only with a token", async () => {
		const bare = await fetch(`${server.url}${COSTS}?product=${productId}`);
		expect(bare.status).toBe(401);
		expect(((await bare.json()) as { code: string }).code).toBe('abacus_engine_token_missing');
		expect(await costToday()).toBe(before);
	});

	it('refuses a read-only token with 403 saying why, and saves nothing', async () => {
		const refused = await save(viewer(), '4.25');
		expect(refused.status).toBe(403);
		expect(refused.headers.get('access-control-allow-origin')).toBe(STORE);
		const body = (await refused.json()) as { code: string; message: string };
		expect(body.code).toBe('abacus_engine_token_read_only');
		expect(body.message).toMatch(/not change products' costs.*manage_woocommerce/);
		expect(before).not.toBe(4.25);
		expect(await costToday()).toBe(before);
	});

	it("saves a cost with a manager's token and no nonce", async () => {
		const saved = await save(manager(), '4.25');
		expect(saved.status).toBe(200);
		expect(saved.headers.get('access-control-allow-origin')).toBe(STORE);
		expect(await saved.json()).toMatchObject({ product_id: productId, cost: 4.25 });
		expect(await costToday()).toBe(4.25);
	});

	it('refuses other spellings of the write, another store and no token', async () => {
		// A PUT (here through the method override) is not the write a token may make.
		const put = await save(manager(), '9', { 'X-HTTP-Method-Override': 'PUT' });
		expect(put.status).toBe(403);
		expect(((await put.json()) as { code: string }).code).toBe('rest_cookie_invalid_nonce');
		const other = signEngineToken(
			{ ...claims, aud: server.url, store: OTHER_STORE, scope: [EDIT_COSTS_SCOPE] },
			OTHER_SECRET,
		);
		const foreign = await save(other, '9');
		expect(foreign.status).toBe(401);
		expect(((await foreign.json()) as { code: string }).code).toBe(
			'abacus_engine_token_wrong_store',
		);
		const bare = await fetch(`${server.url}${COSTS}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Origin: STORE },
			body: JSON.stringify({ product_id: productId, cost: '9', date_from: today }),
		});
		expect(bare.status).toBe(401);
		expect(await costToday()).toBe(4.25);
	});
});

describe("several reports in one request from the store's page", () => {
	const LEADERS = '/wp-json/wc-analytics/leaderboards?per_page=5&after=2020-01-01T00:00:00';
	const WRONG = '/wp-json/wc-analytics/reports/revenue/stats?interval=fortnight';
	const batchUrl = (paths: string[]) =>
		`${server.url}/wp-json/abacus/v1/engine/batch?${paths
			.map((path) => `path=${encodeURIComponent(path)}`)
			.join('&')}`;
	interface Batch {
		responses: Array<{ status: number; headers: Record<string, string>; body: string }>;
	}

	it('answers each path as its own request is answered, in order', async () => {
		const headers = { Authorization: `Bearer ${token()}`, Origin: STORE };
		const paths = [STATS, LEADERS, WRONG];
		const response = await fetch(batchUrl(paths), { headers });
		expect(response.status).toBe(200);
		expect(response.headers.get('access-control-allow-origin')).toBe(STORE);
		const { responses } = (await response.json()) as Batch;
		expect(responses).toHaveLength(3);
		for (const [index, path] of paths.entries()) {
			const alone = await fetch(`${server.url}${path}`, { headers });
			expect([path, responses[index].status]).toEqual([path, alone.status]);
			expect(JSON.parse(responses[index].body)).toEqual(await alone.json());
			expect(responses[index].headers['x-wp-total'] ?? null).toBe(
				alone.headers.get('x-wp-total'),
			);
		}
		expect(responses[2].status).toBe(400);
	});

	it('refuses a batch without the store’s token, and each path keeps its own checks', async () => {
		const bare = await fetch(batchUrl([STATS]), { headers: { Origin: STORE } });
		expect(bare.status).toBe(401);
		expect(((await bare.json()) as { code: string }).code).toBe('abacus_engine_token_missing');
		const foreign = await fetch(batchUrl([STATS]), {
			headers: { Authorization: `Bearer ${token(OTHER_STORE, OTHER_SECRET)}`, Origin: STORE },
		});
		expect(foreign.status).toBe(401);
		// From the engine's own page (no token): its operator's session reads the reports.
		const own = await fetch(batchUrl([STATS]), { headers: { Cookie: operator.cookie } });
		expect(own.status).toBe(200);
		const { responses } = (await own.json()) as Batch;
		expect(responses[0].status).toBe(200);
	});

	it('answers only report addresses, at most 24', async () => {
		const headers = { Authorization: `Bearer ${token()}`, Origin: STORE };
		for (const path of [
			'/wp-json/abacus/v1/engine/batch?path=%2Fwp-json%2Fwc-analytics%2Freports%2Frevenue%2Fstats',
			'/wp-json/wc/v3/orders',
			'/wp-json/abacus/v1/costs',
			'/wp-json/wc-analytics/reports/../../abacus/v1/costs',
			'/wp-json/wc-analytics/reports/%2e%2e/x',
			'/wp-json/wc-analytics//reports/revenue/stats',
			'/?rest_route=/wc-analytics/reports/revenue/stats',
			'https://other.example/wp-json/wc-analytics/reports/revenue/stats',
		]) {
			const response = await fetch(batchUrl([STATS, path]), { headers });
			expect([path, response.status]).toEqual([path, 400]);
			expect(((await response.json()) as { code: string }).code).toBe('rest_invalid_param');
		}
		const tooMany = await fetch(batchUrl(Array.from({ length: 25 }, () => STATS)), {
			headers,
		});
		expect(tooMany.status).toBe(400);
		const none = await fetch(`${server.url}/wp-json/abacus/v1/engine/batch`, { headers });
		expect(none.status).toBe(400);
	});

	it('answers the preflight of a batch from the store', async () => {
		const response = await fetch(batchUrl([STATS]), {
			method: 'OPTIONS',
			headers: {
				Origin: STORE,
				'Access-Control-Request-Method': 'GET',
				'Access-Control-Request-Headers': 'authorization',
			},
		});
		expect(response.status).toBe(204);
		expect(response.headers.get('access-control-allow-origin')).toBe(STORE);
	});
});
