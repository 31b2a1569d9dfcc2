/**
 * Profit and costs on the server's ClickHouse engine, over HTTP: the Profit table (by product and
 * by category), its stats (every interval, whole days and partial ranges), the products sold
 * without a cost, the whole-report export and the cost editor's routes, each answered for the
 * store its engine token names with the figures (JSON and X-WP-Total) the same store's DuckDB
 * server gives; a cost saved with one store's token changes that store's figures as a save on
 * its DuckDB server does, and never the other store's. Whole-day ranges are read from the
 * cluster's daily profit roll-up (a row planted there shows in them, not in partial ranges) and
 * a cost save refreshes it. Two small stores on a two-shard cluster.
 */
import fc from 'fast-check';

import { EDIT_COSTS_SCOPE, signEngineToken } from '../../engine-auth/index.js';
import { startServer } from '../../index.js';
import { ClickHouseClient } from '../client.js';
import { putStore } from '../../sync/clickhouse-load.js';
import { refreshRollups, ROLLUP_GENERATIONS } from '../rollups.js';
import {
	type Answer,
	type EngineFixture,
	engineToken,
	json,
	secretOf,
	seededServerFile,
	type Server,
	startEngineFixture,
} from './setup.js';

// Minutes on a loaded 2-core machine (every figure is asked of three servers).
jest.setTimeout(600_000);

const SPECS = [
	{ id: 31, timeZone: 'America/Los_Angeles', seed: 41, url: 'https://profit-a.example' },
	{
		id: 32,
		timeZone: 'Europe/Paris',
		seed: 42,
		url: 'https://profit-b.example',
		// Costs in tenths of a cent: the engine takes the precision the store registered.
		options: { woocommerce_price_num_decimals: 3 },
	},
];
/** The servers' page nonce (the DuckDB servers' writes and exports are made with it). */
const NONCE = 'profit-nonce';

let fx: EngineFixture;
let engine: Server;
/** Each store's own DuckDB server, by index in SPECS. */
const duck: Server[] = [];

beforeAll(async () => {
	fx = await startEngineFixture({ name: 'profit', stores: SPECS, orders: 300, nonce: NONCE });
	engine = fx.engine as Server;
	for (const spec of SPECS) duck.push(fx.duck.get(spec.id) as Server);
});

afterAll(async () => {
	await fx?.stop();
});

/**
 * A store's token, with the scope of a user who may change costs when `edit`, for the engine at
 * `aud` (default: the fixture's engine).
 */
function token(i: number, edit = false, aud = fx.engine?.url): string {
	if (!edit) return engineToken(SPECS[i].url, undefined, aud);
	const now = Math.floor(Date.now() / 1000);
	return signEngineToken(
		{
			store: SPECS[i].url,
			sub: 1,
			cap: 'view_woocommerce_reports',
			iat: now,
			exp: now + 900,
			aud,
			scope: [EDIT_COSTS_SCOPE],
		},
		secretOf(SPECS[i].url),
	);
}

function get(server: Server, url: string, bearer?: string): Promise<Answer> {
	return fx.get(server.url, url, bearer ? { Authorization: `Bearer ${bearer}` } : {});
}

/** Store `i`'s answer from the engine equals its DuckDB server's (JSON, X-WP-Total). */
async function same(i: number, url: string): Promise<Answer> {
	// Both servers at once: they share nothing but the store's data.
	const [click, reference] = await Promise.all([get(engine, url, token(i)), get(duck[i], url)]);
	expect([url, reference.status]).toEqual([url, 200]);
	expect([url, click.status, json(click.body)]).toEqual([url, 200, json(reference.body)]);
	expect([url, click.total]).toEqual([url, reference.total]);
	return click;
}

/**
 * `same` for each of `urls`, asked at once (read-only routes: no answer depends on another); the
 * engine's answers in the order of `urls`.
 */
function sameAll(i: number, urls: string[]): Promise<Answer[]> {
	return Promise.all(urls.map((url) => same(i, url)));
}

const A = 'wc-analytics/reports';
const YEAR = 'after=2025-04-01T00:00:00&before=2026-03-31T23:59:59';
const PARTIAL = 'after=2025-10-20T06:00:00&before=2026-01-05T18:00:00';

interface ProfitRow {
	product_id?: number;
	category_id?: number;
	cost: number | null;
	items_without_cost: number;
}

/** The profit routes a page asks for, with a store's own products and categories. */
async function profitRoutes(i: number): Promise<string[]> {
	const [productAnswer, categoryAnswer] = await Promise.all([
		get(duck[i], `${A}/profit?${YEAR}&per_page=100`),
		get(duck[i], `${A}/profit?${YEAR}&by=category&per_page=100`),
	]);
	const products = productAnswer.body as ProfitRow[];
	const categories = categoryAnswer.body as ProfitRow[];
	const costed = products.filter((p) => p.cost !== null).map((p) => p.product_id);
	const uncosted = products.filter((p) => p.items_without_cost > 0).map((p) => p.product_id);
	const two = [...costed.slice(0, 1), ...uncosted.slice(0, 1)].join(',');
	const category = categories[0]?.category_id;
	return [
		`${A}/profit/stats?${YEAR}&interval=month`,
		`${A}/profit/stats?${YEAR}&interval=week&orderby=gross_profit&order=asc&per_page=20`,
		`${A}/profit/stats?${PARTIAL}&interval=day&per_page=100&page=2`,
		`${A}/profit/stats?after=2025-12-01T08:00:00&before=2025-12-02T20:00:00&interval=hour&per_page=100`,
		`${A}/profit/stats?${YEAR}&interval=quarter&products=${two}&fields=cost,margin,orders_count,profit_per_order`,
		`${A}/profit/stats?${PARTIAL}&interval=month&categories=${category}`,
		`${A}/profit?${YEAR}&per_page=100`,
		`${A}/profit?${YEAR}&orderby=margin&order=asc&per_page=5&page=2`,
		`${A}/profit?${PARTIAL}&orderby=name&per_page=10`,
		`${A}/profit?${YEAR}&orderby=items_without_cost&products=${two}`,
		`${A}/profit?${YEAR}&by=category&per_page=100`,
		`${A}/profit?${PARTIAL}&by=category&orderby=gross_profit&per_page=5`,
		`${A}/profit?${YEAR}&by=category&categories=${category}`,
		`${A}/profit/missing-costs?${YEAR}`,
		`${A}/profit/missing-costs?${PARTIAL}&categories=${category}`,
	];
}

test.each([0, 1])(
	'profit table, stats and missing costs equal store %i’s DuckDB server',
	async (i) => {
		const routes = await profitRoutes(i);
		// The engine's answers, each equal to the DuckDB server's.
		const answers = await sameAll(i, routes);
		// A figure a page shows is there: costs and lines without a cost, as the demo makes them.
		const stats = answers[0].body as {
			totals: { cost: number | null; items_without_cost: number; orders_count: number };
		};
		expect(stats.totals.cost).toBeGreaterThan(0);
		expect(stats.totals.orders_count).toBeGreaterThan(0);
		expect(routes[13]).toContain('/profit/missing-costs?');
		const missing = answers[13].body as {
			count: number;
			products: Array<{ name: string }>;
		};
		expect(missing.count).toBeGreaterThan(0);
		expect(missing.products[0].name).not.toBe('');
	},
);

test('whole-day profit answers read the daily profit roll-up; partial ranges the lines', async () => {
	const client = new ClickHouseClient(fx.target, { insert_distributed_sync: 1 });
	const store = SPECS[1].id;
	const current = await client.one<{ g: string }>(
		`SELECT toString(max(generation)) AS g FROM ${ROLLUP_GENERATIONS}_all WHERE store_id = ?`,
		[store],
	);
	const products = (await get(duck[1], `${A}/profit?${YEAR}&per_page=1`)).body as ProfitRow[];
	// A day's cost of 1000 the lines do not have, in the store's current roll-up generation.
	await client.insert(`${fx.target.database}.order_profit_daily_all`, [
		{
			store_id: store,
			generation: Number(current?.g ?? 0),
			day: '2025-12-10',
			status: 'wc-completed',
			product_id: Number(products[0].product_id),
			variation_id: 0,
			items_sold: 0,
			net_revenue: 0,
			costed_revenue: 0,
			cost: 1000,
			gross_profit: -1000,
			items_without_cost: 0,
			uncosted_lines: 0,
		},
	]);
	type Stats = { totals: { cost: number; gross_profit: number } };
	const whole = `${A}/profit/stats?${YEAR}&interval=month&_planted=1`;
	const click = (await get(engine, whole, token(1))).body as Stats;
	const reference = (await get(duck[1], whole)).body as Stats;
	expect(click.totals.cost).toBeCloseTo(reference.totals.cost + 1000, 2);
	expect(click.totals.gross_profit).toBeCloseTo(reference.totals.gross_profit - 1000, 2);
	await same(1, `${A}/profit/stats?${PARTIAL}&interval=month&_planted=1`);
	// Refreshing that day computes it again from the lines: equal to DuckDB again.
	await refreshRollups(client, store, { from: '2025-12-10', to: '2025-12-10' });
	await same(1, `${A}/profit/stats?${YEAR}&interval=month&_planted=2`);
	await same(1, `${A}/profit?${YEAR}&per_page=100&_planted=2`);
});

/** Starts a whole-report export, waits until it is built and returns its CSV. */
async function exportCsv(
	server: Server,
	args: Record<string, unknown>,
	headers: Record<string, string>,
): Promise<{ id: string; csv: string }> {
	const started = await fetch(`${server.url}/wp-json/${A}/profit/export`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', ...headers },
		body: JSON.stringify({ report_args: args }),
	});
	const body = (await started.json()) as { export_id?: string };
	expect([started.status, typeof body.export_id]).toEqual([200, 'string']);
	const id = String(body.export_id);
	for (;;) {
		const status = await fetch(`${server.url}/wp-json/${A}/profit/export/${id}/status`, {
			headers,
		});
		const state = (await status.json()) as { download_url?: string };
		expect(status.status).toBe(200);
		if (state.download_url) {
			const file = await fetch(`${server.url}${state.download_url}`, { headers });
			expect(file.status).toBe(200);
			return { id, csv: await file.text() };
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

test('the profit export holds the token’s store’s rows: the CSV of its DuckDB server', async () => {
	const args = { after: '2025-04-01T00:00:00', before: '2026-03-31T23:59:59' };
	for (const [i, extra] of [
		[0, {}],
		[1, { by: 'category' }],
	] as const) {
		const click = await exportCsv(
			engine,
			{ ...args, ...extra },
			{
				Authorization: `Bearer ${token(i)}`,
			},
		);
		const reference = await exportCsv(duck[i], { ...args, ...extra }, { 'X-WP-Nonce': NONCE });
		expect(click.csv.split('\n').length).toBeGreaterThan(3);
		expect(click.csv).toBe(reference.csv);
	}
});

/** POSTs a cost; the engine with the store's token, its DuckDB server with the page's nonce. */
async function postCost(
	server: Server,
	body: Record<string, unknown>,
	headers: Record<string, string>,
): Promise<Answer> {
	const response = await fetch(`${server.url}/wp-json/abacus/v1/costs`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', ...headers },
		body: JSON.stringify(body),
	});
	return {
		status: response.status,
		body: await response.json(),
		total: null,
		headers: response.headers,
	};
}

/** Saves the same cost for store `i` on the engine and on its DuckDB server: equal answers. */
async function saveBoth(i: number, body: Record<string, unknown>): Promise<unknown> {
	const click = await postCost(engine, body, { Authorization: `Bearer ${token(i, true)}` });
	const reference = await postCost(duck[i], body, { 'X-WP-Nonce': NONCE });
	expect([reference.status, click.status]).toEqual([200, 200]);
	expect(click.body).toEqual(reference.body);
	return click.body;
}

test('a cost saved with a store’s token changes that store’s figures as on DuckDB, never the other’s', async () => {
	const routes = await Promise.all([profitRoutes(0), profitRoutes(1)]);
	const before = await Promise.all(
		routes[1].map((url) => get(engine, url, token(1)).then((a) => a.body)),
	);
	const products = (await get(duck[0], `${A}/profit?${YEAR}&per_page=100`)).body as ProfitRow[];
	// A simple product sold with a cost (a product-level entry then applies to its sales), and a
	// product with sales without one.
	let costed: ProfitRow | undefined;
	for (const row of products.filter((p) => p.cost !== null && p.items_without_cost === 0)) {
		const editor = await get(duck[0], `abacus/v1/costs?product=${row.product_id}`);
		if ((editor.body as { product: { type: string } }).product.type === 'simple') {
			costed = row;
			break;
		}
	}
	const uncosted = products.find((p) => p.items_without_cost > 0);
	expect(costed && uncosted).toBeTruthy();
	const editor = await same(0, `abacus/v1/costs?product=${uncosted?.product_id}`);
	const variations = (editor.body as { variations: Array<{ id: number }> }).variations;

	// A new cost from a day on: earlier sales keep their fixed cost; a gap is filled.
	await saveBoth(0, { product_id: costed?.product_id, cost: '3.75', date_from: '2025-11-01' });
	await saveBoth(0, { product_id: uncosted?.product_id, cost: 2, date_from: '2025-01-01' });
	// Applied to the past: the history-costed sales from that day on are recomputed.
	const rewrite = (await saveBoth(0, {
		product_id: costed?.product_id,
		cost: '4.10',
		date_from: '2025-09-01',
		apply_to_past: true,
	})) as { rewritten_lines: number };
	expect(rewrite.rewritten_lines).toBeGreaterThan(0);
	if (variations.length) {
		await saveBoth(0, {
			product_id: uncosted?.product_id,
			variation_id: variations[0].id,
			cost: '1.20',
			date_from: '2025-06-01',
			apply_to_past: true,
		});
	}
	// The same day again replaces that day's entry.
	await saveBoth(0, { product_id: costed?.product_id, cost: '3.80', date_from: '2025-11-01' });

	await sameAll(0, [
		...routes[0],
		`abacus/v1/costs?product=${costed?.product_id}`,
		`abacus/v1/costs?product=${uncosted?.product_id}`,
	]);
	// Store B's answers after the saves: as before them, and equal to its DuckDB server's.
	const after = (await sameAll(1, routes[1])).map((a) => a.body);
	expect(after).toEqual(before);
});

test('a cost save is refused as on DuckDB: a token without edit_costs, bad input, another store', async () => {
	const products = (await get(duck[1], `${A}/profit?${YEAR}&per_page=1`)).body as ProfitRow[];
	const body = { product_id: products[0].product_id, cost: '1.00', date_from: '2025-05-01' };
	// A DuckDB server for the same store's token: the engine check refuses the same way.
	await seededServerFile(`${fx.dir}/single.duckdb`, 20);
	const single = await startServer({
		databasePath: `${fx.dir}/single.duckdb`,
		orders: 20,
		quiet: true,
		sync: false,
		nonce: NONCE,
		engineStores: [{ url: SPECS[1].url, secret: secretOf(SPECS[1].url) }],
	});
	try {
		const click = await postCost(engine, body, { Authorization: `Bearer ${token(1)}` });
		const reference = await postCost(single, body, {
			Authorization: `Bearer ${token(1, false, single.url)}`,
		});
		expect(click.status).toBe(403);
		expect([click.status, click.body]).toEqual([reference.status, reference.body]);
		expect((click.body as { code: string }).code).toBe('abacus_engine_token_read_only');
	} finally {
		await single.close();
	}
	const bad = {
		product_id: products[0].product_id,
		cost: '-2',
		date_from: '2025-02-30',
		colour: 'red',
	};
	const click = await postCost(engine, bad, { Authorization: `Bearer ${token(1, true)}` });
	const reference = await postCost(duck[1], bad, { 'X-WP-Nonce': NONCE });
	expect([click.status, click.body]).toEqual([400, reference.body]);
	// Store A's products are not store B's: an id only A sells is unknown to B's token.
	const only = 987_654;
	const unknown = await postCost(
		engine,
		{ product_id: only, cost: '1', date_from: '2025-05-01' },
		{ Authorization: `Bearer ${token(1, true)}` },
	);
	expect(unknown.status).toBe(400);
	const noToken = await postCost(engine, body, {});
	expect(noToken.status).toBe(401);
	const read = await get(engine, `abacus/v1/costs?product=${products[0].product_id}`);
	expect(read.status).toBe(401);
});

test('fuzzed: each token gets its own store’s profit figures', async () => {
	const intervals = ['day', 'week', 'month', 'quarter'];
	await fc.assert(
		fc.asyncProperty(
			fc.integer({ min: 0, max: 1 }),
			fc.constantFrom('stats', 'product', 'category', 'missing-costs'),
			fc.constantFrom(...intervals),
			fc.integer({ min: 0, max: 360 }),
			fc.integer({ min: 1, max: 120 }),
			fc.boolean(),
			async (i, report, interval, startDay, days, partial) => {
				const start = new Date(Date.UTC(2025, 3, 1) + startDay * 86_400_000);
				const end = new Date(start.getTime() + days * 86_400_000 - 1000);
				const text = (d: Date): string => d.toISOString().slice(0, 19);
				const after = partial
					? text(new Date(start.getTime() + 5 * 3_600_000))
					: text(start);
				const range = `after=${after}&before=${text(end)}`;
				const url =
					report === 'stats'
						? `${A}/profit/stats?${range}&interval=${interval}&per_page=100`
						: report === 'missing-costs'
							? `${A}/profit/missing-costs?${range}`
							: `${A}/profit?${range}&by=${report}&per_page=20`;
				await same(i, url);
			},
		),
		{ numRuns: 6 },
	);
});

/** Loads store `i` onto the cluster again from its DuckDB server's file (`clickhouse-load.js`). */
async function reload(i: number): Promise<void> {
	await putStore({
		target: fx.target,
		shardUrls: fx.cluster.shards.map((shard) => shard.url),
		cluster: fx.cluster.name,
		db: duck[i].ctx.db,
		storeUrl: SPECS[i].url,
		storeId: SPECS[i].id,
		batchRows: 2000,
	});
}

test('the cost editor lists variations in menu order and a save takes the store’s price decimals, as on DuckDB', async () => {
	const variable = (
		await get(duck[1], 'wc-analytics/products?type=variable&per_page=1&orderby=id&order=asc')
	).body as Array<{ id: number }>;
	const productId = variable[0].id;
	const ids = (
		(await get(duck[1], `wc-analytics/products/${productId}/variations?per_page=100`))
			.body as Array<{ id: number }>
	).map((v) => v.id);
	expect(ids.length).toBeGreaterThan(1);
	// Menu order against the ids: the highest id first.
	await duck[1].ctx.db.run('UPDATE products SET menu_order = -id WHERE parent_id = ?', [
		productId,
	]);
	duck[1].ctx.notifyWrite();
	await reload(1);
	const editor = await same(1, `abacus/v1/costs?product=${productId}`);
	const listed = (editor.body as { variations: Array<{ id: number }> }).variations.map(
		(v) => v.id,
	);
	expect(listed).toEqual([...ids].sort((a, b) => b - a));

	// Store B keeps 3 decimals: 1.234 is saved as typed, a fourth decimal is refused alike.
	await saveBoth(1, { product_id: productId, cost: '1.234', date_from: '2025-07-01' });
	await saveBoth(1, {
		product_id: productId,
		variation_id: listed[0],
		cost: 0.125,
		date_from: '2025-08-01',
	});
	const saved = await same(1, `abacus/v1/costs?product=${productId}`);
	expect((saved.body as { history: Array<{ cost: number }> }).history.map((h) => h.cost)).toEqual(
		expect.arrayContaining([1.234, 0.125]),
	);
	const tooFine = { product_id: productId, cost: '1.2345', date_from: '2025-07-01' };
	const click = await postCost(engine, tooFine, { Authorization: `Bearer ${token(1, true)}` });
	const reference = await postCost(duck[1], tooFine, { 'X-WP-Nonce': NONCE });
	expect([click.status, click.body]).toEqual([400, reference.body]);
	expect(JSON.stringify(click.body)).toContain('3 decimal places');
	// Store A keeps the default 2.
	const productA = (
		(await get(duck[0], `${A}/profit?${YEAR}&per_page=1`)).body as ProfitRow[]
	)[0];
	const third = { product_id: productA.product_id, cost: '1.234', date_from: '2025-07-01' };
	const clickA = await postCost(engine, third, { Authorization: `Bearer ${token(0, true)}` });
	const referenceA = await postCost(duck[0], third, { 'X-WP-Nonce': NONCE });
	expect([clickA.status, clickA.body]).toEqual([400, referenceA.body]);
	await sameAll(1, await profitRoutes(1));
});

test('loading a store again keeps the costs saved through the engine since its last load', async () => {
	const rows = (await get(duck[1], `${A}/profit?${YEAR}&per_page=5`)).body as ProfitRow[];
	const productId = rows[rows.length - 1].product_id;
	const body = {
		product_id: productId,
		cost: '2.345',
		date_from: '2025-10-01',
		apply_to_past: true,
	};
	// Saved through the engine only: the store's DuckDB file does not have it.
	const saved = await postCost(engine, body, { Authorization: `Bearer ${token(1, true)}` });
	expect(saved.status).toBe(200);
	const editor = `abacus/v1/costs?product=${productId}`;
	const before = (await get(engine, editor, token(1))).body as {
		history: Array<{ cost: number; date_from: string }>;
	};
	expect(before.history).toEqual(
		expect.arrayContaining([expect.objectContaining({ cost: 2.345, date_from: '2025-10-01' })]),
	);
	const profit = `${A}/profit?${YEAR}&per_page=100&products=${productId}`;
	const figures = (await get(engine, profit, token(1))).body;
	await reload(1);
	expect((await get(engine, editor, token(1))).body).toEqual(before);
	expect((await get(engine, `${profit}&reload=1`, token(1))).body).toEqual(figures);
	// The same save on the store's DuckDB server: both agree again, figures included.
	const reference = await postCost(duck[1], body, { 'X-WP-Nonce': NONCE });
	expect(reference.status).toBe(200);
	await same(1, editor);
	await sameAll(1, await profitRoutes(1));
});
