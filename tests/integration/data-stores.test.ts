/**
 * The @abacus/data stores against the real standalone server on a temporary database: option
 * reads batched into one request, a refused stock update restoring the product, and a settings
 * save that sends only the changed keys.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import apiFetch, { type APIFetchOptions } from '@wordpress/api-fetch';
import { createRegistry } from '@wordpress/data';

import {
	itemsStore,
	optionsStore,
	reportsStore,
	settingsStore,
	type Product,
	type ReportStatsData,
} from '@abacus/data';

import { startServer } from '../../server/src/index.js';

interface Recorded {
	method: string;
	path: string;
	body: unknown;
}

let server: Awaited<ReturnType<typeof startServer>>;
let dir: string;
const recorded: Recorded[] = [];

beforeAll(async () => {
	dir = mkdtempSync(path.join(os.tmpdir(), 'abacus-data-'));
	server = await startServer({
		databasePath: path.join(dir, 'store.duckdb'),
		orders: 200,
		quiet: true,
		nonce: 'integration-nonce',
	});
	apiFetch.use(apiFetch.createRootURLMiddleware(`${server.url}/wp-json/`));
	apiFetch.use(apiFetch.createNonceMiddleware(server.nonce));
	apiFetch.setFetchHandler((options: APIFetchOptions) => {
		const url = new URL(options.url ?? '', server.url);
		url.searchParams.delete('_locale');
		recorded.push({
			method: (
				options.headers?.['X-HTTP-Method-Override'] ??
				options.method ??
				'GET'
			).toUpperCase(),
			path: url.pathname.replace('/wp-json', '') + url.search,
			body: typeof options.body === 'string' ? JSON.parse(options.body) : options.data,
		});
		return apiFetch.defaultFetchHandler(options);
	});
}, 120_000);

afterAll(async () => {
	await server?.close();
	rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
	recorded.length = 0;
});

function fresh() {
	const registry = createRegistry();
	registry.register(optionsStore);
	registry.register(settingsStore);
	registry.register(itemsStore);
	registry.register(reportsStore);
	return registry;
}

async function serverGet<T>(route: string): Promise<T> {
	const response = await fetch(`${server.url}/wp-json${route}`);
	return (await response.json()) as T;
}

it('reads several options with one request, each reader getting its own value', async () => {
	const registry = fresh();
	const names = ['woocommerce_default_country', 'woocommerce_currency', 'no_such_option'];
	const values = await Promise.all(
		names.map((name) => registry.resolveSelect(optionsStore).getOption(name)),
	);
	const optionReads = recorded.filter((call) => call.path.startsWith('/wc-admin/options'));
	expect(optionReads).toHaveLength(1);
	expect(decodeURIComponent(optionReads[0].path)).toContain(`options=${names.join(',')}`);
	const direct = await serverGet<Record<string, unknown>>(
		`/wc-admin/options?options=${names.join(',')}`,
	);
	expect(values).toEqual(names.map((name) => direct[name]));
	expect(values[2]).toBe(false);
});

it('restores the product when the server refuses a stock update, and saves a valid one', async () => {
	const registry = fresh();
	const items = await registry
		.resolveSelect(itemsStore)
		.getItems('products', { per_page: 5, type: 'simple' });
	const product = [...items.values()][0] as Product;
	expect(product).toBeDefined();
	const before = await serverGet<Product>(`/wc-analytics/products/${product.id}`);

	const refused = await registry.dispatch(itemsStore).updateProductStock(product, 1.5);
	expect(refused).toBe(false);
	expect(registry.select(itemsStore).getItem('products', product.id)).toEqual(product);
	expect(registry.select(itemsStore).getItemsError('products', product.id)).toMatchObject({
		code: 'rest_invalid_param',
	});
	expect((await serverGet<Product>(`/wc-analytics/products/${product.id}`)).stock_quantity).toBe(
		before.stock_quantity,
	);

	const quantity = (before.stock_quantity ?? 0) + 3;
	expect(await registry.dispatch(itemsStore).updateProductStock(product, quantity)).toBe(true);
	expect((await serverGet<Product>(`/wc-analytics/products/${product.id}`)).stock_quantity).toBe(
		quantity,
	);
	const put = recorded.find((call) => call.method === 'PUT');
	expect(put?.path).toBe(`/wc-analytics/products/${product.id}`);
});

it('saves only the changed settings in one batch request', async () => {
	const registry = fresh();
	const group = await registry.resolveSelect(settingsStore).getSettings('general');
	const values = group.general as Record<string, unknown>;
	expect(values).toHaveProperty('woocommerce_store_city');
	const city = values.woocommerce_store_city === 'Lyon' ? 'Nantes' : 'Lyon';

	await registry
		.dispatch(settingsStore)
		.updateAndPersistSettingsForGroup('general', { woocommerce_store_city: city });

	const writes = recorded.filter((call) => call.method !== 'GET');
	expect(writes).toHaveLength(1);
	expect(writes[0].path).toBe('/wc-analytics/settings/general/batch');
	expect(writes[0].body).toEqual({ update: [{ id: 'woocommerce_store_city', value: city }] });
	expect(registry.select(settingsStore).getIsDirty('general')).toBe(false);

	const saved = await serverGet<Array<{ id: string; value: unknown }>>(
		'/wc-analytics/settings/general',
	);
	const byId = Object.fromEntries(saved.map((setting) => [setting.id, setting.value]));
	expect(byId.woocommerce_store_city).toBe(city);
	for (const [id, value] of Object.entries(values)) {
		if (id !== 'woocommerce_store_city') {
			expect(byId[id]).toEqual(value);
		}
	}
});

it('reads report stats with totals from the response headers', async () => {
	const registry = fresh();
	const query = {
		interval: 'day',
		order: 'asc',
		per_page: 100,
		after: '2024-01-01T00:00:00',
		before: '2024-12-31T23:59:59',
		fields: ['net_revenue', 'orders_count'],
	};
	const stats = await registry.resolveSelect(reportsStore).getReportStats('revenue', query);
	const data = stats.data as ReportStatsData;
	expect(stats.totalResults).toBe(366);
	expect(stats.totalPages).toBe(4);
	expect(data.intervals).toHaveLength(100);
	expect(data.totals).toHaveProperty('net_revenue');
	expect(registry.select(reportsStore).getReportStatsError('revenue', query)).toBe(false);
});
