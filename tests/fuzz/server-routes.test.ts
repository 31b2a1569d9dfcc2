/**
 * Fuzz: hostile query strings (the report-address generators plus huge numbers and id keys) on
 * every GET route the server registers, and hostile path ids. Never a 5xx; every error in the
 * WordPress shape `{ code, message, data: { status } }`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import fc from 'fast-check';

import { type startServer } from '../../server/src/index.js';
import { startCachedServer } from '../support/cached-server.js';
import { hostileServerQueryString } from './arbitraries.js';

type Started = Awaited<ReturnType<typeof startServer>>;

let server: Started;
let tmp: string;

beforeAll(async () => {
	tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-fuzz-routes-'));
	// The store is generated once and copied (tests/support/cached-server.ts).
	server = await startCachedServer({
		databasePath: path.join(tmp, 'store.duckdb'),
		port: 0,
		orders: 200,
		seed: 9,
		quiet: true,
	});
}, 180000);

afterAll(async () => {
	await server?.close();
	rmSync(tmp, { recursive: true, force: true });
});

function getRoutes(): string[] {
	return [
		...new Set(
			server.ctx.routes
				.filter(({ method, url }) => method === 'GET' && url.startsWith('/wp-json/'))
				.map(({ url }) => url),
		),
	];
}

const pathValue = fc.constantFrom(
	'1',
	'0',
	'-1',
	'1e308',
	'9223372036854775808',
	'Infinity',
	'NaN',
	'constructor',
	'__proto__',
	'%00',
	'..%2F..',
	'general',
);

it('never answers 5xx to hostile queries on any GET route, and errors have the WordPress shape', async () => {
	const routes = getRoutes();
	expect(routes.length).toBeGreaterThan(50);
	const failures: string[] = [];
	await fc.assert(
		fc.asyncProperty(
			fc.constantFrom(...routes),
			pathValue,
			hostileServerQueryString,
			async (route, id, query) => {
				const target = `${route.replace(/:[A-Za-z_]+/g, id)}?${query}`;
				const response = await fetch(`${server.url}${target}`);
				const text = await response.text();
				if (response.status >= 500) {
					failures.push(`${target} -> ${response.status} ${text.slice(0, 100)}`);
					return;
				}
				if (response.status >= 400) {
					const body = JSON.parse(text) as {
						code?: unknown;
						message?: unknown;
						data?: { status?: unknown };
					};
					expect(typeof body.code).toBe('string');
					expect(typeof body.message).toBe('string');
					expect(body.data?.status).toBe(response.status);
				}
			},
		),
		{ numRuns: 1000, seed: 23 },
	);
	expect(failures).toEqual([]);
}, 600000);
