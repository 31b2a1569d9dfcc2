import {
	ADMIN_URL,
	CURRENCY,
	DEFAULT_CURRENCY,
	DEFAULT_LOCALE,
	LOCALE,
	START_OF_WEEK,
	TIME_ZONE,
	enqueueScript,
	getAdminLink,
	getSetting,
	resetSettingsForTests,
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

describe('@abacus/settings constants', () => {
	afterEach(() => setSettingsForTests());

	it('exposes its defaults and the remaining constants', () => {
		expect(DEFAULT_CURRENCY).toEqual(CURRENCY());
		expect(DEFAULT_LOCALE.weekdaysShort).toHaveLength(7);
		expect(TIME_ZONE()).toBe('UTC');
		setSettingsForTests({
			timeZone: 'Europe/Paris',
			locale: { userLocale: 'fr_FR' } as never,
			startOfWeek: 'x' as never,
		});
		expect(TIME_ZONE()).toBe('Europe/Paris');
		expect(LOCALE()).toMatchObject({ userLocale: 'fr_FR', siteLocale: 'en_US' });
		expect(START_OF_WEEK()).toBe(0);
	});

	it('resetSettingsForTests drops injected settings', () => {
		setSettingsForTests({ siteTitle: 'Injected' });
		resetSettingsForTests();
		expect(getSetting('siteTitle', 'none')).toBe('none');
	});
});
