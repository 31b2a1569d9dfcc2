/**
 * @jest-environment jsdom
 */
import {
	addHistoryListener,
	getHistory,
	getPath,
	getQuery,
	navigateTo,
	resetHistory,
	updateQueryString,
} from '../index.js';

beforeEach(() => {
	window.history.replaceState(null, '', '/wp-admin/admin.php?page=abacus');
	resetHistory();
});

describe('browser history', () => {
	it('reads the route and query from the address', () => {
		window.history.replaceState(
			null,
			'',
			'/wp-admin/admin.php?page=abacus&path=%2Fanalytics%2Frevenue&period=year',
		);
		resetHistory();
		expect(getPath()).toBe('/analytics/revenue');
		expect(getQuery()).toEqual({ page: 'abacus', path: '/analytics/revenue', period: 'year' });
	});

	it('gives the same location while the address is the same, and a new one after a change', () => {
		const first = getHistory().location;
		expect(getHistory().location).toBe(first);
		updateQueryString({ period: 'month' }, '/analytics/orders');
		const next = getHistory().location;
		expect(next).not.toBe(first);
		expect(next.pathname).toBe('/analytics/orders');
		expect(next.search).toBe('?page=abacus&period=month&path=%2Fanalytics%2Forders');
		expect(getHistory().location).toBe(next);
	});

	it('pushes new addresses on the admin page', () => {
		updateQueryString({ period: 'month' }, '/analytics/orders');
		expect(window.location.pathname).toBe('/wp-admin/admin.php');
		expect(window.location.search).toBe('?page=abacus&period=month&path=%2Fanalytics%2Forders');
		expect(getHistory().action).toBe('PUSH');
		expect(getPath()).toBe('/analytics/orders');
	});

	it('navigates in place to addresses of the app page', () => {
		navigateTo({ url: 'https://shop.test/wp-admin/admin.php?page=abacus&path=%2Fcustomers' });
		expect(getPath()).toBe('/customers');
		expect(window.location.search).toBe('?page=abacus&path=%2Fcustomers');
	});
});

describe('addHistoryListener', () => {
	it('hears pushState, replaceState and popstate until unsubscribed', () => {
		const listener = jest.fn();
		const unsubscribe = addHistoryListener(listener);
		const second = jest.fn();
		const unsubscribeSecond = addHistoryListener(second);

		window.history.pushState({}, '', '/wp-admin/admin.php?page=abacus&path=%2Fstock');
		window.history.replaceState({}, '', '/wp-admin/admin.php?page=abacus');
		window.dispatchEvent(new PopStateEvent('popstate'));
		expect(listener.mock.calls.map(([event]) => (event as Event).type)).toEqual([
			'pushstate',
			'replacestate',
			'popstate',
		]);
		// Patching happens once: a second listener does not double the events.
		expect(second).toHaveBeenCalledTimes(3);

		unsubscribe();
		unsubscribeSecond();
		window.history.pushState({}, '', '/wp-admin/admin.php?page=abacus&path=%2Fcustomers');
		expect(listener).toHaveBeenCalledTimes(3);
		expect(window.location.search).toBe('?page=abacus&path=%2Fcustomers');
	});
});
