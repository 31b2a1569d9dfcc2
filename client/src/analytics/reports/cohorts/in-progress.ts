/**
 * Which periods of a cohort the page can show as whole: activity is counted up to the last day of
 * the range or today, whichever comes first. A period starting after that day has not been reached
 * (shown empty, even where the range runs on into the future), and the period that day falls in is
 * still running: its value is so far, not the period's (a month's retention two days into it).
 */

const DAY = 86_400_000;

const toTime = (day: string): number => Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
const toDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** The first day ('YYYY-MM-DD') of period `k` of a cohort starting on `start`. */
export function periodStart(start: string, period: 'month' | 'week', k: number): string {
	if (period === 'week') return toDay(toTime(start) + 7 * k * DAY);
	const [year, month] = start.split('-').map(Number);
	return toDay(Date.UTC(year, month - 1 + k, 1));
}

export interface ShownPeriods {
	values: Array<number | null>;
	/** The period still running on `lastDay`, when one of them is. */
	inProgress?: number;
}

/**
 * A cohort's values as shown: null from the first period starting after `lastDay` ('YYYY-MM-DD',
 * the last day counted), and `inProgress` the period that day falls in unless it ends with it.
 */
export function shownPeriods(
	values: Array<number | null>,
	start: string,
	period: 'month' | 'week',
	lastDay: string,
): ShownPeriods {
	const last = lastDay.slice(0, 10);
	let inProgress: number | undefined;
	const shown = values.map((value, k) => {
		if (value === null || periodStart(start, period, k) > last) return null;
		if (toDay(toTime(periodStart(start, period, k + 1)) - DAY) > last) inProgress = k;
		return value;
	});
	return inProgress === undefined ? { values: shown } : { values: shown, inProgress };
}
