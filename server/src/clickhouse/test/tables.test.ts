/**
 * The ClickHouse engine's tables beyond the order lookups, over HTTP: leaderboards, the orders
 * table (extended_info), revenue and orders stats segments, the customers table and stats, the
 * downloads table, stats and indicator, the stock table and stats and the attribute filters. Two
 * stores on a two-shard cluster; each store token's answer equals that store's own DuckDB server
 * (JSON and X-WP-Total), and a fuzzed run checks that no store ever gets the other's answer.
 */
import fc from 'fast-check';

import {
	type Answer,
	type EngineFixture,
	engineToken,
	getJson,
	type Server,
	startEngineFixture,
} from './setup.js';

jest.setTimeout(240_000);

const SPECS = [
	{ id: 21, timeZone: 'America/New_York', seed: 7, url: 'https://tables-a.example' },
	{
		id: 22,
		timeZone: 'Europe/Berlin',
		seed: 8,
		url: 'https://tables-b.example',
		// Store B keeps other stock thresholds: its stock statuses differ from store A's rules.
		options: { woocommerce_notify_low_stock_amount: 40, woocommerce_notify_no_stock_amount: 3 },
	},
];

let fx: EngineFixture;
let engine: Server;

beforeAll(async () => {
	fx = await startEngineFixture({ name: 'tables', stores: SPECS, orders: 600 });
	engine = fx.engine as Server;
});

afterAll(async () => {
	await fx?.stop();
});

/** `url` is the path under /wp-json/wc-analytics/. */
function get(server: Server, url: string, bearer?: string): Promise<Answer> {
	return getJson(
		server.url,
		`wc-analytics/${url}`,
		bearer ? { Authorization: `Bearer ${bearer}` } : {},
	);
}

/** A store's own DuckDB server. */
/** A store's token for this engine (its address is the token's audience). */
const token = (store: string): string => engineToken(store, undefined, engine.url);

const duckOf = (i: number): Server => fx.duck.get(SPECS[i].id) as Server;

/**
 * What a caller receives, with averages to the cent: they divide sums DuckDB adds as doubles and
 * ClickHouse as decimals, so a fourth decimal on a half may round either way. Sums and counts
 * are compared exactly.
 */
const json = (value: unknown): unknown =>
	JSON.parse(JSON.stringify(value), (key, v: unknown) =>
		key.startsWith('avg_') && typeof v === 'number' ? Math.round(v * 100) / 100 : v,
	);

/** Every URL, for both stores: the engine's answer equals the store's DuckDB server's. */
async function expectEqual(urls: string[]): Promise<Array<{ url: string; total: number }>> {
	const seen = [];
	for (const [i, spec] of SPECS.entries()) {
		for (const url of urls) {
			const click = await get(engine, url, token(spec.url));
			const reference = await get(duckOf(i), url);
			expect([spec.url, url, click.status]).toEqual([spec.url, url, 200]);
			expect([url, json(click.body)]).toEqual([url, json(reference.body)]);
			expect([url, click.total]).toEqual([url, reference.total]);
			seen.push({ url, total: Number(click.total ?? -1) });
		}
	}
	return seen;
}

const YEAR = 'after=2025-04-01T00:00:00&before=2026-03-31T23:59:59';
const PARTIAL = 'after=2025-10-20T06:00:00&before=2025-12-05T18:00:00';

test('leaderboards (top customers, coupons, categories, products) equal the DuckDB server', async () => {
	await expectEqual([
		`leaderboards?per_page=5&${YEAR}`,
		`leaderboards?per_page=20&${PARTIAL}&persisted_query={"period":"custom"}`,
		'leaderboards/allowed',
	]);
	const board = await get(engine, `leaderboards?per_page=5&${YEAR}`, token(SPECS[0].url));
	const rows = (board.body as Array<{ id: string; rows: unknown[] }>).map((b) => [
		b.id,
		b.rows.length,
	]);
	expect(rows).toEqual([
		['customers', 5],
		['coupons', 5],
		['categories', 5],
		['products', 5],
	]);
});

test('the orders table (extended_info) and revenue/orders stats segments equal the DuckDB server', async () => {
	const seen = await expectEqual(
		[
			`orders?per_page=100&extended_info=1&${YEAR}`,
			`orders?per_page=25&extended_info=1&orderby=net_total&order=asc&page=3&${YEAR}`,
			`orders?per_page=20&extended_info=1&orderby=num_items_sold&refunds=all&${YEAR}`,
			`orders?per_page=20&status_is[]=refunded&customer_type=returning&${PARTIAL}`,
			`revenue/stats?interval=quarter&${YEAR}&segmentby=category`,
			`revenue/stats?interval=month&${YEAR}&segmentby=product&per_page=100`,
			`revenue/stats?interval=week&${PARTIAL}&segmentby=coupon`,
			`revenue/stats?interval=month&${YEAR}&segmentby=customer_type`,
			`orders/stats?interval=month&${YEAR}&segmentby=customer_type&status_is[]=refunded&status_is[]=completed`,
			`orders/stats?interval=day&${PARTIAL}&segmentby=category&categories[]=2`,
			`revenue/stats?interval=month&${YEAR}&segmentby=variation&product_includes[]=3`,
			`orders/stats?interval=quarter&${YEAR}&segmentby=product&product_includes[]=3&product_includes[]=5`,
		].map((url) => `reports/${url}`),
	);
	// The tables are not empty: the comparison is of figures, not of two empty lists.
	expect(
		seen.filter((s) => s.url.includes('orders?') && s.total > 0).length,
	).toBeGreaterThanOrEqual(6);
});

test('the customers table and stats (with filters) equal the DuckDB server', async () => {
	const seen = await expectEqual(
		[
			'customers?per_page=25',
			'customers?per_page=25&orderby=total_spend&order=desc',
			'customers?per_page=25&orderby=orders_count&order=asc&page=2',
			'customers?per_page=25&orderby=name&order=asc',
			'customers?per_page=25&orderby=avg_order_value',
			`customers?per_page=10&${PARTIAL}&orderby=total_spend`,
			`customers?per_page=5&${PARTIAL}&orderby=orders_count&order=asc&page=2`,
			`customers?per_page=10&${PARTIAL}&orderby=avg_order_value&customers=1,2,3,4,5,6,7,8,9,10,11,12`,
			'customers?per_page=10&search=an&searchby=name',
			'customers?per_page=10&search=A&searchby=email',
			'customers?per_page=10&orders_count_min=2&total_spend_max=300',
			'customers?per_page=10&match=any&country_includes[]=US&state_includes[]=DE:BE',
			'customers?per_page=10&registered_after=2025-06-01T00:00:00&last_order_before=2026-01-01T00:00:00',
			'customers?per_page=10&avg_order_value_between[]=20&avg_order_value_between[]=80',
			'customers/stats',
			`customers/stats?${PARTIAL}`,
			'customers/stats?orders_count_min=2&match=any&country_includes[]=US',
		].map((url) => `reports/${url}`),
	);
	expect(seen.filter((s) => s.url.includes('customers?') && s.total > 0).length).toBe(28);
});

test('the downloads table, stats and indicator equal the DuckDB server', async () => {
	const seen = await expectEqual(
		[
			`downloads?per_page=25&${YEAR}`,
			`downloads?per_page=25&${YEAR}&orderby=product&order=asc&page=2&_embed=1`,
			`downloads?per_page=25&${YEAR}&customer_includes[]=4&customer_includes[]=9&match=any&product_includes[]=20`,
			`downloads/stats?interval=month&${YEAR}`,
			`downloads/stats?interval=day&${PARTIAL}`,
			`downloads/stats?interval=week&${YEAR}&product_excludes[]=20`,
			`performance-indicators?${YEAR}&stats[]=downloads/download_count&stats[]=revenue/total_sales`,
		].map((url) => `reports/${url}`),
	);
	expect(seen.filter((s) => s.url.includes('downloads?') && s.total > 0).length).toBe(6);
});

test('the stock table and stats equal the DuckDB server (each store its own thresholds)', async () => {
	await expectEqual(
		[
			'stock?per_page=25',
			'stock?per_page=25&order=desc',
			'stock?per_page=25&orderby=stock_quantity&order=asc&page=2',
			'stock?per_page=25&orderby=title',
			'stock?per_page=25&orderby=sku&order=desc',
			'stock?per_page=25&orderby=date&order=desc',
			'stock?per_page=-1&type=lowstock',
			'stock?per_page=100&type=outofstock',
			'stock?per_page=100&type=onbackorder',
			'stock?per_page=10&include[]=3&include[]=5&include[]=999',
			'stock/stats',
		].map((url) => `reports/${url}`),
	);
	const stats = await Promise.all(
		SPECS.map((s) => get(engine, 'reports/stock/stats', token(s.url))),
	);
	const low = stats.map((s) => (s.body as { totals: { lowstock: number } }).totals.lowstock);
	expect(low[0]).toBeGreaterThan(0);
	expect(low[1]).not.toBe(low[0]);
});

test('the attribute filters (order item meta) equal the DuckDB server', async () => {
	const seen = await expectEqual(
		[
			`orders/stats?interval=month&${YEAR}&attribute_is[0][0]=1&attribute_is[0][1]=1`,
			`orders/stats?interval=month&${YEAR}&attribute_is_not[0][0]=1&attribute_is_not[0][1]=2`,
			`orders?per_page=20&${YEAR}&attribute_is[0][0]=1&attribute_is[0][1]=2&attribute_is[1][0]=2&attribute_is[1][1]=5&match=any`,
			`variations?per_page=20&${YEAR}&attribute_is[0][0]=1&attribute_is[0][1]=1`,
			`variations/stats?interval=quarter&${YEAR}&attribute_is[0][0]=2&attribute_is[0][1]=6`,
		].map((url) => `reports/${url}`),
	);
	expect(seen.filter((s) => s.url.startsWith('reports/orders?') && s.total > 0).length).toBe(2);
});

test("a store's token never gets the other store's tables (fuzzed)", async () => {
	const endpoint = fc.constantFrom(
		'leaderboards?per_page=3',
		'reports/orders?per_page=10&extended_info=1',
		'reports/customers?per_page=10&orderby=total_spend',
		'reports/customers/stats?orders_count_min=1',
		'reports/downloads?per_page=10',
		'reports/stock?per_page=10&orderby=stock_quantity',
		'reports/revenue/stats?interval=month&segmentby=customer_type',
	);
	const day = fc.integer({ min: 0, max: 360 });
	await fc.assert(
		fc.asyncProperty(fc.constantFrom(0, 1), endpoint, day, day, async (i, url, a, b) => {
			const start = new Date(Date.UTC(2025, 3, 1) + Math.min(a, b) * 86_400_000);
			const end = new Date(Date.UTC(2025, 3, 1) + Math.max(a, b) * 86_400_000 + 86_399_000);
			const range = `after=${start.toISOString().slice(0, 19)}&before=${end.toISOString().slice(0, 19)}`;
			const full = `${url}&${range}`;
			const click = await get(engine, full, token(SPECS[i].url));
			const own = await get(duckOf(i), full);
			const other = await get(duckOf(1 - i), full);
			expect(click.status).toBe(200);
			expect(json(click.body)).toEqual(json(own.body));
			expect(click.total).toBe(own.total);
			if (JSON.stringify(own.body) !== JSON.stringify(other.body)) {
				expect(json(click.body)).not.toEqual(json(other.body));
			}
		}),
		{ numRuns: 8, seed: 24 },
	);
});
