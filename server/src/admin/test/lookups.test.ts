import { call, startServer, type TestServer } from './server.js';

interface ErrorBody {
	code: string;
	data: { status: number; params?: Record<string, string> };
}

type Item = Record<string, unknown>;

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
}, 120000);

afterAll(async () => {
	await server.close();
});

describe('products', () => {
	it('searches by name with paging headers and money strings', async () => {
		const res = await call<Item[]>(
			server,
			'GET',
			'/wc-analytics/products?search=hoodie&per_page=2&orderby=popularity',
		);
		expect(res.status).toBe(200);
		expect(res.body.length).toBeGreaterThan(0);
		expect(res.body.length).toBeLessThanOrEqual(2);
		for (const item of res.body) expect(String(item.name).toLowerCase()).toContain('hoodie');
		expect(Number(res.headers.get('x-wp-total'))).toBeGreaterThanOrEqual(res.body.length);
		expect(res.body[0].price).toMatch(/^\d+\.\d{2}$/);
		expect(res.body[0].type).not.toBe('variation');
	});

	it('reduces items to _fields and filters by include and type', async () => {
		const res = await call<Item[]>(
			server,
			'GET',
			'/wc-analytics/products?include=1,2&_fields[]=id&_fields[]=name&type=variable',
		);
		expect(res.body.map((p) => p.id).sort()).toEqual([1, 2]);
		expect(Object.keys(res.body[0]).sort()).toEqual(['id', 'name']);
	});

	it('rejects a bad per_page or type naming the parameter', async () => {
		const perPage = await call<ErrorBody>(server, 'GET', '/wc-analytics/products?per_page=500');
		expect(perPage.status).toBe(400);
		expect(perPage.body.data.params).toHaveProperty('per_page');
		const type = await call<ErrorBody>(server, 'GET', '/wc-analytics/products?type=bogus');
		expect(type.status).toBe(400);
		expect(type.body.data.params).toHaveProperty('type');
	});

	it('returns one product and 404 for an unknown id', async () => {
		expect((await call<Item>(server, 'GET', '/wc-analytics/products/1')).body.id).toBe(1);
		const missing = await call<ErrorBody>(server, 'GET', '/wc-analytics/products/999999');
		expect(missing.status).toBe(404);
		expect(missing.body.code).toBe('woocommerce_rest_product_invalid_id');
	});

	it('updates stock and shows the product as low in stock', async () => {
		const list = await call<Item[]>(
			server,
			'GET',
			'/wc-analytics/products?type=simple&status=publish&per_page=1',
		);
		const id = Number(list.body[0].id);
		const before = server.writes();
		const res = await call<Item>(server, 'PUT', `/wc-analytics/products/${id}`, {
			stock_quantity: 1,
		});
		expect(res.status).toBe(200);
		expect(res.body.stock_quantity).toBe(1);
		expect(res.body.manage_stock).toBe(true);
		expect(server.writes()).toBe(before + 1);
		const low = await call<Item[]>(
			server,
			'GET',
			'/wc-analytics/products/low-in-stock?per_page=100',
		);
		expect(low.body.map((p) => p.id)).toContain(id);
		expect(Number(low.headers.get('x-wp-total'))).toBeGreaterThan(0);
		const bad = await call<ErrorBody>(server, 'PUT', `/wc-analytics/products/${id}`, {
			stock_quantity: 'many',
		});
		expect(bad.status).toBe(400);
		expect(bad.body.data.params).toHaveProperty('stock_quantity');
	});

	it('lists variations with attributes and updates their stock', async () => {
		const res = await call<Item[]>(
			server,
			'GET',
			'/wc-analytics/variations?search=red&per_page=30',
		);
		expect(res.status).toBe(200);
		expect(res.body.length).toBeGreaterThan(0);
		const variation = res.body[0];
		expect(variation.type).toBe('variation');
		expect(variation.attributes).toEqual(
			expect.arrayContaining([expect.objectContaining({ option: 'Red' })]),
		);
		const parent = Number(variation.parent_id);
		const ofParent = await call<Item[]>(
			server,
			'GET',
			`/wc-analytics/products/${parent}/variations`,
		);
		expect(ofParent.body.every((v) => v.parent_id === parent)).toBe(true);
		const put = await call<Item>(
			server,
			'PUT',
			`/wc-analytics/products/${parent}/variations/${variation.id}`,
			{
				stock_quantity: 7,
			},
		);
		expect(put.body.stock_quantity).toBe(7);
		const wrongParent = await call<ErrorBody>(
			server,
			'PUT',
			`/wc-analytics/products/${parent + 1}/variations/${variation.id}`,
			{
				stock_quantity: 7,
			},
		);
		expect(wrongParent.status).toBe(404);
	});
});

describe('taxonomies and other lookups', () => {
	it('lists every category with per_page=-1', async () => {
		const res = await call<Item[]>(
			server,
			'GET',
			'/wc-analytics/products/categories?per_page=-1',
		);
		expect(res.body.length).toBe(Number(res.headers.get('x-wp-total')));
		expect(res.body[0]).toHaveProperty('parent');
	});

	it('lists attributes and their terms', async () => {
		const attrs = await call<Item[]>(
			server,
			'GET',
			'/wc-analytics/products/attributes?search=col',
		);
		expect(attrs.body.map((a) => a.name)).toContain('Color');
		const terms = await call<Item[]>(
			server,
			'GET',
			`/wc-analytics/products/attributes/${attrs.body[0].id}/terms?per_page=100`,
		);
		expect(terms.body.map((t) => t.name)).toContain('Red');
		expect(
			(await call(server, 'GET', '/wc-analytics/products/attributes/pa_nothing')).status,
		).toBe(404);
	});

	it('searches coupons by code', async () => {
		const res = await call<Item[]>(server, 'GET', '/wc-analytics/coupons?search=welcome');
		expect(res.body.map((c) => c.code)).toContain('welcome10');
		expect(res.body[0].amount).toMatch(/^\d+\.\d{2}$/);
	});

	it('searches customers by name, email and username', async () => {
		const all = await call<Item[]>(server, 'GET', '/wc-analytics/customers?per_page=1');
		const first = all.body[0];
		const byName = await call<Item[]>(
			server,
			'GET',
			`/wc-analytics/customers?search=${encodeURIComponent(String(first.name))}&searchby=name`,
		);
		expect(byName.body.map((c) => c.id)).toContain(first.id);
		const byEmail = await call<Item[]>(
			server,
			'GET',
			`/wc-analytics/customers?search=${encodeURIComponent(String(first.email))}&searchby=email`,
		);
		expect(byEmail.body.map((c) => c.id)).toContain(first.id);
		const one = await call<Item>(server, 'GET', `/wc-analytics/customers/${first.id}`);
		expect(one.body.email).toBe(first.email);
		expect((await call(server, 'GET', '/wc-analytics/customers/999999')).status).toBe(404);
		const bad = await call<ErrorBody>(
			server,
			'GET',
			'/wc-analytics/customers?search=a&searchby=shoe',
		);
		expect(bad.body.data.params).toHaveProperty('searchby');
	});

	it('finds orders by number prefix and by status list', async () => {
		const res = await call<Item[]>(server, 'GET', '/wc-analytics/orders?number=1&per_page=10');
		expect(res.body.length).toBeGreaterThan(0);
		for (const order of res.body) expect(String(order.id).startsWith('1')).toBe(true);
		const active = await call<Item[]>(
			server,
			'GET',
			'/wc-analytics/orders?page=1&per_page=5&status[]=processing&status[]=on-hold&_fields[]=id&_fields[]=status&_fields[]=total_formatted&_fields[]=products&_fields[]=customer',
		);
		expect(Number(active.headers.get('x-wp-total'))).toBeGreaterThan(0);
		for (const order of active.body) {
			expect(['processing', 'on-hold']).toContain(order.status);
			expect(order.total_formatted).toMatch(/^\$\d+\.\d{2}$/);
			expect(Array.isArray(order.products)).toBe(true);
		}
		const bad = await call<ErrorBody>(server, 'GET', '/wc-analytics/orders?status=shipped');
		expect(bad.body.data.params).toHaveProperty('status');
	});

	it('finds tax rates by code and by include', async () => {
		const res = await call<Item[]>(server, 'GET', '/wc-analytics/taxes?search=us-ca');
		expect(res.body.length).toBeGreaterThan(0);
		expect(res.body.every((t) => t.country === 'US' && t.state === 'CA')).toBe(true);
		const one = await call<Item[]>(server, 'GET', '/wc-analytics/taxes?include=1');
		expect(one.body.map((t) => t.id)).toEqual([1]);
	});

	it('lists countries and matches download IPs', async () => {
		const countries = await call<Item[]>(server, 'GET', '/wc-analytics/data/countries');
		expect(countries.body.find((c) => c.code === 'US')?.states).toEqual(
			expect.arrayContaining([{ code: 'CA', name: 'California' }]),
		);
		const ips = await call<Item[]>(server, 'GET', '/wc-analytics/data/download-ips?match=203');
		expect(ips.body.length).toBeLessThanOrEqual(10);
		for (const ip of ips.body) expect(String(ip.user_ip_address).startsWith('203')).toBe(true);
		const missing = await call<ErrorBody>(server, 'GET', '/wc-analytics/data/download-ips');
		expect(missing.status).toBe(400);
		expect(missing.body.code).toBe('woocommerce_rest_data_download_ips_invalid_request');
	});
});
