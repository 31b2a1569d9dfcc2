/**
 * Every report route on both engines, and hostile input. Two generated stores (Honolulu, UTC−10;
 * Berlin) on a two-shard cluster:
 *
 * - every report route the server registers is listed here: with parameter sets whose answer on
 *   the ClickHouse engine (the store's token) equals the store's DuckDB server (JSON, X-WP-Total),
 *   or among the routes tested elsewhere, with where. A report route added later and in neither
 *   list fails the first test;
 * - every whole-report export type gives the same CSV on both engines;
 * - hostile parameters (malformed, prototype keys, huge ranges and intervals, per_page bounds,
 *   SQL-ish search strings) get the same status and error on the engine as on DuckDB, never a
 *   5xx, and a 200 is the store's own DuckDB answer (never the other store's rows); fuzzed too.
 */
import fc from 'fast-check';

import { hostileServerQueryString } from '../../../../tests/fuzz/arbitraries.js';
import { EXPORT_TYPES } from '../../reports/index.js';
import { type Answer, type EngineFixture, json, type Server, startEngineFixture } from './setup.js';

jest.setTimeout(300_000);

const SPECS = [
	{ id: 41, timeZone: 'Pacific/Honolulu', seed: 51, url: 'https://routes-a.example' },
	{ id: 42, timeZone: 'Europe/Berlin', seed: 52, url: 'https://routes-b.example' },
];
const NONCE = 'routes-test-nonce';
const Y = 'after=2025-04-01T00:00:00&before=2026-03-31T23:59:59';
const P = 'after=2025-10-20T06:00:00&before=2026-01-05T18:00:00';
const W = 'after=2025-11-10T00:00:00&before=2026-02-20T15:00:00';

/**
 * Parameter sets of every report route answered on the engine (the query after `?`), each tried
 * on one store in turn.
 */
/** A range from ten days ago to twenty days ahead (UTC days): a forecast asks for one reaching today. */
const AROUND_TODAY = (() => {
	const day = (offset: number) =>
		new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
	return `after=${day(-10)}T00:00:00&before=${day(20)}T23:59:59`;
})();

const ROUTES: Record<string, string[]> = {
	'/wc-analytics/reports': [''],
	'/wc-analytics/reports/revenue/stats': [
		`interval=week&${Y}&per_page=100`,
		`interval=day&${P}&per_page=100&fields=net_revenue,orders_count&order=asc`,
		`interval=month&${Y}&segmentby=customer_type`,
	],
	'/wc-analytics/reports/orders/stats': [
		`interval=quarter&${Y}&status_is[]=completed&customer_type=returning`,
		`interval=week&${P}&per_page=100&segmentby=product&product_includes=1,2,3`,
	],
	'/wc-analytics/reports/orders': [
		`${Y}&per_page=25&extended_info=1&orderby=net_total`,
		`${P}&per_page=10&page=2&refunds=all&status_is[]=completed`,
	],
	'/wc-analytics/reports/products': [
		`${Y}&per_page=25&extended_info=true&orderby=items_sold`,
		`${P}&per_page=10&orderby=product_name&order=asc&categories=1`,
		`${W}&per_page=10&orderby=sku&order=desc&products=1,2,3,999`,
	],
	'/wc-analytics/reports/products/stats': [
		`interval=month&${Y}&segmentby=category`,
		`interval=day&${P}&per_page=100&fields=items_sold,net_revenue`,
	],
	'/wc-analytics/reports/variations': [
		`${Y}&per_page=25&extended_info=1`,
		`${P}&per_page=10&orderby=items_sold`,
	],
	'/wc-analytics/reports/variations/stats': [`interval=month&${Y}`, `interval=week&${P}`],
	'/wc-analytics/reports/categories': [
		`${Y}&per_page=25&extended_info=1`,
		`${P}&orderby=items_sold&status_is[]=completed`,
		`${W}&categories=1,2,99&orderby=orders_count&per_page=-1&extended_info=1`,
	],
	'/wc-analytics/reports/coupons': [
		`${Y}&per_page=25&extended_info=1`,
		`${P}&orderby=amount`,
		`${W}&coupons=1,2,999&orderby=code&order=asc&extended_info=1`,
	],
	'/wc-analytics/reports/coupons/stats': [
		`interval=week&${Y}&per_page=100`,
		`interval=month&${P}&segmentby=coupon`,
	],
	'/wc-analytics/reports/taxes': [`${Y}&per_page=25`, `${P}&orderby=total_tax`],
	'/wc-analytics/reports/taxes/stats': [
		`interval=month&${Y}`,
		`interval=week&${P}&segmentby=tax_rate_id`,
	],
	'/wc-analytics/reports/downloads': [`${Y}&per_page=25`, `${P}&orderby=product&_embed=1`],
	'/wc-analytics/reports/downloads/stats': [`interval=month&${Y}`, `interval=day&${P}`],
	'/wc-analytics/reports/stock': [
		'per_page=25',
		'per_page=10&type=lowstock&orderby=stock_quantity',
	],
	'/wc-analytics/reports/stock/stats': [''],
	'/wc-analytics/reports/customers': [
		`${Y}&per_page=25&orderby=total_spend`,
		'per_page=10&search=an&searchby=name&orderby=name&order=asc',
	],
	'/wc-analytics/reports/customers/stats': [`${Y}`, 'orders_count_min=2'],
	'/wc-analytics/reports/performance-indicators': [
		Y,
		`${P}&stats=revenue/net_revenue,orders/orders_count,downloads/download_count`,
	],
	'/wc-analytics/reports/performance-indicators/allowed': [''],
	'/wc-analytics/leaderboards': [`per_page=5&${Y}`, `per_page=10&${P}`],
	'/wc-analytics/leaderboards/allowed': [''],
	'/wc-analytics/reports/payment-methods': [`${Y}&per_page=-1`, `${P}&orderby=label&order=asc`],
	'/wc-analytics/reports/payment-methods/stats': [
		`interval=month&${Y}`,
		`interval=week&${P}&segmentby=payment_method`,
	],
	'/wc-analytics/reports/shipping-methods': [`${Y}&per_page=-1`, `${P}&customer_type=new`],
	'/wc-analytics/reports/shipping-methods/stats': [`interval=month&${Y}`, `interval=day&${P}`],
	'/wc-analytics/reports/origins': [`${Y}&group_by=source_type`, `${P}&group_by=device`],
	'/wc-analytics/reports/origins/stats': [`interval=month&${Y}`, `interval=week&${P}`],
	'/wc-analytics/reports/places': [
		`${Y}&per_page=-1`,
		`${P}&group_by=shipping_state&per_page=-1`,
	],
	'/wc-analytics/reports/places/stats': [
		`interval=month&${Y}&group_by=billing_state`,
		`interval=week&${P}`,
	],
	'/wc-analytics/reports/order-times': [Y, `${P}&status_is[]=completed`],
	'/wc-analytics/reports/order-times/orders': [
		`${Y}&weekday=2&hour=14&per_page=5`,
		`${Y}&weekday=6&hour=20&per_page=3&page=2`,
	],
	'/wc-analytics/reports/cohorts': [`${Y}&periods=12`, `${W}&period=week&periods=8`],
	'/wc-analytics/reports/cohorts/orders': [
		`${Y}&cohort=2025-06&k=0&per_page=5`,
		`${Y}&cohort=2025-05&k=1&per_page=5`,
	],
	'/wc-analytics/reports/customers/lifetime': [Y, `${W}&status_is_not[]=refunded`],
	'/wc-analytics/reports/profit/stats': [
		`${Y}&interval=month`,
		`${P}&interval=week&orderby=gross_profit&order=asc&per_page=20`,
	],
	'/wc-analytics/reports/profit': [
		`${Y}&per_page=25&orderby=margin`,
		`${P}&by=category&per_page=100`,
	],
	'/wc-analytics/reports/profit/missing-costs': [Y, `${P}&categories=1`],
	'/abacus/v1/costs': ['product=2', 'product=5'],
	'/wc-analytics/reports/forecast': [
		`metric=net_revenue&${AROUND_TODAY}`,
		`metric=orders_count&${AROUND_TODAY}`,
	],
};

/** Report routes tested otherwise here or elsewhere. */
const OTHERWISE: Record<string, string> = {
	'/wc-analytics/reports/import/totals':
		"a loaded store's import (its rows counted on the cluster): clickhouse-engine/test/server.test.ts",
	'/wc-analytics/reports/import/status':
		"a loaded store's import (its rows counted on the cluster): clickhouse-engine/test/server.test.ts",
	'/wc-analytics/reports/:type/export/:id/status': 'the export test below',
	'/wc-analytics/reports/:type/export/:id/download': 'the export test below',
	'/abacus/v1/reports/stores/stats':
		'the store group, for the operator only, never a store token: stores.test.ts',
};

let fx: EngineFixture;
let engine: Server;

beforeAll(async () => {
	fx = await startEngineFixture({ name: 'routes', stores: SPECS, orders: 300, nonce: NONCE });
	engine = fx.engine as Server;
	// Generating the stores (when not cached yet) and loading them take minutes on a loaded machine.
}, 600_000);

afterAll(async () => {
	await fx?.stop();
});

/** The report routes a server registers (GET, under /wp-json, without the prefix). */
function reportRoutes(server: Server): string[] {
	return [
		...new Set(
			server.ctx.routes
				.filter(
					({ method, url }) =>
						method === 'GET' &&
						/^\/wp-json\/(wc-analytics\/(reports|leaderboards)|abacus\/v1\/(reports|costs))/.test(
							url,
						),
				)
				.map(({ url }) => url.slice('/wp-json'.length)),
		),
	].sort();
}

test('every report route is answered on ClickHouse or listed with the reason it is not', () => {
	const listed = [...Object.keys(ROUTES), ...Object.keys(OTHERWISE)].sort();
	expect(reportRoutes(engine)).toEqual(listed);
	expect(reportRoutes(fx.duck.get(SPECS[0].id) as Server)).toEqual(listed);
});

/** The store's answer from the engine equals its DuckDB server's (read with its page's nonce). */
async function expectSame(route: string, storeId: number): Promise<Answer> {
	// Both servers at once: they share nothing but the store's data.
	const [click, duck] = await Promise.all([
		fx.getEngine(route, storeId),
		fx.get((fx.duck.get(storeId) as Server).url, route, { 'X-WP-Nonce': NONCE }),
	]);
	expect([route, duck.status]).toEqual([route, 200]);
	expect([route, click.status, json(click.body)]).toEqual([route, 200, json(duck.body)]);
	expect([route, click.total]).toEqual([route, duck.total]);
	return click;
}

test.each(Object.entries(ROUTES))('%s equals DuckDB for the same store', async (route, sets) => {
	await Promise.all(
		sets.map((query, n) => expectSame(`${route.slice(1)}?${query}`, SPECS[n % 2].id)),
	);
});

/** Starts a whole-report export, waits until it is built and returns its CSV. */
async function exportCsv(
	base: string,
	type: string,
	args: Record<string, unknown>,
	headers: Record<string, string>,
): Promise<{ status: number; csv: string }> {
	const route = `${base}/wp-json/wc-analytics/reports/${type}/export`;
	const started = await fetch(route, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', ...headers },
		body: JSON.stringify({ report_args: args }),
	});
	const body = (await started.json()) as { export_id?: string };
	if (started.status !== 200) return { status: started.status, csv: JSON.stringify(body) };
	for (;;) {
		const status = await fetch(`${route}/${String(body.export_id)}/status`, { headers });
		const state = (await status.json()) as { download_url?: string };
		expect([type, status.status]).toEqual([type, 200]);
		if (state.download_url) {
			const file = await fetch(`${base}${state.download_url}`, { headers });
			return { status: file.status, csv: await file.text() };
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

test('every whole-report export type gives the same CSV on both engines', async () => {
	const args = { after: '2025-10-01T00:00:00', before: '2026-03-31T23:59:59' };
	for (const [n, type] of EXPORT_TYPES.entries()) {
		const spec = SPECS[n % 2];
		const click = await exportCsv(engine.url, type, args, {
			Authorization: `Bearer ${fx.tokenFor(spec.id)}`,
		});
		const duck = await exportCsv((fx.duck.get(spec.id) as Server).url, type, args, {
			'X-WP-Nonce': NONCE,
		});
		expect([type, duck.status]).toEqual([type, 200]);
		expect([type, click.status, click.csv]).toEqual([type, 200, duck.csv]);
		expect(click.csv.split('\n').length).toBeGreaterThan(1);
	}
});

/**
 * A route with fixed dates where it names none: without `before` a report ends now, and the two
 * engines are asked a second apart.
 */
function dated(route: string): string {
	const named = (key: string): boolean => new RegExp(`[?&]${key}(=|\\[|%5B)`, 'i').test(route);
	let out = route;
	if (!named('after')) out += '&after=2025-04-01T00:00:00';
	if (!named('before')) out += '&before=2026-03-31T23:59:59';
	return out;
}

/** Status, and for an error its code and message; a 200 is compared as JSON. */
async function expectSameAnswer(path: string, storeId: number): Promise<Answer> {
	const route = dated(path);
	const { click, duck } = await fx.getBoth(route, storeId);
	expect([route, click.status < 500, duck.status < 500]).toEqual([route, true, true]);
	expect([route, click.status]).toEqual([route, duck.status]);
	if (duck.status === 200) {
		expect([route, json(click.body)]).toEqual([route, json(duck.body)]);
		expect([route, click.total]).toEqual([route, duck.total]);
	} else {
		const error = (a: Answer): unknown => {
			const body = a.body as {
				code?: unknown;
				message?: unknown;
				data?: { status?: unknown };
			};
			return [body.code, body.message, body.data?.status];
		};
		expect([route, error(click)]).toEqual([route, error(duck)]);
	}
	return click;
}

const HOSTILE: string[] = [
	// Malformed and out-of-range parameters.
	'after=not-a-date',
	'after=2025-02-30T00:00:00&before=2025-03-01T00:00:00',
	`before=2025-01-01T00:00:00&after=2025-12-31T00:00:00`,
	'interval=fortnight',
	'order=sideways',
	'customer_type=robot',
	'match=xor',
	'status_is[]=',
	'product_includes=1,Infinity',
	'product_includes=9223372036854775808',
	'categories=-1',
	'coupon_includes=abc',
	'segmentby=drop',
	'fields=no_such_field',
	// Prototype keys.
	'__proto__[polluted]=1',
	'constructor[prototype][polluted]=1',
	'orderby=__proto__',
	'orderby=constructor',
	'fields[]=__proto__',
	'status_is[]=__proto__',
	'hasOwnProperty=1',
	// Huge ranges and intervals.
	'after=1000-01-01T00:00:00&before=9999-12-31T23:59:59&interval=day',
	'after=2000-01-01T00:00:00&before=2026-03-31T23:59:59&interval=hour',
	'after=-271821-04-20T00:00:00',
	'page=99999999999',
	// per_page bounds.
	'per_page=0',
	'per_page=-2',
	'per_page=101',
	'per_page=1e3',
	'per_page=abc',
	'page=0',
	'page=-1',
];

const HOSTILE_ROUTES = [
	'revenue/stats?interval=month',
	'products?',
	'orders?',
	'customers?',
	'payment-methods?',
	'order-times?',
	'cohorts?',
];

test('hostile parameters get the same answer on the engine as on DuckDB, never a 5xx', async () => {
	let n = 0;
	let refused = 0;
	for (const route of HOSTILE_ROUTES) {
		for (const hostile of HOSTILE) {
			const path = `wc-analytics/reports/${route}${route.endsWith('?') ? '' : '&'}${hostile}`;
			const answer = await expectSameAnswer(path, SPECS[n++ % 2].id);
			if (answer.status === 400) refused += 1;
		}
	}
	// Most of them are refused with a 400 naming what was wrong.
	expect(refused).toBeGreaterThan(HOSTILE_ROUTES.length * 15);
});

const SEARCH = [
	"' OR 1=1 --",
	"%'; DROP TABLE orders; --",
	"\\' OR ''='",
	'%',
	'_',
	'\\',
	'a%b_c',
	'"); SELECT * FROM system.tables; --',
	'🐢',
	'x'.repeat(201),
];

test('SQL-ish search strings are literals on both engines: the same customers, the same 400s', async () => {
	let found = 0;
	for (const [n, search] of SEARCH.entries()) {
		for (const by of ['name', 'email', 'username']) {
			const answer = await expectSameAnswer(
				`wc-analytics/reports/customers?per_page=100&searchby=${by}&search=${encodeURIComponent(search)}`,
				SPECS[n % 2].id,
			);
			if (answer.status === 200) found += (answer.body as unknown[]).length;
		}
	}
	// Nothing matches a quote or a statement; `%` and `_` are literal characters, not wildcards.
	expect(found).toBe(0);
	const long = await fx.getEngine(
		`wc-analytics/reports/customers?search=${'x'.repeat(201)}`,
		SPECS[0].id,
	);
	expect(long.status).toBe(400);
});

test('fuzzed hostile queries on every report route: the same status on both engines, a 200 is the store’s own answer', async () => {
	// The report routes (the costs route reads the store's page nonce on DuckDB, a token here).
	const routes = Object.keys(ROUTES)
		.filter((r) => r.startsWith('/wc-analytics/'))
		.map((r) => r.slice(1));
	await fc.assert(
		fc.asyncProperty(
			fc.constantFrom(0, 1),
			fc.constantFrom(...routes),
			hostileServerQueryString,
			async (i, route, query) => {
				await expectSameAnswer(`${route}?${query}`, SPECS[i].id);
			},
		),
		{ numRuns: 60, seed: 24 },
	);
});

test('Honolulu (UTC−10): hours, days and weeks equal on both engines', async () => {
	for (const route of [
		'revenue/stats?interval=hour&after=2025-12-31T00:00:00&before=2025-12-31T23:59:59&per_page=100',
		'revenue/stats?interval=day&after=2025-12-20T00:00:00&before=2026-01-10T23:59:59&per_page=100',
		'orders/stats?interval=week&after=2025-04-01T00:00:00&before=2026-03-31T23:59:59&per_page=100',
		'revenue/stats?interval=week&after=2025-12-24T10:00:00&before=2026-01-14T22:00:00&per_page=100',
		'order-times?after=2025-04-01T00:00:00&before=2026-03-31T23:59:59',
		'cohorts?after=2025-09-01T00:00:00&before=2026-03-31T23:59:59&period=week&periods=6',
	]) {
		await expectSame(`wc-analytics/reports/${route}`, SPECS[0].id);
	}
});
