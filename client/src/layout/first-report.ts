/**
 * The report page the address opens, and the early asking of its first view's figures (start.ts):
 * kept apart from the layout's components, so that the app's first script can ask for them before
 * the components' scripts have run.
 */
import type { AnySelect } from '@abacus/data';

import { REPORT_FIRST_VIEWS } from '../analytics/reports/first-views.js';
import { isInsideWordPress, isInsideWordPressAdmin } from '../base/host.js';
import { getOperator } from '../engine/operator-session.js';
import { matchRoute, type ReportSlug } from './routes.js';
import { firstLocation } from './use-location.js';

/**
 * The report page of the page's first location, as Layout reads it (inside wp-admin with the kept
 * date range), and its query; null when the page is no report, or on the engine's own page while
 * no store is chosen.
 */
export function firstReport(): { report: ReportSlug; query: Record<string, unknown> } | null {
	const { path, query } = firstLocation(isInsideWordPress());
	const route = matchRoute(path);
	if (route.page !== 'report') return null;
	const operator = isInsideWordPressAdmin() ? null : getOperator();
	if (operator !== null && operator.store === null) return null;
	return { report: route.report, query };
}

/**
 * Asks for the figures of the first view of the report page the address opens (its tiles, chart
 * and table: the selections its module waits for before it is drawn), from the settings already
 * in the stores. Returns the report asked for, or null (no report page, or one whose first view
 * is not waited for). A failure is left to the page's own drawing, which asks again and shows it.
 */
export function askFirstView(select: AnySelect): ReportSlug | null {
	const page = firstReport();
	const firstView = page ? REPORT_FIRST_VIEWS[page.report] : undefined;
	if (!page || !firstView) return null;
	try {
		firstView(select, page.query);
	} catch {
		return null;
	}
	return page.report;
}
