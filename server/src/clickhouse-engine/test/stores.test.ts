/**
 * The store group on a ClickHouse engine, over HTTP: three small stores on a two-shard cluster
 * (two selling in USD, one in EUR). The operator's page (its nonce) lists the served stores and
 * gets their combined revenue stats, which equal the sum of each store's own revenue stats (as
 * its token gets them); shares add up to 100 %; a store's token, a missing nonce or another site
 * are refused; mixed currencies, unknown ids and hostile parameters are 400s naming them. A DuckDB
 * server answers its one store.
 */
import { startServer } from '../../index.js';
import { GROUP_FIELDS, MAX_GROUP_STORES } from '../../reports/stores/store-group.js';
import { operatorSession } from '../../engine-auth/test/operator-session.js';
import {
	type EngineFixture,
	engineToken,
	seededServerFile,
	type Server,
	startEngineFixture,
} from '../../clickhouse/test/setup.js';

jest.setTimeout(240_000);

const SPECS = [
	{
		id: 21,
		timeZone: 'America/New_York',
		seed: 3,
		url: 'https://agency-a.example',
		options: { woocommerce_currency: 'USD' },
	},
	{
		id: 22,
		timeZone: 'Pacific/Kiritimati',
		seed: 4,
		url: 'https://agency-b.example',
		// Store B's weeks start on Sunday: the group's weeks then start on Monday.
		options: { woocommerce_currency: 'USD', start_of_week: 0 },
	},
	{
		id: 23,
		timeZone: 'Europe/Berlin',
		seed: 5,
		url: 'https://agency-c.example',
		options: { woocommerce_currency: 'EUR' },
	},
];
/** A store the engine has a secret for but the cluster does not hold: not served. */
const UNLOADED = 'https://agency-d.example';
const NONCE = 'stores-test-nonce-0123456789';

let fx: EngineFixture;
let engine: Server;

beforeAll(async () => {
	fx = await startEngineFixture({
		name: 'stores',
		stores: SPECS,
		orders: 300,
		duckServers: false,
		engineOrders: 5,
		unloaded: [UNLOADED],
		nonce: NONCE,
		// An operator who may read store A only (its id) and store C (its address).
		operators: { 'a-and-c': ['21', 'https://agency-c.example'] },
	});
	engine = fx.engine as Server;
});

afterAll(async () => {
	await fx?.stop();
});

const token = (store: string): string => engineToken(store, undefined, engine.url);

/** The engine's signed-in operator (every store): session cookie and its nonce. */
function signedIn(): Record<string, string> {
	if (!fx.operator) throw new Error('The fixture has no engine operator.');
	return fx.operator.headers;
}

interface Answer {
	status: number;
	body: Record<string, unknown>;
}

/** GET a route; by default as the page's operator (the engine's session, a DuckDB server's nonce). */
async function call(
	server: Server,
	route: string,
	headers?: Record<string, string>,
): Promise<Answer> {
	const sent = headers ?? (server === engine ? signedIn() : { 'X-WP-Nonce': NONCE });
	const response = await fetch(`${server.url}/wp-json/${route}`, { headers: sent });
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

type Figures = Record<string, number>;
interface Interval {
	interval: string;
	subtotals: Figures;
}
interface Group {
	currency: string;
	start_of_week: number;
	totals: Figures;
	intervals: Interval[];
	stores: Array<{
		id: number;
		totals: Figures;
		intervals: Interval[];
		share: { net_revenue: number | null; orders_count: number | null };
	}>;
}

/** A store's own revenue stats, as its token gets them from the same engine. */
async function own(i: number, query: string): Promise<{ totals: Figures; intervals: Interval[] }> {
	const answer = await call(engine, `wc-analytics/reports/revenue/stats?${query}&per_page=100`, {
		Authorization: `Bearer ${token(SPECS[i].url)}`,
	});
	expect(answer.status).toBe(200);
	return answer.body as unknown as { totals: Figures; intervals: Interval[] };
}

const cents = (value: number): number => Math.round(value * 100);
const SUMS = GROUP_FIELDS.filter((f) => f !== 'avg_order_value' && f !== 'avg_items_per_order');

test('the operator’s page lists the stores the engine serves, with currency and time zone', async () => {
	const answer = await call(engine, 'abacus/v1/stores');
	expect(answer.status).toBe(200);
	expect(answer.body).toEqual(
		SPECS.map((spec) => ({
			id: spec.id,
			url: spec.url,
			name: spec.url.replace('https://', ''),
			currency: spec.options.woocommerce_currency,
			time_zone: spec.timeZone,
		})),
	);
});

test.each([
	['month over a year', 'interval=month&after=2025-04-01T00:00:00&before=2026-03-31T23:59:59'],
	[
		'days of a partial range',
		'interval=day&after=2025-10-20T06:00:00&before=2025-11-05T18:00:00',
	],
])('combined figures are the sum of each store’s own revenue stats (%s)', async (_name, query) => {
	const answer = await call(engine, `abacus/v1/reports/stores/stats?stores=21,22&${query}`);
	expect(answer.status).toBe(200);
	const group = answer.body as unknown as Group;
	expect(group.currency).toBe('USD');
	const a = await own(0, query);
	const b = await own(1, query);
	expect(a.totals.orders_count).toBeGreaterThan(0);
	expect(b.totals.orders_count).toBeGreaterThan(0);
	for (const field of SUMS) {
		expect([field, cents(group.totals[field])]).toEqual([
			field,
			cents(a.totals[field] + b.totals[field]),
		]);
	}
	expect(group.totals.avg_order_value).toBeCloseTo(
		group.totals.net_revenue / group.totals.orders_count,
		3,
	);
	// Each store's totals are its own; every interval is the sum of the stores' same interval.
	expect(group.stores.map((s) => s.id)).toEqual([21, 22]);
	expect(group.stores[0].totals.net_revenue).toBeCloseTo(a.totals.net_revenue, 4);
	expect(group.stores[1].totals.orders_count).toBe(b.totals.orders_count);
	const byKey = (rows: Interval[]) => new Map(rows.map((row) => [row.interval, row.subtotals]));
	const ownA = byKey(a.intervals);
	const ownB = byKey(b.intervals);
	expect(group.intervals.length).toBeGreaterThan(1);
	for (const row of group.intervals) {
		for (const field of ['net_revenue', 'orders_count', 'refunds', 'total_sales']) {
			const sum =
				(ownA.get(row.interval)?.[field] ?? 0) + (ownB.get(row.interval)?.[field] ?? 0);
			expect([row.interval, field, cents(row.subtotals[field])]).toEqual([
				row.interval,
				field,
				cents(sum),
			]);
		}
	}
	// Shares of net sales and of orders add up to 100 %.
	const netShares = group.stores.map((s) => s.share.net_revenue ?? NaN);
	const orderShares = group.stores.map((s) => s.share.orders_count ?? NaN);
	expect(netShares.reduce((x, y) => x + y, 0)).toBeCloseTo(100, 6);
	expect(orderShares.reduce((x, y) => x + y, 0)).toBeCloseTo(100, 6);
	expect(orderShares[0]).toBeCloseTo(
		(a.totals.orders_count / group.totals.orders_count) * 100,
		6,
	);
});

test('weeks of stores with different week starts start on Monday; fields narrow the answer', async () => {
	const answer = await call(
		engine,
		'abacus/v1/reports/stores/stats?stores=22,21&interval=week&after=2026-03-01T00:00:00&before=2026-03-31T23:59:59&fields=net_revenue,orders_count',
	);
	expect(answer.status).toBe(200);
	const group = answer.body as unknown as Group;
	expect(group.start_of_week).toBe(1);
	expect(Object.keys(group.totals).sort()).toEqual(['net_revenue', 'orders_count']);
	expect(group.stores.map((s) => s.id)).toEqual([22, 21]);
	// Every whole week's first day is a Monday.
	for (const row of group.intervals.slice(1)) {
		const start = (row as unknown as { date_start: string }).date_start;
		expect([start, new Date(`${start.slice(0, 10)}T00:00:00Z`).getUTCDay()]).toEqual([
			start,
			1,
		]);
	}
});

test('a store’s token, no session, a wrong nonce or another site get no figure', async () => {
	const stats =
		'abacus/v1/reports/stores/stats?stores=21,22&after=2026-01-01T00:00:00&before=2026-03-31T23:59:59';
	for (const route of ['abacus/v1/stores', stats]) {
		const withToken = await call(engine, route, {
			'X-WP-Nonce': NONCE,
			Authorization: `Bearer ${token(SPECS[0].url)}`,
		});
		// A store's token reads its own reports only: the group answers it as no one's (401).
		expect([route, withToken.status, withToken.body.code]).toEqual([
			route,
			401,
			'abacus_engine_login_required',
		]);
		// No session, even with the server-wide nonce: 401.
		const none = await call(engine, route, { 'X-WP-Nonce': NONCE });
		expect([route, none.status, none.body.code]).toEqual([
			route,
			401,
			'abacus_engine_login_required',
		]);
		const cookie = { Cookie: signedIn().Cookie };
		const noNonce = await call(engine, route, cookie);
		expect([route, noNonce.status, noNonce.body.code]).toEqual([
			route,
			403,
			'rest_cookie_invalid_nonce',
		]);
		const wrong = await call(engine, route, { ...cookie, 'X-WP-Nonce': NONCE });
		expect(wrong.status).toBe(403);
		const crossSite = await call(engine, route, {
			...signedIn(),
			'Sec-Fetch-Site': 'cross-site',
		});
		expect([route, crossSite.status, crossSite.body.code]).toEqual([
			route,
			403,
			'rest_forbidden_origin',
		]);
		for (const answer of [withToken, none, noNonce, wrong, crossSite]) {
			expect(JSON.stringify(answer.body)).not.toMatch(/net_revenue|agency-/);
		}
	}
});

test('stores of different currencies are a 400 naming each store and its currency', async () => {
	const answer = await call(
		engine,
		'abacus/v1/reports/stores/stats?stores=21,23&after=2026-01-01T00:00:00&before=2026-03-31T23:59:59',
	);
	expect(answer.status).toBe(400);
	expect(answer.body.code).toBe('abacus_stores_mixed_currencies');
	expect(answer.body.message).toContain('agency-a.example (id 21) in USD');
	expect(answer.body.message).toContain('agency-c.example (id 23) in EUR');
});

test.each([
	['', 'stores', 'required'],
	['stores=', 'stores', 'required'],
	['stores=-1', 'stores', 'not a store id'],
	['stores=1e3', 'stores', 'not a store id'],
	['stores=21;DROP TABLE stores', 'stores', 'not a store id'],
	['stores=__proto__', 'stores', 'not a store id'],
	['stores=0', 'stores', 'not a store id'],
	['stores=99999999999', 'stores', 'not a store id'],
	['stores=21,99,24', 'stores', 'no store with the id 99, 24'],
	[
		`stores=${Array.from({ length: MAX_GROUP_STORES + 1 }, (_, i) => i + 1).join(',')}`,
		'stores',
		`at most ${MAX_GROUP_STORES}`,
	],
	['stores=21&interval=fortnight', 'interval', ''],
	['stores=21&fields=profit', 'fields', ''],
	['stores=21&after=yesterday', 'after', ''],
])('hostile or wrong parameters: %s → 400 naming %s', async (query, param, words) => {
	const dates = query.includes('after=')
		? '&before=2026-03-31T23:59:59'
		: '&after=2026-01-01T00:00:00&before=2026-03-31T23:59:59';
	const answer = await call(engine, `abacus/v1/reports/stores/stats?${query}${dates}`);
	expect(answer.status).toBe(400);
	const data = answer.body.data as { params?: Record<string, string> };
	expect(Object.keys(data.params ?? {})).toContain(param);
	if (words) expect(String(answer.body.message)).toContain(words);
});

test('dates are required, ordered, and the intervals bounded', async () => {
	const missing = await call(engine, 'abacus/v1/reports/stores/stats?stores=21&after=2026-01-01');
	expect([missing.status, missing.body.code]).toEqual([400, 'rest_missing_callback_param']);
	const upside = await call(
		engine,
		'abacus/v1/reports/stores/stats?stores=21&after=2026-03-01T00:00:00&before=2026-01-01T00:00:00',
	);
	expect(upside.status).toBe(400);
	const many = await call(
		engine,
		'abacus/v1/reports/stores/stats?stores=21,22&interval=hour&after=2024-01-01T00:00:00&before=2026-12-31T23:59:59',
	);
	expect([many.status, String(many.body.message)]).toEqual([
		400,
		expect.stringContaining('intervals'),
	]);
});

test('a DuckDB server answers its one store', async () => {
	// The store a first start generates, copied from the store cache.
	await seededServerFile(`${fx.dir}/single.duckdb`, 40);
	const single = await startServer({
		databasePath: `${fx.dir}/single.duckdb`,
		orders: 40,
		quiet: true,
		sync: false,
		nonce: NONCE,
	});
	try {
		const list = await call(single, 'abacus/v1/stores');
		expect(list.status).toBe(200);
		expect((list.body as unknown as Array<{ id: number }>).map((s) => s.id)).toEqual([1]);
		const query = 'interval=month&after=2025-01-01T00:00:00&before=2026-12-31T23:59:59';
		const group = await call(single, `abacus/v1/reports/stores/stats?stores=1&${query}`);
		const reference = await call(
			single,
			`wc-analytics/reports/revenue/stats?${query}&per_page=100`,
		);
		expect(group.status).toBe(200);
		const totals = (group.body as unknown as Group).totals;
		const ownTotals = (reference.body as unknown as { totals: Figures }).totals;
		expect(totals.orders_count).toBe(ownTotals.orders_count);
		expect(cents(totals.net_revenue)).toBe(cents(ownTotals.net_revenue));
		expect((group.body as unknown as Group).stores[0].share.net_revenue).toBe(100);
		const unknown = await call(single, `abacus/v1/reports/stores/stats?stores=2&${query}`);
		expect(unknown.status).toBe(400);
	} finally {
		await single.close();
	}
});

test('an operator limited to some stores lists and reads only those', async () => {
	const limited = await operatorSession(engine, 'a-and-c');
	const list = await call(engine, 'abacus/v1/stores', limited.headers);
	expect(list.status).toBe(200);
	expect((list.body as unknown as Array<{ id: number }>).map((s) => s.id)).toEqual([21, 23]);
	const range = 'after=2026-01-01T00:00:00&before=2026-03-31T23:59:59';
	const own = await call(
		engine,
		`abacus/v1/reports/stores/stats?stores=21&${range}`,
		limited.headers,
	);
	expect(own.status).toBe(200);
	// Store B is answered as a store the engine does not serve: the same words as an unknown id.
	const b = await call(
		engine,
		`abacus/v1/reports/stores/stats?stores=21,22&${range}`,
		limited.headers,
	);
	const unknown = await call(
		engine,
		`abacus/v1/reports/stores/stats?stores=21,29&${range}`,
		limited.headers,
	);
	expect(b.status).toBe(unknown.status);
	expect(b.status).toBeGreaterThanOrEqual(400);
	expect(String(b.body.message).replace('22', 'N')).toBe(
		String(unknown.body.message).replace('29', 'N'),
	);
	expect(JSON.stringify(b.body)).not.toMatch(/agency-b|net_revenue/);
	// Nor through the store header.
	const header = await call(engine, `wc-analytics/reports/revenue/stats?${range}`, {
		...limited.headers,
		'X-Abacus-Store': '22',
	});
	const unserved = await call(engine, `wc-analytics/reports/revenue/stats?${range}`, {
		...limited.headers,
		'X-Abacus-Store': '29',
	});
	expect(header.status).toBe(403);
	expect(header.body).toEqual(JSON.parse(JSON.stringify(unserved.body).replace(/29/g, '22')));
	const a = await call(engine, `wc-analytics/reports/revenue/stats?${range}`, {
		...limited.headers,
		'X-Abacus-Store': '21',
	});
	expect(a.status).toBe(200);
});
