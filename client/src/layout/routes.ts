/**
 * The pages of the app and how a `path` query value maps to one of them.
 */
import { __ } from '@wordpress/i18n';

import { METRIC_REPORTS, isMetricReport, type MetricReport } from '@abacus/metrics';

/** A page the router can show. */
export type Route =
	| { page: 'dashboard'; path: string }
	| { page: 'settings'; path: string }
	| { page: 'report'; path: string; report: ReportSlug }
	| { page: 'analysis'; path: string; analysis: AnalysisSlug }
	| { page: 'not-found'; path: string };

/**
 * The report pages: the reports of the shared catalogue (`METRIC_REPORTS` of @abacus/metrics), the
 * same list the server's export route accepts.
 */
export const REPORT_SLUGS: readonly MetricReport[] = METRIC_REPORTS;

export type ReportSlug = MetricReport;

/** Whether a string names a report (own names only: `constructor` is not a report). */
export function isReportSlug(value: string): value is ReportSlug {
	return isMetricReport(value);
}

/**
 * Analyses that are not metric reports (no tiles/table of the catalogue): their own pages under
 * `/analytics/<slug>`.
 */
export const ANALYSIS_SLUGS = ['order-times', 'cohorts', 'stores'] as const;

export type AnalysisSlug = (typeof ANALYSIS_SLUGS)[number];

const isAnalysisSlug = (value: string): value is AnalysisSlug =>
	(ANALYSIS_SLUGS as readonly string[]).includes(value);

/** Normalises a path: leading '/', no trailing '/', no repeated slashes; '' → '/'. */
export function normalizePath(path: unknown): string {
	if (typeof path !== 'string') {
		return '/';
	}
	const parts = path.split('/').filter(Boolean);
	return parts.length ? `/${parts.join('/')}` : '/';
}

/**
 * The page for a path: `/` and `/analytics/overview` → dashboard, `/analytics/settings`,
 * `/customers` and `/analytics/<report>` → report; anything else → not-found.
 */
export function matchRoute(rawPath: unknown): Route {
	const path = normalizePath(rawPath);
	if (path === '/' || path === '/analytics' || path === '/analytics/overview') {
		return { page: 'dashboard', path };
	}
	if (path === '/analytics/settings') {
		return { page: 'settings', path };
	}
	if (path === '/customers') {
		return { page: 'report', path, report: 'customers' };
	}
	const match = /^\/analytics\/([a-z-]+)$/.exec(path);
	if (match && isReportSlug(match[1]) && match[1] !== 'customers') {
		return { page: 'report', path, report: match[1] };
	}
	if (match && isAnalysisSlug(match[1])) {
		return { page: 'analysis', path, analysis: match[1] };
	}
	return { page: 'not-found', path };
}

/** An entry of the left menu. */
export interface MenuEntry {
	path: string;
	label: string;
	/** Whether the persisted time query is carried on the link. */
	keepsTimeQuery: boolean;
}

/**
 * The Analytics menu, in order. `storeGroup`: the server serves more than one store (an engine's
 * own admin page), so the Stores report is listed.
 */
export function getMenuEntries(options: { storeGroup?: boolean } = {}): MenuEntry[] {
	return [
		{ path: '/analytics/overview', label: __('Overview', 'abacus'), keepsTimeQuery: true },
		...(options.storeGroup
			? [{ path: '/analytics/stores', label: __('Stores', 'abacus'), keepsTimeQuery: true }]
			: []),
		{ path: '/analytics/revenue', label: __('Revenue', 'abacus'), keepsTimeQuery: true },
		{ path: '/analytics/orders', label: __('Orders', 'abacus'), keepsTimeQuery: true },
		{ path: '/analytics/products', label: __('Products', 'abacus'), keepsTimeQuery: true },
		{ path: '/analytics/variations', label: __('Variations', 'abacus'), keepsTimeQuery: true },
		{ path: '/analytics/categories', label: __('Categories', 'abacus'), keepsTimeQuery: true },
		{ path: '/analytics/profit', label: __('Profit', 'abacus'), keepsTimeQuery: true },
		{ path: '/analytics/coupons', label: __('Coupons', 'abacus'), keepsTimeQuery: true },
		{ path: '/analytics/taxes', label: __('Taxes', 'abacus'), keepsTimeQuery: true },
		{ path: '/analytics/downloads', label: __('Downloads', 'abacus'), keepsTimeQuery: true },
		{
			path: '/analytics/payment-methods',
			label: __('Payment methods', 'abacus'),
			keepsTimeQuery: true,
		},
		{
			path: '/analytics/shipping-methods',
			label: __('Shipping methods', 'abacus'),
			keepsTimeQuery: true,
		},
		{ path: '/analytics/origins', label: __('Order origin', 'abacus'), keepsTimeQuery: true },
		{ path: '/analytics/places', label: __('Places', 'abacus'), keepsTimeQuery: true },
		{
			path: '/analytics/order-times',
			label: __('When orders come', 'abacus'),
			keepsTimeQuery: true,
		},
		{ path: '/analytics/cohorts', label: __('Cohorts', 'abacus'), keepsTimeQuery: true },
		{ path: '/analytics/stock', label: __('Stock', 'abacus'), keepsTimeQuery: false },
		{ path: '/customers', label: __('Customers', 'abacus'), keepsTimeQuery: false },
		{ path: '/analytics/settings', label: __('Settings', 'abacus'), keepsTimeQuery: false },
	];
}

/**
 * Breadcrumb labels of a route (the last one is the page title). Inside wp-admin, `menuTitle` is the
 * name of WordPress's menu entry holding the Abacus pages ("Abacus"): it is then the root of every
 * Abacus page, Customers included, so that the breadcrumbs name the menu the person clicked.
 */
export function getBreadcrumbs(route: Route, reportTitle?: string, menuTitle?: string): string[] {
	const root = menuTitle ?? __('Analytics', 'abacus');
	switch (route.page) {
		case 'dashboard':
			return [root, __('Overview', 'abacus')];
		case 'settings':
			return [root, __('Settings', 'abacus')];
		case 'report':
			if (route.report === 'customers') {
				const customers = __('Customers', 'abacus');
				return menuTitle ? [menuTitle, customers] : [customers];
			}
			return [root, reportTitle ?? route.report];
		case 'analysis':
			return [root, reportTitle ?? route.analysis];
		default:
			return [__('Page not found', 'abacus')];
	}
}

/** Query keys whose change does not send the table back to page 1. */
const PAGED_NEUTRAL_KEYS = new Set(['chartType', 'filter', 'paged', 'chart']);

/**
 * Whether moving from `previous` to `next` must reset `paged` to 1: some other parameter changed
 * while `paged` stayed the same and is past page 1.
 */
export function shouldResetPaged(
	previous: Record<string, unknown>,
	next: Record<string, unknown>,
): boolean {
	if (next.paged === undefined || String(next.paged) === '1') {
		return false;
	}
	if (String(previous.paged ?? '') !== String(next.paged)) {
		return false;
	}
	const keys = new Set([...Object.keys(previous), ...Object.keys(next)]);
	for (const key of keys) {
		if (PAGED_NEUTRAL_KEYS.has(key)) {
			continue;
		}
		if (JSON.stringify(previous[key]) !== JSON.stringify(next[key])) {
			return true;
		}
	}
	return false;
}
