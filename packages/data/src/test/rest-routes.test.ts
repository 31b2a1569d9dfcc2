import { store as navigationStore } from '../navigation/index.js';
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
});
