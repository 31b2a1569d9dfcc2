/**
 * Every server route against hostile input: wrong types, missing values, out-of-range numbers,
 * injection strings, unknown enums and oversized bodies. Only 4xx answers in the WordPress error
 * shape, never a 500, and a refused request leaves the database exactly as it was.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';

import { createApp } from '../../server/src/app.js';
import { createContext } from '../../server/src/core/context.js';
import { type startServer } from '../../server/src/index.js';
import { startCachedServer } from '../support/cached-server.js';
import { fingerprint as storeFingerprint } from '../support/fingerprint.js';

type Started = Awaited<ReturnType<typeof startServer>>;

const REPORTS = [
	'revenue/stats',
	'orders/stats',
	'orders',
	'products',
	'products/stats',
	'variations',
	'variations/stats',
	'categories',
	'coupons',
	'coupons/stats',
	'taxes',
	'taxes/stats',
	'downloads',
	'downloads/stats',
	'stock',
	'stock/stats',
	'customers',
	'customers/stats',
	'performance-indicators',
	'performance-indicators/allowed',
];
const GET_ROUTES = [
	...REPORTS.map((r) => `/wc-analytics/reports/${r}`),
	'/wc-analytics/reports',
	'/wc-analytics/leaderboards',
	'/wc-analytics/leaderboards/allowed',
	'/wc-analytics/products',
	'/wc-analytics/products/low-in-stock',
	'/wc-analytics/variations',
	'/wc-analytics/products/categories',
	'/wc-analytics/products/attributes',
	'/wc-analytics/coupons',
	'/wc-analytics/customers',
	'/wc-analytics/orders',
	'/wc-analytics/taxes',
	'/wc-analytics/data/countries',
	'/wc-analytics/data/download-ips',
	'/wc-analytics/products/reviews',
	'/wc-analytics/admin/notes',
	'/wc-admin/options',
	'/wc-admin/navigation/favorites/me',
	'/wc/v3/payment_gateways',
	'/wc-analytics/settings/general',
	'/wc-admin/plugins/active',
	'/wc-admin/onboarding/profile',
	'/wp/v2/users/me',
];
const WRITE_ROUTES: Array<[string, string]> = [
	['PUT', '/wc-analytics/products/1'],
	['PUT', '/wc-analytics/products/reviews/1'],
	['POST', '/wc-analytics/admin/notes/1'],
	['PUT', '/wc-analytics/admin/notes/update'],
	['POST', '/wc-admin/options'],
	['POST', '/wc-admin/navigation/favorites/me'],
	['PUT', '/wc/v3/payment_gateways/bacs'],
	['POST', '/wc-analytics/settings/general/batch'],
	['POST', '/wc-admin/plugins/install'],
	['POST', '/wc-admin/onboarding/profile'],
	['POST', '/wp/v2/users/me'],
	['POST', '/wc-analytics/reports/revenue/export'],
];
const PARAMS = [
	'page',
	'per_page',
	'after',
	'before',
	'interval',
	'order',
	'orderby',
	'fields',
	'segmentby',
	'match',
	'status_is',
	'product_includes',
	'categories',
	'attribute_is',
	'search',
	'include',
	'options',
	'extended_info',
	'refunds',
	'customer_type',
	'type',
];
const HOSTILE = [
	'-1',
	'0',
	'1e309',
	'99999999999999999999',
	'NaN',
	'abc',
	'2021-02-30T00:00:00',
	'2021-13-01',
	"' OR 1=1 --",
	'1; DROP TABLE orders',
	'<script>alert(1)</script>',
	'../../etc/passwd',
	'\u0000',
	'%',
	'[]',
	'{}',
	'year',
	'hour,day',
	'',
];

let server: Started;
/**
 * The app on the server's database and settings, answering `inject`: the many generated requests
 * check each route's answer, not the HTTP layer, and cost a fraction of requests over a socket.
 */
let app: FastifyInstance;
let tmp: string;

/** The store's tables as the server holds them (see tests/support/fingerprint.ts). */
const fingerprint = (): Promise<string> => storeFingerprint(server.ctx.db);

async function call(method: string, route: string, query = '', body?: string) {
	const response = await fetch(`${server.url}/wp-json${route}${query ? `?${query}` : ''}`, {
		method,
		headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': server.nonce },
		body,
	});
	const text = await response.text();
	return { status: response.status, text };
}

/** `call` through the app's `inject` (same host, headers and body, no socket). */
async function answer(method: string, route: string, query = '', body?: string) {
	const response = await app.inject({
		method: method as 'GET',
		url: `/wp-json${route}${query ? `?${query}` : ''}`,
		headers: {
			host: new URL(server.url).host,
			'Content-Type': 'application/json',
			'X-WP-Nonce': server.nonce,
		},
		...(body === undefined ? {} : { payload: body }),
	});
	return { status: response.statusCode, text: response.body };
}

function expectErrorShape(status: number, text: string) {
	const body = JSON.parse(text) as {
		code?: unknown;
		message?: unknown;
		data?: { status?: unknown };
	};
	expect(typeof body.code).toBe('string');
	expect(typeof body.message).toBe('string');
	expect(body.data?.status).toBe(status);
}

beforeAll(async () => {
	tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-harden-'));
	server = await startCachedServer({
		databasePath: path.join(tmp, 'store.duckdb'),
		port: 0,
		orders: 300,
		seed: 3,
		quiet: true,
	});
	app = await createApp(createContext(server.ctx.db, server.ctx.config));
	await app.ready();
}, 300000);

afterAll(async () => {
	await app?.close();
	await server?.close();
	rmSync(tmp, { recursive: true, force: true });
});

describe('hostile query parameters on every read route', () => {
	it('never answer 5xx, and errors have the WordPress shape', async () => {
		const before = await fingerprint();
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...GET_ROUTES),
				fc.array(
					fc.tuple(fc.constantFrom(...PARAMS), fc.constantFrom(...HOSTILE), fc.boolean()),
					{ minLength: 1, maxLength: 4 },
				),
				async (route, params) => {
					const query = params
						.map(
							([k, v, asArray]) =>
								`${k}${asArray ? '[]' : ''}=${encodeURIComponent(v)}`,
						)
						.join('&');
					const { status, text } = await answer('GET', route, query);
					expect(status).toBeLessThan(500);
					if (status >= 400) expectErrorShape(status, text);
				},
			),
			{ numRuns: 600, seed: 11 },
		);
		expect(await fingerprint()).toBe(before);
	}, 300000);
});

describe('hostile bodies on every write route', () => {
	const bodies = fc.oneof(
		fc.constantFrom(
			'{',
			'null',
			'[]',
			'"text"',
			'{"update": "x"}',
			'{"noteIds": ["a"]}',
			'{"stock_quantity": "lots"}',
			'{"item_id": {"$ne": 1}}',
			'{"woocommerce_meta": 5}',
			'{"plugins": 7}',
			'{"status": "<script>"}',
		),
		fc.json({ maxDepth: 2 }),
	);

	it('never answer 5xx, and a refused write changes nothing', async () => {
		let unchanged: string | undefined;
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...WRITE_ROUTES),
				bodies,
				async ([method, route], body) => {
					// After a refused write the tables are as the previous run read them.
					const before = unchanged ?? (await fingerprint());
					unchanged = undefined;
					const { status, text } = await answer(method, route, '', body);
					expect(status).toBeLessThan(500);
					if (status >= 400) {
						expectErrorShape(status, text);
						const after = await fingerprint();
						expect(after).toBe(before);
						unchanged = after;
					}
				},
			),
			{ numRuns: 150, seed: 5 },
		);
	}, 600000);

	it('refuses an oversized body with 413 and changes nothing', async () => {
		const before = await fingerprint();
		const huge = JSON.stringify({ blogname: 'x'.repeat(2 * 1024 * 1024) });
		const { status, text } = await call('POST', '/wc-admin/options', '', huge);
		expect(status).toBe(413);
		expectErrorShape(413, text);
		expect(await fingerprint()).toBe(before);
	});

	it('refuses writes without the nonce', async () => {
		const response = await fetch(`${server.url}/wp-json/wc-admin/options`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ blogname: 'Hacked' }),
		});
		expect(response.status).toBe(403);
		expectErrorShape(403, await response.text());
	});

	it('answers unknown routes with rest_no_route', async () => {
		const { status, text } = await call('GET', '/wc-analytics/nope');
		expect(status).toBe(404);
		expect(JSON.parse(text).code).toBe('rest_no_route');
	});
});
