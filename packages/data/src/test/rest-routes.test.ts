import { store as navigationStore } from '../navigation/index.js';
import { store as optionsStore } from '../options/index.js';
import { store as pluginsStore } from '../plugins/index.js';
import { DEFAULT_REST_ROUTES, getRestRoute, setRestRoutes } from '../rest-routes.js';
import { registryWith, stubApiFetch } from './helpers.js';

describe('host REST routes', () => {
	afterEach(() => setRestRoutes(undefined));

	it("uses WooCommerce's wc-admin routes by default", () => {
		expect(getRestRoute('favorites')).toBe('/wc-admin/navigation/favorites/me');
		expect(getRestRoute('recommendedPaymentPlugins')).toBe(
			DEFAULT_REST_ROUTES.recommendedPaymentPlugins,
		);
	});

	it("reads, adds and removes favourites on the plugin's own route when the host gives one", async () => {
		setRestRoutes({ favorites: '/abacus/v1/favorites/me' });
		const calls = stubApiFetch((call) => ({
			body: call.method === 'DELETE' ? [] : ['payments'],
		}));
		const registry = registryWith(navigationStore);
		expect(await registry.resolveSelect(navigationStore).getFavorites()).toEqual(['payments']);
		await registry.dispatch(navigationStore).addFavorite('payments');
		await registry.dispatch(navigationStore).removeFavorite('payments');
		expect(calls.map((call) => `${call.method} ${call.route}`)).toEqual([
			'GET /abacus/v1/favorites/me',
			'POST /abacus/v1/favorites/me',
			'DELETE /abacus/v1/favorites/me',
		]);
	});

	it('asks for no recommended payment plugins when the host has no such route', async () => {
		setRestRoutes({ recommendedPaymentPlugins: null });
		const calls = stubApiFetch(() => ({ body: [{ slug: 'x' }] }));
		const registry = registryWith(pluginsStore);
		expect(
			await registry.resolveSelect(pluginsStore).getRecommendedPlugins('payments'),
		).toEqual([]);
		expect(calls).toHaveLength(0);
	});

	it('ignores routes that are not paths', () => {
		setRestRoutes({ favorites: 'https://elsewhere.example/x' });
		expect(getRestRoute('favorites')).toBe('/wc-admin/navigation/favorites/me');
	});

	it('saves the analytics settings through the settings group and only the other options to /wc-admin/options', async () => {
		setRestRoutes({ analyticsSettings: '/wc-analytics/settings/wc_admin' });
		const calls = stubApiFetch((call) => ({
			body:
				call.route === '/wc-analytics/settings/wc_admin/batch'
					? { update: [{ id: 'woocommerce_excluded_report_order_statuses' }] }
					: { woocommerce_demo_store: 'no' },
		}));
		const registry = registryWith(optionsStore);
		const result = await registry.dispatch(optionsStore).updateOptions({
			woocommerce_excluded_report_order_statuses: ['pending', 'on-hold'],
			woocommerce_demo_store: 'no',
		});
		expect(result.success).toBe(true);
		expect(calls.map((call) => [call.method, call.route, call.data])).toEqual([
			[
				'POST',
				'/wc-analytics/settings/wc_admin/batch',
				{
					update: [
						{
							id: 'woocommerce_excluded_report_order_statuses',
							value: ['pending', 'on-hold'],
						},
					],
				},
			],
			['POST', '/wc-admin/options', { woocommerce_demo_store: 'no' }],
		]);
	});

	it('reports a setting the settings group refused and restores the earlier value', async () => {
		setRestRoutes({ analyticsSettings: '/wc-analytics/settings/wc_admin' });
		const calls = stubApiFetch(() => ({
			body: {
				update: [
					{
						id: 'woocommerce_default_date_range',
						error: {
							code: 'rest_setting_value_invalid',
							message: 'An invalid setting value was passed.',
						},
					},
				],
			},
		}));
		const registry = registryWith(optionsStore);
		registry
			.dispatch(optionsStore)
			.receiveOptions({ woocommerce_default_date_range: 'period=month' });
		const result = await registry
			.dispatch(optionsStore)
			.updateOptions({ woocommerce_default_date_range: 'period=nonsense' });
		expect(result).toMatchObject({
			success: false,
			message: 'An invalid setting value was passed.',
		});
		expect(registry.select(optionsStore).getOptionValue('woocommerce_default_date_range')).toBe(
			'period=month',
		);
		expect(calls).toHaveLength(1);
	});

	it("reads and saves Abacus's own options on the host's route, WooCommerce's on /wc-admin/options", async () => {
		setRestRoutes({ ownOptions: '/abacus/v1/options' });
		const calls = stubApiFetch((call) => ({
			body:
				call.route === '/abacus/v1/options'
					? { abacus_payments_not_now: ['x'] }
					: { woocommerce_demo_store: 'no' },
		}));
		const registry = registryWith(optionsStore);
		const [own, wc] = await Promise.all([
			registry.resolveSelect(optionsStore).getOption('abacus_payments_not_now'),
			registry.resolveSelect(optionsStore).getOption('woocommerce_demo_store'),
		]);
		expect(own).toEqual(['x']);
		expect(wc).toBe('no');
		await registry
			.dispatch(optionsStore)
			.updateOptions({ abacus_payments_not_now: ['x', 'y'] });
		expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(
			expect.arrayContaining([
				'GET /abacus/v1/options?options=abacus_payments_not_now',
				'GET /wc-admin/options?options=woocommerce_demo_store',
				'POST /abacus/v1/options',
			]),
		);
		expect(calls).toHaveLength(3);
	});
});
