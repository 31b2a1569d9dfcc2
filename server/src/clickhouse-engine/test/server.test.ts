/**
 * The server on ClickHouse (`--engine clickhouse://…`), over HTTP: two stores on a two-shard
 * cluster, each answered for the store its engine token names with the figures the same store's
 * DuckDB server gives; no token, or a token for a store the cluster does not hold, is refused;
 * the report cache never answers one store with another's body; a loaded store's historical
 * import is complete (its rows counted on the cluster; a new import or a delete refused).
 */
import fc from 'fast-check';

import {
	type Answer,
	type EngineFixture,
	engineToken,
	getJson,
	json,
	secretOf,
	type Server,
	startEngineFixture,
} from '../../clickhouse/test/setup.js';

jest.setTimeout(240_000);

const SPECS = [
	{
		id: 11,
		timeZone: 'America/New_York',
		seed: 7,
		url: 'https://shop-a.example',
	},
	{
		id: 12,
		timeZone: 'Europe/Berlin',
		seed: 8,
		url: 'https://shop-b.example',
		// Store B keeps other stock thresholds: the products' stock fields follow each store's own.
		options: { woocommerce_notify_low_stock_amount: 40, woocommerce_notify_no_stock_amount: 3 },
	},
];
/** A store the engine has a secret for but the cluster does not hold. */
const UNLOADED = 'https://shop-c.example';

let fx: EngineFixture;
/** The server on ClickHouse, serving both stores (and knowing shop C's secret). */
let engine: Server;

beforeAll(async () => {
	fx = await startEngineFixture({
		name: 'server',
		stores: SPECS,
		orders: 600,
		engineOrders: 5,
		unloaded: [UNLOADED],
	});
	engine = fx.engine as Server;
});

afterAll(async () => {
	await fx?.stop();
});

/** A store's token for this engine (its address is the token's audience). */
const token = (store: string, secret?: string): string => engineToken(store, secret, engine.url);

/** `url` is the path under /wp-json/wc-analytics/. */
function get(server: Server, url: string, bearer?: string): Promise<Answer> {
	return getJson(
		server.url,
		`wc-analytics/${url}`,
		bearer ? { Authorization: `Bearer ${bearer}` } : {},
	);
}

/** The ClickHouse engine's answer for store `i` and its DuckDB server's, compared as JSON. */
function both(i: number, url: string): Promise<{ click: Answer; duck: Answer }> {
	return fx.getBoth(`wc-analytics/${url}`, SPECS[i].id);
}

/** Store `i`'s table answer from the engine is 200 and equals its DuckDB server's, X-WP-Total too. */
async function sameTable(i: number, url: string): Promise<void> {
	const { click, duck: reference } = await both(i, url);
	expect([url, click.status, click.body]).toEqual([url, 200, click.body]);
	expect([url, json(click.body)]).toEqual([url, json(reference.body)]);
	expect([url, click.total]).toEqual([url, reference.total]);
}

const YEAR = 'after=2025-04-01T00:00:00&before=2026-03-31T23:59:59';

test('each store token gets its own store: revenue and orders stats equal its DuckDB server', async () => {
	for (const i of [0, 1]) {
		// Every route at once (reads only).
		await Promise.all(
			[
				`reports/revenue/stats?interval=month&${YEAR}&per_page=100`,
				`reports/orders/stats?interval=week&${YEAR}&per_page=100`,
				'reports/revenue/stats?interval=day&after=2025-10-20T06:00:00&before=2025-11-05T18:00:00&per_page=100',
				`reports/orders/stats?interval=quarter&${YEAR}&status_is[]=completed&customer_type=returning`,
			].map(async (url) => {
				const { click, duck: reference } = await both(i, url);
				expect([url, click.status]).toEqual([url, 200]);
				expect(json(click.body)).toEqual(json(reference.body));
				expect(click.total).toBe(reference.total);
			}),
		);
	}
	const a = await get(engine, `reports/revenue/stats?interval=year&${YEAR}`, token(SPECS[0].url));
	const b = await get(engine, `reports/revenue/stats?interval=year&${YEAR}`, token(SPECS[1].url));
	const totals = (x: Answer) => (x.body as { totals: Record<string, number> }).totals;
	expect(totals(a).orders_count).toBeGreaterThan(0);
	expect(totals(b).orders_count).toBeGreaterThan(0);
	expect(totals(a).net_revenue).not.toBe(totals(b).net_revenue);
});

test("a store's token never sees the other store's figures (fuzzed)", async () => {
	const statuses = ['completed', 'processing', 'refunded', 'on-hold'];
	await fc.assert(
		fc.asyncProperty(
			fc.constantFrom(0, 1),
			fc.constantFrom('revenue', 'orders'),
			fc.constantFrom('day', 'week', 'month', 'quarter'),
			fc.integer({ min: 0, max: 360 }),
			fc.integer({ min: 1, max: 120 }),
			fc.subarray(statuses),
			fc.constantFrom('', 'new', 'returning'),
			fc.constantFrom('asc', 'desc'),
			async (i, report, interval, startDay, days, status, customerType, order) => {
				const day = (n: number): string =>
					new Date(Date.UTC(2025, 3, 1) + n * 86_400_000).toISOString().slice(0, 10);
				const params = new URLSearchParams({
					interval,
					after: `${day(startDay)}T05:00:00`,
					before: `${day(startDay + days)}T21:00:00`,
					order,
					per_page: '50',
				});
				for (const s of status) params.append('status_is[]', s);
				if (customerType) params.set('customer_type', customerType);
				const url = `reports/${report}/stats?${params}`;
				const { click, duck: reference } = await both(i, url);
				expect(click.status).toBe(200);
				expect(json(click.body)).toEqual(json(reference.body));
			},
		),
		{ numRuns: 15 },
	);
});

test('products and variations stats equal the DuckDB server (categories, segments, whole-day fields)', async () => {
	for (const i of [0, 1]) {
		// Every route at once (reads only).
		await Promise.all(
			[
				`reports/products/stats?interval=month&${YEAR}&per_page=100`,
				// Whole days and product-level fields: DuckDB answers from its daily roll-up.
				`reports/products/stats?interval=week&${YEAR}&per_page=100&fields[]=items_sold&fields[]=net_revenue&fields[]=products_count`,
				'reports/products/stats?interval=day&after=2025-12-01T08:00:00&before=2025-12-24T20:00:00&per_page=100',
				`reports/products/stats?interval=month&${YEAR}&categories=2,5`,
				`reports/products/stats?interval=quarter&${YEAR}&segmentby=product&products=1,2,3,4`,
				`reports/products/stats?interval=quarter&${YEAR}&segmentby=category`,
				`reports/products/stats?interval=year&${YEAR}&segmentby=variation`,
				`reports/variations/stats?interval=month&${YEAR}&per_page=100`,
				`reports/variations/stats?interval=quarter&${YEAR}&segmentby=variation&category_includes=2`,
				`reports/orders/stats?interval=month&${YEAR}&categories=2,5&per_page=100`,
			].map(async (url) => {
				const { click, duck: reference } = await both(i, url);
				expect([url, click.status, click.body]).toEqual([url, 200, click.body]);
				expect([url, json(click.body)]).toEqual([url, json(reference.body)]);
				expect(click.total).toBe(reference.total);
			}),
		);
	}
	const sold = await get(
		engine,
		`reports/products/stats?interval=year&${YEAR}`,
		token(SPECS[0].url),
	);
	expect((sold.body as { totals: { items_sold: number } }).totals.items_sold).toBeGreaterThan(0);
});

const INDICATORS = [
	'revenue/total_sales',
	'revenue/net_revenue',
	'orders/orders_count',
	'orders/avg_order_value',
	'products/items_sold',
	'revenue/refunds',
	'coupons/orders_count',
	'coupons/amount',
	'taxes/total_tax',
	'taxes/order_tax',
	'taxes/shipping_tax',
	'revenue/shipping',
	'revenue/gross_sales',
	'variations/items_sold',
]
	.map((stat) => `stats[]=${stat}`)
	.join('&');

test('coupons and taxes stats and the performance indicators equal the DuckDB server', async () => {
	for (const i of [0, 1]) {
		// Every route at once (reads only).
		await Promise.all(
			[
				`reports/coupons/stats?interval=month&${YEAR}&per_page=100`,
				`reports/coupons/stats?interval=quarter&${YEAR}&segmentby=coupon`,
				`reports/coupons/stats?interval=quarter&${YEAR}&segmentby=category`,
				`reports/coupons/stats?interval=year&${YEAR}&segmentby=product&products=1,2,3`,
				`reports/taxes/stats?interval=week&${YEAR}&per_page=100`,
				`reports/taxes/stats?interval=quarter&${YEAR}&segmentby=tax_rate_id`,
				// Whole days (DuckDB reads every roll-up in one statement) and a partial range.
				`reports/performance-indicators?${YEAR}&${INDICATORS}`,
				`reports/performance-indicators?after=2025-11-03T09:30:00&before=2026-01-15T17:00:00&${INDICATORS}`,
				'reports/performance-indicators/allowed',
				'reports',
			].map(async (url) => {
				const { click, duck: reference } = await both(i, url);
				expect([url, click.status, click.body]).toEqual([url, 200, click.body]);
				expect([url, json(click.body)]).toEqual([url, json(reference.body)]);
			}),
		);
	}
	const indicators = await get(
		engine,
		`reports/performance-indicators?${YEAR}&stats[]=coupons/amount&stats[]=taxes/total_tax`,
		token(SPECS[1].url),
	);
	for (const row of indicators.body as Array<{ value: number }>) {
		expect(row.value).toBeGreaterThan(0);
	}
});

test('the products table (with extended_info) equals the DuckDB server: orderings, pages, categories, chosen products', async () => {
	for (const i of [0, 1]) {
		const urls = [
			`reports/products?${YEAR}&extended_info=true&per_page=25`,
			'reports/products?after=2025-09-10T10:00:00&before=2025-12-20T16:00:00&extended_info=true&orderby=net_revenue&order=desc&per_page=10&page=2',
			`reports/products?${YEAR}&orderby=items_sold&order=asc&per_page=100`,
			`reports/products?${YEAR}&orderby=product_name&order=asc&per_page=7&page=3`,
			`reports/products?${YEAR}&orderby=sku&order=desc&per_page=100`,
			`reports/products?${YEAR}&orderby=orders_count&per_page=-1`,
			`reports/products?${YEAR}&orderby=variations&order=desc&per_page=100`,
			`reports/products?${YEAR}&categories=2,5&extended_info=true&per_page=100`,
			// Chosen products, unsold and unknown ones included.
			`reports/products?after=2026-03-01T00:00:00&before=2026-03-02T23:59:59&products=1,2,3,999999&extended_info=true`,
		];
		for (const url of urls) await sameTable(i, url);
	}
	// Store B's thresholds make some of its products low in stock (or out of it) where store A's
	// would not: each store's stock fields follow its own settings.
	const statuses = async (i: number): Promise<string[]> =>
		(
			(
				await get(
					engine,
					`reports/products?${YEAR}&extended_info=true&per_page=100`,
					token(SPECS[i].url),
				)
			).body as Array<{ extended_info: { stock_status: string } }>
		).map((r) => r.extended_info.stock_status);
	expect(await statuses(1)).toContain('lowstock');
	const first = await get(
		engine,
		`reports/products?${YEAR}&extended_info=true`,
		token(SPECS[0].url),
	);
	const rows = first.body as Array<{ items_sold: number; extended_info: { name: string } }>;
	expect(rows.length).toBeGreaterThan(0);
	expect(rows[0].extended_info.name).not.toBe('');
});

test('the variations table (with extended_info and attributes) equals the DuckDB server', async () => {
	for (const i of [0, 1]) {
		// Every route at once (reads only).
		await Promise.all(
			[
				`reports/variations?${YEAR}&extended_info=true&per_page=25`,
				`reports/variations?${YEAR}&orderby=net_revenue&order=desc&per_page=5&page=2`,
				`reports/variations?${YEAR}&orderby=sku&order=asc&per_page=100`,
				`reports/variations?${YEAR}&orderby=items_sold&category_includes=2&extended_info=true&per_page=100`,
				`reports/variations?${YEAR}&product_includes=1,2,3,4,5,6,7,8&per_page=100`,
				'reports/variations?after=2026-03-01T00:00:00&before=2026-03-03T23:59:59&variations=30,31,32,999999&extended_info=true',
			].map((url) => sameTable(i, url)),
		);
	}
	const sold = await get(
		engine,
		`reports/variations?${YEAR}&extended_info=true`,
		token(SPECS[0].url),
	);
	const rows = sold.body as Array<{ extended_info: { attributes: unknown[] } }>;
	expect(rows.length).toBeGreaterThan(0);
	expect(rows[0].extended_info.attributes.length).toBeGreaterThan(0);
});

test('the categories, coupons and taxes tables equal the DuckDB server', async () => {
	for (const i of [0, 1]) {
		// Every route at once (reads only).
		await Promise.all(
			[
				`reports/categories?${YEAR}&extended_info=true&per_page=100`,
				`reports/categories?${YEAR}&orderby=net_revenue&order=desc&per_page=5&page=2`,
				`reports/categories?${YEAR}&orderby=category&order=asc&extended_info=true&per_page=100`,
				`reports/categories?${YEAR}&orderby=products_count&status_is[]=completed&per_page=100`,
				`reports/categories?${YEAR}&categories=1,2,999999&extended_info=true`,
				`reports/coupons?${YEAR}&extended_info=true&per_page=100`,
				`reports/coupons?${YEAR}&orderby=amount&order=desc&per_page=3&page=2`,
				`reports/coupons?${YEAR}&orderby=code&order=asc&per_page=100`,
				'reports/coupons?after=2025-12-01T09:00:00&before=2026-01-31T18:00:00&coupons=1,2,999999&extended_info=true',
				`reports/taxes?${YEAR}&per_page=100`,
				`reports/taxes?${YEAR}&orderby=tax_code&order=desc&per_page=100`,
				`reports/taxes?${YEAR}&orderby=rate&order=asc&per_page=2&page=2`,
				`reports/taxes?${YEAR}&orderby=total_tax&order=desc&per_page=100`,
				'reports/taxes?after=2026-02-01T10:00:00&before=2026-02-03T10:00:00&taxes=1,2,999999',
			].map((url) => sameTable(i, url)),
		);
	}
	const coupons = await get(engine, `reports/coupons?${YEAR}`, token(SPECS[0].url));
	expect((coupons.body as unknown[]).length).toBeGreaterThan(0);
});

test('no token, or a token for a store the cluster does not hold, is refused', async () => {
	const url = `reports/revenue/stats?interval=month&${YEAR}`;
	const cases: Array<[string | undefined, number, string]> = [
		[undefined, 401, 'abacus_engine_token_missing'],
		// The words of a bad signature: nothing says which stores the engine serves.
		[token('https://unknown.example'), 401, 'abacus_engine_token_invalid'],
		[token(SPECS[0].url, secretOf(SPECS[1].url)), 401, 'abacus_engine_token_invalid'],
		[token(UNLOADED), 403, 'abacus_engine_store_unknown'],
	];
	for (const [bearer, status, code] of cases) {
		const answer = await get(engine, url, bearer);
		expect([answer.status, (answer.body as { code: string }).code]).toEqual([status, code]);
		expect(answer.body).toHaveProperty('data.status', status);
		expect(JSON.stringify(answer.body)).not.toMatch(/net_revenue/);
	}
});

test("the report cache never answers one store with another's body", async () => {
	const url = `reports/orders/stats?interval=month&${YEAR}&per_page=100`;
	// The same query, back to back, twice each: the second of each is a cache hit.
	const answers = [];
	for (const i of [0, 1, 0, 1]) answers.push(await get(engine, url, token(SPECS[i].url)));
	for (const [n, i] of [0, 1, 0, 1].entries()) {
		const reference = await fx.getDuck(`wc-analytics/${url}`, SPECS[i].id);
		expect(json(answers[n].body)).toEqual(json(reference.body));
	}
	expect(json(answers[0].body)).not.toEqual(json(answers[1].body));
});

test("a loaded store's import is complete: its rows on the cluster counted, a new import or a delete refused", async () => {
	const statuses: unknown[] = [];
	for (const [i, spec] of SPECS.entries()) {
		const bearer = token(spec.url);
		// The store's own DuckDB file holds the same rows the cluster was loaded with.
		const duck = (fx.duck.get(spec.id) as Server).ctx.db;
		const count = async (where = '') => {
			const row = await duck.one(
				`SELECT count(*) AS n, count(DISTINCT customer_id) AS c FROM order_stats ${where}`,
			);
			return { orders: Number(row?.n), customers: Number(row?.c) };
		};
		const all = await count();
		expect(all.orders).toBeGreaterThan(100);
		const status = await get(engine, 'reports/import/status?timestamp=1', bearer);
		expect([i, status.status, status.body]).toEqual([
			i,
			200,
			{
				customers: { imported: all.customers, total: all.customers },
				orders: { imported: all.orders, total: all.orders },
				imported_from: -1,
				is_importing: false,
				source: 'cluster',
			},
		]);
		statuses.push(status.body);
		const totals = await get(engine, 'reports/import/totals', bearer);
		expect([i, totals.status, totals.body]).toEqual([i, 200, all]);
		// Days back from today to about the store's middle order: the store's rows on or after
		// that day's start (UTC, as on DuckDB), some but not all.
		const middle = await duck.one(
			'SELECT CAST(quantile_disc(date_created, 0.5) AS VARCHAR) AS d FROM order_stats',
		);
		const days = Math.floor(
			(Date.now() - Date.parse(`${String(middle?.d).slice(0, 10)}T00:00:00Z`)) / 86_400_000,
		);
		const since = `${new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)} 00:00:00`;
		const recent = await get(engine, `reports/import/totals?days=${days}`, bearer);
		const expected = await count(`WHERE date_created >= '${since}'`);
		expect([i, recent.body]).toEqual([i, expected]);
		expect(expected.orders).toBeGreaterThan(0);
		expect(expected.orders).toBeLessThan(all.orders);
		const skipping = await get(engine, 'reports/import/totals?skip_existing=true', bearer);
		expect([i, skipping.body]).toEqual([i, { orders: 0, customers: 0 }]);
	}
	const bearer = token(SPECS[0].url);
	// The store's page (its token) starts no import on the engine: not one of a token's writes.
	const byToken = await fetch(`${engine.url}/wp-json/wc-analytics/reports/import`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${bearer}` },
	});
	expect(byToken.status).toBe(403);
	// The engine's operator, on its own page, with the store chosen: refused with the reason.
	if (!fx.operator) throw new Error('The fixture has no engine operator.');
	const operator = {
		...fx.operator.headers,
		'X-Abacus-Store': String(SPECS[0].id),
		Origin: engine.url,
	};
	const post = (action: string) =>
		fetch(`${engine.url}/wp-json/wc-analytics/reports/${action}`, {
			method: 'POST',
			headers: operator,
		});
	const chosen = await fetch(`${engine.url}/wp-json/wc-analytics/reports/import/status`, {
		headers: operator,
	});
	expect(await chosen.json()).toEqual(statuses[0]);
	for (const action of ['import', 'import/delete']) {
		const answer = await post(action);
		expect([action, answer.status]).toEqual([action, 409]);
		const body = (await answer.json()) as { code: string; message: string };
		expect(body.code).toBe('abacus_import_loaded_store');
		expect(body.message).toMatch(/loaded into the engine’s cluster from its own database/);
	}
	const cancel = await post('import/cancel');
	expect(cancel.status).toBe(200);
	// Nothing was written: the store's figures and counts are as before.
	const after = await get(engine, 'reports/import/status', bearer);
	expect(after.body).toEqual(statuses[0]);
	const reference = await fx.getBoth(
		'wc-analytics/reports/revenue/stats?interval=year&after=2020-01-01T00:00:00&before=2030-12-31T23:59:59',
		SPECS[0].id,
	);
	expect(json(reference.click.body)).toEqual(json(reference.duck.body));
	// A store the cluster does not hold: refused, as every other route of the engine.
	const unknown = await get(engine, 'reports/import/status', token(UNLOADED));
	expect([unknown.status, (unknown.body as { code: string }).code]).toEqual([
		403,
		'abacus_engine_store_unknown',
	]);
});

test('routes need a store token or a session, never the embedded store for a token', async () => {
	const bearer = token(SPECS[0].url);
	// Admin routes (the embedded store's options) answer no one without a session (401), and a
	// store's token not at all (they are not its pages' routes).
	const options = await fetch(
		`${engine.url}/wp-json/wc-admin/options?options=woocommerce_currency`,
	);
	expect(options.status).toBe(401);
	const withToken = await fetch(
		`${engine.url}/wp-json/wc-admin/options?options=woocommerce_currency`,
		{ headers: { Authorization: `Bearer ${bearer}` } },
	);
	expect(withToken.status).toBe(401);
});
