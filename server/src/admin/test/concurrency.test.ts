import { call, startServer, type TestServer } from './server.js';

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
}, 120000);

afterAll(async () => {
	await server.close();
});

it('serves simultaneous writes without losing any', async () => {
	const writes = Array.from({ length: 12 }, (_, i) =>
		i % 2 === 0
			? call(server, 'POST', '/wc-admin/options', { [`abacus_parallel_${i}`]: i })
			: call(server, 'POST', '/wc-analytics/settings/general/batch', {
					update: [{ id: 'woocommerce_store_city', value: `City ${i}` }],
				}),
	);
	const results = await Promise.all(writes);
	expect(results.map((r) => r.status)).toEqual(Array.from({ length: 12 }, () => 200));
	const names = Array.from({ length: 6 }, (_, k) => `abacus_parallel_${k * 2}`).join(',');
	const read = await call<Record<string, number>>(
		server,
		'GET',
		`/wc-admin/options?options=${names}`,
	);
	expect(Object.values(read.body)).toEqual([0, 2, 4, 6, 8, 10]);
});
