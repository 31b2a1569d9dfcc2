/**
 * The reports beyond WooCommerce Analytics on the server's ClickHouse engine, over HTTP: the
 * breakdowns (payment and shipping methods, origins, places), order times (heat map and a cell's
 * orders), cohorts (triangle and a cell's orders), lifetime value and whole-report exports, each
 * answered for the store its
 * engine token names with exactly the figures (JSON and X-WP-Total) the same store's DuckDB server
 * gives. Two small stores on a two-shard cluster.
 */
import fc from 'fast-check';

import {
	type Answer,
	type EngineFixture,
	engineToken,
	json,
	type Server,
	startEngineFixture,
} from './setup.js';

jest.setTimeout(240_000);

const SPECS = [
	{ id: 21, timeZone: 'America/Los_Angeles', seed: 31, url: 'https://beyond-a.example' },
	{ id: 22, timeZone: 'Europe/Paris', seed: 32, url: 'https://beyond-b.example' },
];
/** The servers' page nonce (the DuckDB servers' exports are started and read with it). */
const NONCE = 'beyond-nonce';

let fx: EngineFixture;
let engine: Server;
/** Each store's own DuckDB server, by index in SPECS. */
const duck: Server[] = [];

beforeAll(async () => {
	fx = await startEngineFixture({ name: 'beyond', stores: SPECS, orders: 400, nonce: NONCE });
	engine = fx.engine as Server;
	for (const spec of SPECS) duck.push(fx.duck.get(spec.id) as Server);
});

afterAll(async () => {
	await fx?.stop();
});

const token = (store: string): string => engineToken(store, undefined, fx.engine?.url);

/** `url` is the path under /wp-json/ (`wc-analytics/reports/…`). */
function get(server: Server, url: string, bearer?: string): Promise<Answer> {
	return fx.get(server.url, url, bearer ? { Authorization: `Bearer ${bearer}` } : {});
}

/** Store `i`'s answer from the engine equals its DuckDB server's (JSON, X-WP-Total). */
async function same(i: number, url: string): Promise<Answer> {
	const click = await get(engine, url, token(SPECS[i].url));
	const reference = await get(duck[i], url);
	expect([url, reference.status]).toEqual([url, 200]);
	expect([url, click.status, json(click.body)]).toEqual([url, 200, json(reference.body)]);
	expect([url, click.total]).toEqual([url, reference.total]);
	return click;
}

const A = 'wc-analytics/reports';
const YEAR = 'after=2025-04-01T00:00:00&before=2026-03-31T23:59:59';
const PARTIAL = 'after=2025-10-20T06:00:00&before=2026-01-05T18:00:00';

const BREAKDOWNS = [
	{ slug: 'payment-methods', items: 'payment_methods', segment: 'payment_method' },
	{ slug: 'shipping-methods', items: 'shipping_methods', segment: 'shipping_method' },
	{ slug: 'origins', items: 'origins', segment: 'origin' },
	{ slug: 'places', items: 'places', segment: 'place' },
];
const GROUPS: Record<string, string[]> = {
	origins: ['origin', 'source_type', 'campaign', 'device'],
	places: ['billing_country', 'billing_state', 'shipping_country', 'shipping_state'],
};

test('breakdowns: tables and stats of every dimension equal each store’s DuckDB server', async () => {
	let n = 0;
	for (const { slug, items, segment } of BREAKDOWNS) {
		const ids: number[][] = [];
		for (const i of [0, 1]) {
			const rows = (await same(i, `${A}/${slug}?${YEAR}&per_page=-1`)).body as Array<{
				id: number;
			}>;
			expect(rows.length).toBeGreaterThan(1);
			ids.push(rows.slice(0, 2).map((r) => r.id));
		}
		const groups = GROUPS[slug] ?? [];
		// Each further request on one store (alternating): the test stays cheap.
		const urls: Array<(i: number) => string> = [
			() => `${A}/${slug}?${PARTIAL}&orderby=label&order=asc&per_page=2&page=2`,
			(i: number) =>
				`${A}/${slug}?${YEAR}&orderby=orders_count&customer_type=new&${items}=${ids[i].join(',')}`,
			() => `${A}/${slug}/stats?interval=month&${YEAR}&per_page=100`,
			() =>
				`${A}/${slug}/stats?interval=week&${PARTIAL}&segmentby=${segment}&customer_type=returning&status_is[]=completed&status_is[]=refunded&per_page=20&page=2`,
			(i: number) =>
				`${A}/${slug}/stats?interval=day&${PARTIAL}&segmentby=${segment}&${items}=${ids[i].join(',')}&fields[]=net_revenue&fields[]=orders_count`,
			...groups
				.slice(1)
				.map(
					(group, g) => () =>
						g % 2
							? `${A}/${slug}?${YEAR}&group_by=${group}&orderby=net_revenue_share`
							: `${A}/${slug}/stats?interval=quarter&${YEAR}&group_by=${group}&segmentby=${segment}`,
				),
		];
		for (const url of urls) {
			const i = n++ % 2;
			await same(i, url(i));
		}
	}
	// The dimension filters (drill-downs of a breakdown's figures) on a breakdown and its stats.
	await same(0, `${A}/places?${YEAR}&country_includes=US&payment_method_excludes=cod`);
	await same(
		1,
		`${A}/payment-methods/stats?interval=month&${YEAR}&shipping_country_excludes=US&state_includes=US:CA,US:NY`,
	);
	// The same filters on the orders behind a figure: revenue stats and order times read them too.
	await same(
		0,
		`${A}/revenue/stats?interval=month&${YEAR}&payment_method_includes=cod&match=any&country_includes=US`,
	);
	await same(
		1,
		`${A}/order-times?${YEAR}&origin_type_excludes=typein&shipping_method_includes=flat_rate`,
	);
});

test('a store’s token never gets the other store’s figures (fuzzed over these reports)', async () => {
	const reports = [
		...BREAKDOWNS.map((r) => r.slug),
		'order-times',
		'cohorts',
		'customers/lifetime',
	];
	await fc.assert(
		fc.asyncProperty(
			fc.constantFrom(0, 1),
			fc.constantFrom(...reports),
			fc.boolean(),
			fc.constantFrom('day', 'week', 'month'),
			fc.integer({ min: 0, max: 300 }),
			fc.integer({ min: 1, max: 90 }),
			fc.constantFrom('', 'new', 'returning'),
			fc.subarray(['completed', 'processing', 'refunded']),
			async (i, report, stats, interval, startDay, days, customerType, statuses) => {
				const day = (n: number): string =>
					new Date(Date.UTC(2025, 3, 1) + n * 86_400_000).toISOString().slice(0, 10);
				const params = new URLSearchParams({
					after: `${day(startDay)}T03:00:00`,
					before: `${day(startDay + days)}T22:00:00`,
				});
				for (const status of statuses) params.append('status_is[]', status);
				const breakdown = BREAKDOWNS.some((r) => r.slug === report);
				if (breakdown || report === 'order-times') {
					if (customerType) params.set('customer_type', customerType);
				}
				if (breakdown) params.set('per_page', '100');
				if (breakdown && stats) params.set('interval', interval);
				if (report === 'cohorts' && stats) params.set('period', 'week');
				const path = breakdown && stats ? `${report}/stats` : report;
				await same(i, `${A}/${path}?${params}`);
			},
		),
		{ numRuns: 8 },
	);
});

test('order times, cohorts and lifetime value equal each store’s DuckDB server', async () => {
	for (const i of [0, 1]) {
		const times = (await same(i, `${A}/order-times?${YEAR}`)).body as {
			totals: { busiest_hour: { weekday: number; hour: number } | null };
		};
		const busiest = times.totals.busiest_hour;
		expect(busiest).not.toBeNull();
		const cell = `weekday=${busiest?.weekday}&hour=${busiest?.hour}`;
		const weeks = 'after=2025-11-10T00:00:00&before=2026-02-20T15:00:00';
		for (const url of [
			`${A}/order-times?${PARTIAL}&status_is[]=completed&customer_type=returning`,
			`${A}/order-times?${YEAR}&product_includes=1,2,3&match=any&coupon_includes=1`,
			`${A}/order-times/orders?${YEAR}&${cell}&per_page=3&page=2`,
			`${A}/cohorts?${YEAR}&periods=12`,
			`${A}/cohorts?${weeks}&period=week&periods=8&status_is[]=completed&status_is[]=processing`,
			`${A}/customers/lifetime?${weeks}&status_is_not[]=refunded`,
		]) {
			await same(i, url);
		}
		const value = (await same(i, `${A}/customers/lifetime?${YEAR}`)).body as {
			repeat_customers: number;
			median_days_to_second_order: number | null;
		};
		expect(value.repeat_customers).toBeGreaterThan(1);
		expect(value.median_days_to_second_order).not.toBeNull();
		const triangle = (await same(i, `${A}/cohorts?${YEAR}&periods=6`)).body as {
			cohorts: Array<{ cohort: string; customers: Array<number | null> }>;
		};
		const picked = triangle.cohorts.find((c) => Number(c.customers[1]) > 0);
		expect(picked).toBeDefined();
		await same(i, `${A}/cohorts/orders?${YEAR}&cohort=${picked?.cohort}&k=1&per_page=5`);
		await same(i, `${A}/cohorts/orders?${YEAR}&cohort=${picked?.cohort}&k=0&per_page=2&page=2`);
	}
});

/** Starts a whole-report export, waits until it is built and returns its CSV. */
async function exportCsv(
	server: Server,
	type: string,
	args: Record<string, unknown>,
	headers: Record<string, string>,
): Promise<{ id: string; csv: string }> {
	const started = await fetch(`${server.url}/wp-json/${A}/${type}/export`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', ...headers },
		body: JSON.stringify({ report_args: args }),
	});
	const body = (await started.json()) as { export_id?: string };
	expect([type, started.status, typeof body.export_id]).toEqual([type, 200, 'string']);
	const id = String(body.export_id);
	for (;;) {
		const status = await fetch(`${server.url}/wp-json/${A}/${type}/export/${id}/status`, {
			headers,
		});
		const state = (await status.json()) as { download_url?: string };
		expect([type, status.status]).toEqual([type, 200]);
		if (state.download_url) {
			const file = await fetch(`${server.url}${state.download_url}`, { headers });
			expect([type, file.status]).toEqual([type, 200]);
			return { id, csv: await file.text() };
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

test('whole-report exports read the token’s store: the same CSV as its DuckDB server, found by that store only', async () => {
	const range = { after: '2025-04-01T00:00:00', before: '2026-03-31T23:59:59' };
	const exports: Array<[number, string, Record<string, unknown>]> = [
		[0, 'payment-methods', range],
		[1, 'places', { ...range, group_by: 'billing_state' }],
		[0, 'order-times', { ...range, status_is: ['completed'] }],
		[1, 'cohorts', { ...range, period: 'week' }],
		[0, 'products', range],
	];
	for (const [i, type, args] of exports) {
		const click = await exportCsv(engine, type, args, {
			Authorization: `Bearer ${token(SPECS[i].url)}`,
		});
		const reference = await exportCsv(duck[i], type, args, { 'X-WP-Nonce': NONCE });
		expect(click.csv.split('\n').length).toBeGreaterThan(2);
		expect([type, click.csv]).toEqual([type, reference.csv]);
		// The other store's token does not find the job.
		const other = await fetch(`${engine.url}/wp-json/${A}/${type}/export/${click.id}/status`, {
			headers: { Authorization: `Bearer ${token(SPECS[1 - i].url)}` },
		});
		expect([type, other.status]).toEqual([type, 404]);
	}
	// Without a token the engine names no store: refused, no file.
	const anonymous = await fetch(`${engine.url}/wp-json/${A}/places/export`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ report_args: range }),
	});
	expect(anonymous.status).toBe(401);
});
