/**
 * The breakdown reports (payment methods, shipping methods, origins, places) against the store's
 * own totals: every value's figures sum to revenue/orders stats of the same range and filters,
 * shares sum to 100 %, interval subtotals sum to the totals; bad input is a 400; the pipeline
 * carries the dimension fields of a synced order.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { applyOrderChanges, type OrderRecord } from '../../db/pipeline.js';
import { startServer, type RunningServer } from '../../index.js';
import { get } from './fixtures.js';

jest.setTimeout(120000);

interface Item {
	id: number;
	key: string;
	label: string;
	orders_count: number;
	net_revenue: number;
	refunds: number;
	avg_order_value: number;
	net_revenue_share: number;
	shipping: number;
	new_customers: number;
}
interface Stats {
	totals: Record<string, number> & {
		segments?: Array<{
			segment_id: number;
			segment_label: string;
			subtotals: Record<string, number>;
		}>;
	};
	intervals: Array<{
		interval: string;
		subtotals: Record<string, number> & {
			segments?: Array<{ segment_id: number; subtotals: Record<string, number> }>;
		};
	}>;
}

let server: RunningServer;
const today = new Date().toISOString().slice(0, 10);
const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
const RANGE = `after=${lastYear}T00:00:00&before=${today}T23:59:59`;
const close = (a: number, b: number): void => expect(Math.abs(a - b)).toBeLessThan(0.02);
const sum = (items: Item[], key: keyof Item): number =>
	items.reduce((s, i) => s + Number(i[key]), 0);

/** The store's folder, removed after the tests. */
let dir = '';
beforeAll(async () => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abacus-breakdown-'));
	server = await startServer({
		databasePath: path.join(dir, 'store.duckdb'),
		orders: 1500,
		seed: 5,
		quiet: true,
		nonce: 'test-nonce',
	});
}, 180000);

afterAll(async () => {
	await server.close();
	fs.rmSync(dir, { recursive: true, force: true });
});

const list = async (slug: string, query = ''): Promise<Item[]> =>
	(await get<Item[]>(server, `/wc-analytics/reports/${slug}?${RANGE}&per_page=-1${query}`)).body;
/** Store totals: revenue stats, or orders stats (which take the status filters) when filtered. */
const revenue = async (query = ''): Promise<Record<string, number>> =>
	(
		await get<Stats>(
			server,
			`/wc-analytics/reports/${query ? 'orders' : 'revenue'}/stats?${RANGE}&interval=year&per_page=100${query}`,
		)
	).body.totals;

const CASES: Array<[string, string]> = [
	['payment-methods', ''],
	['shipping-methods', ''],
	['origins', ''],
	['origins', '&group_by=source_type'],
	['origins', '&group_by=campaign'],
	['origins', '&group_by=device'],
	['places', ''],
	['places', '&group_by=billing_state'],
	['places', '&group_by=shipping_country'],
	['places', '&group_by=shipping_state'],
];

describe('every breakdown sums to the store totals', () => {
	it.each(CASES)('%s%s', async (slug, group) => {
		const [items, totals] = await Promise.all([list(slug, group), revenue()]);
		expect(items.length).toBeGreaterThan(1);
		close(sum(items, 'orders_count'), totals.orders_count);
		close(sum(items, 'net_revenue'), totals.net_revenue);
		close(sum(items, 'refunds'), totals.refunds);
		close(sum(items, 'shipping'), totals.shipping);
		expect(Math.abs(sum(items, 'net_revenue_share') - 100)).toBeLessThan(0.2);
		for (const item of items) {
			if (item.orders_count)
				close(item.avg_order_value, item.net_revenue / item.orders_count);
		}
		// new customers: each customer's first order lies under one value
		const stats = (
			await get<Stats>(
				server,
				`/wc-analytics/reports/${slug}/stats?${RANGE}&interval=month&per_page=100${group}`,
			)
		).body;
		close(stats.totals.orders_count, totals.orders_count);
		close(stats.totals.net_revenue, totals.net_revenue);
		expect(stats.totals.new_customers).toBe(sum(items, 'new_customers'));
		expect(stats.totals.values).toBe(items.length);
		close(
			stats.intervals.reduce((s, i) => s + i.subtotals.net_revenue, 0),
			totals.net_revenue,
		);
	});

	it('has the demo values: gateways with titles, the three shipping methods, origins, countries', async () => {
		const payments = await list('payment-methods');
		expect(payments.map((p) => p.key).sort()).toEqual(['bacs', 'paypal', 'stripe']);
		expect(payments.find((p) => p.key === 'stripe')?.label).toBe('Credit card (Stripe)');
		const shipping = await list('shipping-methods');
		expect(shipping.map((s) => s.key).sort()).toEqual(
			['', 'flat_rate', 'free_shipping', 'local_pickup'].sort(),
		);
		expect(shipping.find((s) => s.key === 'flat_rate')?.shipping).toBeGreaterThan(0);
		close(shipping.find((s) => s.key === 'free_shipping')?.shipping ?? -1, 0);
		const origins = await list('origins', '&group_by=source_type');
		for (const type of ['typein', 'organic', 'referral', 'utm', 'admin', ''])
			expect(origins.map((o) => o.key)).toContain(type);
		const places = await list('places');
		expect(places.length).toBeGreaterThanOrEqual(5);
		expect(places[0].key).toBe('US');
		const states = await list('places', '&group_by=billing_state');
		expect(states.map((s) => s.key)).toContain('US:CA');
	});

	it('a breakdown filtered by status sums to orders stats with the same statuses', async () => {
		const status = '&status_is[]=completed&status_is[]=refunded';
		const [items, totals] = await Promise.all([list('places', status), revenue(status)]);
		close(sum(items, 'net_revenue'), totals.net_revenue);
		close(sum(items, 'orders_count'), totals.orders_count);
	});

	it('advanced filters restrict to a payment method, an origin and a country', async () => {
		const byMethod = await list('payment-methods');
		const paypal = byMethod.find((p) => p.key === 'paypal') as Item;
		const places = await list('places', '&payment_method_includes=paypal');
		close(sum(places, 'net_revenue'), paypal.net_revenue);
		const notPaypal = await list('places', '&payment_method_excludes=paypal');
		close(sum(notPaypal, 'net_revenue') + paypal.net_revenue, sum(byMethod, 'net_revenue'));
		const us = (await list('places')).find((p) => p.key === 'US') as Item;
		const methodsInUs = await list('payment-methods', '&country_includes=US');
		close(sum(methodsInUs, 'orders_count'), us.orders_count);
		const ca = await list('payment-methods', '&state_includes=US:CA');
		const states = await list('places', '&group_by=billing_state');
		close(sum(ca, 'net_revenue'), states.find((s) => s.key === 'US:CA')?.net_revenue ?? -1);
		const google = await list('shipping-methods', '&origin_includes=organic:google');
		const origins = await list('origins');
		close(
			sum(google, 'orders_count'),
			origins.find((o) => o.key === 'organic:google')?.orders_count ?? -1,
		);
	});

	it('the orders report takes the same filters (drill-down and advanced filters)', async () => {
		const paypal = (await list('payment-methods')).find((p) => p.key === 'paypal') as Item;
		const filtered = await revenue('&payment_method_includes=paypal');
		close(filtered.orders_count, paypal.orders_count);
		close(filtered.net_revenue, paypal.net_revenue);
		const us = (await list('places')).find((p) => p.key === 'US') as Item;
		const notUs = await revenue('&country_excludes=US');
		const all = await revenue(
			'&status_is_not[]=pending&status_is_not[]=failed&status_is_not[]=cancelled',
		);
		close(notUs.net_revenue + us.net_revenue, all.net_revenue);
		const google = (await list('origins')).find((o) => o.key === 'organic:google') as Item;
		close((await revenue('&origin_includes=organic:google')).orders_count, google.orders_count);
		const organic = (await list('origins', '&group_by=source_type')).find(
			(o) => o.key === 'organic',
		) as Item;
		close((await revenue('&origin_type_includes=organic')).net_revenue, organic.net_revenue);
		const orders = await get<unknown[]>(
			server,
			`/wc-analytics/reports/orders?${RANGE}&per_page=100&refunds=none&payment_method_includes=paypal`,
		);
		expect(Number(orders.headers.get('x-wp-total'))).toBe(paypal.orders_count);
	});

	it('segments by value: one per listed item id, summing like the rows', async () => {
		const all = await list('payment-methods');
		const stripe = all.find((i) => i.key === 'stripe') as Item;
		const paypal = all.find((i) => i.key === 'paypal') as Item;
		const ids = `${stripe.id},${paypal.id}`;
		const stats = (
			await get<Stats>(
				server,
				`/wc-analytics/reports/payment-methods/stats?${RANGE}&interval=month&per_page=100&segmentby=payment_method&payment_methods=${ids}`,
			)
		).body;
		const items = await list('payment-methods', `&payment_methods=${ids}`);
		expect(items.map((i) => i.key).sort()).toEqual(['paypal', 'stripe']);
		expect(stats.totals.segments?.map((s) => s.segment_id)).toEqual([stripe.id, paypal.id]);
		expect(stats.totals.segments?.map((s) => s.segment_label)).toEqual([
			'Credit card (Stripe)',
			'PayPal',
		]);
		for (const segment of stats.totals.segments ?? []) {
			const item = items.find((i) => i.id === segment.segment_id) as Item;
			close(segment.subtotals.net_revenue, item.net_revenue);
			close(
				stats.intervals.reduce(
					(s, i) =>
						s +
						Number(
							i.subtotals.segments?.find((x) => x.segment_id === segment.segment_id)
								?.subtotals.net_revenue ?? 0,
						),
					0,
				),
				item.net_revenue,
			);
		}
		const none = await list('payment-methods', '&payment_methods=12345');
		expect(none).toEqual([]);
	});

	it('sorts and pages the table', async () => {
		const res = await get<Item[]>(
			server,
			`/wc-analytics/reports/places?${RANGE}&orderby=orders_count&order=asc&per_page=2&page=1`,
		);
		expect(res.body).toHaveLength(2);
		expect(res.body[0].orders_count).toBeLessThanOrEqual(res.body[1].orders_count);
		expect(Number(res.headers.get('x-wp-total'))).toBeGreaterThan(2);
	});

	it('refuses bad input naming the parameter', async () => {
		const bad = await get<{ code: string; data: { params: Record<string, string> } }>(
			server,
			`/wc-analytics/reports/places?group_by=planet`,
		);
		expect(bad.status).toBe(400);
		expect(Object.keys(bad.body.data.params)).toContain('group_by');
		const seg = await get<{ code: string }>(
			server,
			`/wc-analytics/reports/origins/stats?segmentby=product`,
		);
		expect(seg.status).toBe(400);
	});
});

/** The order filter giving the orders behind a row of each `group_by`. */
const DRILL_DOWNS: Array<[string, string, string]> = [
	['payment-methods', 'method', 'payment_method'],
	['shipping-methods', 'method', 'shipping_method'],
	['origins', 'origin', 'origin'],
	['origins', 'source_type', 'origin_type'],
	['origins', 'campaign', 'campaign'],
	['origins', 'device', 'device'],
	['places', 'billing_country', 'country'],
	['places', 'billing_state', 'state'],
	['places', 'shipping_country', 'shipping_country'],
	['places', 'shipping_state', 'shipping_state'],
];

/** Stats totals of a route. */
const totalsOf = async (route: string, query: string): Promise<Record<string, number>> =>
	(
		await get<Stats>(
			server,
			`/wc-analytics/reports/${route}/stats?${RANGE}&interval=month&per_page=100${query}`,
		)
	).body.totals;

/** A whole-report export's CSV lines. */
async function exportLines(type: string, args: Record<string, string>): Promise<string[]> {
	const res = await fetch(`${server.url}/wp-json/wc-analytics/reports/${type}/export`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': 'test-nonce' },
		body: JSON.stringify({
			report_args: { after: `${lastYear}T00:00:00`, before: `${today}T23:59:59`, ...args },
		}),
	});
	expect(res.status).toBe(200);
	const { export_id: id } = (await res.json()) as { export_id: string };
	let url = '';
	for (let i = 0; i < 400 && !url; i++) {
		const status = await get<{ download_url?: string }>(
			server,
			`/wc-analytics/reports/${type}/export/${id}/status`,
		);
		url = status.body.download_url ?? '';
		if (!url) await new Promise((resolve) => setTimeout(resolve, 50));
	}
	const text = await (
		await fetch(`${server.url}${url}`, { headers: { 'X-WP-Nonce': 'test-nonce' } })
	).text();
	return text.trim().split('\n');
}

describe('drill-down: every row has the orders behind it', () => {
	it.each(DRILL_DOWNS)(
		"%s by %s: reports/orders?%s_includes=<key> lists the row's orders",
		async (slug, groupBy, filter) => {
			const rows = (await list(slug, `&group_by=${groupBy}&orderby=orders_count`)).filter(
				(r) => r.key !== '',
			);
			expect(rows.length).toBeGreaterThan(1);
			// the largest, a middle and the smallest value
			const picks = [
				...new Set([rows[0], rows[Math.floor(rows.length / 2)], rows[rows.length - 1]]),
			];
			for (const row of picks) {
				const key = encodeURIComponent(row.key);
				const orders = await get<Array<{ order_id: number }>>(
					server,
					`/wc-analytics/reports/orders?${RANGE}&per_page=100&refunds=none&${filter}_includes=${key}`,
				);
				expect(orders.status).toBe(200);
				expect(Number(orders.headers.get('x-wp-total'))).toBe(row.orders_count);
				const stats = await totalsOf('orders', `&${filter}_includes=${key}`);
				close(stats.orders_count, row.orders_count);
				close(stats.net_revenue, row.net_revenue);
				// the breakdown routes take the filter too: only that row is left
				const same = await list(slug, `&group_by=${groupBy}&${filter}_includes=${key}`);
				expect(same.map((r) => r.key)).toEqual([row.key]);
			}
		},
	);

	it('excludes leave every other value', async () => {
		const rows = await list('places', '&group_by=shipping_state');
		const top = rows
			.filter((r) => r.key !== '')
			.sort((a, b) => b.orders_count - a.orders_count)[0];
		const rest = await totalsOf('orders', `&shipping_state_excludes=${top.key}`);
		close(rest.orders_count, sum(rows, 'orders_count') - top.orders_count);
	});

	it('the orders export takes the new filters', async () => {
		const row = (await list('places', '&group_by=shipping_state&orderby=orders_count'))[0];
		const lines = await exportLines('orders', {
			shipping_state_includes: row.key,
			refunds: 'none',
		});
		expect(lines).toHaveLength(row.orders_count + 1);
	});
});

describe('revenue stats take the dimension filters', () => {
	const FILTERS = [
		'&payment_method_includes=paypal',
		'&payment_method_excludes=stripe&country_includes=US',
		'&state_includes=US:CA,US:NY',
		'&shipping_state_includes=US:CA',
		'&shipping_country_excludes=US',
		'&device_includes=Mobile',
		'&origin_type_includes=utm&campaign_excludes=spring-sale',
		'&match=any&payment_method_includes=paypal&country_includes=GB',
	];
	it.each(FILTERS)('revenue stats %s equal orders stats with the same filter', async (filter) => {
		const [revenue, orders, unfiltered] = await Promise.all([
			get<Stats>(
				server,
				`/wc-analytics/reports/revenue/stats?${RANGE}&interval=month&per_page=100${filter}`,
			),
			get<Stats>(
				server,
				`/wc-analytics/reports/orders/stats?${RANGE}&interval=month&per_page=100${filter}`,
			),
			totalsOf('revenue', ''),
		]);
		expect(revenue.status).toBe(200);
		expect(revenue.body.totals.orders_count).toBeGreaterThan(0);
		expect(revenue.body.totals.orders_count).toBeLessThan(unfiltered.orders_count);
		for (const key of Object.keys(orders.body.totals)) {
			if (key === 'segments') continue;
			close(revenue.body.totals[key], orders.body.totals[key]);
		}
		expect(revenue.body.intervals.map((i) => i.subtotals.net_revenue)).toEqual(
			orders.body.intervals.map((i) => i.subtotals.net_revenue),
		);
	});

	it("a payment method filter gives the payment method row's figures", async () => {
		const paypal = (await list('payment-methods')).find((p) => p.key === 'paypal') as Item;
		const totals = await totalsOf('revenue', '&payment_method_includes=paypal');
		close(totals.orders_count, paypal.orders_count);
		close(totals.net_revenue, paypal.net_revenue);
		close(totals.refunds, paypal.refunds);
		close(totals.shipping, paypal.shipping);
	});

	it('the revenue export takes the filter', async () => {
		const totals = await totalsOf('revenue', '&country_includes=US');
		const lines = await exportLines('revenue', { country_includes: 'US', interval: 'month' });
		const header = lines[0].split(',');
		const net = header.indexOf('Net sales');
		expect(net).toBeGreaterThan(0);
		close(
			lines.slice(1).reduce((s, line) => s + Number(line.split(',')[net]), 0),
			totals.net_revenue,
		);
	});

	it('refuses an unknown match', async () => {
		const bad = await get<{ data: { params: Record<string, string> } }>(
			server,
			`/wc-analytics/reports/revenue/stats?${RANGE}&match=some`,
		);
		expect(bad.status).toBe(400);
		expect(Object.keys(bad.body.data.params)).toContain('match');
	});
});

describe('customers take a country and a state filter', () => {
	interface Customer {
		customer_id: number;
		country: string;
		state: string;
	}
	const customers = async (query: string): Promise<{ rows: Customer[]; total: number }> => {
		const res = await get<Customer[]>(
			server,
			`/wc-analytics/reports/customers?per_page=100${query}`,
		);
		expect(res.status).toBe(200);
		return { rows: res.body, total: Number(res.headers.get('x-wp-total')) };
	};
	it('state_includes / _excludes take country:state keys', async () => {
		const all = await customers('');
		const ca = await customers('&state_includes=US:CA');
		expect(ca.total).toBeGreaterThan(0);
		for (const c of ca.rows) expect([c.country, c.state]).toEqual(['US', 'CA']);
		const notCa = await customers('&state_excludes=US:CA');
		expect(notCa.total + ca.total).toBe(all.total);
		const both = await customers('&state_includes=US:CA,US:NY');
		expect(both.total).toBeGreaterThan(ca.total);
		const us = await customers('&country_includes=US&state_excludes=US:CA');
		for (const c of us.rows) {
			expect(c.country).toBe('US');
			expect(c.state).not.toBe('CA');
		}
	});
});

describe('hostile input', () => {
	it.each([
		'group_by=__proto__',
		'group_by=constructor',
		'places=abc',
		'places=99999999999999999999',
		'places[]=1&places[]=-5',
		'country_includes[__proto__]=US',
		'shipping_state_includes[__proto__]=US:CA&campaign_excludes[constructor]=x',
		'device_includes=&shipping_country_excludes=',
		'LONG',
		"payment_method_includes=' OR 1=1 --",
		'segmentby=place&places=1,2,3&interval=hour&after=2020-01-01T00:00:00&before=2020-01-02T00:00:00',
		'per_page=0',
		'per_page=-1',
		'orderby=__proto__',
		'interval=century',
		'customer_type=both',
	])('answers %s without a server error', async (spec) => {
		const query = spec === 'LONG' ? `country_includes=${'x'.repeat(5000)}` : spec;
		for (const route of ['places', 'places/stats', 'revenue/stats', 'orders']) {
			const res = await fetch(`${server.url}/wp-json/wc-analytics/reports/${route}?${query}`);
			expect(res.status).toBeLessThan(500);
			if (res.status >= 400) {
				const body = (await res.json()) as { code: string; message: string };
				expect(body.message).toBeTruthy();
			}
		}
		expect(Object.prototype).not.toHaveProperty('US');
	});
});

describe('whole-report export', () => {
	it('exports every place of the report with the table figures, filters applied', async () => {
		const res = await fetch(`${server.url}/wp-json/wc-analytics/reports/places/export`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': 'test-nonce' },
			body: JSON.stringify({
				report_args: {
					after: `${lastYear}T00:00:00`,
					before: `${today}T23:59:59`,
					group_by: 'billing_state',
					payment_method_includes: 'stripe,paypal',
					orderby: 'orders_count',
					order: 'desc',
				},
			}),
		});
		expect(res.status).toBe(200);
		const { export_id: id } = (await res.json()) as { export_id: string };
		let url = '';
		for (let i = 0; i < 200 && !url; i++) {
			const status = await get<{ download_url?: string }>(
				server,
				`/wc-analytics/reports/places/export/${id}/status`,
			);
			url = status.body.download_url ?? '';
			if (!url) await new Promise((resolve) => setTimeout(resolve, 50));
		}
		const text = await (
			await fetch(`${server.url}${url}`, { headers: { 'X-WP-Nonce': 'test-nonce' } })
		).text();
		const lines = text.trim().split('\n');
		expect(lines[0]).toBe(
			'Key,Name,Orders,Net sales,Returns,Average order value,Share of net sales (%),Shipping charged,New customers',
		);
		const items = await list(
			'places',
			'&group_by=billing_state&payment_method_includes=stripe,paypal&orderby=orders_count',
		);
		expect(lines).toHaveLength(items.length + 1);
		expect(lines[1].split(',').slice(0, 4)).toEqual([
			items[0].key,
			items[0].key,
			String(items[0].orders_count),
			String(items[0].net_revenue),
		]);
	});

	it('names origins in words', async () => {
		const { breakdownName } = await import('../breakdown/breakdown.js');
		expect(breakdownName({ key: 'organic:google', label: '' })).toBe('Organic: google');
		expect(breakdownName({ key: 'typein', label: '' })).toBe('Direct');
		expect(breakdownName({ key: '', label: '' })).toBe('None');
		expect(breakdownName({ key: 'stripe', label: 'Credit card (Stripe)' })).toBe(
			'Credit card (Stripe)',
		);
	});
});

describe('the pipeline carries the dimensions of a synced order', () => {
	it('payment title, shipping line, attribution meta and shipping address show in the reports', async () => {
		const db = server.ctx.db;
		const order: OrderRecord = {
			id: 990001,
			parent_id: 0,
			type: 'shop_order',
			number: '990001',
			status: 'completed',
			currency: 'USD',
			customer_id: null,
			user_id: null,
			billing_first_name: 'Test',
			billing_last_name: 'Buyer',
			billing_email: 'buyer@example.com',
			billing_country: 'NZ',
			billing_state: 'AUK',
			billing_city: 'Auckland',
			billing_postcode: '1010',
			discount_total: 0,
			shipping_total: 7,
			shipping_tax: 0,
			cart_tax: 0,
			total: 107,
			payment_method: 'cod',
			date_created: `${today} 10:00:00`,
			date_created_gmt: `${today} 10:00:00`,
			date_paid: `${today} 10:00:00`,
			date_completed: `${today} 10:00:00`,
			lines: [
				{
					order_item_id: 99000101,
					product_id: 1,
					variation_id: 0,
					name: 'Thing',
					qty: 1,
					subtotal: 100,
					total: 100,
					tax: 0,
					shipping: 7,
					shipping_tax: 0,
					meta: [],
				},
			],
			taxes: [],
			coupons: [],
			payment_method_title: 'Cash on delivery',
			shipping_country: 'AU',
			shipping_state: 'VIC',
			shipping_lines: [
				{
					order_item_id: 99000102,
					method_id: 'courier_x',
					method_title: 'Courier X',
					total: 7,
					total_tax: 0,
				},
			],
			meta: [
				{ key: '_wc_order_attribution_source_type', value: 'utm' },
				{ key: '_wc_order_attribution_utm_source', value: 'tiktok' },
				{ key: '_wc_order_attribution_utm_campaign', value: 'launch' },
				{ key: '_wc_order_attribution_device_type', value: 'Mobile' },
				{ key: '_private_note', value: 'not kept' },
			],
		};
		await applyOrderChanges(db, { upsert: [order] });
		server.ctx.notifyWrite();
		const payments = await list('payment-methods');
		expect(payments.find((p) => p.key === 'cod')).toMatchObject({
			label: 'Cash on delivery',
			orders_count: 1,
			net_revenue: 100,
		});
		const shipping = await list('shipping-methods');
		expect(shipping.find((s) => s.key === 'courier_x')).toMatchObject({
			label: 'Courier X',
			shipping: 7,
		});
		expect((await list('origins')).find((o) => o.key === 'utm:tiktok')?.orders_count).toBe(1);
		expect(
			(await list('origins', '&group_by=campaign')).find((o) => o.key === 'launch')
				?.orders_count,
		).toBe(1);
		expect((await list('places', '&group_by=shipping_state')).map((p) => p.key)).toContain(
			'AU:VIC',
		);
		expect((await list('places')).find((p) => p.key === 'NZ')?.orders_count).toBe(1);
		const kept = await db.all('SELECT meta_key FROM order_meta WHERE order_id = 990001');
		expect(kept.map((r) => r.meta_key)).not.toContain('_private_note');

		await applyOrderChanges(db, { remove: [990001] });
		server.ctx.notifyWrite();
		expect((await list('payment-methods')).find((p) => p.key === 'cod')).toBeUndefined();
		const left = await db.all('SELECT * FROM order_shipping_lines WHERE order_id = 990001');
		expect(left).toHaveLength(0);
	});
});
