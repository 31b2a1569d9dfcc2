import { call, startServer, type TestServer } from './server.js';

interface ErrorBody {
	code: string;
	message: string;
	data: { status: number; params?: Record<string, string> };
}

interface SettingBody {
	id: string;
	value: unknown;
	options?: Record<string, string>;
}

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
}, 120000);

afterAll(async () => {
	await server.close();
});

describe('options', () => {
	it('reads a batch of options, missing ones as false', async () => {
		const res = await call<Record<string, unknown>>(
			server,
			'GET',
			'/wc-admin/options?options=woocommerce_actionable_order_statuses,not_an_option',
		);
		expect(res.status).toBe(200);
		expect(res.body).toEqual({
			woocommerce_actionable_order_statuses: ['processing', 'on-hold'],
			not_an_option: false,
		});
	});

	it('refuses a read without option names', async () => {
		const res = await call<ErrorBody>(server, 'GET', '/wc-admin/options');
		expect(res.status).toBe(400);
		expect(res.body.data.params).toHaveProperty('options');
	});

	it('writes JSON values and reports which changed', async () => {
		const before = server.writes();
		const res = await call(server, 'POST', '/wc-admin/options', {
			abacus_test_flag: { a: [1, 2] },
			woocommerce_actionable_order_statuses: ['processing', 'on-hold'],
		});
		expect(res.status).toBe(200);
		expect(res.body).toEqual({
			abacus_test_flag: true,
			woocommerce_actionable_order_statuses: false,
		});
		expect(server.writes()).toBeGreaterThan(before);
		const read = await call(server, 'GET', '/wc-admin/options?options[]=abacus_test_flag');
		expect(read.body).toEqual({ abacus_test_flag: { a: [1, 2] } });
	});

	it('refuses writes without the nonce', async () => {
		const res = await call<ErrorBody>(
			server,
			'POST',
			'/wc-admin/options',
			{ x: 1 },
			{ nonce: null },
		);
		expect(res.status).toBe(403);
		expect(res.body.code).toBe('rest_cookie_invalid_nonce');
	});

	it('refuses a non-object body', async () => {
		const res = await call<ErrorBody>(server, 'POST', '/wc-admin/options', [1, 2]);
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('rest_invalid_param');
	});
});

describe('settings groups', () => {
	it('lists the analytics group with defaults and status options', async () => {
		const res = await call<SettingBody[]>(server, 'GET', '/wc-analytics/settings/wc_admin');
		expect(res.status).toBe(200);
		const excluded = res.body.find(
			(s) => s.id === 'woocommerce_excluded_report_order_statuses',
		);
		expect(excluded?.value).toEqual(['pending', 'failed', 'cancelled']);
		expect(excluded?.options).toHaveProperty('on-hold', 'On hold');
	});

	it('lists the general group under wc/v3 too', async () => {
		const res = await call<SettingBody[]>(server, 'GET', '/wc/v3/settings/general');
		expect(res.status).toBe(200);
		expect(res.body.find((s) => s.id === 'woocommerce_currency')?.value).toBe('USD');
		expect(res.body.find((s) => s.id === 'woocommerce_price_num_decimals')?.value).toBe('2');
	});

	it('answers 404 for an unknown group or setting', async () => {
		const group = await call<ErrorBody>(server, 'GET', '/wc-analytics/settings/nope');
		expect(group.status).toBe(404);
		expect(group.body.code).toBe('rest_setting_setting_group_invalid');
		const setting = await call<ErrorBody>(server, 'GET', '/wc-analytics/settings/general/nope');
		expect(setting.status).toBe(404);
		expect(setting.body.code).toBe('rest_setting_setting_invalid');
	});

	it('batch-updates settings and notifies writers', async () => {
		const before = server.writes();
		const res = await call<{ update: SettingBody[] }>(
			server,
			'POST',
			'/wc-analytics/settings/wc_admin/batch',
			{
				update: [
					{ id: 'woocommerce_excluded_report_order_statuses', value: ['failed'] },
					{
						id: 'woocommerce_default_date_range',
						value: 'period=week&compare=previous_period',
					},
				],
			},
		);
		expect(res.status).toBe(200);
		expect(res.body.update.map((s) => s.value)).toEqual([
			['failed'],
			'period=week&compare=previous_period',
		]);
		expect(server.writes()).toBe(before + 1);
		const options = await call(
			server,
			'GET',
			'/wc-admin/options?options=woocommerce_excluded_report_order_statuses',
		);
		expect(options.body).toEqual({ woocommerce_excluded_report_order_statuses: ['failed'] });
	});

	it('writes nothing when one item of a batch is invalid', async () => {
		const res = await call<ErrorBody>(server, 'PUT', '/wc-analytics/settings/general/batch', {
			update: [
				{ id: 'woocommerce_store_city', value: 'Lisbon' },
				{ id: 'woocommerce_currency_pos', value: 'middle' },
			],
		});
		expect(res.status).toBe(400);
		expect(res.body.data.params).toHaveProperty(['update[1]']);
		expect(res.body.data.params).not.toHaveProperty(['update[0]']);
		const city = await call<SettingBody>(
			server,
			'GET',
			'/wc-analytics/settings/general/woocommerce_store_city',
		);
		expect(city.body.value).toBe('');
	});

	it('refuses batches of more than 100 items', async () => {
		const update = Array.from({ length: 101 }, () => ({
			id: 'woocommerce_store_city',
			value: 'X',
		}));
		const res = await call<ErrorBody>(server, 'POST', '/wc-analytics/settings/general/batch', {
			update,
		});
		expect(res.status).toBe(413);
	});

	it('refuses a batch item without a value', async () => {
		const res = await call<ErrorBody>(server, 'POST', '/wc-analytics/settings/general/batch', {
			update: [{ id: 'woocommerce_store_city' }],
		});
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('rest_invalid_param');
	});

	it('updates one setting and validates it', async () => {
		const ok = await call<SettingBody>(
			server,
			'PUT',
			'/wc/v3/settings/general/woocommerce_default_country',
			{
				value: 'DE:BE',
			},
		);
		expect(ok.status).toBe(200);
		expect(ok.body.value).toBe('DE:BE');
		const bad = await call<ErrorBody>(
			server,
			'PUT',
			'/wc/v3/settings/general/woocommerce_default_country',
			{
				value: 'XX',
			},
		);
		expect(bad.status).toBe(400);
		expect(bad.body.data.params).toHaveProperty('value');
	});
});

describe('current user preferences', () => {
	it('returns woocommerce_meta with empty strings when unset', async () => {
		const res = await call<{ id: number; woocommerce_meta: Record<string, string> }>(
			server,
			'GET',
			'/wp/v2/users/me?context=edit',
		);
		expect(res.status).toBe(200);
		expect(res.body.id).toBe(1);
		expect(res.body.woocommerce_meta.revenue_report_columns).toBe('');
	});

	it('stores known keys, ignores unknown ones', async () => {
		const res = await call<{ woocommerce_meta: Record<string, string> }>(
			server,
			'POST',
			'/wp/v2/users/me',
			{
				woocommerce_meta: { dashboard_chart_type: '"bar"', made_up_key: '"x"' },
			},
		);
		expect(res.status).toBe(200);
		expect(res.body.woocommerce_meta.dashboard_chart_type).toBe('"bar"');
		expect(res.body.woocommerce_meta).not.toHaveProperty('made_up_key');
	});

	it('refuses non-string meta values', async () => {
		const res = await call<ErrorBody>(server, 'PUT', '/wp/v2/users/me', {
			woocommerce_meta: { dashboard_chart_type: ['bar'] },
		});
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('rest_invalid_param');
	});
});

describe('navigation favourites', () => {
	const route = '/wc-admin/navigation/favorites/me';

	it('adds, refuses duplicates and removes', async () => {
		expect((await call(server, 'GET', route)).body).toEqual([]);
		expect((await call(server, 'POST', route, { item_id: 'abacus-analytics' })).body).toEqual([
			'abacus-analytics',
		]);
		const duplicate = await call<ErrorBody>(server, 'POST', route, {
			item_id: 'abacus-analytics',
		});
		expect(duplicate.status).toBe(409);
		expect(duplicate.body.code).toBe('woocommerce_favorites_already_exists');
		expect((await call(server, 'DELETE', route, { item_id: 'abacus-analytics' })).body).toEqual(
			[],
		);
		const absent = await call<ErrorBody>(server, 'DELETE', route, {
			item_id: 'abacus-analytics',
		});
		expect(absent.status).toBe(404);
	});

	it('requires item_id', async () => {
		const res = await call<ErrorBody>(server, 'POST', route, {});
		expect(res.status).toBe(400);
		expect(res.body.code).toBe('woocommerce_favorites_invalid_request');
		expect(res.body.data.params).toHaveProperty('item_id');
	});
});
