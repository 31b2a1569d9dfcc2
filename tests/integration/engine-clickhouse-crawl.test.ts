/**
 * The ClickHouse engine serving three stores, as an attacker on the internet sees it: every
 * registered route, method and path spelling without credentials (with or without a store header
 * and the server-wide nonce) answers 401 or the sign-in page, with no store's data, address,
 * currency or nonce. Store A's token reads A only; an operator limited to A sees nothing of B.
 */
import fs from 'node:fs';
import path from 'node:path';

import { createApp } from '../../server/src/app.js';
import {
	injectSession,
	operatorSession,
} from '../../server/src/engine-auth/test/operator-session.js';
import {
	type EngineFixture,
	type Server,
	startEngineFixture,
} from '../../server/src/clickhouse/test/setup.js';
import { crawl, raw as rawTo } from './engine-crawl.js';

jest.setTimeout(240_000);

const SPECS = [
	{
		id: 41,
		timeZone: 'America/New_York',
		seed: 21,
		url: 'https://crawl-a.example',
		options: { woocommerce_currency: 'USD' },
	},
	{
		id: 42,
		timeZone: 'Europe/Berlin',
		seed: 22,
		url: 'https://crawl-b.example',
		options: { woocommerce_currency: 'EUR' },
	},
	{
		id: 43,
		timeZone: 'Europe/London',
		seed: 23,
		url: 'https://crawl-c.example',
		options: { woocommerce_currency: 'GBP' },
	},
];

let fx: EngineFixture;
let engine: Server;
/** Text that must never reach a caller without credentials. */
let secrets: string[] = [];

beforeAll(async () => {
	fx = await startEngineFixture({
		name: 'crawl',
		stores: SPECS,
		orders: 150,
		duckServers: false,
		operators: { 'a-only': ['41'] },
	});
	engine = fx.engine as Server;
	const people: string[] = [];
	for (const store of fx.stores) {
		const rows = await store.db.all<{ email: string; last_name: string }>(
			"SELECT email, last_name FROM customer_lookup WHERE email <> '' AND length(last_name) > 4 LIMIT 3",
		);
		people.push(...rows.flatMap((row) => [row.email, row.last_name]));
	}
	expect(people.length).toBeGreaterThan(5);
	secrets = [
		engine.nonce,
		...people,
		'crawl-a.example',
		'crawl-b.example',
		'crawl-c.example',
		'"EUR"',
		'"GBP"',
		'"USD"',
		'abacusSettings',
		'restNonce',
	];
});

afterAll(async () => {
	await fx?.stop();
});

const raw = (method: string, url: string, headers: Record<string, string> = {}) =>
	rawTo(engine.url, method, url, headers);

const YEAR = 'after=2025-04-01T00:00:00&before=2026-03-31T23:59:59';

test('without credentials no route, method or spelling answers a store, a currency or a nonce', async () => {
	expect(engine.ctx.routes.length).toBeGreaterThan(50);
	const bare = await crawl(engine.url, engine.ctx.routes, secrets);
	expect(bare.problems).toEqual([]);
	expect(bare.requests).toBeGreaterThan(300);
	// A store header and the server-wide nonce open nothing either.
	const named = await crawl(engine.url, engine.ctx.routes, secrets, {
		'X-Abacus-Store': '42',
		'X-WP-Nonce': engine.nonce,
	});
	expect(named.problems).toEqual([]);
	for (const address of [
		'/wp-admin/admin.php?page=abacus',
		'/wp-admin/admin.php?page=abacus&store=42',
	]) {
		const page = await raw('GET', address);
		expect(page.text).toContain('abacus-login');
		expect(secrets.filter((secret) => page.text.includes(secret))).toEqual([]);
	}
});

test("store A's token reads A only: not B through a header, not the group, not other routes", async () => {
	const route = `/wp-json/wc-analytics/reports/revenue/stats?${YEAR}&interval=month`;
	const bearer = { Authorization: `Bearer ${fx.tokenFor(41)}` };
	const own = await raw('GET', route, bearer);
	expect(own.status).toBe(200);
	const asOperator = async (id: number) =>
		raw('GET', route, { ...(fx.operator?.headers ?? {}), 'X-Abacus-Store': String(id) });
	const a = await asOperator(41);
	const b = await asOperator(42);
	expect(JSON.parse(own.text)).toEqual(JSON.parse(a.text));
	expect(JSON.parse(own.text)).not.toEqual(JSON.parse(b.text));
	const withHeader = await raw('GET', route, { ...bearer, 'X-Abacus-Store': '42' });
	expect(withHeader.status).toBe(403);
	expect(withHeader.text).not.toContain('net_revenue');
	for (const other of [
		'/wp-json/abacus/v1/stores',
		`/wp-json/abacus/v1/reports/stores/stats?stores=41,42&${YEAR}`,
		'/wp-json/wc-analytics/customers',
		'/wp-json/wc-admin/options?options=woocommerce_currency',
	]) {
		const answer = await raw('GET', other, bearer);
		expect([other, answer.status]).toEqual([other, 401]);
		expect(answer.text).not.toMatch(/crawl-b|EUR|net_revenue/);
	}
	// B's pages cannot use A's token.
	const fromB = await raw('GET', route, { ...bearer, Origin: 'https://crawl-b.example' });
	expect(fromB.status).toBe(401);
	expect(fromB.text).not.toContain('net_revenue');
});

test('an operator limited to A sees nothing of B', async () => {
	const limited = await operatorSession(engine, 'a-only');
	const list = await raw('GET', '/wp-json/abacus/v1/stores', limited.headers);
	expect(list.status).toBe(200);
	expect((JSON.parse(list.text) as Array<{ id: number }>).map((s) => s.id)).toEqual([41]);
	expect(list.text).not.toMatch(/crawl-b|crawl-c/);
	const route = `/wp-json/wc-analytics/reports/revenue/stats?${YEAR}&interval=month`;
	const b = await raw('GET', route, { ...limited.headers, 'X-Abacus-Store': '42' });
	const unknown = await raw('GET', route, { ...limited.headers, 'X-Abacus-Store': '49' });
	expect(b.status).toBe(403);
	expect(JSON.parse(b.text)).toEqual(JSON.parse(unknown.text.replace(/49/g, '42')));
	for (const lookup of [
		'wc-analytics/customers',
		'wc-analytics/orders',
		'wc-analytics/products',
	]) {
		const answer = await raw('GET', `/wp-json/${lookup}`, {
			...limited.headers,
			'X-Abacus-Store': '42',
		});
		expect([lookup, answer.status]).toEqual([lookup, 403]);
	}
	const group = await raw(
		'GET',
		`/wp-json/abacus/v1/reports/stores/stats?stores=42&${YEAR}`,
		limited.headers,
	);
	expect(group.status).toBe(400);
	expect(group.text).not.toContain('net_revenue');
	// The admin page lists A only, and ?store=42 chooses nothing.
	const buildDir = path.join(fx.dir, 'build');
	fs.mkdirSync(path.join(buildDir, 'standalone'), { recursive: true });
	fs.writeFileSync(path.join(buildDir, 'standalone', 'index.js'), '');
	const app = await createApp({
		...engine.ctx,
		routes: [],
		config: { ...engine.ctx.config, buildDir },
	});
	try {
		const session = await injectSession(app, 'a-only');
		const page = await app.inject({
			method: 'GET',
			url: '/wp-admin/admin.php?page=abacus&store=42',
			headers: { cookie: session.cookie },
		});
		expect(page.statusCode).toBe(200);
		const settings = JSON.parse(
			/window\.abacusSettings = (.*);<\/script>/.exec(page.body)?.[1] ?? 'null',
		) as { engineOperator: { store: number | null; stores: Array<{ id: number }> } };
		expect(settings.engineOperator.store).toBeNull();
		expect(settings.engineOperator.stores.map((s) => s.id)).toEqual([41]);
		expect(page.body).not.toMatch(/crawl-b|crawl-c/);
	} finally {
		await app.close();
	}
});
