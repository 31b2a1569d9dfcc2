import type { RunningServer } from '../../index.js';
import { BASIC_ORDERS, get, startFixtureServer } from './fixtures.js';

interface Interval {
	interval: string;
	date_start: string;
	date_end: string;
	date_start_gmt: string;
	date_end_gmt: string;
	subtotals: Record<string, unknown>;
}
interface Stats {
	totals: Record<string, unknown>;
	intervals: Interval[];
}
interface ErrorBody {
	code: string;
	message: string;
	data: { status: number; params?: Record<string, string> };
}

const RANGE = 'after=2021-11-29T00:00:00&before=2021-12-13T23:59:59';

let server: RunningServer;

beforeAll(async () => {
	server = await startFixtureServer({ orders: BASIC_ORDERS });
}, 60000);

afterAll(async () => {
	await server.close();
});

describe('revenue stats', () => {
	it('totals follow the metric definitions, with refunds and excluded statuses', async () => {
		const res = await get<Stats>(
			server,
			`/wc-analytics/reports/revenue/stats?${RANGE}&interval=week&order=asc`,
		);
		expect(res.status).toBe(200);
		expect(res.body.totals).toEqual({
			orders_count: 4,
			num_items_sold: 3,
			gross_sales: 82,
			total_sales: 71,
			coupons: 2,
			coupons_count: 1,
			refunds: 20,
			taxes: 6,
			shipping: 5,
			net_revenue: 60,
			avg_items_per_order: 0.75,
			avg_order_value: 15,
			total_customers: 2,
			products: 3,
			segments: [],
		});
	});

	it('splits ISO weeks, starting the first interval at `after`, with paging headers', async () => {
		const res = await get<Stats>(
			server,
			`/wc-analytics/reports/revenue/stats?after=2021-11-30T00:00:00&before=2021-12-13T23:59:59&interval=week&order=asc&per_page=2`,
		);
		expect(res.headers.get('x-wp-total')).toBe('3');
		expect(res.headers.get('x-wp-totalpages')).toBe('2');
		expect(res.body.intervals.map((i) => [i.interval, i.date_start, i.date_end])).toEqual([
			['2021-48', '2021-11-30 00:00:00', '2021-12-05 23:59:59'],
			['2021-49', '2021-12-06 00:00:00', '2021-12-12 23:59:59'],
		]);
		expect(res.body.intervals.map((i) => i.subtotals.net_revenue)).toEqual([10, 40]);
		const page2 = await get<Stats>(
			server,
			`/wc-analytics/reports/revenue/stats?after=2021-11-30T00:00:00&before=2021-12-13T23:59:59&interval=week&order=asc&per_page=2&page=2`,
		);
		expect(
			page2.body.intervals.map((i) => [
				i.interval,
				i.subtotals.net_revenue,
				i.subtotals.refunds,
			]),
		).toEqual([['2021-50', -10, 10]]);
		// Totals always cover the whole range.
		expect(page2.body.totals.net_revenue).toBe(40);
	});

	it('zero-fills days without orders and sorts by a metric when asked', async () => {
		const res = await get<Stats>(
			server,
			`/wc-analytics/reports/revenue/stats?after=2021-12-01T00:00:00&before=2021-12-07T23:59:59&interval=day&orderby=net_revenue&order=desc`,
		);
		expect(res.headers.get('x-wp-total')).toBe('7');
		expect(res.body.intervals[0]).toMatchObject({
			interval: '2021-12-06',
			subtotals: { net_revenue: 40, orders_count: 1 },
		});
		// Ties (all zero) are ordered by key ascending.
		expect(res.body.intervals.slice(1).map((i) => i.interval)).toEqual([
			'2021-12-01',
			'2021-12-02',
			'2021-12-03',
			'2021-12-04',
			'2021-12-05',
			'2021-12-07',
		]);
	});

	it('limits keys with fields but keeps products and coupons_count in totals', async () => {
		const res = await get<Stats>(
			server,
			`/wc-analytics/reports/revenue/stats?${RANGE}&interval=month&fields[0]=net_revenue&fields[1]=orders_count`,
		);
		expect(Object.keys(res.body.totals).sort()).toEqual([
			'coupons_count',
			'net_revenue',
			'orders_count',
			'products',
			'segments',
		]);
		expect(Object.keys(res.body.intervals[0].subtotals).sort()).toEqual([
			'net_revenue',
			'orders_count',
			'segments',
		]);
	});

	it('segments by customer type with real labels and subtotals', async () => {
		const res = await get<Stats>(
			server,
			`/wc-analytics/reports/revenue/stats?${RANGE}&interval=year&segmentby=customer_type&fields=net_revenue,orders_count`,
		);
		expect(res.body.totals.segments).toEqual([
			{
				segment_id: 0,
				segment_label: 'new',
				subtotals: { net_revenue: 20, orders_count: 2 },
			},
			{
				segment_id: 1,
				segment_label: 'returning',
				subtotals: { net_revenue: 40, orders_count: 2 },
			},
		]);
	});

	it('segments by category roll sales up to parent categories', async () => {
		const res = await get<Stats>(
			server,
			`/wc-analytics/reports/revenue/stats?${RANGE}&interval=year&segmentby=category&fields=net_revenue`,
		);
		expect(res.body.totals.segments).toEqual([
			{ segment_id: 1, segment_label: 'Clothing', subtotals: { net_revenue: 50 } },
			{ segment_id: 2, segment_label: 'Shirts', subtotals: { net_revenue: 10 } },
			{ segment_id: 3, segment_label: 'Music', subtotals: { net_revenue: 10 } },
		]);
	});

	it('converts after/before with an offset and reports GMT bounds', async () => {
		const res = await get<Stats>(
			server,
			`/wc-analytics/reports/revenue/stats?after=2021-12-06T13:00:00%2B01:00&before=2021-12-06T12:00:00Z&interval=hour`,
		);
		expect(res.body.totals.orders_count).toBe(1);
		expect(res.body.intervals[0]).toMatchObject({
			date_start: '2021-12-06 12:00:00',
			date_start_gmt: '2021-12-06 12:00:00',
		});
	});
});

describe('orders stats filters', () => {
	it('status_is replaces the default exclusion', async () => {
		const res = await get<Stats>(
			server,
			`/wc-analytics/reports/orders/stats?${RANGE}&interval=year&status_is[]=pending`,
		);
		expect(res.body.totals).toMatchObject({ orders_count: 1, net_revenue: 10 });
	});

	it('accepts arrays as a[]=, a[0]= and comma lists alike', async () => {
		const forms = ['product_includes[]=2', 'product_includes[0]=2', 'product_includes=2,99'];
		const results = await Promise.all(
			forms.map((f) =>
				get<Stats>(
					server,
					`/wc-analytics/reports/orders/stats?${RANGE}&interval=year&${f}`,
				),
			),
		);
		for (const r of results)
			expect(r.body.totals).toMatchObject({ orders_count: 2, net_revenue: 10 });
	});

	it('filters refunds and customer type', async () => {
		const full = await get<Stats>(
			server,
			`/wc-analytics/reports/orders/stats?${RANGE}&interval=year&refunds=full`,
		);
		expect(full.body.totals).toMatchObject({ orders_count: 0, net_revenue: -10, refunds: 10 });
		const partial = await get<Stats>(
			server,
			`/wc-analytics/reports/orders/stats?${RANGE}&interval=year&refunds=partial`,
		);
		expect(partial.body.totals).toMatchObject({ net_revenue: -10 });
		const returning = await get<Stats>(
			server,
			`/wc-analytics/reports/orders/stats?${RANGE}&interval=year&customer_type=returning`,
		);
		expect(returning.body.totals).toMatchObject({ orders_count: 2, net_revenue: 50 });
	});

	it('filters by attribute', async () => {
		const res = await get<Stats>(
			server,
			`/wc-analytics/reports/orders/stats?${RANGE}&interval=year&attribute_is[0][0]=1&attribute_is[0][1]=1`,
		);
		expect(res.body.totals).toMatchObject({ orders_count: 1, net_revenue: 40 });
	});
});

describe('item reports agree with revenue', () => {
	it('products net sales sum to revenue net sales; refund rows are not orders', async () => {
		const res = await get<Array<Record<string, number>>>(
			server,
			`/wc-analytics/reports/products?${RANGE}&orderby=product_name&order=asc`,
		);
		expect(res.headers.get('x-wp-total')).toBe('3');
		expect(
			res.body.map((r) => [r.product_id, r.items_sold, r.net_revenue, r.orders_count]),
		).toEqual([
			[2, 1, 10, 2],
			[3, 1, 40, 1],
			[1, 1, 10, 1],
		]);
	});

	it('categories count sales for ancestors', async () => {
		const res = await get<Array<Record<string, number>>>(
			server,
			`/wc-analytics/reports/categories?${RANGE}&orderby=category_id&order=asc`,
		);
		expect(res.body.map((r) => [r.category_id, r.net_revenue, r.products_count])).toEqual([
			[1, 50, 2],
			[2, 10, 1],
			[3, 10, 1],
		]);
	});

	it('orders list shows orders and refund rows with parent numbers', async () => {
		const res = await get<Array<Record<string, unknown>>>(
			server,
			`/wc-analytics/reports/orders?${RANGE}&orderby=date&order=asc&per_page=100`,
		);
		expect(res.body.map((r) => [r.order_id, r.order_number, r.status, r.net_total])).toEqual([
			[1, 1, 'completed', 20],
			[2, 2, 'completed', 10],
			[3, 3, 'processing', 40],
			[7, 1, 'completed', -10],
			[5, 5, 'refunded', 10],
			[6, 5, 'refunded', -10],
		]);
	});
});

describe('customers', () => {
	it('aggregates non-excluded orders and refunds per customer, whatever the ordering', async () => {
		const pick = (rows: Array<Record<string, unknown>>): unknown[] =>
			rows.map((r) => [
				r.name,
				r.orders_count,
				r.total_spend,
				r.avg_order_value,
				r.date_last_order,
			]);
		const byName = await get<Array<Record<string, unknown>>>(
			server,
			'/wc-analytics/reports/customers?orderby=name&order=asc',
		);
		// The last order's date counts refunds too, as WooCommerce's customers report does.
		expect(pick(byName.body)).toEqual([
			['Ada Lovelace', 2, 60, 30, '2021-12-08 15:00:00'],
			['Alan Turing', 2, 11, 5.5, '2021-12-13 01:00:00'],
		]);
		const bySpend = await get<Array<Record<string, unknown>>>(
			server,
			'/wc-analytics/reports/customers?orderby=total_spend&order=desc',
		);
		expect(pick(bySpend.body)).toEqual(pick(byName.body));
		const filtered = await get<Array<Record<string, unknown>>>(
			server,
			'/wc-analytics/reports/customers?total_spend_min=20',
		);
		expect(pick(filtered.body)).toEqual([pick(byName.body)[0]]);
		const stats = await get<{ totals: Record<string, number> }>(
			server,
			'/wc-analytics/reports/customers/stats',
		);
		expect(stats.body.totals).toEqual({
			customers_count: 2,
			avg_orders_count: 2,
			avg_total_spend: 35.5,
			avg_avg_order_value: 17.75,
		});
	});
});

describe('customers in a date range, ordered by an order figure', () => {
	type Row = Record<string, unknown>;
	const RANGE = 'after=2021-11-29T00:00:00&before=2021-12-13T23:59:59';
	const list = (query: string) =>
		get<Row[]>(server, `/wc-analytics/reports/customers?${RANGE}&${query}`);
	const byId = (rows: Row[]): Row[] => [...rows].sort((a, b) => Number(a.id) - Number(b.id));

	it('lists the customers the range ordered by name lists, every column, in order and paged', async () => {
		const byName = await list('orderby=name&order=asc');
		expect(byName.body.map((r) => r.name)).toEqual(['Ada Lovelace', 'Alan Turing']);
		for (const orderby of ['total_spend', 'orders_count', 'avg_order_value']) {
			for (const order of ['asc', 'desc']) {
				const all = await list(`orderby=${orderby}&order=${order}`);
				expect(byId(all.body)).toEqual(byId(byName.body));
				const values = all.body.map((r) => Number(r[orderby]));
				const sorted = [...values].sort((a, b) => (order === 'asc' ? a - b : b - a));
				expect(values).toEqual(sorted);
				expect(all.headers.get('x-wp-total')).toBe('2');
				const second = await list(`orderby=${orderby}&order=${order}&per_page=1&page=2`);
				expect(second.body).toEqual([all.body[1]]);
				expect(second.headers.get('x-wp-totalpages')).toBe('2');
				const chosen = await list(
					`orderby=${orderby}&order=${order}&customers=${String(all.body[0].id)},999999`,
				);
				expect(chosen.body).toEqual([all.body[0]]);
			}
		}
		const none = await get<Row[]>(
			server,
			'/wc-analytics/reports/customers?after=2030-01-01T00:00:00&before=2030-01-31T23:59:59&orderby=total_spend',
		);
		expect(none.body).toEqual([]);
		expect(none.headers.get('x-wp-total')).toBe('0');
	});

	it('leaves out a customer whose customer row is gone, as the list by name does', async () => {
		const [ada] = (await list('orderby=name&order=asc')).body;
		// The dashboard's board of customers by spend (read without the customer rows' join
		// while every top customer has a row).
		const board = async (perPage: number): Promise<unknown[]> => {
			const boards = await get<Array<{ id: string; rows: Array<Array<{ value: unknown }>> }>>(
				server,
				`/wc-analytics/leaderboards?${RANGE}&per_page=${perPage}`,
			);
			const customers = boards.body.find((b) => b.id === 'customers');
			return (customers?.rows ?? []).map((row) => row[0].value);
		};
		expect(await board(5)).toEqual(
			(await list('orderby=total_spend&order=desc')).body.map((r) => r.name),
		);
		expect((await board(5)).length).toBe(2);
		const db = server.ctx.db;
		await db.run(
			'CREATE TEMP TABLE kept_customer AS SELECT * FROM customer_lookup WHERE customer_id = ?',
			[Number(ada.id)],
		);
		await db.run('DELETE FROM customer_lookup WHERE customer_id = ?', [Number(ada.id)]);
		try {
			// per_page=50: queries not asked before, so no answer comes from the report cache.
			for (const orderby of ['name', 'total_spend', 'orders_count']) {
				const rest = await list(`orderby=${orderby}&per_page=50`);
				expect(rest.body.map((r) => r.name)).toEqual(['Alan Turing']);
				expect(rest.headers.get('x-wp-total')).toBe('1');
			}
			// per_page 4 and 3: not asked before (the report cache).
			for (const perPage of [4, 3]) expect(await board(perPage)).toEqual(['Alan Turing']);
		} finally {
			await db.run('INSERT INTO customer_lookup SELECT * FROM kept_customer');
			await db.run('DROP TABLE kept_customer');
		}
	});
});

describe('orders table', () => {
	it('shows each order its own total and each refund its order’s, whatever the page and order', async () => {
		type Row = Record<string, unknown>;
		const totals = new Map(
			(
				await server.ctx.db.all<{ id: number; total: number }>(
					'SELECT id, total FROM orders',
				)
			).map((r) => [Number(r.id), Number(r.total)]),
		);
		const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
		const range = 'after=2021-11-01T00:00:00&before=2021-12-31T23:59:59';
		const all = await get<Row[]>(
			server,
			`/wc-analytics/reports/orders?${range}&per_page=100&orderby=net_total&order=asc`,
		);
		expect(all.body.some((r) => Number(r.parent_id) !== 0)).toBe(true);
		for (const row of all.body)
			expect(row.total_formatted).toBe(
				money.format(totals.get(Number(row.order_number)) ?? 0),
			);
		const pages: Row[] = [];
		for (let page = 1; page <= all.body.length; page++)
			pages.push(
				...(
					await get<Row[]>(
						server,
						`/wc-analytics/reports/orders?${range}&per_page=1&page=${page}&orderby=net_total&order=asc`,
					)
				).body,
			);
		expect(pages).toEqual(all.body);
	});
});

describe('bad input', () => {
	const cases: Array<[string, string]> = [
		['per_page=abc', 'per_page'],
		['per_page=1000', 'per_page'],
		['page=0', 'page'],
		['page=99999999999999999999', 'page'],
		['interval=decade', 'interval'],
		['after=2021-02-30T00:00:00', 'after'],
		['before=yesterday', 'before'],
		['orderby=%27%3B%20DROP%20TABLE%20orders%3B--', 'orderby'],
		['segmentby=planet', 'segmentby'],
	];
	it.each(cases)('%s → 400 naming %s', async (query, name) => {
		const res = await get<ErrorBody>(server, `/wc-analytics/reports/revenue/stats?${query}`);
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('rest_invalid_param');
		expect(res.body.data.status).toBe(400);
		expect(Object.keys(res.body.data.params ?? {})).toContain(name);
	});

	it('refuses non-integer ids in lists', async () => {
		const res = await get<ErrorBody>(
			server,
			`/wc-analytics/reports/orders/stats?product_includes[]=1%20OR%201=1`,
		);
		expect(res.status).toBe(400);
		expect(res.body.data.params).toHaveProperty('product_includes');
	});

	it('asks for exactly one product when segmenting by variation', async () => {
		const res = await get<ErrorBody>(
			server,
			`/wc-analytics/reports/orders/stats?segmentby=variation`,
		);
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('wc_admin_reports_invalid_segmenting_variation');
	});

	it('answers unknown routes with rest_no_route', async () => {
		const res = await get<ErrorBody>(server, '/wc-analytics/reports/nothing-here');
		expect(res.status).toBe(404);
		expect(res.body.code).toBe('rest_no_route');
	});

	it('refuses a mutating request without the nonce', async () => {
		// The nonce is checked on the matched route: a route that takes POST.
		const res = await fetch(`${server.url}/wp-json/wc-analytics/reports/import/cancel`, {
			method: 'POST',
		});
		expect(res.status).toBe(403);
		expect(((await res.json()) as ErrorBody).code).toBe('rest_cookie_invalid_nonce');
	});
});

describe('store settings', () => {
	it('uses simple weeks when the week starts on Sunday, and drops cached reports on writes', async () => {
		const url = `/wc-analytics/reports/revenue/stats?${RANGE}&interval=week&order=asc`;
		const before = await get<Stats>(server, url);
		expect(before.body.intervals.map((i) => i.interval)).toEqual([
			'2021-48',
			'2021-49',
			'2021-50',
		]);
		await server.ctx.db.run("UPDATE options SET value = '0' WHERE name = 'start_of_week'");
		server.ctx.notifyWrite();
		const after = await get<Stats>(server, url);
		expect(
			after.body.intervals.map((i) => [i.interval, i.date_start, i.subtotals.net_revenue]),
		).toEqual([
			['2021-49', '2021-11-29 00:00:00', 30],
			['2021-50', '2021-12-05 00:00:00', 30],
			['2021-51', '2021-12-12 00:00:00', 0],
		]);
		await server.ctx.db.run("UPDATE options SET value = '1' WHERE name = 'start_of_week'");
		server.ctx.notifyWrite();
	});
});

describe('store time zone', () => {
	let ny: RunningServer;
	beforeAll(async () => {
		ny = await startFixtureServer({ orders: BASIC_ORDERS, timeZone: 'America/New_York' });
	}, 60000);
	afterAll(async () => {
		await ny.close();
	});

	it('compares local dates and reports GMT bounds in UTC', async () => {
		const res = await get<Stats>(
			ny,
			`/wc-analytics/reports/revenue/stats?after=2021-12-06T00:00:00&before=2021-12-06T23:59:59&interval=day`,
		);
		expect(res.body.totals.net_revenue).toBe(40);
		expect(res.body.intervals[0]).toMatchObject({
			date_start: '2021-12-06 00:00:00',
			date_start_gmt: '2021-12-06 05:00:00',
			date_end_gmt: '2021-12-07 04:59:59',
		});
		// 12:00 local = 17:00 UTC: a UTC bound just before it excludes the order.
		const utc = await get<Stats>(
			ny,
			`/wc-analytics/reports/revenue/stats?after=2021-12-06T16:59:00Z&before=2021-12-06T16:59:59Z&interval=hour`,
		);
		expect(utc.body.totals.orders_count).toBe(0);
		const hit = await get<Stats>(
			ny,
			`/wc-analytics/reports/revenue/stats?after=2021-12-06T17:00:00Z&before=2021-12-06T17:00:00Z&interval=hour`,
		);
		expect(hit.body.totals.orders_count).toBe(1);
	});
});
