import { addFilter, removeFilter } from '@wordpress/hooks';

import { getHistory } from '@abacus/navigation';

import { registryWith, stubApiFetch, wpError } from '../../test/helpers.js';
import { store } from '../index.js';

const items = [
	{ id: 'shipping', title: 'Shipping', menuId: 'plugins' },
	{ id: 'payments', title: 'Payments', menuId: 'plugins' },
];

describe('navigation store', () => {
	it('starts empty', () => {
		const registry = registryWith(store);
		const navigation = registry.select(store);
		expect(navigation.getMenuItems()).toEqual([]);
		expect(navigation.getPersistedQuery()).toEqual({});
		expect(navigation.isNavigationRequesting('getFavorites')).toBe(false);
	});

	it('sets and appends menu items, passing them through the filter', async () => {
		const registry = registryWith(store);
		await registry.dispatch(store).setMenuItems([items[0]]);
		await registry.dispatch(store).addMenuItems([items[1]]);
		const first = registry.select(store).getMenuItems();
		expect(first.map((item) => item.id)).toEqual(['shipping', 'payments']);
		expect(registry.select(store).getMenuItems()).toBe(first);
		addFilter('abacus_navigation_menu_items', 'test', (list: typeof items) =>
			list.filter((item) => item.id !== 'payments'),
		);
		await registry.dispatch(store).addMenuItems([{ id: 'x' }]);
		expect(
			registry
				.select(store)
				.getMenuItems()
				.map((item) => item.id),
		).toEqual(['shipping', 'x']);
		removeFilter('abacus_navigation_menu_items', 'test');
	});

	it('reads favourites', async () => {
		const calls = stubApiFetch(() => ({ body: ['shipping'] }));
		const registry = registryWith(store);
		expect(await registry.resolveSelect(store).getFavorites()).toEqual(['shipping']);
		expect(calls[0].route).toBe('/wc-admin/navigation/favorites/me');
	});

	it('moves an item to favourites when added and back to plugins when removed', async () => {
		const calls = stubApiFetch((call) => ({
			body: call.method === 'POST' ? ['payments'] : [],
		}));
		const registry = registryWith(store);
		await registry.dispatch(store).setMenuItems(items);
		await registry.dispatch(store).addFavorite('payments');
		expect(calls[0]).toMatchObject({ method: 'POST', data: { item_id: 'payments' } });
		expect(registry.select(store).getFavorites()).toEqual(['payments']);
		expect(registry.select(store).getMenuItems()[1].menuId).toBe('favorites');
		await registry.dispatch(store).removeFavorite('payments');
		expect(calls[1]).toMatchObject({ method: 'DELETE', data: { item_id: 'payments' } });
		expect(registry.select(store).getMenuItems()[1].menuId).toBe('plugins');
		expect(registry.select(store).isNavigationRequesting('removeFavorite')).toBe(false);
	});

	it('treats an empty answer as a failure', async () => {
		stubApiFetch(() => ({ body: null }));
		const registry = registryWith(store);
		await registry.dispatch(store).setMenuItems(items);
		await expect(registry.dispatch(store).addFavorite('payments')).rejects.toMatchObject({
			code: 'empty_response',
		});
		expect(registry.select(store).getMenuItems()[1].menuId).toBe('plugins');
		expect(registry.select(store).getNavigationError()).toMatchObject({
			code: 'empty_response',
		});
		expect(registry.select(store).isNavigationRequesting('addFavorite')).toBe(false);
	});

	it('keeps the error of a refused removal', async () => {
		stubApiFetch(() =>
			wpError(404, 'woocommerce_favorites_does_not_exist', 'Favorite item not found'),
		);
		const registry = registryWith(store);
		await expect(registry.dispatch(store).removeFavorite('nope')).rejects.toMatchObject({
			message: 'Favorite item not found',
		});
	});

	it('stores the persisted query', async () => {
		const registry = registryWith(store);
		await registry.dispatch(store).setPersistedQuery({ period: 'week' });
		expect(registry.select(store).getPersistedQuery()).toEqual({ period: 'week' });
	});
});

describe('persisted query from the address', () => {
	it('keeps the persisted keys of the address and ignores an address without them', async () => {
		const registry = registryWith(store);
		getHistory().push(
			'?page=abacus&path=%2Fanalytics%2Frevenue&period=last_week&compare=previous_year&orderby=date',
		);
		await registry.dispatch(store).onHistoryChange();
		expect(registry.select(store).getPersistedQuery()).toEqual({
			period: 'last_week',
			compare: 'previous_year',
		});
		getHistory().push('?page=abacus&path=%2Fcustomers');
		await registry.dispatch(store).onHistoryChange();
		expect(registry.select(store).getPersistedQuery()).toEqual({
			period: 'last_week',
			compare: 'previous_year',
		});
	});
});
