import type { RunningServer } from '../../index.js';
import { BASIC_ORDERS, get, startFixtureServer } from './fixtures.js';

type Row = Record<string, unknown>;

let server: RunningServer;

beforeAll(async () => {
	server = await startFixtureServer({ orders: BASIC_ORDERS });
}, 60000);

afterAll(async () => {
	await server.close();
});

const RANGE = 'after=2021-11-29T00:00:00&before=2021-12-13T23:59:59';

describe('stock', () => {
	it('lists products and variations by stock type, with counts in stats', async () => {
		const out = await get<Row[]>(server, '/wc-analytics/reports/stock?type=outofstock');
		expect(out.body.map((r) => [r.id, r.parent_id, r.stock_status, r.stock_quantity])).toEqual([
			[31, 3, 'outofstock', 0],
		]);
		const low = await get<Row[]>(server, '/wc-analytics/reports/stock?type=lowstock');
		expect(low.body.map((r) => r.id)).toEqual([1]);
		const stats = await get<{ totals: Record<string, number> }>(
			server,
			'/wc-analytics/reports/stock/stats',
		);
		// Low stock is its own status: the four statuses add up to the products.
		expect(stats.body.totals).toEqual({
			lowstock: 1,
			instock: 2,
			outofstock: 1,
			onbackorder: 0,
			products: 4,
		});
		expect(stats.headers.get('x-wp-total')).toBeNull();
	});
});

describe('taxes and coupons', () => {
	it('sum tax and discount per rate and coupon over non-excluded orders', async () => {
		const taxes = await get<Row[]>(server, `/wc-analytics/reports/taxes?${RANGE}`);
		expect(taxes.body.map((r) => [r.tax_rate_id, r.total_tax, r.orders_count])).toEqual([
			[1, 6, 4],
		]);
		const coupons = await get<Row[]>(
			server,
			`/wc-analytics/reports/coupons?${RANGE}&extended_info=true`,
		);
		expect(coupons.body).toMatchObject([
			{
				coupon_id: 1,
				amount: 2,
				orders_count: 1,
				extended_info: { code: 'save2', discount_type: 'fixed_cart' },
			},
		]);
	});
});

describe('leaderboards', () => {
	it('returns the four boards with links carrying the persisted query', async () => {
		const res = await get<
			Array<{ id: string; rows: Array<Array<{ display: string; value: unknown }>> }>
		>(
			server,
			`/wc-analytics/leaderboards?${RANGE}&per_page=1&persisted_query=${encodeURIComponent(JSON.stringify({ period: 'custom' }))}`,
		);
		expect(res.body.map((b) => b.id)).toEqual([
			'customers',
			'coupons',
			'categories',
			'products',
		]);
		const products = res.body[3].rows;
		expect(products).toHaveLength(1);
		expect(products[0][0].display).toContain('filter=single_product');
		expect(products[0][0].display).toContain('period=custom');
		expect(products[0][2].display).toContain('woocommerce-Price-amount');
	});

	it('refuses too many rows per board', async () => {
		const res = await get<{ code: string }>(server, '/wc-analytics/leaderboards?per_page=21');
		expect(res.status).toBe(400);
	});
});

describe('global parameters', () => {
	it('reduces rows with _fields and pages with Link headers', async () => {
		const res = await get<Row[]>(
			server,
			`/wc-analytics/reports/orders?${RANGE}&per_page=2&_fields=order_id,status`,
		);
		expect(res.body[0]).toEqual({ order_id: expect.any(Number), status: expect.any(String) });
		expect(res.headers.get('link')).toContain('rel="next"');
		expect(res.headers.get('x-wp-totalpages')).toBe('3');
	});

	it('counts the whole collection on every page, past the end and unpaged alike', async () => {
		for (const report of ['orders', 'products']) {
			const route = `/wc-analytics/reports/${report}?${RANGE}&orderby=date&order=desc`;
			const whole = await get<Row[]>(server, `${route}&per_page=-1`);
			const total = whole.body.length;
			expect(total).toBeGreaterThan(2);
			expect(whole.headers.get('x-wp-total')).toBe(String(total));
			const pages = Math.ceil(total / 2);
			const rows: Row[] = [];
			for (let page = 1; page <= pages + 1; page++) {
				const res = await get<Row[]>(server, `${route}&per_page=2&page=${page}`);
				expect([report, page, res.headers.get('x-wp-total')]).toEqual([
					report,
					page,
					String(total),
				]);
				expect(res.headers.get('x-wp-totalpages')).toBe(String(pages));
				rows.push(...res.body);
			}
			// The pages hold the unpaged rows in the same order, with the same fields only.
			expect(rows).toEqual(whole.body);
		}
	});
});
