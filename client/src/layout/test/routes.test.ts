import {
	getBreadcrumbs,
	getMenuEntries,
	matchRoute,
	normalizePath,
	shouldResetPaged,
} from '../routes.js';

describe('matchRoute', () => {
	it('maps the analytics paths to their pages', () => {
		expect(matchRoute('/analytics/overview')).toEqual({
			page: 'dashboard',
			path: '/analytics/overview',
		});
		expect(matchRoute(undefined)).toEqual({ page: 'dashboard', path: '/' });
		expect(matchRoute('/analytics/settings').page).toBe('settings');
		expect(matchRoute('/analytics/revenue')).toEqual({
			page: 'report',
			path: '/analytics/revenue',
			report: 'revenue',
		});
		expect(matchRoute('/customers')).toEqual({
			page: 'report',
			path: '/customers',
			report: 'customers',
		});
	});

	it('tolerates slashes and rejects unknown or malformed paths', () => {
		expect(matchRoute('analytics//stock/')).toMatchObject({ page: 'report', report: 'stock' });
		expect(matchRoute('/analytics/nope').page).toBe('not-found');
		expect(matchRoute('/analytics/customers').page).toBe('not-found');
		expect(matchRoute('/analytics/revenue/extra').page).toBe('not-found');
		expect(matchRoute(['/analytics/revenue']).page).toBe('dashboard');
		expect(normalizePath('')).toBe('/');
	});
});

describe('menu and breadcrumbs', () => {
	it('lists the analytics pages in menu order, each reachable', () => {
		const entries = getMenuEntries();
		expect(entries.map((entry) => entry.label)).toEqual([
			'Overview',
			'Revenue',
			'Orders',
			'Products',
			'Variations',
			'Categories',
			'Profit',
			'Coupons',
			'Taxes',
			'Downloads',
			'Payment methods',
			'Shipping methods',
			'Order origin',
			'Places',
			'When orders come',
			'Cohorts',
			'Stock',
			'Customers',
			'Settings',
		]);
		for (const entry of entries) {
			expect(matchRoute(entry.path).page).not.toBe('not-found');
		}
	});

	it('names the page in the breadcrumbs', () => {
		expect(getBreadcrumbs(matchRoute('/analytics/revenue'), 'Revenue')).toEqual([
			'Analytics',
			'Revenue',
		]);
		expect(getBreadcrumbs(matchRoute('/customers'))).toEqual(['Customers']);
		expect(getBreadcrumbs(matchRoute('/analytics/cohorts'), 'Cohorts')).toEqual([
			'Analytics',
			'Cohorts',
		]);
	});

	it('roots the breadcrumbs in the WordPress menu’s name inside wp-admin', () => {
		expect(getBreadcrumbs(matchRoute('/analytics/revenue'), 'Revenue', 'Abacus')).toEqual([
			'Abacus',
			'Revenue',
		]);
		expect(getBreadcrumbs(matchRoute('/analytics/overview'), undefined, 'Abacus')).toEqual([
			'Abacus',
			'Overview',
		]);
		expect(getBreadcrumbs(matchRoute('/customers'), 'Customers', 'Abacus')).toEqual([
			'Abacus',
			'Customers',
		]);
	});
});

describe('shouldResetPaged', () => {
	it('resets when another parameter changes on a later page', () => {
		expect(
			shouldResetPaged({ paged: '3', period: 'month' }, { paged: '3', period: 'year' }),
		).toBe(true);
		expect(shouldResetPaged({ paged: '3' }, { paged: '3', orderby: 'net_revenue' })).toBe(true);
	});

	it('keeps the page for chart changes, page changes and page 1', () => {
		expect(shouldResetPaged({ paged: '3' }, { paged: '3', chartType: 'bar' })).toBe(false);
		expect(
			shouldResetPaged({ paged: '3', chart: 'taxes' }, { paged: '3', chart: 'refunds' }),
		).toBe(false);
		expect(shouldResetPaged({ paged: '2' }, { paged: '3', period: 'year' })).toBe(false);
		expect(shouldResetPaged({ paged: '1' }, { paged: '1', period: 'year' })).toBe(false);
		expect(shouldResetPaged({}, { period: 'year' })).toBe(false);
	});
});
