/**
 * Inside wp-admin, the date range follows the person from report to report as in WooCommerce's
 * Analytics: WordPress's Abacus submenu links are whole page loads without the range, so the
 * range last chosen (period, compare, after, before) is kept for the browser tab
 * (sessionStorage), applied when a date-aware page opens without a range in its address, and
 * written into the submenu's links (a link opened in a new tab carries it too).
 */
import { getNewPath, pathIsExcluded } from '@abacus/navigation';

import { matchRoute } from './routes.js';

/** The query keys of the date range. */
export const DATE_KEYS = ['period', 'compare', 'after', 'before'] as const;

const STORAGE_KEY = 'abacus-date-range';

type DateQuery = Partial<Record<(typeof DATE_KEYS)[number], string>>;

/** Whether a page shows figures of a date range (the dashboard, reports and analyses). */
export function usesDateRange(path: string): boolean {
	const route = matchRoute(path);
	if (route.page === 'dashboard' || route.page === 'analysis') return true;
	return route.page === 'report' && !pathIsExcluded(route.path);
}

/** The date range of a query, or null when it has none. */
export function dateQueryOf(query: Record<string, unknown>): DateQuery | null {
	const out: DateQuery = {};
	for (const key of DATE_KEYS) {
		const value = query[key];
		if (typeof value === 'string' && value !== '') out[key] = value;
	}
	return Object.keys(out).length ? out : null;
}

function storage(): Storage | null {
	try {
		return typeof window !== 'undefined' ? window.sessionStorage : null;
	} catch {
		return null;
	}
}

/** The range kept for this tab, or null. */
export function readKeptDates(): DateQuery | null {
	const raw = storage()?.getItem(STORAGE_KEY);
	if (!raw) return null;
	try {
		const parsed = JSON.parse(raw) as unknown;
		return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
			? dateQueryOf(parsed as Record<string, unknown>)
			: null;
	} catch {
		return null;
	}
}

/**
 * Follows a location: keeps its range when it has one; returns the address to replace it with
 * when it is a date-aware page without a range and a range is kept; null otherwise.
 */
export function followDates(path: string, query: Record<string, unknown>): string | null {
	if (!usesDateRange(path)) return null;
	const dates = dateQueryOf(query);
	if (dates) {
		try {
			storage()?.setItem(STORAGE_KEY, JSON.stringify(dates));
		} catch {
			// Storage full or refused: the range is simply not kept.
		}
		return null;
	}
	const kept = readKeptDates();
	return kept ? getNewPath(kept, path, query, 'abacus') : null;
}

/**
 * Writes the kept range into WordPress's Abacus menu links (`#adminmenu`) of date-aware pages;
 * links to other pages are left as they are.
 */
export function updateMenuLinks(root: ParentNode = document): void {
	const kept = readKeptDates();
	if (!kept) return;
	for (const link of root.querySelectorAll<HTMLAnchorElement>(
		'#adminmenu a[href*="page=abacus"]',
	)) {
		let url: URL;
		try {
			url = new URL(link.href, window.location.href);
		} catch {
			continue;
		}
		if (url.searchParams.get('page') !== 'abacus') continue;
		const path = url.searchParams.get('path') ?? '/';
		if (!usesDateRange(path)) continue;
		for (const key of DATE_KEYS) {
			const value = kept[key];
			if (value === undefined) url.searchParams.delete(key);
			else url.searchParams.set(key, value);
		}
		link.href = url.toString();
	}
}
