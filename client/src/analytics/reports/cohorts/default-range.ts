/**
 * The range Cohorts opens on: a cohort view needs months of history, so without a range chosen in
 * the address (no `period`, `compare`, `after` or `before`) it shows the last 12 months: the
 * first day of the month 11 months back up to today (store time), 12 monthly cohorts. A range
 * the person chose (or a saved view's) is kept as it is.
 */
import { getStoreTimeZoneMoment, isoDateFormat } from '@abacus/date';

/** How many months Cohorts shows when no range is chosen. */
export const DEFAULT_COHORT_MONTHS = 12;

const RANGE_KEYS = ['period', 'compare', 'after', 'before'] as const;

/** Whether the address chooses a date range. */
export function choosesRange(query: Record<string, unknown>): boolean {
	return RANGE_KEYS.some((key) => {
		const value = query[key];
		return typeof value === 'string' ? value !== '' : value !== undefined && value !== null;
	});
}

/** `query` with the last 12 months as its range unless it chooses one; `now` in store time. */
export function withCohortsDefaultRange(
	query: Record<string, unknown>,
	now = getStoreTimeZoneMoment(),
): Record<string, unknown> {
	if (choosesRange(query)) return query;
	return {
		...query,
		period: 'custom',
		compare: 'previous_year',
		after: now
			.clone()
			.startOf('month')
			.subtract(DEFAULT_COHORT_MONTHS - 1, 'months')
			.format(isoDateFormat),
		before: now.clone().format(isoDateFormat),
	};
}
