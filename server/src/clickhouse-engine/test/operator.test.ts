/**
 * The engine's operator looking at one store on the engine's own page (`operator-store.ts`): two stores
 * on a two-shard cluster (New York in USD, weeks from Monday; Berlin in EUR, weeks from Sunday).
 * With the page's nonce and `X-Abacus-Store`, every report answers that store's figures, equal to
 * its own DuckDB server; the options and settings a store owns follow its registration; the admin
 * page renders with the chosen store's currency, time zone and week start. Wrong, unserved or
 * hostile ids, a missing nonce, a store token or another site are refused without a figure.
 */
import fs from 'node:fs';
import path from 'node:path';

import { createApp } from '../../app.js';
import { writeOption } from '../../db/options.js';
import {
	injectSession,
	operatorSession,
	type SignedIn,
} from '../../engine-auth/test/operator-session.js';
import { putStore } from '../../sync/clickhouse-load.js';
import {
	type EngineFixture,
	json,
	type Server,
	startEngineFixture,
} from '../../clickhouse/test/setup.js';

jest.setTimeout(300_000);

const NONCE = 'operator-test-nonce-0123456789';
const SPECS = [
	{
		id: 31,
		timeZone: 'America/New_York',
		seed: 11,
		url: 'https://operator-a.example',
		options: { woocommerce_currency: 'USD', start_of_week: 1 },
	},
	{
		id: 32,
		timeZone: 'Europe/Berlin',
		seed: 12,
		url: 'https://operator-b.example',
		// Written as in Germany: the engine's page writes the store's money this way.
		options: {
			woocommerce_currency: 'EUR',
			start_of_week: 0,
			woocommerce_currency_pos: 'right_space',
			woocommerce_price_thousand_sep: '.',
			woocommerce_price_decimal_sep: ',',
			woocommerce_price_num_decimals: 2,
		},
	},
];
/** A store the engine holds a secret for but the cluster does not: not served. */
const UNLOADED = 'https://operator-c.example';

let fx: EngineFixture;
let engine: Server;

beforeAll(async () => {
	fx = await startEngineFixture({
		name: 'operator',
		stores: SPECS,
		orders: 300,
		unloaded: [UNLOADED],
		nonce: NONCE,
		// A second operator of the same stores: its own preferences.
		operators: { ana: ['31', '32'] },
	});
	engine = fx.engine as Server;
});

afterAll(async () => {
	await fx?.stop();
});

interface Answer {
	status: number;
	body: unknown;
	total: string | null;
}

async function call(
	route: string,
	headers: Record<string, string>,
	init: { method?: string; body?: unknown } = {},
): Promise<Answer> {
	const response = await fetch(`${engine.url}/wp-json/${route}`, {
		method: init.method ?? 'GET',
		headers: {
			...headers,
			...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
		},
		body: init.body === undefined ? undefined : JSON.stringify(init.body),
	});
	return {
		status: response.status,
		body: (await response.json()) as unknown,
		total: response.headers.get('x-wp-total'),
	};
}

/** The signed-in operator's page (session cookie and its nonce) asking for a store. */
const asOperator = (store: number | string): Record<string, string> => ({
	...signedIn(),
	'X-Abacus-Store': String(store),
});

/** The operator's session cookie and nonce. */
function signedIn(): Record<string, string> {
	if (!fx.operator) throw new Error('The fixture has no engine operator.');
	return fx.operator.headers;
}

/** The operator's session cookie alone. */
const cookieOnly = (): Record<string, string> => ({ Cookie: signedIn().Cookie });

const YEAR = 'after=2025-04-01T00:00:00&before=2026-03-31T23:59:59';
const ROUTES = [
	`wc-analytics/reports/revenue/stats?${YEAR}&interval=month`,
	`wc-analytics/reports/revenue/stats?${YEAR}&interval=week`,
	`wc-analytics/reports/orders?${YEAR}&extended_info=true&per_page=25&orderby=date&order=desc`,
	`wc-analytics/reports/products?${YEAR}&extended_info=true&orderby=net_revenue&order=desc`,
	`wc-analytics/reports/customers?${YEAR}&orderby=total_spend&order=desc&per_page=10`,
	`wc-analytics/reports/performance-indicators?${YEAR}&stats=revenue/total_sales,revenue/net_revenue,orders/orders_count,products/items_sold`,
	`wc-analytics/leaderboards?${YEAR}&per_page=5`,
	`wc-analytics/reports/payment-methods?${YEAR}`,
	`wc-analytics/reports/places/stats?${YEAR}&interval=month`,
	`wc-analytics/reports/stock?type=all&orderby=stock_status&order=asc`,
];

test("with the page's nonce and a store's id, each report equals that store's own DuckDB server", async () => {
	for (const spec of SPECS) {
		// Every route of both servers at once (reads only).
		await Promise.all(
			ROUTES.map(async (route) => {
				const [click, duck] = await Promise.all([
					call(route, asOperator(spec.id)),
					fx.getDuck(route, spec.id),
				]);
				expect({ route, status: click.status }).toEqual({ route, status: 200 });
				expect(json(click.body)).toEqual(json(duck.body));
				expect(click.total).toBe(duck.total);
			}),
		);
	}
	// The two stores' figures differ, so equality above is each store's own.
	const a = await call(ROUTES[0], asOperator(31));
	const b = await call(ROUTES[0], asOperator(32));
	expect(json(a.body)).not.toEqual(json(b.body));
});

test('switching stores back and forth (cached answers) never shows one store under the other', async () => {
	const route = `wc-analytics/reports/revenue/stats?${YEAR}&interval=quarter`;
	const own = new Map<number, unknown>();
	for (const spec of SPECS) own.set(spec.id, json((await fx.getDuck(route, spec.id)).body));
	for (const id of [31, 32, 31, 32, 32, 31]) {
		const answer = await call(route, asOperator(id));
		expect(json(answer.body)).toEqual(own.get(id));
	}
});

test('a report without a store still needs a token (401), as before', async () => {
	const answer = await call(ROUTES[0], signedIn());
	expect(answer.status).toBe(401);
	expect(answer.body).toMatchObject({ code: 'abacus_engine_token_missing' });
});

test('wrong, hostile and unserved store ids are refused naming X-Abacus-Store, with no figure', async () => {
	const bad = [
		'0',
		'-1',
		'1e3',
		'01',
		'31.0',
		'__proto__',
		'constructor',
		'31,32',
		'99999999999',
		'x',
	];
	for (const id of bad) {
		const answer = await call(ROUTES[0], asOperator(id));
		expect({ id, status: answer.status }).toEqual({ id, status: 400 });
		expect(answer.body).toMatchObject({
			code: 'rest_invalid_param',
			data: { params: { 'X-Abacus-Store': expect.stringContaining('X-Abacus-Store') } },
		});
		expect(answer.body).not.toHaveProperty('totals');
	}
	// 33: not on the cluster; 4294967295: the largest id, served by nobody.
	for (const id of ['33', '4294967295']) {
		const answer = await call(ROUTES[0], asOperator(id));
		expect({ id, status: answer.status }).toEqual({ id, status: 403 });
		expect(answer.body).toMatchObject({ code: 'abacus_operator_store_unknown' });
		expect((answer.body as { message: string }).message).toContain(`id ${id}`);
	}
});

test('the store header needs a session, its nonce, its own origin and no store token', async () => {
	const route = ROUTES[0];
	// No session (the server-wide nonce included): 401.
	const noSession = await call(route, { 'X-Abacus-Store': '31', 'X-WP-Nonce': NONCE });
	expect(noSession.status).toBe(401);
	expect(noSession.body).toMatchObject({ code: 'abacus_engine_login_required' });
	const staticNonce = await call(route, {
		...cookieOnly(),
		'X-Abacus-Store': '31',
		'X-WP-Nonce': NONCE,
	});
	expect(staticNonce.status).toBe(403);
	const noNonce = await call(route, { ...cookieOnly(), 'X-Abacus-Store': '31' });
	expect(noNonce.status).toBe(403);
	expect(noNonce.body).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
	const wrongNonce = await call(route, {
		...cookieOnly(),
		'X-Abacus-Store': '31',
		'X-WP-Nonce': 'nope',
	});
	expect(wrongNonce.status).toBe(403);
	const withToken = await call(route, {
		...asOperator(32),
		Authorization: `Bearer ${fx.tokenFor(31)}`,
	});
	expect(withToken.status).toBe(403);
	expect(withToken.body).toMatchObject({ code: 'abacus_operator_store_with_token' });
	const crossSite = await call(route, { ...asOperator(31), 'Sec-Fetch-Site': 'cross-site' });
	expect(crossSite.status).toBe(403);
	const otherOrigin = await call(route, {
		...asOperator(31),
		Origin: 'https://operator-a.example',
	});
	expect(otherOrigin.status).toBe(403);
	for (const answer of [
		noSession,
		staticNonce,
		noNonce,
		wrongNonce,
		withToken,
		crossSite,
		otherOrigin,
	]) {
		expect(answer.body).not.toHaveProperty('totals');
	}
});

test("the options and settings a store owns follow the chosen store's registration", async () => {
	const names =
		'woocommerce_currency,start_of_week,timezone_string,woocommerce_default_date_range';
	const a = await call(`wc-admin/options?options=${names}`, asOperator(31));
	const b = await call(`wc-admin/options?options=${names}`, asOperator(32));
	expect(a.body).toMatchObject({
		woocommerce_currency: 'USD',
		start_of_week: '1',
		timezone_string: 'America/New_York',
	});
	expect(b.body).toMatchObject({
		woocommerce_currency: 'EUR',
		start_of_week: '0',
		timezone_string: 'Europe/Berlin',
	});
	// The operator's own option comes from the engine's database, the same for both stores.
	expect((a.body as Record<string, unknown>).woocommerce_default_date_range).toEqual(
		(b.body as Record<string, unknown>).woocommerce_default_date_range,
	);

	const group = await call('wc-analytics/settings/wc_admin', asOperator(32));
	expect(group.status).toBe(200);
	const excluded = (group.body as Array<{ id: string; value: unknown }>).find(
		(s) => s.id === 'woocommerce_excluded_report_order_statuses',
	);
	expect(excluded?.value).toEqual(expect.arrayContaining(['pending', 'failed', 'cancelled']));
	expect(excluded?.value).not.toContain('trash');

	// A store's setting cannot be changed from the engine's page; the operator's own can.
	const write = await call('wc-admin/options', asOperator(32), {
		method: 'POST',
		body: { woocommerce_currency: 'GBP' },
	});
	expect(write.status).toBe(403);
	expect(write.body).toMatchObject({ code: 'abacus_operator_store_setting' });
	expect((write.body as { message: string }).message).toContain('woocommerce_currency');
	const batch = await call('wc-analytics/settings/general/batch', asOperator(32), {
		method: 'POST',
		body: { update: [{ id: 'woocommerce_currency', value: 'GBP' }] },
	});
	expect(batch.status).toBe(403);
	const after = await call('wc-admin/options?options=woocommerce_currency', asOperator(32));
	expect(after.body).toEqual({ woocommerce_currency: 'EUR' });

	const own = await call('wc-admin/options', asOperator(31), {
		method: 'POST',
		body: { woocommerce_default_date_range: 'period=year&compare=previous_year' },
	});
	expect(own.status).toBe(200);
	const read = await call('wc-admin/options?options=woocommerce_default_date_range', signedIn());
	expect(read.body).toEqual({
		woocommerce_default_date_range: 'period=year&compare=previous_year',
	});
	// Not a signed-in operator's request (no session, or a store token): 401; a wrong nonce or
	// another site: refused.
	const anonymous = await call('wc-admin/options?options=woocommerce_currency', {
		'X-WP-Nonce': NONCE,
	});
	expect(anonymous.status).toBe(401);
	expect(anonymous.body).toMatchObject({ code: 'abacus_engine_login_required' });
	const withToken = await call('wc-admin/options?options=woocommerce_currency', {
		'X-WP-Nonce': NONCE,
		Authorization: `Bearer ${fx.tokenFor(31)}`,
	});
	expect(withToken.status).toBe(401);
	const wrongNonce = await call('wc-admin/options?options=woocommerce_currency', {
		...cookieOnly(),
		'X-WP-Nonce': 'nope',
	});
	expect(wrongNonce.status).toBe(403);
	const crossSite = await call('wc-admin/options?options=woocommerce_currency', {
		...signedIn(),
		'Sec-Fetch-Site': 'cross-site',
	});
	expect(crossSite.status).toBe(403);
	for (const answer of [anonymous, withToken, wrongNonce, crossSite]) {
		expect(answer.body).not.toHaveProperty('woocommerce_currency');
	}
});

test("the admin page for ?store=N carries that store's settings and the served stores", async () => {
	const buildDir = path.join(fx.dir, 'build');
	fs.mkdirSync(path.join(buildDir, 'standalone'), { recursive: true });
	fs.writeFileSync(path.join(buildDir, 'standalone', 'index.js'), '');
	const app = await createApp({ ...engine.ctx, config: { ...engine.ctx.config, buildDir } });
	try {
		// Without a session the page is the sign-in form: no settings, no store.
		const anonymous = await app.inject({
			method: 'GET',
			url: '/wp-admin/admin.php?page=abacus&store=32',
		});
		expect(anonymous.body).toContain('abacus-login');
		expect(anonymous.body).not.toContain('abacusSettings');
		expect(anonymous.body).not.toContain('operator-b.example');
		const session = await injectSession(app, 'ops');
		const settingsOf = async (query: string): Promise<Record<string, unknown>> => {
			const response = await app.inject({
				method: 'GET',
				url: `/wp-admin/admin.php?page=abacus${query}`,
				headers: { cookie: session.cookie },
			});
			expect(response.statusCode).toBe(200);
			const match = /window\.abacusSettings = (.*);<\/script>/.exec(response.body);
			return JSON.parse(match?.[1] ?? 'null') as Record<string, unknown>;
		};
		const b = await settingsOf('&store=32&path=%2Fanalytics%2Frevenue');
		expect(b).toMatchObject({
			// The store's own price format (registered with it), not the engine's.
			currency: {
				code: 'EUR',
				symbol: '€',
				symbolPosition: 'right_space',
				thousandSeparator: '.',
				decimalSeparator: ',',
				precision: 2,
			},
			timeZone: 'Europe/Berlin',
			startOfWeek: 0,
			engineOperator: {
				store: 32,
				stores: [
					{ id: 31, url: 'https://operator-a.example', currency: 'USD' },
					{ id: 32, url: 'https://operator-b.example', currency: 'EUR' },
				],
			},
		});
		expect(
			(b.dataEndpoints as { performanceIndicators: unknown[] }).performanceIndicators.length,
		).toBeGreaterThan(0);
		const a = await settingsOf('&store=31');
		expect(a).toMatchObject({
			currency: {
				code: 'USD',
				symbolPosition: 'left',
				thousandSeparator: ',',
				decimalSeparator: '.',
			},
			timeZone: 'America/New_York',
			startOfWeek: 1,
			engineOperator: { store: 31 },
		});
		// No store, an unserved one or a hostile value: the page asks the operator to choose.
		for (const query of ['', '&store=33', '&store=__proto__', '&store=031']) {
			const none = await settingsOf(query);
			expect(none.engineOperator).toMatchObject({ store: null });
		}
	} finally {
		await app.close();
	}
});

/** The fields of a lookup's answer compared between the engine and the store's own server. */
function project(body: unknown, keys: string[]): unknown[] {
	return (body as Array<Record<string, unknown>>).map((item) =>
		Object.fromEntries(keys.map((key) => [key, item[key]])),
	);
}

/** Every field of a product as the store's own server answers it (links name each server's address). */
const PRODUCT_KEYS = [
	'id',
	'name',
	'slug',
	'date_created',
	'date_created_gmt',
	'type',
	'status',
	'description',
	'short_description',
	'sku',
	'price',
	'regular_price',
	'sale_price',
	'on_sale',
	'virtual',
	'downloadable',
	'total_sales',
	'manage_stock',
	'stock_quantity',
	'stock_status',
	'effective_stock_status',
	'low_stock_amount',
	'average_rating',
	'rating_count',
	'parent_id',
	'categories',
	'images',
	'image',
	'attributes',
	'menu_order',
	'last_order_date',
];
const CATEGORY_KEYS = [
	'id',
	'name',
	'slug',
	'parent',
	'description',
	'display',
	'image',
	'menu_order',
	'count',
];

/**
 * Gives each store's catalogue what the demo leaves at its defaults (total sales, menu order,
 * sale prices, category descriptions and counts) in its DuckDB file, and loads the store again,
 * so the lookups' orderings and fields are compared on values that differ from product to product.
 */
async function varyCatalogues(): Promise<void> {
	for (const spec of SPECS) {
		const duck = fx.duck.get(spec.id) as Server;
		const db = duck.ctx.db;
		await db.run(
			`UPDATE products SET total_sales = (id * 7) % 23, menu_order = (id * 5) % 7 - 3,
				regular_price = price, sale_price = CASE WHEN id % 3 = 0 THEN round(price * 0.8, 2) END`,
		);
		await db.run("UPDATE categories SET description = 'About ' || name, count = (id * 3) % 5");
		duck.ctx.notifyWrite();
		await putStore({
			target: fx.target,
			shardUrls: fx.cluster.shards.map((shard) => shard.url),
			cluster: fx.cluster.name,
			db,
			storeUrl: spec.url,
			storeId: spec.id,
			batchRows: 2000,
		});
	}
}

test("the search and filter lookups answer the chosen store's rows, as its own server does", async () => {
	await varyCatalogues();
	for (const spec of SPECS) {
		const duckProducts = await fx.getDuck(
			'wc-analytics/products?per_page=5&orderby=id',
			spec.id,
		);
		const products = duckProducts.body as Array<{ id: number; name: string }>;
		expect(products.length).toBeGreaterThan(0);
		const word = products[0].name.split(/\s+/)[0].slice(0, 4).toLowerCase();
		const duckCustomers = await fx.getDuck(
			'wc-analytics/customers?per_page=3&orderby=id',
			spec.id,
		);
		const customers = duckCustomers.body as Array<{ id: number; name: string; email: string }>;
		expect(customers.length).toBeGreaterThan(0);
		const namePart = customers[0].name.split(' ')[0].slice(0, 3).toLowerCase();
		const emailPart = customers[0].email.split('@')[0].slice(0, 3);
		const duckVariations = await fx.getDuck('wc-analytics/variations?per_page=1', spec.id);
		const variation = (duckVariations.body as Array<{ name: string }>)[0];
		const cases: Array<[route: string, keys: string[]]> = [
			[
				`wc-analytics/products?search=${encodeURIComponent(word)}&per_page=10&orderby=title&order=asc`,
				PRODUCT_KEYS,
			],
			[
				`wc-analytics/products?include=${products.map((p) => p.id).join(',')}&orderby=include&order=asc`,
				PRODUCT_KEYS,
			],
			[`wc-analytics/products?type=variable&per_page=20&orderby=id&order=asc`, PRODUCT_KEYS],
			[`wc-analytics/products?low_in_stock=true&per_page=50&orderby=id`, PRODUCT_KEYS],
			// Popularity (total sales), rating and menu order rank as on the store's server.
			[`wc-analytics/products?per_page=20&orderby=popularity`, PRODUCT_KEYS],
			[`wc-analytics/products?per_page=20&orderby=popularity&order=asc`, ['id']],
			[`wc-analytics/products?per_page=20&orderby=rating`, PRODUCT_KEYS],
			[`wc-analytics/products?per_page=30&orderby=menu_order&order=asc`, ['id']],
			[`wc-analytics/products?per_page=30&orderby=price&order=asc`, ['id', 'on_sale']],
			[`wc-analytics/variations?per_page=30&orderby=menu_order&order=asc`, PRODUCT_KEYS],
			...(variation
				? ([
						[
							`wc-analytics/variations?search=${encodeURIComponent(variation.name.slice(0, 4))}&per_page=30&orderby=id`,
							['id', 'name', 'sku', 'parent_id', 'attributes'],
						],
					] as Array<[string, string[]]>)
				: []),
			[`wc-analytics/products/categories?per_page=10&orderby=name`, CATEGORY_KEYS],
			[`wc-analytics/products/categories?per_page=10&orderby=count`, CATEGORY_KEYS],
			[
				`wc-analytics/products/categories?per_page=10&orderby=description&order=desc`,
				CATEGORY_KEYS,
			],
			[
				`wc-analytics/products/attributes`,
				['id', 'name', 'slug', 'type', 'order_by', 'has_archives'],
			],
			[
				`wc-analytics/products/attributes/1/terms?per_page=50`,
				['id', 'name', 'slug', 'description', 'menu_order', 'count'],
			],
			[
				`wc-analytics/products/attributes/pa_size/terms?per_page=3&page=2`,
				['id', 'name', 'slug', 'description', 'menu_order', 'count'],
			],
			[
				`wc-analytics/coupons?per_page=10&orderby=id`,
				['id', 'code', 'amount', 'discount_type', 'date_expires'],
			],
			[
				`wc-analytics/taxes?per_page=10`,
				['id', 'country', 'state', 'rate', 'name', 'priority', 'class'],
			],
			[
				`wc-analytics/customers?search=${encodeURIComponent(namePart)}&searchby=name&per_page=10&orderby=id&order=asc`,
				[
					'id',
					'name',
					'email',
					'username',
					'orders_count',
					'total_spend',
					'date_last_order',
				],
			],
			[
				`wc-analytics/customers?search=${encodeURIComponent(emailPart)}&searchby=email&per_page=10&orderby=id&order=asc`,
				['id', 'name', 'email'],
			],
			[
				`wc-analytics/orders?number=1&per_page=10&orderby=id&order=asc`,
				['id', 'number', 'status'],
			],
		];
		const answers = new Map<string, unknown>();
		for (const [route, keys] of cases) {
			const click = await call(route, asOperator(spec.id));
			const duck = await fx.getDuck(route, spec.id);
			expect({ route, status: click.status }).toEqual({ route, status: 200 });
			expect({ route, body: project(click.body, keys) }).toEqual({
				route,
				body: project(duck.body, keys),
			});
			expect({ route, total: click.total }).toEqual({ route, total: duck.total });
			answers.set(route, click.body);
		}
		// The compared values differ from product to product (not all defaults).
		const popular = answers.get(
			'wc-analytics/products?per_page=20&orderby=popularity',
		) as Array<{ total_sales: number; on_sale: boolean; average_rating: string }>;
		expect(popular[0].total_sales).toBeGreaterThan(popular[popular.length - 1].total_sales);
		expect(popular.some((p) => p.on_sale)).toBe(true);
		const rated = answers.get('wc-analytics/products?per_page=20&orderby=rating') as Array<{
			average_rating: string;
		}>;
		expect(Number(rated[0].average_rating)).toBeGreaterThan(0);
		const terms = answers.get('wc-analytics/products/attributes/1/terms?per_page=50') as Array<{
			count: number;
			menu_order: number;
		}>;
		expect(terms.some((t) => t.count > 0 && t.menu_order > 0)).toBe(true);
		const counted = answers.get(
			'wc-analytics/products/categories?per_page=10&orderby=count',
		) as Array<{ count: number; description: string }>;
		expect(new Set(counted.map((c) => c.count)).size).toBeGreaterThan(1);
		expect(counted[0].description).toMatch(/^About /);
		// One product (every field), and a customer by id.
		const one = await call(`wc-analytics/products/${products[0].id}`, asOperator(spec.id));
		expect(one.status).toBe(200);
		expect(project([one.body], PRODUCT_KEYS)).toEqual(
			project(products.slice(0, 1), PRODUCT_KEYS),
		);
		const person = await call(`wc-analytics/customers/${customers[0].id}`, asOperator(spec.id));
		expect(project([person.body], ['id', 'name', 'email'])).toEqual(
			project(customers.slice(0, 1), ['id', 'name', 'email']),
		);
	}
	// One store's ids asked for the other store find only the other store's rows.
	const ownA = (await call('wc-analytics/products?per_page=100&orderby=id', asOperator(31)))
		.body as Array<{ id: number; name: string }>;
	const asB = await call(
		`wc-analytics/products?include=${ownA.map((p) => p.id).join(',')}&per_page=100&orderby=id`,
		asOperator(32),
	);
	const duckB = await fx.getDuck(
		`wc-analytics/products?include=${ownA.map((p) => p.id).join(',')}&per_page=100&orderby=id`,
		32,
	);
	expect(project(asB.body, ['id', 'name'])).toEqual(project(duckB.body, ['id', 'name']));
	// Bad input: 400 naming the parameter; without the page's nonce the lookups stay closed.
	const bad = await call('wc-analytics/customers?search=a&searchby=password', asOperator(31));
	expect(bad.status).toBe(400);
	expect(JSON.stringify(bad.body)).toContain('searchby');
	const noSession = await call('wc-analytics/products', { 'X-Abacus-Store': '31' });
	expect(noSession.status).toBe(401);
	expect(noSession.body).not.toBeInstanceOf(Array);
	const noNonce = await call('wc-analytics/products', {
		...cookieOnly(),
		'X-Abacus-Store': '31',
	});
	expect(noNonce.status).toBe(403);
	expect(noNonce.body).not.toBeInstanceOf(Array);
	const countries = await call('wc-analytics/data/countries', asOperator(31));
	expect(countries.status).toBe(200);
	expect(project(countries.body, ['code', 'name', 'states'])).toEqual(
		project((await fx.getDuck('wc-analytics/data/countries', 31)).body, [
			'code',
			'name',
			'states',
		]),
	);
});

/** An answer without its links and permalinks (they name each server's own address). */
function withoutLinks(body: unknown): unknown {
	const strip = (item: unknown): unknown => {
		if (typeof item !== 'object' || item === null) return item;
		const { _links: _ignored, permalink: _address, ...rest } = item as Record<string, unknown>;
		return rest;
	};
	return Array.isArray(body) ? body.map(strip) : strip(body);
}

test('the lookups are the admin routes themselves read through the ClickHouse adapter: whole answers equal', async () => {
	// One route code (src/admin/routes) on two storage adapters: every field, not a projection.
	for (const spec of SPECS) {
		const routes = [
			'wc-analytics/orders?per_page=10&orderby=id&order=asc',
			'wc-analytics/orders?per_page=5&status=completed,refunded&_fields=id,number,status,total,refunds,line_items,customer,products',
			'wc-analytics/customers?per_page=10&orderby=total_spend&order=desc',
			'wc-analytics/customers?per_page=10&orderby=name&order=asc&searchby=all&search=a',
			'wc-analytics/products?per_page=10&orderby=title&order=asc',
			'wc-analytics/variations?per_page=10&orderby=id&order=asc',
			'wc-analytics/products/categories?per_page=20',
			'wc-analytics/products/attributes',
			'wc-analytics/coupons?per_page=20',
			'wc-analytics/taxes?per_page=20&search=a',
		];
		for (const route of routes) {
			const click = await call(route, asOperator(spec.id));
			const duck = await fx.getDuck(route, spec.id);
			expect({ route, status: click.status }).toEqual({ route, status: duck.status });
			expect({ route, body: withoutLinks(click.body) }).toEqual({
				route,
				body: withoutLinks(duck.body),
			});
			expect({ route, total: click.total }).toEqual({ route, total: duck.total });
		}
		const orders = (await call(routes[0], asOperator(spec.id))).body as Array<{
			line_items: unknown[];
		}>;
		expect(orders.length).toBeGreaterThan(0);
		expect(orders.some((order) => order.line_items.length > 0)).toBe(true);
	}
});

test("a whole-report export from the engine's page is built and downloaded for the chosen store only", async () => {
	const started = await call('wc-analytics/reports/orders/export', asOperator(32), {
		method: 'POST',
		body: { report_args: { after: '2025-04-01T00:00:00', before: '2026-03-31T23:59:59' } },
	});
	expect(started.status).toBe(200);
	const id = (started.body as { export_id: string }).export_id;
	let status: { percent_complete: number; download_url?: string; total_rows?: number } = {
		percent_complete: 0,
	};
	for (let attempt = 0; attempt < 600 && !status.download_url; attempt++) {
		const answer = await call(
			`wc-analytics/reports/orders/export/${id}/status`,
			asOperator(32),
		);
		expect(answer.status).toBe(200);
		status = answer.body as typeof status;
		if (!status.download_url) await new Promise((resolve) => setTimeout(resolve, 200));
	}
	expect(status.download_url).toMatch(
		/^\/wp-json\/wc-analytics\/reports\/orders\/export\/\d+\/download/,
	);
	const download = (headers: Record<string, string>) =>
		fetch(`${engine.url}${status.download_url}`, { headers });
	const file = await download(asOperator(32));
	expect(file.status).toBe(200);
	expect(file.headers.get('content-type')).toContain('text/csv');
	const lines = (await file.text()).trim().split('\n');
	const duck = await fx.getDuck(
		'wc-analytics/reports/orders?after=2025-04-01T00:00:00&before=2026-03-31T23:59:59&per_page=1',
		32,
	);
	expect(lines.length - 1).toBe(Number(duck.total));
	expect(status.total_rows).toBe(Number(duck.total));
	// Bound to the store and the page: another store's header, no header, or no nonce get no file.
	const other = await download(asOperator(31));
	expect(other.status).toBe(404);
	const noStore = await fetch(
		`${engine.url}${status.download_url}&_wpnonce=${encodeURIComponent(NONCE)}`,
	);
	// Without the store header the request is not the page's for a store: a store token is due.
	expect(noStore.status).toBe(401);
	const noNonce = await download({ ...cookieOnly(), 'X-Abacus-Store': '32' });
	expect(noNonce.status).toBe(403);
	for (const refused of [other, noStore, noNonce]) {
		expect(await refused.text()).not.toContain('Order #');
	}
	// The other store cannot read its status either.
	const peek = await call(`wc-analytics/reports/orders/export/${id}/status`, asOperator(31));
	expect(peek.status).toBe(404);
});

/** The operator `ana`'s session (signed in once). */
let ana: SignedIn | undefined;
async function asAna(store?: number): Promise<Record<string, string>> {
	ana ??= await operatorSession(engine, 'ana');
	return store === undefined ? ana.headers : { ...ana.headers, 'X-Abacus-Store': String(store) };
}

/**
 * The GET routes whose answer on the engine differs from a store's own server by design (the
 * engine's own routes, and the export and sync bound to a store's token or workspace): every
 * other GET route answers the status the store's own server answers.
 */
const ENGINE_OWN = [
	'/abacus/v1/operator/session',
	'/abacus/v1/engine/whoami',
	'/abacus/v1/stores',
	'/abacus/v1/reports/stores/stats',
	// The loaded store is not synced by this engine: 404 saying so.
	'/abacus/v1/sync',
	// An export of the engine's page is the chosen store's (none with this id: 404, not 403).
	'/wc-analytics/reports/:type/export/:id/download',
];

/** The routes of a store's own administration, refused to the operator's page (403, with why). */
const STORE_ADMIN = [
	/^\/wc-analytics\/products\/reviews/,
	/^\/wc\/v3\/payment_gateways/,
	/^\/wc-admin\/plugins\//,
	/^\/jetpack\/v4\/connection$/,
	/^\/wc-paypal\/v1\//,
	/^\/wc-admin\/onboarding\//,
];

/** Status and body (null when empty, as a 204's) of a GET. */
async function answerOf(
	url: string,
	headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
	const response = await fetch(url, { headers });
	const text = await response.text();
	return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** A path for a matched route's URL (every parameter given a plain value). */
function samplePath(url: string): string {
	return url
		.replace(/:group/g, 'wc_admin')
		.replace(/:type/g, 'orders')
		.replace(/:[a-z_]+/g, '1');
}

test("every GET route a store's own server answers is answered for the chosen store, or refused saying why; none is 501", async () => {
	const seen = new Set<string>();
	const answered: string[] = [];
	const refused: string[] = [];
	for (const { method, url } of engine.ctx.routes) {
		if (method !== 'GET' || !url.startsWith('/wp-json/')) continue;
		const route = url.slice('/wp-json'.length);
		if (seen.has(route)) continue;
		seen.add(route);
		const path = samplePath(route).slice(1);
		const [click, duck] = await Promise.all([
			answerOf(`${engine.url}/wp-json/${path}`, asOperator(31)),
			answerOf(`${(fx.duck.get(31) as Server).url}/wp-json/${path}`, {}),
		]);
		// Never "not answered by the engine".
		expect({ route, status: click.status }).not.toEqual({ route, status: 501 });
		expect({ route, body: click.body }).not.toMatchObject({
			body: { code: 'abacus_not_supported_on_engine' },
		});
		if (STORE_ADMIN.some((pattern) => pattern.test(route))) {
			expect({ route, status: click.status }).toEqual({ route, status: 403 });
			expect(click.body).toMatchObject({ code: 'abacus_operator_store_admin' });
			expect((click.body as { message: string }).message).toContain(
				'https://operator-a.example/wp-admin/',
			);
			refused.push(route);
			continue;
		}
		if (ENGINE_OWN.includes(route)) continue;
		// The same status as the store's own server (200, or the same 400 or 404).
		expect({ route, status: click.status }).toEqual({ route, status: duck.status });
		answered.push(route);
	}
	// The admin routes of the page among them: the stock, the user, the settings, the inbox.
	expect(answered).toEqual(
		expect.arrayContaining([
			'/wc-analytics/products/low-in-stock',
			'/wp/v2/users/me',
			'/wc-admin/navigation/favorites/me',
			'/wc-analytics/settings/:group',
			'/wc-analytics/admin/notes',
			'/wc-analytics/reports/import/status',
		]),
	);
	expect(refused.length).toBeGreaterThanOrEqual(STORE_ADMIN.length);
});

test("the low-in-stock list is the chosen store's, equal to its own server's", async () => {
	// Some products low or out of stock in each store (the engine reads them after a load).
	for (const spec of SPECS) {
		const duck = fx.duck.get(spec.id) as Server;
		await duck.ctx.db.run(
			`UPDATE products SET manage_stock = true, stock_quantity = (id % 4) - 1
			 WHERE id % 3 = 0 AND type IN ('simple', 'variation')`,
		);
		duck.ctx.notifyWrite();
		await putStore({
			target: fx.target,
			shardUrls: fx.cluster.shards.map((shard) => shard.url),
			cluster: fx.cluster.name,
			db: duck.ctx.db,
			storeUrl: spec.url,
			storeId: spec.id,
			batchRows: 2000,
		});
	}
	const lists = new Map<number, unknown>();
	for (const spec of SPECS) {
		for (const route of [
			'wc-analytics/products/low-in-stock?per_page=100',
			'wc-analytics/products/low-in-stock?per_page=3&page=2',
			'wc-analytics/products/low-in-stock?_fields=id,name,stock_quantity,low_stock_amount',
			'wc-analytics/products/low-in-stock?status=draft',
		]) {
			const [click, duck] = await Promise.all([
				call(route, asOperator(spec.id)),
				fx.getDuck(route, spec.id),
			]);
			expect({ route, status: click.status }).toEqual({ route, status: 200 });
			expect({ route, body: withoutLinks(click.body) }).toEqual({
				route,
				body: withoutLinks(duck.body),
			});
			expect({ route, total: click.total }).toEqual({ route, total: duck.total });
			if (route.endsWith('per_page=100')) lists.set(spec.id, click.body);
		}
		expect((lists.get(spec.id) as unknown[]).length).toBeGreaterThan(0);
	}
	expect(json(lists.get(31))).not.toEqual(json(lists.get(32)));
	// A bad status is refused as on the store's own server.
	const bad = await call('wc-analytics/products/low-in-stock?status=any', asOperator(31));
	expect(bad.status).toBe(400);
	expect(JSON.stringify(bad.body)).toContain('status');
});

test("a store's own administration is refused on the engine's page saying where it is done, nothing written", async () => {
	const product = (
		(await call('wc-analytics/products?per_page=1&orderby=id', asOperator(32))).body as Array<{
			id: number;
			stock_quantity: number | null;
		}>
	)[0];
	const writes: Array<[string, string, unknown]> = [
		['POST', `wc-analytics/products/${product.id}`, { stock_quantity: 999 }],
		['PUT', `wc-analytics/products/${product.id}`, { stock_quantity: 999 }],
		['PUT', `wc-analytics/products/${product.id}/variations/1`, { stock_quantity: 999 }],
		['PUT', 'wc-analytics/products/reviews/1', { status: 'approved' }],
		['DELETE', 'wc-analytics/products/reviews/1', undefined],
		['POST', 'wc/v3/payment_gateways/cod', { enabled: true }],
		['POST', 'wc-admin/plugins/install', { plugins: 'jetpack' }],
		['POST', 'wc-admin/onboarding/profile', { industry: [] }],
		['POST', 'wc-admin/onboarding/tasks/products/dismiss', undefined],
	];
	for (const [method, route, body] of writes) {
		const answer = await call(route, asOperator(32), { method, body });
		expect({ method, route, status: answer.status }).toEqual({ method, route, status: 403 });
		expect(answer.body).toMatchObject({ code: 'abacus_operator_store_admin' });
		const message = (answer.body as { message: string }).message;
		expect(message).toContain('https://operator-b.example/wp-admin/');
		expect(message).toContain('WordPress');
	}
	const after = await call(`wc-analytics/products/${product.id}`, asOperator(32));
	expect((after.body as { stock_quantity: unknown }).stock_quantity).toEqual(
		product.stock_quantity,
	);
	// Still the page's only: no session 401, no nonce or another site 403, never the refusal's
	// words to a caller that is not the page.
	const noSession = await call('wc-analytics/products/reviews', { 'X-Abacus-Store': '32' });
	expect(noSession.status).toBe(401);
	const noNonce = await call('wc-analytics/products/reviews', {
		...cookieOnly(),
		'X-Abacus-Store': '32',
	});
	expect(noNonce.status).toBe(403);
	expect(noNonce.body).toMatchObject({ code: 'rest_cookie_invalid_nonce' });
	const crossSite = await fetch(`${engine.url}/wp-json/wc-analytics/products/${product.id}`, {
		method: 'POST',
		headers: {
			...asOperator(32),
			'Content-Type': 'application/json',
			'Sec-Fetch-Site': 'cross-site',
		},
		body: JSON.stringify({ stock_quantity: 999 }),
	});
	expect(crossSite.status).toBe(403);
	expect(((await crossSite.json()) as { code: string }).code).toBe('rest_forbidden_origin');
	// Without a store chosen the refusal names no store.
	const none = await call('wc-admin/onboarding/profile', signedIn());
	expect(none.status).toBe(403);
	expect((none.body as { message: string }).message).not.toContain('operator-');
});

test('a store setting written from the engine page is refused saying it is changed in the store’s WordPress', async () => {
	for (const [route, body] of [
		['wc-admin/options', { woocommerce_notify_low_stock_amount: 9, blogname: 'x' }],
		[
			'wc-analytics/settings/wc_admin/woocommerce_excluded_report_order_statuses',
			{ value: [] },
		],
		['wc-admin/options', { woocommerce_date_type: 'date_paid' }],
	] as const) {
		const answer = await call(route, asOperator(31), { method: 'POST', body });
		expect({ route, status: answer.status }).toEqual({ route, status: 403 });
		expect(answer.body).toMatchObject({ code: 'abacus_operator_store_setting' });
		expect((answer.body as { message: string }).message).toContain(
			"Change them in the store's own WordPress",
		);
	}
	// Nothing written: not even the other option of the same request.
	const read = await call('wc-admin/options?options=blogname', signedIn());
	expect(read.body).not.toEqual({ blogname: 'x' });
	const stock = await call(
		'wc-admin/options?options=woocommerce_notify_low_stock_amount',
		asOperator(31),
	);
	expect(stock.body).toEqual({ woocommerce_notify_low_stock_amount: '2' });
});

test('each operator keeps its own preferences and favourites, whichever store it looks at', async () => {
	const ops = asOperator(31);
	const other = await asAna(32);
	const layout = JSON.stringify([{ key: 'store-performance', isVisible: false }]);
	const saved = await call('wp/v2/users/me', ops, {
		method: 'POST',
		body: {
			woocommerce_meta: { dashboard_sections: layout, abacus_annotations_hidden: 'true' },
		},
	});
	expect(saved.status).toBe(200);
	expect(saved.body).toMatchObject({
		name: 'ops',
		woocommerce_meta: { dashboard_sections: layout, abacus_annotations_hidden: 'true' },
	});
	// The other operator's are its own (empty), and its write leaves the first's alone.
	const fresh = await call('wp/v2/users/me', other);
	expect(fresh.body).toMatchObject({
		name: 'ana',
		woocommerce_meta: { dashboard_sections: '', abacus_annotations_hidden: '' },
	});
	await call('wp/v2/users/me', other, {
		method: 'PUT',
		body: { woocommerce_meta: { dashboard_sections: '[]' } },
	});
	const again = await call('wp/v2/users/me', asOperator(32));
	expect(again.body).toMatchObject({ woocommerce_meta: { dashboard_sections: layout } });
	expect((await call('wp/v2/users/me', await asAna())).body).toMatchObject({
		woocommerce_meta: { dashboard_sections: '[]' },
	});
	// The same fields as a store's own server's user (its id, roles and links), every preference key.
	const duck = await fx.getDuck('wp/v2/users/me', 31);
	expect(Object.keys(again.body as object).sort()).toEqual(
		Object.keys(duck.body as object).sort(),
	);
	expect(
		Object.keys((again.body as { woocommerce_meta: object }).woocommerce_meta).sort(),
	).toEqual(Object.keys((duck.body as { woocommerce_meta: object }).woocommerce_meta).sort());
	// Favourites: added and removed per operator; a second add is 409, removing a missing one 404.
	const favorites = 'wc-admin/navigation/favorites/me';
	const added = await call(favorites, ops, {
		method: 'POST',
		body: { item_id: 'abacus-revenue' },
	});
	expect(added.body).toEqual(['abacus-revenue']);
	const twice = await call(favorites, ops, {
		method: 'POST',
		body: { item_id: 'abacus-revenue' },
	});
	expect(twice.status).toBe(409);
	expect((await call(favorites, other)).body).toEqual([]);
	const missing = await call(favorites, other, {
		method: 'DELETE',
		body: { item_id: 'abacus-revenue' },
	});
	expect(missing.status).toBe(404);
	expect((await call(favorites, asOperator(32))).body).toEqual(['abacus-revenue']);
	const removed = await call(favorites, ops, {
		method: 'DELETE',
		body: { item_id: 'abacus-revenue' },
	});
	expect(removed.body).toEqual([]);
	// A key that is no preference is not kept; a prototype key is refused before any route.
	const unknown = await call('wp/v2/users/me', ops, {
		method: 'POST',
		body: { woocommerce_meta: { not_a_preference: '1' } },
	});
	expect(unknown.body).not.toHaveProperty('woocommerce_meta.not_a_preference');
	const hostile = await fetch(`${engine.url}/wp-json/wp/v2/users/me`, {
		method: 'POST',
		headers: { ...ops, 'Content-Type': 'application/json' },
		body: '{"woocommerce_meta":{"__proto__":{"polluted":"1"}}}',
	});
	expect(hostile.status).toBe(400);
	expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	// Not the page's: no session 401; a wrong nonce 403.
	const anonymous = await call('wp/v2/users/me', { 'X-WP-Nonce': NONCE });
	expect(anonymous.status).toBe(401);
	const wrongNonce = await call('wp/v2/users/me', { ...cookieOnly(), 'X-WP-Nonce': 'nope' });
	expect(wrongNonce.status).toBe(403);
});

test("the chosen store's price decimals come from its registration and are not changed from the page", async () => {
	// The engine's own option differs from the stores' (each registered its own when loaded).
	await writeOption(engine.ctx.db, 'woocommerce_price_num_decimals', 5);
	engine.ctx.notifyWrite();
	const route = 'wc-admin/options?options=woocommerce_price_num_decimals';
	for (const id of [31, 32]) {
		const [click, duck] = await Promise.all([
			call(route, asOperator(id)),
			fx.getDuck(route, id),
		]);
		const own = (duck.body as Record<string, unknown>).woocommerce_price_num_decimals;
		expect(Number(own)).toBe(2);
		// In WordPress's spelling (an option is text), the store's own value.
		expect(click.body).toEqual({ woocommerce_price_num_decimals: String(own) });
	}
	const setting = await call(
		'wc-analytics/settings/general/woocommerce_price_num_decimals',
		asOperator(31),
	);
	expect(setting.status).toBe(200);
	expect(setting.body).toMatchObject({ id: 'woocommerce_price_num_decimals', value: '2' });
	// Without a chosen store: the engine's own option.
	expect((await call(route, signedIn())).body).toEqual({ woocommerce_price_num_decimals: 5 });
	// Changing it from the page is refused for the store, nothing written.
	for (const [path, body] of [
		['wc-admin/options', { woocommerce_price_num_decimals: 3 }],
		['wc-analytics/settings/general/woocommerce_price_num_decimals', { value: '3' }],
	] as const) {
		const write = await call(path, asOperator(31), { method: 'POST', body });
		expect({ path, status: write.status }).toEqual({ path, status: 403 });
		expect(write.body).toMatchObject({ code: 'abacus_operator_store_setting' });
		expect((write.body as { message: string }).message).toContain(
			'woocommerce_price_num_decimals',
		);
	}
	expect((await call(route, asOperator(31))).body).toEqual({
		woocommerce_price_num_decimals: '2',
	});
	expect((await call(route, signedIn())).body).toEqual({ woocommerce_price_num_decimals: 5 });
});

test('no write route is 501 for the chosen store: each is answered, or refused saying why', async () => {
	const seen = new Set<string>();
	const statuses: string[] = [];
	for (const { method, url } of engine.ctx.routes) {
		if (['GET', 'HEAD', 'OPTIONS'].includes(method) || !url.startsWith('/wp-json/')) continue;
		const route = url.slice('/wp-json'.length);
		// Signing out would end the session the other routes are asked with.
		if (route === '/abacus/v1/operator/logout') continue;
		if (seen.has(`${method} ${route}`)) continue;
		seen.add(`${method} ${route}`);
		// An empty body: the route's own checks answer (400), or it does what it does with none.
		const response = await fetch(`${engine.url}/wp-json${samplePath(route)}`, {
			method,
			headers: { ...asOperator(31), 'Content-Type': 'application/json' },
			body: '{}',
		});
		const text = await response.text();
		const body = text === '' ? null : (JSON.parse(text) as unknown);
		statuses.push(`${response.status} ${method} ${route}`);
		expect({ method, route, status: response.status }).not.toEqual({
			method,
			route,
			status: 501,
		});
		expect({ method, route, body }).not.toMatchObject({
			body: { code: 'abacus_not_supported_on_engine' },
		});
		if (STORE_ADMIN.some((pattern) => pattern.test(route))) {
			expect({ method, route, status: response.status }).toEqual({
				method,
				route,
				status: 403,
			});
		}
	}
	// Every write route was asked (the store's own administration among them).
	expect(statuses.length).toBeGreaterThan(30);
	expect(statuses).toEqual(
		expect.arrayContaining([
			'403 POST /wc-analytics/products/:id',
			'403 DELETE /wc-analytics/products/reviews/:id',
			'200 POST /wp/v2/users/me',
			'409 POST /wc-analytics/reports/import',
		]),
	);
});

test('with a store chosen, its WordPress settings the engine does not hold are neither shown nor changed', async () => {
	// Read: refused naming them and the store's admin, without the engine's own values.
	const options = await call(
		'wc-admin/options?options=woocommerce_currency,blogname,woocommerce_store_city',
		asOperator(31),
	);
	expect(options.status).toBe(403);
	expect(options.body).toMatchObject({
		code: 'abacus_operator_store_admin',
		data: {
			params: { blogname: expect.any(String), woocommerce_store_city: expect.any(String) },
		},
	});
	// The price format the store registered: its own values, as its own server answers them.
	const format =
		'wc-admin/options?options=woocommerce_currency_pos,woocommerce_price_thousand_sep,woocommerce_price_decimal_sep';
	for (const id of [31, 32]) {
		const [click, duck] = await Promise.all([
			call(format, asOperator(id)),
			fx.getDuck(format, id),
		]);
		expect({ id, status: click.status, body: click.body }).toEqual({
			id,
			status: 200,
			body: duck.body,
		});
	}
	expect((await call(format, asOperator(32))).body).toEqual({
		woocommerce_currency_pos: 'right_space',
		woocommerce_price_thousand_sep: '.',
		woocommerce_price_decimal_sep: ',',
	});
	const words = (options.body as { message: string }).message;
	expect(words).toContain('https://operator-a.example/wp-admin/');
	expect(JSON.stringify(options.body)).not.toContain('Abacus Demo Store');
	const one = await call('wc-analytics/settings/general/woocommerce_store_city', asOperator(31));
	expect(one.status).toBe(403);
	expect(one.body).toMatchObject({ code: 'abacus_operator_store_admin' });
	// A group lists the settings the engine holds for the store, each the store's own value.
	for (const [group, id] of [
		['general', 32],
		['products', 31],
		['tax', 31],
	] as const) {
		const [click, duck] = await Promise.all([
			call(`wc-analytics/settings/${group}`, asOperator(id)),
			fx.getDuck(`wc-analytics/settings/${group}`, id),
		]);
		expect({ group, status: click.status }).toEqual({ group, status: 200 });
		const held = (click.body as Array<{ id: string; value: unknown }>).map((s) => s.id);
		const all = (duck.body as Array<{ id: string; value: unknown }>).map((s) => s.id);
		expect(held).toEqual(
			all.filter(
				(name) =>
					![
						'woocommerce_store_address',
						'woocommerce_store_address_2',
						'woocommerce_store_city',
						'woocommerce_default_country',
						'woocommerce_store_postcode',
						'woocommerce_calc_taxes',
						'woocommerce_enable_reviews',
						'woocommerce_prices_include_tax',
						'woocommerce_tax_based_on',
					].includes(name),
			),
		);
		for (const setting of click.body as Array<{ id: string; value: unknown }>) {
			const own = (duck.body as Array<{ id: string; value: unknown }>).find(
				(s) => s.id === setting.id,
			);
			// The same value as the store's own server, in WordPress's spelling (text).
			expect({ id: setting.id, value: String(setting.value) }).toEqual({
				id: setting.id,
				value: String(own?.value),
			});
		}
		if (group === 'general') {
			expect(held).toContain('woocommerce_currency');
			// The price format the store registered: held, its own values.
			expect(held).toEqual(
				expect.arrayContaining([
					'woocommerce_currency_pos',
					'woocommerce_price_thousand_sep',
					'woocommerce_price_decimal_sep',
				]),
			);
		}
		if (group === 'tax') expect(held).toEqual([]);
	}
	// Written from the page: refused, nothing written (the engine's own value stays).
	const before = await call('wc-admin/options?options=blogname', signedIn());
	for (const [route, body] of [
		['wc-admin/options', { blogname: 'Not the store' }],
		[
			'wc-analytics/settings/general/batch',
			{ update: [{ id: 'woocommerce_store_city', value: 'X' }] },
		],
		['wc/v3/settings/tax/woocommerce_calc_taxes', { value: 'yes' }],
	] as const) {
		const write = await call(route, asOperator(31), { method: 'POST', body });
		expect({ route, status: write.status }).toEqual({ route, status: 403 });
		expect(write.body).toMatchObject({ code: 'abacus_operator_store_setting' });
	}
	const after = await call('wc-admin/options?options=blogname', signedIn());
	expect(after.status).toBe(200);
	expect(after.body).toEqual(before.body);
});

test("the engine's page preloads the signed-in operator's own preferences, as users/me answers them", async () => {
	const buildDir = path.join(fx.dir, 'build');
	fs.mkdirSync(path.join(buildDir, 'standalone'), { recursive: true });
	fs.writeFileSync(path.join(buildDir, 'standalone', 'index.js'), '');
	const app = await createApp({ ...engine.ctx, config: { ...engine.ctx.config, buildDir } });
	try {
		const ops = await injectSession(app, 'ops');
		const other = await injectSession(app, 'ana');
		const layout = JSON.stringify([{ key: 'store-performance', isVisible: true }]);
		const saved = await app.inject({
			method: 'POST',
			url: '/wp-json/wp/v2/users/me',
			headers: {
				cookie: ops.cookie,
				'x-wp-nonce': ops.nonce,
				'x-abacus-store': '31',
				'content-type': 'application/json',
			},
			payload: JSON.stringify({ woocommerce_meta: { homepage_layout: layout } }),
		});
		expect(saved.statusCode).toBe(200);
		const pageUser = async (cookie: string): Promise<Record<string, unknown>> => {
			const response = await app.inject({
				method: 'GET',
				url: '/wp-admin/admin.php?page=abacus&store=31',
				headers: { cookie },
			});
			expect(response.statusCode).toBe(200);
			const match = /window\.abacusSettings = (.*);<\/script>/.exec(response.body);
			const settings = JSON.parse(match?.[1] ?? 'null') as {
				currentUserData: Record<string, unknown>;
				currency: unknown;
			};
			// The rest of the page's settings are the store's, as before.
			expect(settings.currency).toMatchObject({ code: 'USD' });
			return settings.currentUserData;
		};
		const restMeta = async (signed: { cookie: string; nonce: string }): Promise<unknown> =>
			(
				await app.inject({
					method: 'GET',
					url: '/wp-json/wp/v2/users/me',
					headers: { cookie: signed.cookie, 'x-wp-nonce': signed.nonce },
				})
			).json<{ woocommerce_meta: unknown }>().woocommerce_meta;
		const mine = await pageUser(ops.cookie);
		expect(mine).toMatchObject({ name: 'ops', woocommerce_meta: { homepage_layout: layout } });
		expect(mine.woocommerce_meta).toEqual(await restMeta(ops));
		const theirs = await pageUser(other.cookie);
		expect(theirs).toMatchObject({ name: 'ana', woocommerce_meta: { homepage_layout: '' } });
		expect(theirs.woocommerce_meta).toEqual(await restMeta(other));
		// Every preference key the store's own server has.
		const duck = await fx.getDuck('wp/v2/users/me', 31);
		expect(Object.keys(mine.woocommerce_meta as object).sort()).toEqual(
			Object.keys((duck.body as { woocommerce_meta: object }).woocommerce_meta).sort(),
		);
	} finally {
		await app.close();
	}
});
