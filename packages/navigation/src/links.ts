/**
 * Links of the admin: their types, addresses and in-app navigation.
 */
import { getSetting } from '@abacus/settings';
import { getQueryArgs } from '@wordpress/url';

import { getHistory } from './history.js';
import { ADMIN_PAGE, getNewPath, parseQueryString } from './navigation.js';

/**
 * Where a link goes: 'wc-admin' = a route of this app (navigated in place), 'wp-admin' = another
 * admin screen ('edit.php?post_type=product'), 'external' = any other address, used as is.
 */
export type LinkType = 'wp-admin' | 'wc-admin' | 'external';

function adminUrl(): string {
	const value: unknown = getSetting('adminUrl', '');
	return typeof value === 'string' ? value : '';
}

function joinAdminUrl(base: string, path: string): string {
	const relative = path.replace(/^\/+/, '');
	if (!base) {
		return relative;
	}
	return base.endsWith('/') ? base + relative : `${base}/${relative}`;
}

/**
 * The address of a link.
 * - 'wc-admin': an app route with an optional query ('/analytics/revenue?period=year') becomes
 *   `<adminUrl>admin.php?page=abacus&…&path=…`; an address already on the app page is kept.
 * - 'wp-admin': `<adminUrl>` + the path.
 * - 'external': the path unchanged.
 *
 * @example getLinkHref('/analytics/revenue', 'wc-admin', 'https://shop.test/wp-admin/')
 * // 'https://shop.test/wp-admin/admin.php?page=abacus&path=%2Fanalytics%2Frevenue'
 */
export function getLinkHref(
	path: string,
	type: LinkType = 'wc-admin',
	adminBaseUrl: string = adminUrl(),
): string {
	const target = typeof path === 'string' ? path : '';
	switch (type) {
		case 'external':
			return target;
		case 'wp-admin':
			return joinAdminUrl(adminBaseUrl, target);
		case 'wc-admin': {
			if (/^admin\.php\?/.test(target.replace(/^\/+/, ''))) {
				return joinAdminUrl(adminBaseUrl, target);
			}
			const [route = '', search = ''] = target.split('?', 2);
			const query = parseQueryString(search);
			return joinAdminUrl(adminBaseUrl, getNewPath(query, route || '/', {}));
		}
		default:
			throw new Error(
				`Unknown link type "${String(type)}": expected "wc-admin", "wp-admin" or "external".`,
			);
	}
}

/** The modifier keys of a click. */
export interface ClickModifiers {
	ctrlKey?: boolean;
	metaKey?: boolean;
	altKey?: boolean;
	shiftKey?: boolean;
}

/** Whether a click should stay in the app: a 'wc-admin' link without ctrl, meta, alt or shift. */
export function shouldNavigateInApp(type: LinkType, event: ClickModifiers = {}): boolean {
	return (
		type === 'wc-admin' && !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey
	);
}

/**
 * Goes to an address: an address of the app page (`page=abacus`) is pushed onto the app history
 * (no reload); any other address loads normally.
 */
export function navigateTo({ url }: { url: string }): void {
	const args = getQueryArgs(url);
	if (args.page === ADMIN_PAGE) {
		const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
		getHistory().push(`admin.php?${search}`);
		return;
	}
	if (typeof window !== 'undefined') {
		window.location.href = url;
	}
}
