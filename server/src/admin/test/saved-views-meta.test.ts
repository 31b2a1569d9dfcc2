import { call, startServer, type TestServer } from './server.js';

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
}, 120000);

afterAll(async () => {
	await server.close();
});

describe('saved views preference', () => {
	it('is unset at first, then stores and returns the JSON list of saved views', async () => {
		const before = await call<{ woocommerce_meta: Record<string, string> }>(
			server,
			'GET',
			'/wp/v2/users/me?context=edit',
		);
		expect(before.body.woocommerce_meta.abacus_saved_views).toBe('');

		const views = JSON.stringify([
			{
				id: 'v1',
				name: 'Last month refunds',
				path: '/analytics/orders',
				query: { period: 'last_month', status_is: 'refunded' },
			},
		]);
		const saved = await call<{ woocommerce_meta: Record<string, string> }>(
			server,
			'POST',
			'/wp/v2/users/me',
			{ woocommerce_meta: { abacus_saved_views: views } },
		);
		expect(saved.status).toBe(200);
		expect(saved.body.woocommerce_meta.abacus_saved_views).toBe(views);

		const after = await call<{ woocommerce_meta: Record<string, string> }>(
			server,
			'GET',
			'/wp/v2/users/me?context=edit',
		);
		expect(JSON.parse(after.body.woocommerce_meta.abacus_saved_views)).toEqual(
			JSON.parse(views),
		);
	});
});
