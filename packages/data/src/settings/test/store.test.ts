import { flush, registryWith, stubApiFetch, wpError } from '../../test/helpers.js';
import { hydrateSettings } from '../hooks.js';
import { store } from '../index.js';

describe('settings store', () => {
	it('starts with no groups', () => {
		const registry = registryWith(store);
		const settings = registry.select(store);
		expect(settings.getSettingsGroupNames()).toEqual([]);
		expect(settings.getDirtyKeys('general')).toEqual([]);
		expect(settings.getIsDirty('general')).toBe(false);
		expect(settings.isUpdateSettingsRequesting('general')).toBe(false);
		expect(settings.getSettingsError('general')).toBe(false);
		expect(settings.getSetting('general', 'x', 'fallback')).toBe('fallback');
	});

	it('reads a group as one setting named after the group', async () => {
		const calls = stubApiFetch(() => ({
			body: [
				{ id: 'woocommerce_store_city', value: 'Paris' },
				{ id: 'woocommerce_currency', value: 'EUR' },
			],
		}));
		const registry = registryWith(store);
		const settings = await registry.resolveSelect(store).getSettings('general');
		expect(calls[0].route).toBe('/wc-analytics/settings/general');
		expect(settings).toEqual({
			general: { woocommerce_store_city: 'Paris', woocommerce_currency: 'EUR' },
		});
		expect(registry.select(store).getIsDirty('general')).toBe(false);
		// Stable reference while nothing changed.
		expect(registry.select(store).getSettings('general')).toBe(settings);
	});

	it('records a read error on the group', async () => {
		stubApiFetch(() =>
			wpError(404, 'rest_setting_setting_group_invalid', 'Invalid setting group.'),
		);
		const registry = registryWith(store);
		await registry.resolveSelect(store).getSettings('nope');
		expect(registry.select(store).getSettingsError('nope')).toMatchObject({
			message: 'Invalid setting group.',
		});
	});

	it('marks changed keys dirty and saves only them, in one batch request', async () => {
		const calls = stubApiFetch(() => ({ body: { update: [{ id: 'b', value: 2 }] } }));
		const registry = registryWith(store);
		const actions = registry.dispatch(store);
		hydrateSettings(registry, 'general', { a: 1, b: 1, c: 1 });
		expect(registry.select(store).getIsDirty('general')).toBe(false);
		await actions.updateSettingsForGroup('general', { b: 2 });
		expect(registry.select(store).getDirtyKeys('general')).toEqual(['b']);
		expect(registry.select(store).getIsDirty('general', ['a'])).toBe(false);
		expect(registry.select(store).getIsDirty('general', ['b'])).toBe(true);
		await actions.persistSettingsForGroup('general');
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({
			method: 'POST',
			route: '/wc-analytics/settings/general/batch',
			data: { update: [{ id: 'b', value: 2 }] },
		});
		expect(registry.select(store).getDirtyKeys('general')).toEqual([]);
		expect(registry.select(store).isUpdateSettingsRequesting('general')).toBe(false);
	});

	it('sends an object setting as one item per property', async () => {
		const calls = stubApiFetch(() => ({ body: { update: [] } }));
		const registry = registryWith(store);
		await registry.dispatch(store).updateAndPersistSettingsForGroup('wc_admin', {
			wc_admin: { woocommerce_default_date_range: 'period=week&compare=previous_year' },
		});
		expect(calls[0].data).toEqual({
			update: [
				{
					id: 'woocommerce_default_date_range',
					value: 'period=week&compare=previous_year',
				},
			],
		});
	});

	it('does nothing when nothing is dirty', async () => {
		const calls = stubApiFetch(() => ({ body: {} }));
		const registry = registryWith(store);
		await registry.dispatch(store).persistSettingsForGroup('general');
		await flush();
		expect(calls).toHaveLength(0);
	});

	it('fails with a clear message on an empty answer and keeps the keys dirty', async () => {
		stubApiFetch(() => ({ body: null }));
		const registry = registryWith(store);
		await registry.dispatch(store).updateSettingsForGroup('general', { a: 2 });
		await expect(registry.dispatch(store).persistSettingsForGroup('general')).rejects.toEqual({
			message: 'There was a problem updating your settings.',
		});
		const settings = registry.select(store);
		expect(settings.getSettingsError('general')).toEqual({
			message: 'There was a problem updating your settings.',
		});
		expect(settings.getDirtyKeys('general')).toEqual(['a']);
		expect(settings.isUpdateSettingsRequesting('general')).toBe(false);
	});

	it('fails on a server error', async () => {
		stubApiFetch(() => wpError(500, 'db', 'Database gone'));
		const registry = registryWith(store);
		await registry.dispatch(store).updateSettingsForGroup('general', { a: 2 });
		await expect(
			registry.dispatch(store).persistSettingsForGroup('general'),
		).rejects.toMatchObject({ message: 'Database gone' });
		expect(registry.select(store).getLastSettingsErrorForGroup('general')).toMatchObject({
			code: 'db',
		});
	});

	it('clearSettings forgets everything', async () => {
		const registry = registryWith(store);
		await registry.dispatch(store).updateSettingsForGroup('general', { a: 2 });
		await registry.dispatch(store).clearSettings();
		expect(registry.select(store).getSettingsGroupNames()).toEqual([]);
	});
});
