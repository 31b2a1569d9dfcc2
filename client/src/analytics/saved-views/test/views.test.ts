import {
	findViewByName,
	isSameView,
	newViewId,
	normalizeName,
	parseSavedViews,
	tidyName,
	viewAddress,
	viewPath,
	viewQuery,
	withoutView,
	withView,
	type SavedView,
} from '../views.js';

const lastMonth: SavedView = {
	id: 'v1',
	name: 'Refunds last month',
	path: '/analytics/orders',
	query: { period: 'last_month', compare: 'previous_year', status_is: 'refunded' },
};
const products: SavedView = {
	id: 'v2',
	name: 'Top products',
	path: '/analytics/products',
	query: { orderby: 'items_sold', order: 'desc' },
};

describe('viewQuery', () => {
	it('drops paging and the address keys, keeps filters, sorting and the relative period', () => {
		expect(
			viewQuery({
				page: 'abacus',
				path: '/analytics/orders',
				paged: '3',
				per_page: '50',
				period: 'last_month',
				compare: 'previous_year',
				filter: 'advanced',
				status_is: 'completed',
				orderby: 'date',
				order: 'asc',
				chartType: 'bar',
			}),
		).toEqual({
			period: 'last_month',
			compare: 'previous_year',
			filter: 'advanced',
			status_is: 'completed',
			orderby: 'date',
			order: 'asc',
			chartType: 'bar',
		});
	});

	it('drops absolute dates unless the period is custom', () => {
		expect(
			viewQuery({ period: 'last_month', after: '2024-01-01', before: '2024-01-31' }),
		).toEqual({ period: 'last_month' });
		expect(viewQuery({ after: '2024-01-01', before: '2024-01-31' })).toEqual({});
		expect(viewQuery({ period: 'custom', after: '2024-01-01', before: '2024-01-31' })).toEqual({
			period: 'custom',
			after: '2024-01-01',
			before: '2024-01-31',
		});
	});

	it('keeps strings, numbers as strings, lists and nested values; drops empty and unusable ones', () => {
		expect(
			viewQuery({
				search: '',
				empty: undefined,
				none: null,
				fn: () => 1,
				count: 5,
				infinite: Number.POSITIVE_INFINITY,
				ids: ['1', 2, null],
				nested: { a: 'x', b: undefined },
				'': 'blank key',
			}),
		).toEqual({ count: '5', ids: ['1', '2'], nested: { a: 'x' } });
	});
});

describe('parseSavedViews', () => {
	it('reads a well-formed list and cleans each view', () => {
		expect(
			parseSavedViews([
				{
					...lastMonth,
					name: '  Refunds   last month ',
					query: { ...lastMonth.query, paged: '2', after: '2024-01-01' },
				},
				products,
			]),
		).toEqual([lastMonth, products]);
	});

	it('returns nothing for a value that is not a list (unset preference, bad JSON)', () => {
		expect(parseSavedViews('')).toEqual([]);
		expect(parseSavedViews(null)).toEqual([]);
		expect(parseSavedViews({ views: [lastMonth] })).toEqual([]);
	});

	it('drops malformed entries and repeated ids, keeping the rest', () => {
		expect(
			parseSavedViews([
				null,
				'view',
				{ ...lastMonth, id: '' },
				{ ...lastMonth, id: 3 },
				{ ...lastMonth, name: '   ' },
				{ ...lastMonth, name: undefined },
				{ ...lastMonth, path: 'analytics/orders' },
				{ ...lastMonth, path: undefined },
				{ ...lastMonth, query: null },
				{ ...lastMonth, query: ['period'] },
				lastMonth,
				{ ...products, id: 'v1' },
				products,
			]),
		).toEqual([lastMonth, products]);
	});
});

describe('names', () => {
	it('tidies spaces and compares without case', () => {
		expect(tidyName('  Big \t orders  ')).toBe('Big orders');
		expect(normalizeName(' Big   ORDERS ')).toBe('big orders');
		expect(findViewByName([lastMonth, products], '  top   PRODUCTS')).toBe(products);
		expect(findViewByName([lastMonth, products], 'Top product')).toBeUndefined();
	});
});

describe('newViewId', () => {
	it('makes an id not used by any view', () => {
		const now = 1700000000000;
		const first = newViewId([], now);
		expect(first).toBe(`view-${now.toString(36)}`);
		const taken = [{ ...lastMonth, id: first }];
		const second = newViewId(taken, now);
		expect(second).not.toBe(first);
		expect(newViewId([...taken, { ...products, id: second }], now)).not.toMatch(
			new RegExp(`^(${first}|${second})$`),
		);
	});
});

describe('withView and withoutView', () => {
	it('adds a view with a new name at the end', () => {
		const added = withView([lastMonth], products);
		expect(added).toEqual([lastMonth, products]);
	});

	it('replaces the view of the same name in place, keeping its id', () => {
		const replacement: SavedView = {
			id: 'new-id',
			name: 'REFUNDS  last month',
			path: '/analytics/revenue',
			query: { period: 'year', compare: 'previous_year' },
		};
		const next = withView([lastMonth, products], replacement);
		expect(next).toEqual([{ ...replacement, id: 'v1' }, products]);
		expect(next).toHaveLength(2);
	});

	it('does not change the list it was given', () => {
		const list = [lastMonth];
		withView(list, products);
		withoutView(list, 'v1');
		expect(list).toEqual([lastMonth]);
	});

	it('removes only the view with the id', () => {
		expect(withoutView([lastMonth, products], 'v1')).toEqual([products]);
		expect(withoutView([lastMonth, products], 'nope')).toEqual([lastMonth, products]);
	});
});

describe('addresses', () => {
	it('builds the in-app address of a view with its path and query', () => {
		const href = viewPath(lastMonth);
		expect(href.startsWith('admin.php?')).toBe(true);
		const params = new URLSearchParams(href.slice('admin.php?'.length));
		expect(Object.fromEntries(params)).toEqual({
			page: 'abacus',
			path: '/analytics/orders',
			period: 'last_month',
			compare: 'previous_year',
			status_is: 'refunded',
		});
	});

	it('builds a full shareable address against the admin page', () => {
		const address = new URL(
			viewAddress(lastMonth, 'https://shop.test/wp-admin/admin.php?page=abacus&path=%2F'),
		);
		expect(address.origin + address.pathname).toBe('https://shop.test/wp-admin/admin.php');
		expect(address.searchParams.get('page')).toBe('abacus');
		expect(address.searchParams.get('path')).toBe('/analytics/orders');
		expect(address.searchParams.get('status_is')).toBe('refunded');
		expect(address.searchParams.get('period')).toBe('last_month');
	});

	it('recognises the page of a view whatever the order of its parameters', () => {
		const page = {
			path: '/analytics/orders',
			query: {
				page: 'abacus',
				status_is: 'refunded',
				paged: '2',
				compare: 'previous_year',
				period: 'last_month',
			},
		};
		expect(isSameView(lastMonth, page)).toBe(true);
		expect(isSameView(lastMonth, { ...page, path: '/analytics/revenue' })).toBe(false);
		expect(
			isSameView(lastMonth, { ...page, query: { ...page.query, status_is: 'completed' } }),
		).toBe(false);
		expect(isSameView(lastMonth, { ...page, query: { ...page.query, orderby: 'date' } })).toBe(
			false,
		);
	});
});
