import { NONCE, call, startServer, type TestServer } from './server.js';

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
}, 120000);

afterAll(async () => {
	await server.close();
});

const WRITES: Array<[string, string, unknown]> = [
	['POST', '/wc-admin/options', { a: 1 }],
	['POST', '/wp/v2/users/me', { woocommerce_meta: {} }],
	['POST', '/wc-admin/navigation/favorites/me', { item_id: 'x' }],
	['POST', '/wc-analytics/settings/general/batch', { update: [] }],
	['PUT', '/wc-analytics/products/1', { stock_quantity: 3 }],
	['PUT', '/wc-analytics/admin/notes/1', { is_read: true }],
	['DELETE', '/wc-analytics/admin/notes/delete/all', undefined],
	['PUT', '/wc-analytics/products/reviews/1', { status: 'hold' }],
	['PUT', '/wc/v3/payment_gateways/bacs', { enabled: false }],
	['POST', '/wc-admin/plugins/install', { plugins: 'jetpack' }],
	['POST', '/wc-admin/onboarding/profile', { completed: true }],
];

describe('transport', () => {
	it.each(WRITES)(
		'refuses %s %s without the nonce and writes nothing',
		async (method, route, body) => {
			const before = server.writes();
			const res = await call<{ code: string }>(server, method, route, body, { nonce: null });
			expect(res.status).toBe(403);
			expect(res.body.code).toBe('rest_cookie_invalid_nonce');
			expect(server.writes()).toBe(before);
		},
	);

	it('honours X-HTTP-Method-Override on POST', async () => {
		const response = await fetch(`${server.url}/wp-json/wc-analytics/admin/notes/delete/3`, {
			method: 'POST',
			headers: { 'X-WP-Nonce': NONCE, 'X-HTTP-Method-Override': 'DELETE' },
		});
		expect(response.status).toBe(200);
		expect(((await response.json()) as { is_deleted: boolean }).is_deleted).toBe(true);
	});

	it('accepts ?rest_route= addressing', async () => {
		const response = await fetch(
			`${server.url}/?rest_route=/wc-admin/options&options=blogname`,
		);
		expect(await response.json()).toEqual({ blogname: 'Abacus Demo Store' });
	});

	it('answers rest_no_route for unknown admin routes', async () => {
		const res = await call<{ code: string }>(server, 'GET', '/wc-admin/nothing-here');
		expect(res.status).toBe(404);
		expect(res.body.code).toBe('rest_no_route');
	});
});
