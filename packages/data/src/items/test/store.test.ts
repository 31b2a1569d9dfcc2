import { flush, registryWith, stubApiFetch, wpError } from '../../test/helpers.js';
import { store } from '../index.js';

const hoodie = { id: 7, name: 'Hoodie', type: 'simple', stock_quantity: 5 };

describe('items store', () => {
	it('starts empty', async () => {
		stubApiFetch(() => ({ body: [] }));
		const registry = registryWith(store);
		expect(registry.select(store).getItems('products', {}).size).toBe(0);
		expect(registry.select(store).getItemsTotalCount('products', {}, 3)).toBe(3);
		expect(registry.select(store).getItemsError('products', {})).toBe(false);
		await flush();
	});

	it('reads items with the total from the header, as a stable Map', async () => {
		const calls = stubApiFetch(() => ({
			body: [hoodie, { id: 8, name: 'Cap' }],
			headers: { 'X-WP-Total': '42' },
		}));
		const registry = registryWith(store);
		const query = { search: 'o', per_page: 10 };
		const items = await registry.resolveSelect(store).getItems('products', query);
		expect(calls[0].route).toBe('/wc-analytics/products');
		expect([...items.keys()]).toEqual([7, 8]);
		expect(items.get(7)).toMatchObject({ name: 'Hoodie' });
		expect(registry.select(store).getItems('products', { per_page: 10, search: 'o' })).toBe(
			items,
		);
		expect(registry.select(store).getItemsTotalCount('products', query)).toBe(42);
		await flush();
	});

	it('answers the legacy total-count name like getItemsTotalCount', async () => {
		stubApiFetch(() => ({ body: [{ id: 1 }], headers: { 'X-WP-Total': '9' } }));
		const registry = registryWith(store);
		expect(
			await registry.resolveSelect(store).getReviewsTotalCount('coupons', { search: 'x' }),
		).toBe(9);
		expect(registry.select(store).getItemsTotalCount('coupons', { search: 'x' })).toBe(9);
		await flush();
	});

	it('maps categories under products', async () => {
		const calls = stubApiFetch(() => ({ body: [] }));
		const registry = registryWith(store);
		await registry.resolveSelect(store).getItems('categories', { per_page: 5 });
		expect(calls[0].route).toBe('/wc-analytics/products/categories');
	});

	it('loads everything for per_page -1 and counts what came back', async () => {
		stubApiFetch(() => ({ body: [{ id: 1 }, { id: 2 }, { id: 3 }] }));
		const registry = registryWith(store);
		const query = { per_page: -1 };
		const items = await registry.resolveSelect(store).getItems('categories', query);
		expect(items.size).toBe(3);
		expect(registry.select(store).getItemsTotalCount('categories', query)).toBe(3);
	});

	it('asks for a total with page 1 and per_page 1', async () => {
		const calls = stubApiFetch(() => ({ body: [{ id: 1 }], headers: { 'X-WP-Total': '120' } }));
		const registry = registryWith(store);
		const total = await registry
			.resolveSelect(store)
			.getItemsTotalCount('customers', { search: 'a', per_page: 25, _fields: ['id'] });
		expect(total).toBe(120);
		expect(calls.find((call) => call.route === '/wc-analytics/customers')?.query).toMatchObject(
			{
				page: '1',
				per_page: '1',
				search: 'a',
			},
		);
	});

	it('keeps the error of a failed query', async () => {
		stubApiFetch(() => wpError(400, 'rest_invalid_param', 'Invalid parameter(s): per_page'));
		const registry = registryWith(store);
		await registry.resolveSelect(store).getItems('products', { per_page: 500 });
		expect(registry.select(store).getItemsError('products', { per_page: 500 })).toMatchObject({
			code: 'rest_invalid_param',
		});
	});

	it('updates stock at once and saves the whole product', async () => {
		let release: () => void = () => undefined;
		const calls = stubApiFetch(
			() => new Promise((resolve) => (release = () => resolve({ body: hoodie }))),
		);
		const registry = registryWith(store);
		await registry.dispatch(store).setItems('products', {}, [hoodie]);
		const pending = registry.dispatch(store).updateProductStock(hoodie, 9);
		await flush();
		expect(registry.select(store).getItem('products', 7)).toMatchObject({ stock_quantity: 9 });
		release();
		await expect(pending).resolves.toBe(true);
		expect(calls[0]).toMatchObject({
			method: 'PUT',
			route: '/wc-analytics/products/7',
			data: { ...hoodie, stock_quantity: 9 },
		});
	});

	it('saves a variation under its parent', async () => {
		const calls = stubApiFetch(() => ({ body: {} }));
		const registry = registryWith(store);
		await registry
			.dispatch(store)
			.updateProductStock({ id: 11, parent_id: 7, type: 'variation', stock_quantity: 1 }, 2);
		expect(calls[0].route).toBe('/wc-analytics/products/7/variations/11');
	});

	it('restores the product when the stock update fails', async () => {
		stubApiFetch(() => wpError(500, 'db', 'Could not save'));
		const registry = registryWith(store);
		await registry.dispatch(store).setItems('products', {}, [hoodie]);
		const ok = await registry.dispatch(store).updateProductStock(hoodie, 1);
		expect(ok).toBe(false);
		expect(registry.select(store).getItem('products', 7)).toEqual(hoodie);
		expect(registry.select(store).getItemsError('products', 7)).toMatchObject({
			message: 'Could not save',
		});
	});

	it('creates a product from a template and stores it', async () => {
		const calls = stubApiFetch(() => ({ body: { id: 99, name: 'Template product' } }));
		const registry = registryWith(store);
		const product = await registry
			.dispatch(store)
			.createProductFromTemplate({ template_name: 'physical' }, { _fields: 'id' });
		expect(product).toEqual({ id: 99, name: 'Template product' });
		expect(calls[0]).toMatchObject({
			method: 'POST',
			route: '/wc-admin/onboarding/tasks/create_product_from_template',
			data: { template_name: 'physical' },
		});
		expect(registry.select(store).getItem('products', 99)).toMatchObject({ id: 99 });
	});

	it('records and throws a template failure', async () => {
		stubApiFetch(() => wpError(500, 'woocommerce_rest_product_creation_error', 'No template'));
		const registry = registryWith(store);
		await expect(
			registry.dispatch(store).createProductFromTemplate({ template_name: 'x' }),
		).rejects.toMatchObject({ message: 'No template' });
		expect(registry.select(store).getItemsError('createProductFromTemplate', {})).toMatchObject(
			{ message: 'No template' },
		);
	});
});
