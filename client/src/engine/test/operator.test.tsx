/**
 * The engine's own page on a multi-store engine: the chosen store goes with every request, stays
 * in the address, and choosing another store (in the header's switcher or the "Choose a store"
 * buttons) loads that store's page for the same screen, without another store's filters.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import type { APIFetchOptions } from '@wordpress/api-fetch';
import { getHistory, parseQueryString } from '@abacus/navigation';

import {
	addressForStore,
	ChooseStore,
	createOperatorDownloadMiddleware,
	createOperatorStoreMiddleware,
	readOperator,
	isStoreOwnScreen,
	setUpOperator,
	storeAdminAddress,
	StoreOwnScreen,
	StoreSwitcher,
	type EngineOperator,
} from '../operator.js';
import type { APIFetchMiddleware } from '../../base/api-fetch.js';

const STORES = [
	{ id: 1, name: 'shop-a.example', url: 'https://shop-a.example', currency: 'USD' },
	{ id: 2, name: 'shop-b.example', url: 'https://shop-b.example', currency: 'EUR' },
];

function queryOf(address: string): Record<string, unknown> {
	return parseQueryString(address.slice(address.indexOf('?') + 1)) as Record<string, unknown>;
}

it('reads only a well-formed operator setting, and a chosen store only among those listed', () => {
	expect(readOperator(undefined)).toBeNull();
	expect(readOperator({ stores: 'x' })).toBeNull();
	expect(readOperator({ stores: STORES, store: 2 })).toEqual({ stores: STORES, store: 2 });
	expect(readOperator({ stores: STORES, store: 3 })).toEqual({ stores: STORES, store: null });
	expect(readOperator({ stores: [...STORES, { id: '3' }], store: '1' })).toEqual({
		stores: STORES,
		store: null,
	});
});

it("adds the chosen store's id to every request, keeping the caller's headers", async () => {
	const next = jest.fn((options: APIFetchOptions) => Promise.resolve(options));
	const middleware = createOperatorStoreMiddleware(2);
	const sent = (await middleware(
		{ path: '/wc-analytics/reports/revenue/stats', headers: { Accept: 'text/csv' } },
		next,
	)) as APIFetchOptions;
	expect(sent.headers).toEqual({ Accept: 'text/csv', 'X-Abacus-Store': '2' });
});

it("the address for another store keeps the screen and date range, not the other store's ids", () => {
	const address = addressForStore(2, '/analytics/products', {
		period: 'year',
		compare: 'previous_year',
		filter: 'single_product',
		products: '12',
		store: '1',
	});
	expect(queryOf(address)).toEqual({
		page: 'abacus',
		period: 'year',
		compare: 'previous_year',
		store: '2',
		path: '/analytics/products',
	});
});

it('the switcher loads the page of the store chosen, and does nothing for the current one', () => {
	const onNavigate = jest.fn();
	const operator: EngineOperator = { stores: STORES, store: 1 };
	render(
		<StoreSwitcher
			operator={operator}
			path="/analytics/revenue"
			query={{ period: 'month' }}
			onNavigate={onNavigate}
		/>,
	);
	const select = screen.getByRole('combobox', { name: 'Store' });
	expect(screen.getByRole('option', { name: 'shop-b.example (EUR)' })).toBeTruthy();
	fireEvent.change(select, { target: { value: '1' } });
	expect(onNavigate).not.toHaveBeenCalled();
	fireEvent.change(select, { target: { value: '2' } });
	expect(onNavigate).toHaveBeenCalledTimes(1);
	expect(queryOf(onNavigate.mock.calls[0][0] as string)).toEqual({
		page: 'abacus',
		period: 'month',
		store: '2',
		path: '/analytics/revenue',
	});
});

it('without a chosen store, each store is a button loading its page for this screen', () => {
	const onNavigate = jest.fn();
	render(
		<ChooseStore
			operator={{ stores: STORES, store: null }}
			path="/customers"
			query={{}}
			onNavigate={onNavigate}
		/>,
	);
	expect(screen.getByRole('heading', { name: 'Choose a store' })).toBeTruthy();
	fireEvent.click(screen.getByRole('link', { name: 'shop-a.example (USD)' }));
	expect(queryOf(onNavigate.mock.calls[0][0] as string)).toMatchObject({
		store: '1',
		path: '/customers',
	});
});

it('keeps the chosen store in the address, and loads the page of another store an address names', () => {
	const installed: APIFetchMiddleware[] = [];
	const reload = jest.fn();
	getHistory().push('admin.php?page=abacus&path=%2Fanalytics%2Forders');
	setUpOperator({ stores: STORES, store: 1 }, (middleware) => installed.push(middleware), reload);
	expect(installed).toHaveLength(2);
	expect(queryOf(getHistory().location.search)).toMatchObject({
		store: '1',
		path: '/analytics/orders',
	});
	// An in-app link without the store gets it back.
	getHistory().push('admin.php?page=abacus&path=%2Fanalytics%2Frevenue&period=year');
	expect(queryOf(getHistory().location.search)).toMatchObject({
		store: '1',
		path: '/analytics/revenue',
		period: 'year',
	});
	expect(reload).not.toHaveBeenCalled();
	// A saved view or the back button naming another store loads that store's page.
	getHistory().push('admin.php?page=abacus&path=%2Fanalytics%2Frevenue&store=2');
	expect(reload).toHaveBeenCalledWith(
		'admin.php?page=abacus&path=%2Fanalytics%2Frevenue&store=2',
	);
});

it("turns a finished export's download link into a file fetched with the store's header", async () => {
	const status = {
		percent_complete: 100,
		total_rows: 3,
		download_url:
			'/wp-json/wc-analytics/reports/orders/export/42/download?filename=wc-orders-report-export-42',
	};
	const file = new Blob(['a,b\n1,2\n'], { type: 'text/csv' });
	const fetchFile = jest.fn((path: string) => {
		void path;
		return Promise.resolve({ blob: () => Promise.resolve(file) } as unknown as Response);
	});
	const objectUrl = jest.fn(() => 'blob:http://engine.test/file-1');
	const middleware = createOperatorDownloadMiddleware(fetchFile, objectUrl);
	const next = jest.fn(() => Promise.resolve(status));
	const ready = await middleware(
		{ path: '/wc-analytics/reports/orders/export/42/status', method: 'GET' },
		next,
	);
	expect(ready).toEqual({ ...status, download_url: 'blob:http://engine.test/file-1' });
	expect(fetchFile).toHaveBeenCalledWith(
		'wc-analytics/reports/orders/export/42/download?filename=wc-orders-report-export-42',
	);
	expect(objectUrl).toHaveBeenCalledWith(file);
	// A status still building, and any other request, pass through untouched.
	const building = { percent_complete: 40 };
	await expect(
		middleware({ path: 'wc-analytics/reports/orders/export/42/status' }, () =>
			Promise.resolve(building),
		),
	).resolves.toBe(building);
	await expect(
		middleware({ path: '/wc-analytics/reports/orders', method: 'GET' }, () =>
			Promise.resolve(status),
		),
	).resolves.toBe(status);
	expect(fetchFile).toHaveBeenCalledTimes(1);
});

it('the screens that change the live store point to that store’s own wp-admin instead', () => {
	expect(['/reviews', '/payments', '/onboarding', '/settings/general', '/stock-update']).toEqual(
		['/reviews', '/payments', '/onboarding', '/settings/general', '/stock-update'].filter(
			isStoreOwnScreen,
		),
	);
	expect(isStoreOwnScreen('/inbox')).toBe(false);
	expect(isStoreOwnScreen('constructor')).toBe(false);
	render(
		<StoreOwnScreen
			operator={{ stores: STORES, store: 2 }}
			path="/payments"
			title="Payments"
		/>,
	);
	expect(screen.getByRole('heading', { name: 'Payments' })).toBeTruthy();
	expect(screen.getByText(/changes the store itself/)).toBeTruthy();
	const link = screen.getByRole('link', { name: 'Open Payments in shop-b.example' });
	expect(link.getAttribute('href')).toBe(
		'https://shop-b.example/wp-admin/admin.php?page=wc-settings&tab=checkout',
	);
	// Only the chosen store's link; an address that is not http(s) is never a link.
	expect(screen.queryByRole('link', { name: /shop-a/ })).toBeNull();
	expect(
		storeAdminAddress(
			{ id: 3, name: 'x', url: 'javascript:alert(1)', currency: 'USD' },
			'/reviews',
		),
	).toBeNull();
});

it("writes the chosen store's whole name beside the switcher (a narrow select cuts it)", () => {
	const { container } = render(
		<StoreSwitcher
			operator={{ stores: STORES, store: 2 }}
			path="/analytics/revenue"
			query={{}}
			onNavigate={jest.fn()}
		/>,
	);
	expect(container.querySelector('.abacus-store-switcher__name')?.textContent).toBe(
		'shop-b.example (EUR)',
	);
	expect(screen.getByRole('combobox', { name: 'Store' })).toBeTruthy();
});
