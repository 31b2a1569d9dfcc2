import { getLinkHref, shouldNavigateInApp, type LinkType } from '../index.js';

const mockSettings: Record<string, unknown> = { adminUrl: 'https://shop.test/wp-admin/' };
jest.mock('@abacus/settings', () => ({
	getSetting: (name: string, fallback: unknown) =>
		name in mockSettings ? mockSettings[name] : fallback,
}));

describe('getLinkHref', () => {
	it('builds app, admin and external addresses', () => {
		expect(getLinkHref('/analytics/revenue', 'wc-admin')).toBe(
			'https://shop.test/wp-admin/admin.php?page=abacus&path=%2Fanalytics%2Frevenue',
		);
		expect(getLinkHref('/analytics/revenue?period=year&compare=previous_year')).toBe(
			'https://shop.test/wp-admin/admin.php?page=abacus&period=year&compare=previous_year&path=%2Fanalytics%2Frevenue',
		);
		expect(getLinkHref('/')).toBe('https://shop.test/wp-admin/admin.php?page=abacus');
		expect(getLinkHref('admin.php?page=abacus&path=%2Fstock')).toBe(
			'https://shop.test/wp-admin/admin.php?page=abacus&path=%2Fstock',
		);
		expect(getLinkHref('edit.php?post_type=product', 'wp-admin')).toBe(
			'https://shop.test/wp-admin/edit.php?post_type=product',
		);
		expect(getLinkHref('/post-new.php', 'wp-admin', 'https://other.test/wp-admin')).toBe(
			'https://other.test/wp-admin/post-new.php',
		);
		expect(getLinkHref('https://example.com/docs', 'external')).toBe(
			'https://example.com/docs',
		);
	});

	it('rejects an unknown link type', () => {
		expect(() => getLinkHref('/x', 'intranet' as LinkType)).toThrow(
			'Unknown link type "intranet"',
		);
	});
});

describe('shouldNavigateInApp', () => {
	it('stays in the app for plain clicks on app links only', () => {
		expect(shouldNavigateInApp('wc-admin', {})).toBe(true);
		expect(shouldNavigateInApp('wc-admin')).toBe(true);
		expect(shouldNavigateInApp('wc-admin', { ctrlKey: true })).toBe(false);
		expect(shouldNavigateInApp('wc-admin', { metaKey: true })).toBe(false);
		expect(shouldNavigateInApp('wc-admin', { altKey: true })).toBe(false);
		expect(shouldNavigateInApp('wc-admin', { shiftKey: true })).toBe(false);
		expect(shouldNavigateInApp('wp-admin', {})).toBe(false);
		expect(shouldNavigateInApp('external', {})).toBe(false);
	});
});
