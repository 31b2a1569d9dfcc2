/**
 * The @abacus/data stores against the real standalone server on a temporary database: option
 * reads batched into one request, a refused stock update restoring the product, and a settings
 * save that sends only the changed keys.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import apiFetch, { type APIFetchOptions } from '@wordpress/api-fetch';
import { createRegistry, type StoreDescriptor } from '@wordpress/data';

import {
	itemsStore,
	navigationStore,
	notesStore,
	onboardingStore,
	optionsStore,
	paymentGatewaysStore,
	reviewsStore,
	userStore,
	reportsStore,
	settingsStore,
	type Product,
	type ReportStatsData,
	type WCDataRegistry,
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

/**
 * What api-fetch's own transport does (not exposed by every release): the request with its JSON
 * body, the parsed answer, or the WordPress error (the Response itself with `parse: false`).
 */
async function send(options: APIFetchOptions): Promise<unknown> {
	const headers: Record<string, string> = { Accept: 'application/json' };
	for (const [name, value] of Object.entries(options.headers ?? {}))
		headers[name] = String(value);
	let body = options.body;
	if (options.data !== undefined) {
		body = JSON.stringify(options.data);
		headers['Content-Type'] = 'application/json';
	}
	const response = await fetch(options.url ?? '', {
		method: options.method ?? 'GET',
		headers,
		body,
	});
	if (options.parse === false) {
		if (!response.ok) throw response;
		return response;
	}
	const text = await response.text();
	const parsed: unknown = text === '' ? null : JSON.parse(text);
	if (!response.ok) throw parsed;
	return parsed;
}

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
		return send(options);
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
	// Typed over the Abacus stores (@wordpress/data's older declarations type the registry loosely).
	const registry = createRegistry() as unknown as WCDataRegistry & {
		register: (store: StoreDescriptor) => void;
	};
	registry.register(optionsStore);
	registry.register(settingsStore);
	registry.register(itemsStore);
	registry.register(reportsStore);
	registry.register(navigationStore);
	registry.register(paymentGatewaysStore);
	registry.register(notesStore);
	registry.register(reviewsStore);
	registry.register(onboardingStore);
	registry.register(userStore);
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

it('moves a favourite between menus and refuses a duplicate', async () => {
	const registry = fresh();
	const id = 'abacus-analytics-revenue';
	await registry.dispatch(navigationStore).setMenuItems([{ id, menuId: 'plugins' }]);
	await registry.dispatch(navigationStore).addFavorite(id);
	expect(registry.select(navigationStore).getMenuItems()[0].menuId).toBe('favorites');
	expect(await serverGet<string[]>('/wc-admin/navigation/favorites/me')).toContain(id);
	await expect(registry.dispatch(navigationStore).addFavorite(id)).rejects.toMatchObject({
		code: 'woocommerce_favorites_already_exists',
	});
	expect(registry.select(navigationStore).isNavigationRequesting('addFavorite')).toBe(false);
	await registry.dispatch(navigationStore).removeFavorite(id);
	expect(registry.select(navigationStore).getMenuItems()[0].menuId).toBe('plugins');
	expect(await serverGet<string[]>('/wc-admin/navigation/favorites/me')).not.toContain(id);
});

it('updates a payment gateway in place', async () => {
	const registry = fresh();
	const gateways = await registry.resolveSelect(paymentGatewaysStore).getPaymentGateways();
	const bacs = gateways.find((gateway) => gateway.id === 'bacs');
	expect(bacs).toBeDefined();
	const updated = await registry
		.dispatch(paymentGatewaysStore)
		.updatePaymentGateway('bacs', { enabled: !bacs?.enabled });
	expect(updated.enabled).toBe(!bacs?.enabled);
	expect(registry.select(paymentGatewaysStore).getPaymentGateway('bacs')?.enabled).toBe(
		!bacs?.enabled,
	);
	expect((await serverGet<{ enabled: boolean }>('/wc/v3/payment_gateways/bacs')).enabled).toBe(
		!bacs?.enabled,
	);
});

it('reads notes, hides one deleted by a batch update and brings it back', async () => {
	const registry = fresh();
	const query = { page: 1, per_page: 5, orderby: 'date', order: 'desc' };
	const notes = await registry.resolveSelect(notesStore).getNotes(query);
	expect(notes.length).toBeGreaterThan(0);
	const id = notes[0].id;
	await registry.dispatch(notesStore).batchUpdateNotes([id], { is_deleted: true });
	expect(
		registry
			.select(notesStore)
			.getNotes(query)
			.map((note) => note.id),
	).not.toContain(id);
	await registry.dispatch(notesStore).batchUpdateNotes([id], { is_deleted: false });
	expect(
		registry
			.select(notesStore)
			.getNotes(query)
			.map((note) => note.id),
	).toContain(id);
	expect(registry.select(notesStore).getNotesError('batchUpdateNotes')).toBe(false);
});

it('reads reviews with the total from the header', async () => {
	const registry = fresh();
	const query = { page: 1, per_page: 2, status: 'all' };
	const reviews = await registry.resolveSelect(reviewsStore).getReviews(query);
	const total = await registry.resolveSelect(reviewsStore).getReviewsTotalCount(query);
	expect(reviews.length).toBeLessThanOrEqual(2);
	expect(total).toBeGreaterThanOrEqual(reviews.length);
	expect(total).toBeGreaterThan(0);
});

it('saves the onboarding profile and the user preferences', async () => {
	const registry = fresh();
	const response = await registry
		.dispatch(onboardingStore)
		.updateProfileItems({ product_count: '1-10' });
	expect(response.status).toBe('success');
	expect(
		(await serverGet<{ product_count: string }>('/wc-admin/onboarding/profile')).product_count,
	).toBe('1-10');

	const user = await registry.resolveSelect(userStore).getCurrentUser();
	expect(user?.id).toBeGreaterThan(0);
	const saved = await registry.dispatch(userStore).saveUser({
		id: user?.id ?? 0,
		woocommerce_meta: { dashboard_chart_type: JSON.stringify('bar') },
	});
	expect(saved?.woocommerce_meta?.dashboard_chart_type).toBe('"bar"');
});
