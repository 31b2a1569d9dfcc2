/**
 * @jest-environment jsdom
 */
import type * as Settings from '../index.js';
import {
	COUNTRIES,
	CURRENCY,
	ORDER_STATUSES,
	SITE_TITLE,
	WC_ASSET_URL,
	enqueueScript,
	getSetting,
	resetSettingsForTests,
	setSettingsForTests,
} from '../index.js';

describe('@abacus/settings in a page', () => {
	afterEach(() => {
		delete window.abacusSettings;
		resetSettingsForTests();
		document.body.innerHTML = '';
	});

	it('reads window.abacusSettings on first use, not at import, and only once', () => {
		window.abacusSettings = {
			siteTitle: 'Corner Shop',
			assetUrl: '/assets/',
			countries: { FR: 'France' },
			orderStatuses: { completed: 'Completed' },
		};
		expect(SITE_TITLE()).toBe('Corner Shop');
		expect(WC_ASSET_URL()).toBe('/assets/');
		expect(COUNTRIES()).toEqual({ FR: 'France' });
		expect(ORDER_STATUSES()).toEqual({ completed: 'Completed' });
		window.abacusSettings = { siteTitle: 'Changed later' };
		expect(SITE_TITLE()).toBe('Corner Shop');
		resetSettingsForTests();
		expect(SITE_TITLE()).toBe('Changed later');
	});

	it('does not touch the global at import and reads it a single time', () => {
		let reads = 0;
		Object.defineProperty(window, 'abacusSettings', {
			configurable: true,
			get: () => {
				reads += 1;
				return { siteTitle: 'Counted' };
			},
		});
		jest.isolateModules(() => {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const fresh = require('../index.js') as typeof Settings;
			expect(reads).toBe(0);
			expect(fresh.SITE_TITLE()).toBe('Counted');
			expect(fresh.getSetting('siteTitle')).toBe('Counted');
			expect(fresh.ADMIN_URL()).toBe('/wp-admin/');
		});
		expect(reads).toBe(1);
		delete (window as { abacusSettings?: unknown }).abacusSettings;
	});

	it('passes the fallback through the filter when the setting is missing', () => {
		expect(getSetting<string>('siteTitle', 'none', (v) => `${v}!`)).toBe('none!');
	});

	it('ignores a global that is not an object', () => {
		(window as { abacusSettings?: unknown }).abacusSettings = 'broken';
		expect(SITE_TITLE()).toBe('');
		expect(CURRENCY().code).toBe('USD');
	});

	it('falls back to defaults when the global is missing', () => {
		expect(SITE_TITLE()).toBe('');
		expect(getSetting('countries', null)).toBeNull();
		expect(CURRENCY().code).toBe('USD');
	});

	it('turns a string precision from the page into a number', () => {
		setSettingsForTests({ currency: { precision: '3' } as never });
		expect(CURRENCY().precision).toBe(3);
		setSettingsForTests({ currency: { precision: 'x' } as never });
		expect(CURRENCY().precision).toBe(2);
	});

	it('enqueueScript adds one script tag per handle and resolves when it loads', async () => {
		const first = enqueueScript({ handle: 'maps', src: 'https://cdn.test/maps.js' });
		const script = document.getElementById('maps-js') as HTMLScriptElement;
		expect(script.src).toBe('https://cdn.test/maps.js');
		script.dispatchEvent(new Event('load'));
		await expect(first).resolves.toBeUndefined();
		await expect(enqueueScript({ handle: 'maps', src: '/other.js' })).resolves.toBeUndefined();
		expect(document.querySelectorAll('script')).toHaveLength(1);
	});

	it('enqueueScript rejects when the script fails to load', async () => {
		const pending = enqueueScript({ handle: 'broken', src: '/broken.js' });
		document.getElementById('broken-js')?.dispatchEvent(new Event('error'));
		await expect(pending).rejects.toThrow('/broken.js could not be loaded');
	});
});
