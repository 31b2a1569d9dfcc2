/**
 * Constants shared by the Abacus data stores and report helpers.
 */

/** Largest page size the REST API accepts. */
export const MAX_PER_PAGE = 100;

/** Default report query values. */
export const QUERY_DEFAULTS = {
	pageSize: 25,
	period: 'month',
	compare: 'previous_year',
	noteTypes: ['info', 'marketing', 'survey', 'warning'],
} as const;

/** REST namespace of the analytics endpoints. */
export const NAMESPACE = '/wc-analytics';
/** REST namespace of the admin endpoints (options, plugins, onboarding, navigation). */
export const WC_ADMIN_NAMESPACE = '/wc-admin';
/** REST namespace of subscription endpoints. */
export const WCS_NAMESPACE = '/wc/v1';
/** REST namespace of the site-connection endpoints. */
export const JETPACK_NAMESPACE = '/jetpack/v4';

/** Milliseconds in a second. */
export const SECOND = 1000;
/** Milliseconds in a minute. */
export const MINUTE = 60 * SECOND;
/** Milliseconds in an hour. */
export const HOUR = 60 * MINUTE;
/** Milliseconds in a day. */
export const DAY = 24 * HOUR;
/** Milliseconds in a week. */
export const WEEK = 7 * DAY;
/** Milliseconds in a month (365 days / 12). */
export const MONTH = (365 * DAY) / 12;

/** Default freshness requirement of cached data. */
export const DEFAULT_REQUIREMENT = { timeout: MINUTE, freshness: 30 * MINUTE } as const;

/** Order statuses that need the store's attention by default. */
export const DEFAULT_ACTIONABLE_STATUSES = ['processing', 'on-hold'] as const;
