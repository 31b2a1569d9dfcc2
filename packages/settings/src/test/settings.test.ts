import {
	ADMIN_URL,
	CURRENCY,
	LOCALE,
	START_OF_WEEK,
	enqueueScript,
	getAdminLink,
	getSetting,
	setSetting,
	setSettingsForTests,
} from '../index.js';

describe('@abacus/settings without a page global', () => {
	afterEach(() => setSettingsForTests());

	it('gives documented defaults when window is missing', () => {
		expect(typeof window).toBe('undefined');
		expect(getSetting('siteTitle', 'Fallback')).toBe('Fallback');
		expect(getSetting('nothing')).toBe(false);
		expect(CURRENCY()).toEqual({
			code: 'USD',
			symbol: '$',
			symbolPosition: 'left',
			thousandSeparator: ',',
			decimalSeparator: '.',
			precision: 2,
		});
		expect(LOCALE().userLocale).toBe('en_US');
		expect(ADMIN_URL()).toBe('/wp-admin/');
		expect(START_OF_WEEK()).toBe(1);
	});

	it('reads injected settings, merging currency defaults, and applies the filter', () => {
		setSettingsForTests({
			adminUrl: 'https://shop.test/wp-admin/',
			currency: { code: 'EUR', symbol: '€' } as never,
			startOfWeek: 0,
		});
		expect(getAdminLink('admin.php?page=abacus')).toBe(
			'https://shop.test/wp-admin/admin.php?page=abacus',
		);
		expect(CURRENCY()).toMatchObject({ code: 'EUR', symbol: '€', precision: 2 });
		expect(getSetting<string>('adminUrl', '', (v) => v.toUpperCase())).toBe(
			'HTTPS://SHOP.TEST/WP-ADMIN/',
		);
		expect(START_OF_WEEK()).toBe(0);
	});

	it('refuses the mutable settings', () => {
		expect(() => getSetting('wcAdminSettings')).toThrow(/data stores/);
		expect(() => setSetting('preloadSettings', {})).toThrow(/data stores/);
	});

	it('setSetting changes the snapshot', () => {
		setSetting('siteTitle', 'Shop');
		expect(getSetting('siteTitle')).toBe('Shop');
	});

	it('enqueueScript rejects without a document', async () => {
		await expect(enqueueScript({ handle: 'x', src: '/x.js' })).rejects.toThrow('document');
	});
});
