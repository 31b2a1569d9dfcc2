/**
 * The sync's reader of a store: a collection's pages after the first are asked a few at a time
 * (never more than the sync's concurrency at once) and come back whole and in the store's order;
 * the variations of several variable products are asked side by side too.
 */
import { mapCustomer } from '../map.js';
import { StoreReader } from '../store-reader.js';
import { WooClient } from '../woo-client.js';
import { FakeWoo } from './fake-woo.js';

let woo: FakeWoo;

beforeAll(async () => {
	woo = new FakeWoo(0);
	// 350 customers: four pages of 100.
	for (let id = 100; id < 449; id++) {
		woo.customers.push({
			id,
			email: `customer${id}@example.test`,
			first_name: `First${id}`,
			last_name: `Last${id}`,
			username: `customer${id}`,
		});
	}
	// Three variable products: their variations are asked side by side.
	woo.variableProducts = { 21: [211, 212], 22: [221], 23: [231, 232, 233] };
	// Long enough for requests asked at once to overlap at the store, even when a busy machine
	// starts one of them a couple of hundred milliseconds after the others.
	woo.latencyMs = 250;
	await woo.start();
});

afterAll(async () => {
	await woo?.close();
});

function reader(concurrency: number): StoreReader {
	const client = new WooClient({
		url: woo.url,
		auth: { kind: 'keys', key: 'ck_test', secret: 'cs_test' },
		retries: 0,
	});
	return new StoreReader(client, woo.url, concurrency, () => undefined);
}

test('a collection of four pages comes back whole and in order, three pages at a time', async () => {
	woo.timeline.length = 0;
	const requestsBefore = woo.requests.length;
	const customers = await reader(3).all('wc/v3/customers', {}, mapCustomer);
	expect(customers.map((c) => c.userId)).toEqual(woo.customers.map((c) => c.id));
	expect(customers).toHaveLength(350);
	// Page 1 alone (it tells the page count), then pages 2–4 together.
	expect(woo.mostAtOnce((route) => route === 'wc/v3/customers')).toBe(3);
	const pages = woo.requests
		.slice(requestsBefore)
		.map((request) => new URLSearchParams(request.split('?')[1]).get('page'));
	expect(pages[0]).toBe('1');
	expect([...pages].sort()).toEqual(['1', '2', '3', '4']);
});

test('with a concurrency of one the store is asked one page at a time, with the same answer', async () => {
	woo.timeline.length = 0;
	const customers = await reader(1).all('wc/v3/customers', {}, mapCustomer);
	expect(customers.map((c) => c.userId)).toEqual(woo.customers.map((c) => c.id));
	expect(woo.mostAtOnce((route) => route === 'wc/v3/customers')).toBe(1);
});

test('a collection of one page is asked once', async () => {
	const requestsBefore = woo.requests.length;
	const customers = await reader(3).all('wc/v3/customers', { include: '7,100,101' }, mapCustomer);
	expect(customers.map((c) => c.userId)).toEqual([7, 100, 101]);
	expect(woo.requests.length - requestsBefore).toBe(1);
});

test('the catalogue holds every variation after its product', async () => {
	woo.timeline.length = 0;
	const catalogue = await reader(3).catalogue();
	const ids = catalogue.products.map((p) => p.id);
	const variable = catalogue.products.filter((p) => p.type === 'variable');
	expect(variable.map((p) => p.id)).toEqual([21, 22, 23]);
	for (const product of variable) {
		const at = ids.indexOf(product.id);
		// Its variations follow it, in the store's order.
		expect(ids.slice(at + 1, at + 1 + product.variationIds.length)).toEqual(
			product.variationIds,
		);
	}
	expect(catalogue.products.filter((p) => p.type === 'variation').map((p) => p.id)).toEqual([
		211, 212, 221, 231, 232, 233,
	]);
	// The three products' variations were asked at once.
	expect(woo.mostAtOnce((route) => route.endsWith('/variations'))).toBe(3);
	expect(catalogue.customers).toHaveLength(350);
});
