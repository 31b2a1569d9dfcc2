import { addFilter, removeFilter } from '@wordpress/hooks';

import {
	addHistoryListener,
	getHistory,
	getIdsFromQuery,
	getNewPath,
	getPath,
	getPersistedQuery,
	getQuery,
	getQueryExcludedScreens,
	getRouteFromSearch,
	getScreenFromPath,
	getSearchWords,
	onQueryChange,
	parseQueryString,
	pathIsExcluded,
	resetHistory,
	updateQueryString,
} from '../index.js';

beforeEach(() => {
	resetHistory();
});

describe('history without a browser', () => {
	it('starts at the root with an empty query', () => {
		expect(getPath()).toBe('/');
		expect(getQuery()).toEqual({});
		expect(getHistory()).toBe(getHistory());
	});

	it('routes by the path query parameter', () => {
		updateQueryString({ period: 'year', compare: 'previous_period' }, '/analytics/revenue', {});
		expect(getPath()).toBe('/analytics/revenue');
		expect(getQuery()).toEqual({
			page: 'abacus',
			period: 'year',
			compare: 'previous_period',
			path: '/analytics/revenue',
		});
		updateQueryString({ period: 'month' });
		expect(getQuery()).toMatchObject({ period: 'month', compare: 'previous_period' });
		expect(getPath()).toBe('/analytics/revenue');
	});

	it('tells listeners the wrapped location and action', () => {
		const listener = jest.fn();
		const unlisten = getHistory().listen(listener);
		getHistory().push('admin.php?page=abacus&path=%2Fcustomers');
		expect(listener).toHaveBeenCalledTimes(1);
		expect(listener.mock.calls[0]?.[0].pathname).toBe('/customers');
		expect(listener.mock.calls[0]?.[1]).toBe('PUSH');
		getHistory().replace('admin.php?page=abacus');
		expect(listener.mock.calls[1]?.[0].pathname).toBe('/');
		expect(listener.mock.calls[1]?.[1]).toBe('REPLACE');
		unlisten();
		getHistory().push('admin.php?page=abacus&path=%2Fstock');
		expect(listener).toHaveBeenCalledTimes(2);
		getHistory().goBack();
		expect(getPath()).toBe('/');
	});

	it('listens to nothing without a window', () => {
		const unsubscribe = addHistoryListener(jest.fn());
		expect(() => unsubscribe()).not.toThrow();
	});
});

describe('getRouteFromSearch and parseQueryString', () => {
	it('never throw on malformed input', () => {
		expect(getRouteFromSearch('?path=%E0%A4%A')).toBe('%E0%A4%A');
		expect(getRouteFromSearch('?path[]=a')).toBe('/');
		expect(getRouteFromSearch('')).toBe('/');
		expect(parseQueryString('?a[=1&&&b=2')).toMatchObject({ b: '2' });
		expect(parseQueryString('')).toEqual({});
		expect(parseQueryString(undefined as unknown as string)).toEqual({});
		expect(parseQueryString('filter[0][key]=x')).toEqual({ filter: [{ key: 'x' }] });
	});
});

describe('getNewPath', () => {
	it('builds the admin page address', () => {
		expect(getNewPath({}, '', {})).toBe('admin.php?page=abacus&path=');
		expect(getNewPath({}, '/', {})).toBe('admin.php?page=abacus');
		expect(getNewPath({}, '', {}, 'custom-page')).toBe('admin.php?page=custom-page&path=');
		expect(getNewPath({ page: 'from-query' }, '/', {}, 'custom-page')).toBe(
			'admin.php?page=from-query',
		);
	});

	it('merges the current query, drops undefined and writes arrays with brackets', () => {
		expect(
			getNewPath(
				{ orderby: 'date', search: undefined, empty: null, ids: ['1', '2'] },
				'/analytics/orders',
				{ period: 'year', search: 'hat' },
			),
		).toBe(
			'admin.php?page=abacus&period=year&orderby=date&empty=&ids%5B0%5D=1&ids%5B1%5D=2&path=%2Fanalytics%2Forders',
		);
	});
});

describe('onQueryChange', () => {
	it('writes sort, compare and plain values', () => {
		onQueryChange('sort', '/analytics/products', { page: 'abacus' })('sku', 'asc');
		expect(getQuery()).toMatchObject({ orderby: 'sku', order: 'asc' });

		onQueryChange('compare', '/analytics/products', { search: 'hat' })(
			'products',
			'filter',
			'1,2',
		);
		const query = getQuery();
		expect(query).toMatchObject({ filter: 'compare-products', products: '1,2' });
		expect(query.search).toBeUndefined();

		onQueryChange('paged', '/analytics/products', {})(3);
		expect(getQuery()).toMatchObject({ paged: '3', path: '/analytics/products' });
	});
});

describe('getPersistedQuery', () => {
	it('keeps the date and type keys only', () => {
		expect(
			getPersistedQuery({
				period: 'custom',
				compare: 'previous_year',
				after: '2021-01-01',
				before: '2021-01-31',
				interval: 'week',
				type: 'bar',
				orderby: 'date',
				path: '/analytics/revenue',
			}),
		).toEqual({
			period: 'custom',
			compare: 'previous_year',
			after: '2021-01-01',
			before: '2021-01-31',
			interval: 'week',
			type: 'bar',
		});
		expect(getPersistedQuery({})).toEqual({});
	});

	it('reads the current query by default and honours the filter hook', () => {
		updateQueryString({ period: 'year', chartType: 'bar' }, '/analytics/revenue', {});
		expect(getPersistedQuery()).toEqual({ period: 'year' });
		addFilter('abacus_admin_persisted_queries', 'test/chart', (keys: string[]) => [
			...keys,
			'chartType',
		]);
		expect(getPersistedQuery()).toEqual({ period: 'year', chartType: 'bar' });
		removeFilter('abacus_admin_persisted_queries', 'test/chart');
	});
});

describe('screens', () => {
	it('derives the screen from the route', () => {
		expect(getScreenFromPath('/')).toBe('homescreen');
		expect(getScreenFromPath('/analytics/revenue')).toBe('revenue');
		expect(getScreenFromPath('/customers')).toBe('customers');
		expect(getScreenFromPath()).toBe('homescreen');
	});

	it('knows the screens without a date range', () => {
		expect(getQueryExcludedScreens()).toEqual(['stock', 'settings', 'customers', 'homescreen']);
		expect(pathIsExcluded('/analytics/stock')).toBe(true);
		expect(pathIsExcluded('/customers')).toBe(true);
		expect(pathIsExcluded('/analytics/revenue')).toBe(false);
		addFilter('abacus_admin_time_excluded_screens', 'test/revenue', (screens: string[]) => [
			...screens,
			'revenue',
		]);
		expect(pathIsExcluded('/analytics/revenue')).toBe(true);
		removeFilter('abacus_admin_time_excluded_screens', 'test/revenue');
	});
});

describe('getIdsFromQuery', () => {
	it('returns unique positive integers in first-seen order', () => {
		expect(getIdsFromQuery('77,0,12,77,abc,-4,,3')).toEqual([77, 12, 3]);
		expect(getIdsFromQuery()).toEqual([]);
		expect(getIdsFromQuery('')).toEqual([]);
		expect(getIdsFromQuery(['5', '6,5'])).toEqual([5, 6]);
		expect(getIdsFromQuery(9)).toEqual([9]);
		expect(getIdsFromQuery({ a: '1' })).toEqual([]);
	});
});

describe('getSearchWords', () => {
	it('splits the search parameter on commas', () => {
		expect(getSearchWords({ search: 'hat,red%2Cblue,shoe' })).toEqual([
			'hat',
			'red,blue',
			'shoe',
		]);
		expect(getSearchWords({})).toEqual([]);
		expect(getSearchWords()).toEqual([]);
	});

	it('gives [] for a malformed search and throws for a non-object query', () => {
		expect(getSearchWords({ search: ['a', 'b'] })).toEqual([]);
		expect(() => getSearchWords('search=a' as unknown as Record<string, string>)).toThrow(
			'the query must be an object',
		);
	});
});
