/**
 * A payment plugin's gateway joins the payment methods once the plugin is active, and the site
 * connection says what is missing and what to do.
 */
import { call, startServer, type TestServer } from './server.js';

interface Gateway {
	id: string;
	title: string;
	enabled: boolean;
	needs_setup: boolean;
	order: number | string;
	settings: Record<string, { value: string }>;
}

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
}, 120000);

afterAll(async () => {
	await server.close();
});

describe('payment plugins and gateways', () => {
	jest.setTimeout(60000);

	it('lists the Stripe gateway once the Stripe plugin is installed and activated', async () => {
		const before = await call<Gateway[]>(server, 'GET', '/wc/v3/payment_gateways');
		expect(before.body.map((gateway) => gateway.id)).not.toContain('stripe');
		expect(
			(
				await call(server, 'POST', '/wc-admin/plugins/install', {
					plugins: 'woocommerce-gateway-stripe',
				})
			).status,
		).toBe(200);
		const activated = await call<{ success: boolean }>(
			server,
			'POST',
			'/wc-admin/plugins/activate',
			{ plugins: 'woocommerce-gateway-stripe' },
		);
		expect(activated.body.success).toBe(true);
		const after = await call<Gateway[]>(server, 'GET', '/wc/v3/payment_gateways');
		const ids = after.body.map((gateway) => gateway.id);
		expect(ids.at(-1)).toBe('stripe');
		expect(ids.filter((id) => id === 'stripe')).toHaveLength(1);
		const stripe = after.body.find((gateway) => gateway.id === 'stripe') as Gateway;
		expect(stripe).toMatchObject({
			title: 'Credit card (Stripe)',
			enabled: false,
			needs_setup: true,
		});
		expect(Object.keys(stripe.settings)).toEqual(
			expect.arrayContaining(['enabled', 'title', 'publishable_key', 'secret_key']),
		);

		// Activating again adds nothing; the gateway can be set up and enabled.
		await call(server, 'POST', '/wc-admin/plugins/activate', {
			plugins: 'woocommerce-gateway-stripe',
		});
		const again = await call<Gateway[]>(server, 'GET', '/wc/v3/payment_gateways');
		expect(again.body.filter((gateway) => gateway.id === 'stripe')).toHaveLength(1);
		const updated = await call<Gateway>(server, 'PUT', '/wc/v3/payment_gateways/stripe', {
			enabled: true,
			settings: { publishable_key: 'pk_test_1', secret_key: 'sk_test_1' },
		});
		expect(updated.body).toMatchObject({ enabled: true, needs_setup: false });
	});

	it('says what the connection needs when Jetpack is not active', async () => {
		const res = await call<{ code: string; message: string }>(
			server,
			'GET',
			`/wc-admin/plugins/connect-jetpack?redirect_url=${encodeURIComponent('http://example.test/back')}`,
		);
		expect(res.status).toBe(404);
		expect(res.body.code).toBe('woocommerce_rest_jetpack_not_active');
		expect(res.body.message).toContain('install and activate Jetpack, then connect again');
	});
});
