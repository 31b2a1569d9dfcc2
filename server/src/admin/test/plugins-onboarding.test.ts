import { call, startServer, type TestServer } from './server.js';

interface ErrorBody {
	code: string;
	data: { status: number; params?: Record<string, string> };
}

interface PluginsAnswer {
	data: { installed?: string[]; activated?: string[]; active?: string[] };
	errors: { errors: Record<string, string[]> };
	success: boolean;
	message: string;
}

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
}, 120000);

afterAll(async () => {
	await server.close();
});

describe('plugins', () => {
	it('lists active and installed plugins', async () => {
		const active = await call<{ plugins: string[] }>(server, 'GET', '/wc-admin/plugins/active');
		expect(active.body.plugins).toContain('woocommerce');
		const installed = await call<{ plugins: string[] }>(
			server,
			'GET',
			'/wc-admin/plugins/installed',
		);
		expect(installed.body.plugins).toEqual(expect.arrayContaining(['woocommerce', 'akismet']));
	});

	it('installs known slugs and names unknown ones in errors.errors', async () => {
		const res = await call<PluginsAnswer>(server, 'POST', '/wc-admin/plugins/install', {
			plugins: 'jetpack,not-a-real-plugin',
		});
		expect(res.status).toBe(200);
		expect(res.body.data.installed).toEqual(['jetpack']);
		expect(res.body.success).toBe(false);
		expect(res.body.errors.errors['not-a-real-plugin'][0]).toContain('not-a-real-plugin');
		const installed = await call<{ plugins: string[] }>(
			server,
			'GET',
			'/wc-admin/plugins/installed',
		);
		expect(installed.body.plugins).toContain('jetpack');
	});

	it('refuses an empty plugin list', async () => {
		const res = await call<ErrorBody>(server, 'POST', '/wc-admin/plugins/install', {
			plugins: '',
		});
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('woocommerce_rest_invalid_plugins');
		expect(res.body.data.params).toHaveProperty('plugins');
	});

	it('activates installed plugins only', async () => {
		const res = await call<PluginsAnswer>(server, 'POST', '/wc-admin/plugins/activate', {
			plugins: 'jetpack,mailpoet',
		});
		expect(res.body.data.activated).toEqual(['jetpack']);
		expect(res.body.data.active).toContain('jetpack');
		expect(res.body.errors.errors.mailpoet[0]).toBe(
			'The requested plugin `mailpoet`. is not yet installed.',
		);
	});

	it('gives a connect URL once the connection plugin is active', async () => {
		const res = await call<{ slug: string; connectAction: string }>(
			server,
			'GET',
			`/wc-admin/plugins/connect-jetpack?redirect_url=${encodeURIComponent('http://example.test/back')}`,
		);
		expect(res.status).toBe(200);
		expect(res.body.connectAction).toContain(encodeURIComponent('http://example.test/back'));
		const missing = await call<ErrorBody>(server, 'GET', '/wc-admin/plugins/connect-jetpack');
		expect(missing.body.data.params).toHaveProperty('redirect_url');
		const status = await call<{ isActive: boolean }>(server, 'GET', '/jetpack/v4/connection');
		expect(status.body.isActive).toBe(false);
	});

	it('recommends payment plugins until dismissed', async () => {
		const before = await call<Array<{ slug: string }>>(
			server,
			'GET',
			'/wc-admin/plugins/recommended-payment-plugins',
		);
		expect(before.body.length).toBeGreaterThan(0);
		expect(
			(await call(server, 'POST', '/wc-admin/plugins/recommended-payment-plugins/dismiss'))
				.body,
		).toBe(true);
		const after = await call(server, 'GET', '/wc-admin/plugins/recommended-payment-plugins');
		expect(after.body).toEqual([]);
	});

	it('fakes provider connections only for active provider plugins', async () => {
		const inactive = await call<ErrorBody>(server, 'POST', '/wc-admin/plugins/connect-wcpay');
		expect(inactive.status).toBe(400);
		expect(inactive.body.code).toBe('woocommerce_rest_helper_connect');
		await call(server, 'POST', '/wc-admin/plugins/install', {
			plugins: 'woocommerce-payments',
		});
		await call(server, 'POST', '/wc-admin/plugins/activate', {
			plugins: ['woocommerce-payments'],
		});
		const active = await call<{ connectUrl: string }>(
			server,
			'POST',
			'/wc-admin/plugins/connect-wcpay',
		);
		expect(active.body.connectUrl).toMatch(
			/^http:\/\/127\.0\.0\.1:\d+\/wp-admin\/admin\.php\?page=abacus/,
		);
		const finish = await call<ErrorBody>(
			server,
			'POST',
			'/wc-admin/plugins/finish-wccom-connect',
			{},
		);
		expect(finish.body.data.params).toHaveProperty('request_token');
	});

	it('answers 404 for the payment-provider status while its plugin is inactive', async () => {
		const res = await call(server, 'GET', '/wc-paypal/v1/onboarding/get-status');
		expect(res.status).toBe(404);
	});
});

describe('onboarding', () => {
	it('returns every profile key and merges updates', async () => {
		const empty = await call<Record<string, unknown>>(
			server,
			'GET',
			'/wc-admin/onboarding/profile',
		);
		expect(empty.body).toMatchObject({
			completed: null,
			industry: null,
			wccom_connected: false,
		});
		const saved = await call<{ status: string }>(
			server,
			'POST',
			'/wc-admin/onboarding/profile',
			{
				industry: [{ slug: 'fashion-apparel-accessories' }],
				product_count: '11-100',
			},
		);
		expect(saved.body.status).toBe('success');
		await call(server, 'PUT', '/wc-admin/onboarding/profile', { completed: true });
		const after = await call<Record<string, unknown>>(
			server,
			'GET',
			'/wc-admin/onboarding/profile',
		);
		expect(after.body).toMatchObject({ completed: true, product_count: '11-100' });
	});

	it('rejects values outside the enums without writing', async () => {
		const res = await call<ErrorBody>(server, 'POST', '/wc-admin/onboarding/profile', {
			completed: false,
			revenue: 'billions',
		});
		expect(res.status).toBe(400);
		expect(res.body.data.params).toHaveProperty('revenue');
		const after = await call<Record<string, unknown>>(
			server,
			'GET',
			'/wc-admin/onboarding/profile',
		);
		expect(after.body.completed).toBe(true);
	});

	it('reports task status and task lists with dismiss state', async () => {
		const status = await call<{ hasProducts: boolean; enabledPaymentGateways: string[] }>(
			server,
			'GET',
			'/wc-admin/onboarding/tasks/status',
		);
		expect(status.body.hasProducts).toBe(true);
		expect(status.body.enabledPaymentGateways).toEqual(['bacs', 'cod']);
		const dismissed = await call<{ id: string; isDismissed: boolean }>(
			server,
			'POST',
			'/wc-admin/onboarding/tasks/marketing/dismiss',
		);
		expect(dismissed.body.isDismissed).toBe(true);
		const lists = await call<
			Array<{ id: string; tasks: Array<{ id: string; isDismissed: boolean }> }>
		>(server, 'GET', '/wc-admin/onboarding/tasks');
		expect(lists.body[0].tasks.find((t) => t.id === 'marketing')?.isDismissed).toBe(true);
		expect((await call(server, 'POST', '/wc-admin/onboarding/tasks/nope/dismiss')).status).toBe(
			404,
		);
	});

	it('suggests payment gateways for the store country', async () => {
		const res = await call<Array<{ id: string; plugins: string[] }>>(
			server,
			'GET',
			'/wc-admin/onboarding/payments',
		);
		expect(res.body.map((s) => s.id)).toContain('stripe');
	});

	it('creates a product from a template and validates the template name', async () => {
		const res = await call<{ id: number }>(
			server,
			'POST',
			'/wc-admin/onboarding/tasks/create_product_from_template?_fields[]=id',
			{ template_name: 'physical' },
		);
		expect(res.status).toBe(200);
		const product = await call<{ status: string }>(
			server,
			'GET',
			`/wc-analytics/products/${res.body.id}`,
		);
		expect(product.body.status).toBe('auto-draft');
		const bad = await call<ErrorBody>(
			server,
			'POST',
			'/wc-admin/onboarding/tasks/create_product_from_template',
			{
				template_name: 'furniture',
			},
		);
		expect(bad.status).toBe(400);
		expect(bad.body.data.params).toHaveProperty('template_name');
	});
});
