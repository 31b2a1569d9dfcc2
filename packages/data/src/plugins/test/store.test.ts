import { store as optionsStore } from '../../options/index.js';
import { flush, registryWith, stubApiFetch, wpError } from '../../test/helpers.js';
import { formatErrorMessage, formatErrors } from '../errors.js';
import { hydratePlugins } from '../hooks.js';
import { pluginNames, store } from '../index.js';

describe('plugin error messages', () => {
	it('names one plugin', () => {
		expect(formatErrorMessage({ jetpack: ['Download failed.'] }, 'install')).toBe(
			'Could not install Jetpack plugin, Download failed.',
		);
	});

	it('lists several plugins and their errors', () => {
		expect(formatErrorMessage({ jetpack: ['A.'], 'unknown-plugin': ['B.'] }, 'activate')).toBe(
			'Could not activate the following plugins: Jetpack, unknown-plugin with these Errors: A. B.',
		);
	});

	it('replaces backticked slugs by display names', () => {
		expect(formatErrors('The requested plugin `mailpoet`. is not yet installed.')).toBe(
			'The requested plugin MailPoet. is not yet installed.',
		);
	});

	it('knows 18 display names', () => {
		expect(Object.keys(pluginNames)).toHaveLength(18);
	});
});

describe('plugins store', () => {
	it('starts empty and tells install state per slug', async () => {
		const registry = registryWith(store);
		const plugins = registry.select(store);
		expect(plugins.getPluginInstallState('jetpack')).toBe('unavailable');
		await registry.dispatch(store).updateInstalledPlugins(['jetpack', 'mailpoet']);
		await registry.dispatch(store).updateActivePlugins(['mailpoet']);
		expect(plugins.getPluginInstallState('jetpack')).toBe('installed');
		expect(plugins.getPluginInstallState('mailpoet')).toBe('activated');
		expect(plugins.isPluginsRequesting('installPlugins')).toBe(false);
		expect(plugins.getPluginsError('installPlugins')).toBe(false);
	});

	it('reads active and installed plugins', async () => {
		stubApiFetch((call) => ({
			body: { plugins: call.route.endsWith('active') ? ['a'] : ['a', 'b'] },
		}));
		const registry = registryWith(store);
		expect(await registry.resolveSelect(store).getActivePlugins()).toEqual(['a']);
		expect(await registry.resolveSelect(store).getInstalledPlugins()).toEqual(['a', 'b']);
	});

	it('installs plugins and adds them to the installed list', async () => {
		const calls = stubApiFetch(() => ({
			body: { data: { installed: ['jetpack'] }, errors: { errors: {} }, success: true },
		}));
		const registry = registryWith(store);
		await registry.dispatch(store).installPlugins(['jetpack']);
		expect(calls[0]).toMatchObject({
			method: 'POST',
			route: '/wc-admin/plugins/install',
			data: { plugins: 'jetpack' },
		});
		expect(registry.select(store).getInstalledPlugins()).toContain('jetpack');
		await flush();
	});

	it('throws the formatted message when the answer reports errors', async () => {
		stubApiFetch(() => ({
			body: {
				data: { installed: [] },
				errors: { errors: { jetpack: ['Download failed.'] } },
				success: false,
			},
		}));
		const registry = registryWith(store);
		await expect(registry.dispatch(store).installPlugins(['jetpack'])).rejects.toThrow(
			'Could not install Jetpack plugin, Download failed.',
		);
		expect(registry.select(store).isPluginsRequesting('installPlugins')).toBe(false);
		expect(registry.select(store).getPluginsError('installPlugins')).toMatchObject({
			message: 'Could not install Jetpack plugin, Download failed.',
		});
	});

	it('throws the plural message when a request fails for several plugins', async () => {
		stubApiFetch(() => wpError(500, 'boom', 'Server error.'));
		const registry = registryWith(store);
		await expect(
			registry.dispatch(store).activatePlugins(['jetpack', 'mailpoet']),
		).rejects.toThrow(
			'Could not activate the following plugins: Jetpack, MailPoet with these Errors: Server error. Server error.',
		);
	});

	it('installs then activates', async () => {
		const calls = stubApiFetch((call) => ({
			body: call.route.endsWith('install')
				? { data: { installed: ['mailpoet'] } }
				: { data: { activated: ['mailpoet'] } },
		}));
		const registry = registryWith(store);
		const response = await registry.dispatch(store).installAndActivatePlugins(['mailpoet']);
		expect(calls.map((call) => call.route)).toEqual([
			'/wc-admin/plugins/install',
			'/wc-admin/plugins/activate',
		]);
		expect(response.data?.activated).toEqual(['mailpoet']);
		expect(registry.select(store).getPluginInstallState('mailpoet')).toBe('activated');
	});

	it('reads the connection status and a connect URL per redirect', async () => {
		const calls = stubApiFetch((call) =>
			call.route === '/jetpack/v4/connection'
				? { body: { isActive: true } }
				: { body: { connectAction: 'https://connect.example/?x=1' } },
		);
		const registry = registryWith(store);
		expect(await registry.resolveSelect(store).isJetpackConnected()).toBe(true);
		const url = await registry
			.dispatch(store)
			.connectToJetpack((path: string) => `https://shop.example/wp-admin/${path}`);
		expect(url).toBe('https://connect.example/?x=1');
		const connect = calls.find((call) => call.route === '/wc-admin/plugins/connect-jetpack');
		expect(connect?.query.redirect_url).toBe(
			'https://shop.example/wp-admin/admin.php?page=abacus',
		);
	});

	it('fails to connect with the error of the URL request', async () => {
		stubApiFetch(() =>
			wpError(
				404,
				'woocommerce_rest_jetpack_not_active',
				'Jetpack is not installed or active.',
			),
		);
		const registry = registryWith(store);
		const errorAction = jest.fn();
		await registry
			.dispatch(store)
			.installJetpackAndConnect(errorAction, (path: string) => path);
		expect(errorAction).toHaveBeenCalledWith(
			'Could not install Jetpack plugin, Jetpack is not installed or active.',
		);
	});

	it('falls back to the stored provider settings when the status call fails', async () => {
		const calls = stubApiFetch((call) =>
			call.route === '/wc-paypal/v1/onboarding/get-status'
				? wpError(
						404,
						'rest_no_route',
						'No route was found matching the URL and request method.',
					)
				: {
						body: {
							'woocommerce-ppcp-settings': {
								merchant_email_production: 'a@b.c',
								merchant_id_production: 'm',
								client_id_production: 'c',
								client_secret_production: 's',
							},
						},
					},
		);
		const registry = registryWith(store, optionsStore);
		const status = await registry.resolveSelect(store).getPaypalOnboardingStatus();
		expect(status).toEqual({ production: { state: 'onboarded', onboarded: true } });
		expect(calls.some((call) => call.route === '/wc-admin/options')).toBe(true);
	});

	it('fetches recommended plugins only for payments', async () => {
		const calls = stubApiFetch(() => ({ body: [{ slug: 'woocommerce-payments' }] }));
		const registry = registryWith(store);
		expect(await registry.resolveSelect(store).getRecommendedPlugins('shipping')).toEqual([]);
		expect(calls).toHaveLength(0);
		expect(await registry.resolveSelect(store).getRecommendedPlugins('payments')).toEqual([
			{ slug: 'woocommerce-payments' },
		]);
		expect(calls[0].route).toBe('/wc-admin/plugins/recommended-payment-plugins');
	});

	it('hydrates lists without requests', async () => {
		const calls = stubApiFetch(() => ({ body: { plugins: ['x'] } }));
		const registry = registryWith(store);
		hydratePlugins(registry, {
			activePlugins: ['a'],
			installedPlugins: ['a', 'b'],
			jetpackStatus: { isActive: false },
		});
		expect(await registry.resolveSelect(store).getActivePlugins()).toEqual(['a']);
		expect(await registry.resolveSelect(store).isJetpackConnected()).toBe(false);
		await flush();
		expect(calls).toHaveLength(0);
	});
});

describe('createErrorNotice', () => {
	it('shows an error notice when the page has a notices store, and does nothing otherwise', async () => {
		const { createReduxStore } = await import('@wordpress/data');
		const created: Array<[string, string]> = [];
		const notices = createReduxStore('core/notices', {
			reducer: (state: null = null) => state,
			actions: {
				createNotice: (status: string, content: string) => {
					created.push([status, content]);
					return { type: 'NOOP' };
				},
			},
			selectors: {},
		});
		const withNotices = registryWith(store, notices);
		await withNotices.dispatch(store).createErrorNotice('Could not install Jetpack plugin, x');
		expect(created).toEqual([['error', 'Could not install Jetpack plugin, x']]);
		const without = registryWith(store);
		await expect(without.dispatch(store).createErrorNotice('ignored')).resolves.toBeUndefined();
	});
});
