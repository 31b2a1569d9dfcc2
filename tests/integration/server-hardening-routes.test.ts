/**
 * Every route the app registers (walked from its route list, not a hand-kept list) against
 * numbers no column can hold, empty lists and deep JSON: 400s in the WordPress error shape, never a
 * 500, and a refused write leaves the database as it was.
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
import { concurrently } from '../support/concurrently.js';

type Started = Awaited<ReturnType<typeof startServer>>;

let server: Started;
/**
 * The app on the server's database and settings, answering `inject`: what is checked here is each
 * route's answer, not the HTTP layer (server-security.test.ts covers that), and an injected
 * request costs a fraction of one over a socket.
 */
let app: FastifyInstance;
let host: string;
let tmp: string;

/** Numbers that overflowed, crashed or were treated as huge work before. */
const HUGE = [
	'1e308',
	'1e309',
	'9223372036854775808',
	'-9223372036854775809',
	'18446744073709551616',
	'2147483648',
	'-2147483649',
	'Infinity',
	'-Infinity',
	'NaN',
	'1,Infinity',
	'1,9223372036854775808',
	'0x10',
	'1.5',
	'-0',
	'',
];

/** Values also sent one parameter at a time (a refused first parameter must not hide the others). */
const SINGLE = ['1e308', '9223372036854775808', 'Infinity', ''];

/** Parameters that hold ids, id lists, counts or filters somewhere in the API. */
const PARAMS = [
	'include',
	'exclude',
	'product',
	'products',
	'category',
	'categories',
	'customer',
	'customers',
	'parent',
	'days',
	'status',
	'status_is',
	'per_page',
	'page',
	'offset',
	'product_includes',
	'variation_includes',
	'coupon_includes',
	'tax_rate_includes',
	'orderby',
	'search',
	'id',
	'order_id',
	'user_id',
	'number',
	'stock_status',
	'type',
	'persisted_query',
	'attribute_is',
	'options',
];

/** The store's tables as the server holds them (see tests/support/fingerprint.ts). */
const fingerprint = (): Promise<string> => storeFingerprint(server.ctx.db);

async function call(method: string, target: string, body?: string) {
	const response = await app.inject({
		method: method as 'GET',
		url: `/wp-json${target}`,
		headers: {
			host,
			'Content-Type': 'application/json',
			'X-WP-Nonce': server.nonce,
		},
		...(body === undefined ? {} : { payload: body }),
	});
	return { status: response.statusCode, text: response.body };
}

/** What is wrong with an error answer's shape (WordPress: code, message, data.status), if anything. */
function errorShapeProblem(status: number, text: string): string | undefined {
	let body: { code?: unknown; message?: unknown; data?: { status?: unknown } };
	try {
		body = JSON.parse(text) as typeof body;
	} catch {
		return 'not JSON';
	}
	if (typeof body.code !== 'string') return 'no string code';
	if (typeof body.message !== 'string') return 'no string message';
	if (body.data?.status !== status) return `data.status ${String(body.data?.status)}`;
	return undefined;
}

function expectErrorShape(status: number, text: string): void {
	expect(errorShapeProblem(status, text)).toBeUndefined();
}

/** Waits until no historical import runs (a started one changes tables after its answer). */
async function importIdle(): Promise<void> {
	for (let i = 0; i < 600; i++) {
		const status = JSON.parse(
			(await call('GET', '/wc-analytics/reports/import/status')).text,
		) as { is_importing?: boolean };
		if (!status.is_importing) return;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

/** REST routes of one kind, path parameters left as `:name`. */
function routes(safe: boolean): Array<{ method: string; url: string }> {
	const seen = new Set<string>();
	return server.ctx.routes
		.filter(({ method, url }) => url.startsWith('/wp-json/') && (method === 'GET') === safe)
		.filter(({ method }) => safe || !['HEAD', 'OPTIONS'].includes(method))
		.map(({ method, url }) => ({ method, url: url.slice('/wp-json'.length) }))
		.filter(
			({ method, url }) => !seen.has(`${method} ${url}`) && !!seen.add(`${method} ${url}`),
		);
}

const fill = (url: string, value: string): string =>
	url.replace(/:group/g, 'general').replace(/:([A-Za-z_]+)/g, () => encodeURIComponent(value));

beforeAll(async () => {
	tmp = mkdtempSync(path.join(os.tmpdir(), 'abacus-harden-routes-'));
	server = await startCachedServer({
		databasePath: path.join(tmp, 'store.duckdb'),
		port: 0,
		orders: 300,
		seed: 4,
		quiet: true,
	});
	app = await createApp(createContext(server.ctx.db, server.ctx.config));
	await app.ready();
	host = new URL(server.url).host;
}, 180000);

afterAll(async () => {
	await app?.close();
	await server?.close();
	rmSync(tmp, { recursive: true, force: true });
});

describe('huge numbers and empty lists on every read route', () => {
	it('finds the routes to walk', () => {
		expect(routes(true).length).toBeGreaterThan(50);
		expect(routes(false).length).toBeGreaterThan(40);
	});

	it('answers every parameter with every huge number with a non-5xx, errors in the WordPress shape', async () => {
		// A route without path parameters gives the same target for every value: asked once.
		const targets = new Set(
			routes(true).flatMap(({ url }) =>
				HUGE.flatMap((value) => {
					const query = PARAMS.map((name) => `${name}=${encodeURIComponent(value)}`).join(
						'&',
					);
					return [
						`${fill(url, '1')}?${query}`,
						`${fill(url, value)}`,
						...(SINGLE.includes(value) ? PARAMS : []).map(
							(name) => `${fill(url, '1')}?${name}=${encodeURIComponent(value)}`,
						),
					];
				}),
			),
		);
		// Read requests change nothing: several at once, as a browser sends them.
		const failures: string[] = [];
		await concurrently([...targets], 6, async (target) => {
			const { status, text } = await call('GET', target);
			const problem = status >= 400 ? errorShapeProblem(status, text) : undefined;
			if (status >= 500) failures.push(`GET ${target} -> ${status} ${text.slice(0, 120)}`);
			else if (problem)
				failures.push(`GET ${target} -> ${status} ${problem}: ${text.slice(0, 120)}`);
		});
		expect(failures).toEqual([]);
	}, 600000);

	it('refuses huge numbers in ids and lists with 400 saying which parameter', async () => {
		for (const [target, name] of [
			['/wc-analytics/reports/products?products=9223372036854775808', 'products'],
			['/wc-analytics/products?include=1e308', 'include'],
			['/wc-analytics/products?include=1,Infinity', 'include'],
			['/wc-analytics/orders?customer=-9223372036854775809', 'customer'],
			['/wc-analytics/reports/orders/stats?product_includes=1e308', 'product_includes'],
		] as const) {
			const { status, text } = await call('GET', target);
			expect(status).toBe(400);
			expectErrorShape(400, text);
			expect(JSON.parse(text).data.params).toHaveProperty(name);
		}
	});

	it('refuses date ranges leaving the years 1000..9999 (also through the 7-day default of after)', async () => {
		for (const query of [
			'before=1000-01-01T00:00:00',
			'after=0999-12-31T00:00:00&before=1000-01-02T00:00:00',
		]) {
			for (const report of ['taxes/stats', 'revenue/stats', 'products']) {
				const { status, text } = await call(
					'GET',
					`/wc-analytics/reports/${report}?${query}`,
				);
				expect(status).toBe(400);
				expectErrorShape(400, text);
			}
		}
	});

	it('treats an empty list filter as no filter', async () => {
		const plain = await call('GET', '/wc-analytics/reports/orders/stats?interval=month');
		const empty = await call(
			'GET',
			'/wc-analytics/reports/orders/stats?interval=month&status_is=&status_is_not=',
		);
		expect(empty.status).toBe(200);
		expect(empty.text).toBe(plain.text);
	});
});

describe('huge numbers and deep JSON on every write route', () => {
	it('never answers 5xx and a refused write changes nothing', async () => {
		const bodies = fc.oneof(
			fc
				.constantFrom(...HUGE)
				.map((n) => `{"id":${JSON.stringify(n)},"value":${JSON.stringify(n)}}`),
			fc
				.constantFrom('1e308', '9223372036854775808', '-9223372036854775809', '2147483648')
				.chain((n) =>
					fc.constantFrom(
						`{"id":${n}}`,
						`{"stock_quantity":${n}}`,
						`{"order":${n}}`,
						`{"noteIds":[${n}]}`,
						`{"days":${n}}`,
						`{"settings":{"order":${n}}}`,
						`{"update":[{"id":"woocommerce_price_num_decimals","value":${n}}]}`,
						`[${n}]`,
					),
				),
		);
		const failures: string[] = [];
		let unchanged: string | undefined;
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...routes(false)),
				fc.constantFrom('1', '9223372036854775808', '1e308'),
				bodies,
				async ({ method, url }, id, body) => {
					await importIdle();
					// After a refused write the tables are as the previous run read them.
					const before = unchanged ?? (await fingerprint());
					unchanged = undefined;
					const target = fill(url, id);
					const { status, text } = await call(method, target, body);
					// An accepted import rebuilds the lookup tables in the background: let it finish.
					await importIdle();
					if (status >= 500)
						failures.push(
							`${method} ${target} ${body} -> ${status} ${text.slice(0, 120)}`,
						);
					else if (status >= 400) {
						expectErrorShape(status, text);
						const after = await fingerprint();
						expect(after).toBe(before);
						unchanged = after;
					}
				},
			),
			{ numRuns: 150, seed: 17 },
		);
		expect(failures).toEqual([]);
	}, 600000);

	it('refuses JSON nested 20,000 levels deep with 400 naming the body', async () => {
		for (const { method, url } of routes(false)) {
			const deep = `${'['.repeat(20000)}${']'.repeat(20000)}`;
			const { status, text } = await call(method, fill(url, '1'), deep);
			expect(status).toBe(400);
			expect(JSON.parse(text).data.params.body).toMatch(/nested deeper/);
		}
	}, 120000);
});
