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
	createOperatorStoreMiddleware,
	readOperator,
	setUpOperator,
	StoreSwitcher,
	type EngineOperator,
} from '../operator.js';
import type { APIFetchMiddleware } from '../../app/api-fetch.js';

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
	expect(installed).toHaveLength(1);
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
