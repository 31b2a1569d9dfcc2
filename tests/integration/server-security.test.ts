/**
 * The server as another web page or a hostile client sees it: cross-site writes (CSRF) over every
 * mutating route whatever the path spelling or method override, prototype pollution through every
 * JSON body and settings value, DNS rebinding (foreign Host names) and the security headers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { type startServer } from '../../server/src/index.js';
import { startCachedServer } from '../support/cached-server.js';
import { fingerprint as storeFingerprint } from '../support/fingerprint.js';

type Started = Awaited<ReturnType<typeof startServer>>;

let server: Started;
let tmp: string;

beforeAll(async () => {
	tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-security-'));
	// A stand-in client build, so that the admin page is served whole (not the 503 "not built").
	mkdirSync(path.join(tmp, 'build', 'standalone'), { recursive: true });
	writeFileSync(path.join(tmp, 'build', 'standalone', 'index.js'), 'console.log("abacus");');
	server = await startCachedServer({
		buildDir: path.join(tmp, 'build'),
		databasePath: path.join(tmp, 'store.duckdb'),
		port: 0,
		orders: 300,
		seed: 5,
		quiet: true,
	});
}, 180000);

afterAll(async () => {
	await server?.close();
	rmSync(tmp, { recursive: true, force: true });
});

/**
 * Count and content hash of every table (tests/support/fingerprint.ts): equal before and after
 * means nothing was written.
 */
const fingerprint = (): Promise<string> => storeFingerprint(server.ctx.db);

/** Raw HTTP request (fetch refuses to send some headers, e.g. Host). */
function raw(
	method: string,
	pathAndQuery: string,
	headers: Record<string, string> = {},
	body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
	const url = new URL(server.url);
	return new Promise((resolve, reject) => {
		const request = http.request(
			{
				host: url.hostname,
				port: url.port,
				method,
				path: pathAndQuery,
				// An empty Host means none at all.
				setHost: headers.Host !== '',
				headers: {
					...(body !== undefined
						? { 'Content-Length': String(Buffer.byteLength(body)) }
						: {}),
					...Object.fromEntries(
						Object.entries(headers).filter(([k, v]) => k !== 'Host' || v !== ''),
					),
				},
			},
			(response) => {
				let text = '';
				response.setEncoding('utf8');
				response.on('data', (chunk: string) => (text += chunk));
				response.on('end', () =>
					resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
				);
			},
		);
		request.on('error', reject);
		if (body !== undefined) request.write(body);
		request.end();
	});
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every registered REST route/method that can change something, path params filled in. */
function mutatingRoutes(): Array<{ method: string; route: string }> {
	const seen = new Set<string>();
	const out: Array<{ method: string; route: string }> = [];
	for (const { method, url } of server.ctx.routes) {
		if (SAFE.has(method) || !url.startsWith('/wp-json/')) continue;
		const route = url
			.slice('/wp-json'.length)
			.replace(/:group/g, 'general')
			.replace(/:([A-Za-z_]+)/g, '1');
		const key = `${method} ${route}`;
		if (seen.has(key)) continue;
		seen.add(key);
		out.push({ method, route });
	}
	return out;
}

/** Spellings of `/wp-json<route>` a router may decode to the same route. */
function spellings(route: string): string[] {
	return [
		`/wp-json${route}`,
		`/%77p-json${route}`,
		`/wp-%6Aso%6E${route}`,
		`//wp-json${route}`,
		`/wp-json/${route}`,
		`/wp-json${route}/`,
		`/WP-JSON${route}`,
		`/?rest_route=${encodeURIComponent(route)}`,
		`/index.php?rest_route=${route}`,
	];
}

const REFUSED = new Set([400, 401, 403, 404, 405, 415, 421]);

describe('cross-site request forgery', () => {
	it('finds the mutating routes to walk', () => {
		expect(mutatingRoutes().length).toBeGreaterThan(40);
	});

	it('refuses every mutating route without the nonce, whatever the spelling of its path or method', async () => {
		const before = await fingerprint();
		const accepted: string[] = [];
		for (const { method, route } of mutatingRoutes()) {
			for (const spelled of spellings(route)) {
				const sep = spelled.includes('?') ? '&' : '?';
				const attempts: Array<[string, string, Record<string, string>]> = [
					[method, spelled, { 'Content-Type': 'application/json' }],
					[
						'POST',
						`${spelled}${sep}_method=${method}`,
						{ 'Content-Type': 'application/json' },
					],
					[
						'POST',
						spelled,
						{ 'Content-Type': 'application/json', 'X-HTTP-Method-Override': method },
					],
				];
				for (const [verb, target, headers] of attempts) {
					const response = await raw(verb, target, headers, '{}');
					if (!REFUSED.has(response.status)) {
						accepted.push(`${verb} ${target} -> ${response.status}`);
					}
				}
			}
		}
		expect(accepted).toEqual([]);
		expect(await fingerprint()).toBe(before);
	}, 600000);

	it('refuses cross-site form posts (text/plain and form bodies, foreign Origin) on every mutating route', async () => {
		const before = await fingerprint();
		const accepted: string[] = [];
		for (const { method, route } of mutatingRoutes()) {
			for (const spelled of [`/wp-json${route}`, `/%77p-json${route}`]) {
				for (const type of [
					'text/plain',
					'application/x-www-form-urlencoded',
					'multipart/form-data; boundary=x',
				]) {
					const response = await raw(
						'POST',
						`${spelled}?_method=${method}`,
						{ 'Content-Type': type, Origin: 'http://evil.example' },
						'{"name":"x"}',
					);
					if (!REFUSED.has(response.status)) {
						accepted.push(`${method} ${spelled} ${type} -> ${response.status}`);
					}
				}
			}
		}
		expect(accepted).toEqual([]);
		expect(await fingerprint()).toBe(before);
	}, 600000);

	it('refuses a write carrying the nonce from a foreign Origin or cross-site fetch', async () => {
		const before = await fingerprint();
		const foreign: Record<string, string>[] = [
			{ Origin: 'http://evil.example' },
			{ Origin: 'null' },
			{ Origin: `http://127.0.0.1:${server.port + 1}` },
			{ 'Sec-Fetch-Site': 'cross-site' },
		];
		for (const headers of foreign) {
			const response = await raw(
				'POST',
				'/wp-json/wc-admin/options',
				{ 'Content-Type': 'application/json', 'X-WP-Nonce': server.nonce, ...headers },
				'{"abacus_probe":"1"}',
			);
			expect(response.status).toBe(403);
			expect(JSON.parse(response.text)).toMatchObject({
				code: 'rest_forbidden_origin',
				data: { status: 403 },
			});
		}
		expect(await fingerprint()).toBe(before);
	});

	it('refuses a text/plain body carrying the nonce with 415', async () => {
		const response = await raw(
			'POST',
			'/wp-json/wc-admin/options',
			{ 'Content-Type': 'text/plain', 'X-WP-Nonce': server.nonce },
			'{"abacus_probe":"1"}',
		);
		expect(response.status).toBe(415);
		expect(JSON.parse(response.text)).toMatchObject({ data: { status: 415 } });
	});

	it('accepts a same-origin write with the nonce in X-WP-Nonce or _wpnonce', async () => {
		const origin = server.url;
		const viaHeader = await raw(
			'POST',
			'/wp-json/wc-admin/options',
			{ 'Content-Type': 'application/json', 'X-WP-Nonce': server.nonce, Origin: origin },
			'{"abacus_probe":"1"}',
		);
		expect(viaHeader.status).toBe(200);
		const viaQuery = await raw(
			'POST',
			`/wp-json/wc-admin/options?_wpnonce=${server.nonce}`,
			{ 'Content-Type': 'application/json' },
			'{"abacus_probe":"2"}',
		);
		expect(viaQuery.status).toBe(200);
		const wrong = await raw(
			'POST',
			'/wp-json/wc-admin/options',
			{ 'Content-Type': 'application/json', 'X-WP-Nonce': `${server.nonce}x` },
			'{"abacus_probe":"3"}',
		);
		expect(wrong.status).toBe(403);
	});
});

describe('prototype pollution', () => {
	const PAYLOADS = [
		'{"__proto__":{"polluted":"yes"}}',
		'{"constructor":{"prototype":{"polluted":"yes"}}}',
		'{"settings":{"__proto__":{"polluted":"yes"}}}',
		'{"settings":{"__proto__":1}}',
		'{"a":{"b":{"prototype":{"polluted":"yes"}}}}',
		'[{"__proto__":{"polluted":"yes"}}]',
		'{"settings":{"toString":"x","hasOwnProperty":"y"}}',
		'{"valueOf":1}',
	];

	it('refuses prototype keys in every JSON body route and leaves every object untouched', async () => {
		const before = await fingerprint();
		const revenue = await (
			await fetch(
				`${server.url}/wp-json/wc-analytics/reports/revenue/stats?interval=month&after=2020-01-01T00:00:00&before=2030-01-01T00:00:00`,
			)
		).text();
		const accepted: string[] = [];
		for (const { method, route } of mutatingRoutes()) {
			for (const body of PAYLOADS) {
				const response = await raw(
					method,
					`/wp-json${route}`,
					{ 'Content-Type': 'application/json', 'X-WP-Nonce': server.nonce },
					body,
				);
				if (response.status !== 400)
					accepted.push(`${method} ${route} ${body} -> ${response.status}`);
				else expect(JSON.parse(response.text)).toMatchObject({ code: 'rest_invalid_json' });
			}
		}
		expect(accepted).toEqual([]);
		const probe: Record<string, unknown> = {};
		expect(Object.keys(Object.getPrototypeOf(probe) as object)).toEqual([]);
		expect((probe as { polluted?: unknown }).polluted).toBeUndefined();
		expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
		expect(await fingerprint()).toBe(before);
		const after = await (
			await fetch(
				`${server.url}/wp-json/wc-analytics/reports/revenue/stats?interval=month&after=2020-01-01T00:00:00&before=2030-01-01T00:00:00`,
			)
		).text();
		expect(after).toBe(revenue);
	}, 600000);

	it('drops prototype keys in query strings', async () => {
		const response = await fetch(
			`${server.url}/wp-json/wc-analytics/reports/orders/stats?__proto__[polluted]=yes&constructor[prototype][polluted]=yes&status_is[__proto__]=x`,
		);
		expect(response.status).toBeLessThan(500);
		expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
	});

	it('refuses Object.prototype member names as orderby, search field or settings group with a 4xx', async () => {
		const failures: string[] = [];
		for (const word of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
			for (const target of [
				`/wc-analytics/products/categories?orderby=${word}`,
				`/wc-analytics/orders?orderby=${word}`,
				`/wc-analytics/products?orderby=${word}`,
				`/wc-analytics/admin/notes?orderby=${word}`,
				`/wc-analytics/products/reviews?orderby=${word}`,
				`/wc-analytics/customers?orderby=${word}`,
				`/wc-analytics/reports/customers?searchby=${word}&search=a`,
				`/wc-analytics/reports/products?orderby=${word}`,
				`/wc-analytics/settings/${word}`,
				`/wc/v3/payment_gateways/${word}`,
			]) {
				const response = await fetch(`${server.url}/wp-json${target}`);
				if (response.status >= 500 || (response.status === 200 && /orderby/.test(target)))
					failures.push(`${target} -> ${response.status}`);
			}
		}
		expect(failures).toEqual([]);
	});

	it('refuses Object.prototype member names as a payment gateway choice', async () => {
		const before = await fingerprint();
		for (const word of ['constructor', 'toString', '__proto__']) {
			const response = await fetch(`${server.url}/wp-json/wc/v3/payment_gateways/paypal`, {
				method: 'PUT',
				headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': server.nonce },
				body: JSON.stringify({ settings: { paymentaction: word } }),
			});
			expect(response.status).toBe(400);
		}
		expect(await fingerprint()).toBe(before);
	});

	it('refuses Object.prototype member names as values of choice settings', async () => {
		const before = await fingerprint();
		const groups = ['general', 'products', 'tax', 'wc_admin'];
		const refusedIds: string[] = [];
		for (const group of groups) {
			const list = (await (
				await fetch(`${server.url}/wp-json/wc-analytics/settings/${group}`)
			).json()) as Array<{ id: string; type: string }>;
			for (const setting of list) {
				if (!['select', 'multiselect', 'single_select_country'].includes(setting.type))
					continue;
				for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
					const value = setting.type === 'multiselect' ? [word] : word;
					const response = await fetch(
						`${server.url}/wp-json/wc-analytics/settings/${group}/batch`,
						{
							method: 'POST',
							headers: {
								'Content-Type': 'application/json',
								'X-WP-Nonce': server.nonce,
							},
							body: JSON.stringify({ update: [{ id: setting.id, value }] }),
						},
					);
					expect(response.status).toBe(400);
					refusedIds.push(`${setting.id}=${word}`);
				}
			}
		}
		expect(refusedIds.length).toBeGreaterThan(8);
		expect(await fingerprint()).toBe(before);
		const orders = await fetch(`${server.url}/wp-json/wc-analytics/reports/orders?per_page=5`);
		expect(orders.status).toBe(200);
	}, 300000);
});

describe('DNS rebinding', () => {
	it('refuses foreign Host names on the admin page, the API and static files with 421', async () => {
		for (const target of [
			'/wp-admin/admin.php?page=abacus',
			'/wp-json/wc-analytics/reports/revenue/stats',
			'/wp-json/wp/v2/users/me',
			'/abacus-build/standalone/index.js',
			'/',
		]) {
			for (const host of [
				'evil.example',
				`evil.example:${server.port}`,
				'127.0.0.1.evil.example',
				'',
			]) {
				const response = await raw('GET', target, { Host: host });
				expect([400, 421]).toContain(response.status);
				expect(response.text).not.toContain(server.nonce);
			}
		}
	});

	it('answers the loopback names on the server port', async () => {
		for (const host of [
			`127.0.0.1:${server.port}`,
			`localhost:${server.port}`,
			`LOCALHOST:${server.port}`,
		]) {
			const response = await raw('GET', '/wp-json/wc-analytics/reports/revenue/stats', {
				Host: host,
			});
			expect(response.status).toBe(200);
		}
	});

	it('answers a configured host name and refuses the loopback names it replaces', async () => {
		// A second server on a copy of the same cached store (no second generation).
		const other = await startCachedServer({
			databasePath: path.join(tmp, 'other.duckdb'),
			port: 0,
			orders: 300,
			seed: 5,
			quiet: true,
			allowedHosts: ['shop.example.com'],
		});
		try {
			const url = new URL(other.url);
			const get = (host: string) =>
				new Promise<number>((resolve, reject) => {
					http.get(
						{
							host: url.hostname,
							port: url.port,
							path: '/wp-json/wc-analytics/reports/revenue/stats',
							headers: { Host: host },
						},
						(response) => {
							response.resume();
							resolve(response.statusCode ?? 0);
						},
					).on('error', reject);
				});
			expect(await get('shop.example.com')).toBe(200);
			expect(await get(`localhost:${url.port}`)).toBe(421);
			// The address it is bound to stays reachable.
			expect(await get(`127.0.0.1:${url.port}`)).toBe(200);
		} finally {
			await other.close();
		}
	}, 120000);
});

describe('security headers', () => {
	it('sends CSP, nosniff, frame and referrer policies on the admin page, the API and errors', async () => {
		for (const target of [
			'/wp-admin/admin.php?page=abacus',
			'/wp-json/wc-analytics/reports/revenue/stats',
			'/wp-json/nothing/here',
		]) {
			const response = await fetch(`${server.url}${target}`);
			expect(response.headers.get('x-content-type-options')).toBe('nosniff');
			expect(response.headers.get('x-frame-options')).toBe('DENY');
			expect(response.headers.get('referrer-policy')).toBe('same-origin');
			expect(response.headers.get('content-security-policy')).toMatch(
				/frame-ancestors 'none'/,
			);
		}
	});

	it('points the admin page at https when a TLS proxy forwards the request', async () => {
		const response = await raw('GET', '/wp-admin/admin.php?page=abacus', {
			Host: `localhost:${server.port}`,
			'X-Forwarded-Proto': 'https',
		});
		expect(response.status).toBe(200);
		expect(response.text).toContain(`"restRoot":"https://localhost:${server.port}/wp-json/"`);
		expect(response.text).not.toContain('http://localhost');
	});

	it("lets the admin page's inline settings script run by nonce and nothing else inline", async () => {
		const response = await fetch(`${server.url}/wp-admin/admin.php?page=abacus`);
		const csp = response.headers.get('content-security-policy') ?? '';
		const html = await response.text();
		expect(response.status).toBe(200);
		const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
		expect(nonce).toBeTruthy();
		expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
		for (const tag of html.match(/<script[^>]*>/g) ?? []) {
			expect(tag.includes(`nonce="${nonce}"`) || /src="\/abacus-build\//.test(tag)).toBe(
				true,
			);
		}
		const again = await fetch(`${server.url}/wp-admin/admin.php?page=abacus`);
		expect(again.headers.get('content-security-policy')).not.toBe(csp);
	});
});
