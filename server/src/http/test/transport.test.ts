import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer } from '../../index.js';

let server: Awaited<ReturnType<typeof startServer>>;
let tmp: string;

beforeAll(async () => {
	tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-transport-'));
	server = await startServer({
		databasePath: path.join(tmp, 'store.duckdb'),
		port: 0,
		orders: 100,
		seed: 2,
		quiet: true,
	});
}, 120000);

afterAll(async () => {
	await server?.close();
	rmSync(tmp, { recursive: true, force: true });
});

const post = (route: string, headers: Record<string, string>, body?: string) =>
	fetch(`${server.url}/wp-json${route}`, {
		method: 'POST',
		headers: { 'X-WP-Nonce': server.nonce, ...headers },
		body,
	});

describe('WordPress-style transport', () => {
	it('accepts a DELETE sent as POST with X-HTTP-Method-Override and an empty JSON body', async () => {
		const response = await post('/wc-analytics/admin/notes/delete/all', {
			'X-HTTP-Method-Override': 'DELETE',
			'Content-Type': 'application/json',
		});
		expect(response.status).toBe(200);
		expect(Array.isArray(await response.json())).toBe(true);
	});

	it('refuses malformed JSON with a 400 naming the body', async () => {
		const response = await post(
			'/wc-admin/options',
			{ 'Content-Type': 'application/json' },
			'{"a":',
		);
		expect(response.status).toBe(400);
		const body = (await response.json()) as {
			code: string;
			data: { status: number; params: Record<string, string> };
		};
		expect(body.code).toBe('rest_invalid_json');
		expect(body.data.params.body).toMatch(/not valid JSON/);
	});

	it('runs simultaneous writes one after another', async () => {
		const writes = Array.from({ length: 8 }, (_, i) =>
			post(
				'/wc-admin/options',
				{ 'Content-Type': 'application/json' },
				JSON.stringify({ [`abacus_test_${i}`]: i }),
			),
		);
		const statuses = (await Promise.all(writes)).map((r) => r.status);
		expect(statuses.every((s) => s === 200)).toBe(true);
		const read = await fetch(
			`${server.url}/wp-json/wc-admin/options?options=abacus_test_0,abacus_test_7`,
		);
		expect(await read.json()).toEqual({ abacus_test_0: 0, abacus_test_7: 7 });
	});
});
