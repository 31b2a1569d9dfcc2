/**
 * The period a forecast is for, from a report's date query: the whole current week, month,
 * quarter or year for the "to date" presets (ranges that end today), today for "Today", and a
 * custom range that ends today or later; null for ranges that are over.
 */
import { getCurrentDates, getDateParamsFromQuery, getStoreTimeZoneMoment } from '@abacus/date';
import type { Moment } from 'moment';

export interface ForecastPeriod {
	/** First and last day (YYYY-MM-DD, store time) and the store's today. */
	start: string;
	end: string;
	today: string;
}

const DAY = 'YYYY-MM-DD';

function endOfPeriod(start: Moment, period: string): Moment | null {
	switch (period) {
		case 'today':
			return start.clone();
		case 'week':
			return start.clone().add(6, 'days');
		case 'month':
			return start.clone().endOf('month');
		case 'quarter':
			return start.clone().add(3, 'months').subtract(1, 'day');
		case 'year':
			return start.clone().endOf('year');
		default:
			return null;
	}
}

export function forecastPeriodOf(
	query: Record<string, unknown>,
	defaultDateRange: string,
): ForecastPeriod | null {
	const params = getDateParamsFromQuery(query, defaultDateRange);
	const { primary } = getCurrentDates(query, defaultDateRange);
	const today = getStoreTimeZoneMoment().format(DAY);
	const start = primary.after.format(DAY);
	let end: string | null;
	if (params.period === 'custom') {
		end = primary.before.format(DAY);
	} else {
		// The "week" preset starts on the store's own first weekday.
		end = endOfPeriod(primary.after, String(params.period))?.format(DAY) ?? null;
	}
	if (!end || end < today) return null;
	return { start, end, today };
}
