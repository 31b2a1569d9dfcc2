/**
 * @abacus/settings: reads the settings object the admin page injects (`window.abacusSettings`).
 * The object is read lazily, once, on first use: nothing touches a global at import time, and a host
 * without the global (tests, other pages, node) gets the documented defaults.
 */
import type { AbacusSettings, CurrencySettings, LocaleSettings } from './types.js';

export type { AbacusSettings, CurrencySettings, LocaleSettings, CurrentUserData } from './types.js';

/** Settings that change while the page lives: read them from the data stores instead. */
const MUTABLE_SETTINGS = ['wcAdminSettings', 'preloadSettings'] as const;

export const DEFAULT_CURRENCY: CurrencySettings = {
	code: 'USD',
	symbol: '$',
	symbolPosition: 'left',
	thousandSeparator: ',',
	decimalSeparator: '.',
	precision: 2,
};

export const DEFAULT_LOCALE: LocaleSettings = {
	siteLocale: 'en_US',
	userLocale: 'en_US',
	weekdaysShort: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

let snapshot: Partial<AbacusSettings> | null = null;

function read(): Partial<AbacusSettings> {
	if (snapshot) return snapshot;
	const source = typeof window !== 'undefined' ? window.abacusSettings : undefined;
	snapshot = source && typeof source === 'object' ? { ...source } : {};
	return snapshot;
}

/**
 * Replaces the settings snapshot (tests, or hosts that receive settings another way). Pass nothing
 * to read `window.abacusSettings` again on next use.
 */
export function setSettingsForTests(settings?: Partial<AbacusSettings>): void {
	snapshot = settings ? { ...settings } : null;
}

/** Alias kept for symmetry with `setSettingsForTests`. */
export const resetSettingsForTests = (): void => setSettingsForTests();

type Name = keyof AbacusSettings | string;

function assertReadable(name: Name, verb: string): void {
	if ((MUTABLE_SETTINGS as readonly string[]).includes(name)) {
		throw new Error(
			`Mutable settings should be ${verb === 'get' ? 'read' : 'written'} through the data stores, not with ${verb}Setting('${name}').`,
		);
	}
}

/**
 * A setting by name, or the fallback when it is absent; `filter` transforms the value before it is
 * returned. Throws for `wcAdminSettings` and `preloadSettings` (read those from the data stores).
 */
export function getSetting<T = unknown>(
	name: Name,
	fallback: T | false = false,
	filter: (value: T) => T = (value) => value,
): T {
	assertReadable(name, 'get');
	const settings = read() as Record<string, unknown>;
	const value =
		name in settings && settings[name] !== undefined ? (settings[name] as T) : (fallback as T);
	return filter(value);
}

/**
 * Sets a setting in the snapshot (deprecated: settings are read-only in normal use).
 * Throws for `wcAdminSettings` and `preloadSettings`.
 */
export function setSetting<T = unknown>(
	name: Name,
	value: T,
	filter: (value: T) => T = (v) => v,
): void {
	assertReadable(name, 'set');
	(read() as Record<string, unknown>)[name] = filter(value);
}

/** The admin URL plus a path: getAdminLink('admin.php?page=abacus'). */
export function getAdminLink(path: string): string {
	return `${ADMIN_URL()}${path}`;
}

/** Adds a script tag (id `<handle>-js`) unless present; resolves when it has loaded. */
export function enqueueScript({ handle, src }: { handle: string; src: string }): Promise<void> {
	return new Promise((resolve, reject) => {
		if (typeof document === 'undefined') {
			reject(new Error('enqueueScript needs a document.'));
			return;
		}
		const id = `${handle}-js`;
		if (document.getElementById(id)) {
			resolve();
			return;
		}
		const script = document.createElement('script');
		script.id = id;
		script.src = src;
		script.onload = () => resolve();
		script.onerror = () => reject(new Error(`The script ${src} could not be loaded.`));
		document.body.appendChild(script);
	});
}

/* Constants, as functions of the lazily read snapshot. */

/** Absolute wp-admin URL ending with '/'. Default '/wp-admin/'. */
export const ADMIN_URL = (): string => getSetting<string>('adminUrl', '/wp-admin/');
/** Country code → name. Default {}. */
export const COUNTRIES = (): Record<string, string> =>
	getSetting<Record<string, string>>('countries', {});
/** The store currency with defaults for missing fields. */
export const CURRENCY = (): CurrencySettings => {
	const currency = {
		...DEFAULT_CURRENCY,
		...getSetting<Partial<CurrencySettings>>('currency', {}),
	};
	// Pages may print the precision as a string ('2').
	const precision = parseInt(String(currency.precision), 10);
	return {
		...currency,
		precision: Number.isNaN(precision) ? DEFAULT_CURRENCY.precision : precision,
	};
};
/** Locale settings with defaults. */
export const LOCALE = (): LocaleSettings => ({
	...DEFAULT_LOCALE,
	...getSetting<Partial<LocaleSettings>>('locale', {}),
});
/** Order statuses without the 'wc-' prefix → label. */
export const ORDER_STATUSES = (): Record<string, string> =>
	getSetting<Record<string, string>>('orderStatuses', {});
/** The site title. Default ''. */
export const SITE_TITLE = (): string => getSetting<string>('siteTitle', '');
/** Base URL of static assets. Default ''. */
export const WC_ASSET_URL = (): string => getSetting<string>('assetUrl', '');
/** Store time zone: IANA name or offset. Default 'UTC'. */
export const TIME_ZONE = (): string => getSetting<string>('timeZone', 'UTC');
/** First day of the week, 0 = Sunday. Default 1. */
export const START_OF_WEEK = (): number => Number(getSetting<number>('startOfWeek', 1)) || 0;
