import { flush, registryWith, stubApiFetch, wpError } from '../../test/helpers.js';
import { hydrateOptions } from '../hooks.js';
import { store } from '../index.js';

describe('options store', () => {
	it('starts with nothing read, not updating, no errors', () => {
		const registry = registryWith(store);
		const options = registry.select(store);
		expect(options.getOptionValue('a')).toBeUndefined();
		expect(options.isOptionsUpdating()).toBe(false);
		expect(options.getOptionsUpdatingError()).toBe(false);
		expect(options.getOptionsRequestingError('a')).toBe(false);
	});

	it('sends reads of the same moment as one request and gives each reader its value', async () => {
		const calls = stubApiFetch(() => ({
			body: { woocommerce_demo_store: 'no', blogname: 'Shop', missing: false },
		}));
		const registry = registryWith(store);
		const [a, b, c] = await Promise.all([
			registry.resolveSelect(store).getOption('woocommerce_demo_store'),
			registry.resolveSelect(store).getOption('blogname'),
			registry.resolveSelect(store).getOption('missing'),
		]);
		expect(calls).toHaveLength(1);
		expect(calls[0].route).toBe('/wc-admin/options');
		expect(calls[0].query.options).toBe('woocommerce_demo_store,blogname,missing');
		expect([a, b, c]).toEqual(['no', 'Shop', false]);
	});

	it('records a read error per option name and keeps other options apart', async () => {
		stubApiFetch(() => wpError(403, 'rest_forbidden', 'Sorry, you are not allowed.'));
		const registry = registryWith(store);
		await registry.resolveSelect(store).getOption('secret');
		expect(registry.select(store).getOptionsRequestingError('secret')).toMatchObject({
			code: 'rest_forbidden',
			message: 'Sorry, you are not allowed.',
		});
		expect(registry.select(store).getOptionsRequestingError('other')).toBe(false);
		expect(registry.select(store).hasFinishedResolution('getOption', ['secret'])).toBe(true);
	});

	it('applies an update at once and posts it', async () => {
		let release: () => void = () => undefined;
		const calls = stubApiFetch(
			() =>
				new Promise((resolve) => {
					release = () => resolve({ body: { blogname: true } });
				}),
		);
		const registry = registryWith(store);
		const pending = registry.dispatch(store).updateOptions({ blogname: 'New' });
		await flush();
		expect(registry.select(store).getOptionValue('blogname')).toBe('New');
		expect(registry.select(store).isOptionsUpdating()).toBe(true);
		release();
		await expect(pending).resolves.toEqual({ success: true, blogname: true });
		expect(registry.select(store).isOptionsUpdating()).toBe(false);
		expect(calls[0]).toMatchObject({
			method: 'POST',
			route: '/wc-admin/options',
			data: { blogname: 'New' },
		});
	});

	it('on a failed update restores the earlier value and records the error', async () => {
		stubApiFetch(() => wpError(500, 'woocommerce_rest_cannot_update', 'Cannot update.'));
		const registry = registryWith(store);
		void registry.dispatch(store).receiveOptions({ blogname: 'Old' });
		const result = await registry.dispatch(store).updateOptions({ blogname: 'New', fresh: 1 });
		expect(result).toMatchObject({ success: false, message: 'Cannot update.' });
		const options = registry.select(store);
		expect(options.getOptionValue('blogname')).toBe('Old');
		expect(options.getOptionValue('fresh')).toBeUndefined();
		expect(options.isOptionsUpdating()).toBe(false);
		expect(options.getOptionsUpdatingError()).toMatchObject({ message: 'Cannot update.' });
	});

	it('hydrates preloaded options without a request, once per option', async () => {
		const calls = stubApiFetch(() => ({ body: {} }));
		const registry = registryWith(store);
		hydrateOptions(registry, { blogname: 'Preloaded' });
		hydrateOptions(registry, { blogname: 'Ignored' });
		expect(await registry.resolveSelect(store).getOption('blogname')).toBe('Preloaded');
		await flush();
		expect(calls).toHaveLength(0);
	});
});
