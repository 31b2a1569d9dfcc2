/**
 * Which periods of a cohort are whole, running or not reached, for the day activity is counted to.
 */
import { periodStart, shownPeriods } from '../in-progress.js';

describe('cohort periods', () => {
	it('steps months across years and weeks by seven days', () => {
		expect(periodStart('2026-11-01', 'month', 0)).toBe('2026-11-01');
		expect(periodStart('2026-11-01', 'month', 2)).toBe('2027-01-01');
		expect(periodStart('2026-11-29', 'week', 1)).toBe('2026-12-06');
	});

	it('marks the month running on the last day counted, so far', () => {
		// Counted to December 2: October's Month 2 (December) is running; November's Month 1 too.
		expect(shownPeriods([100, 25, 0, 0], '2026-10-01', 'month', '2026-12-02')).toEqual({
			values: [100, 25, 0, null],
			inProgress: 2,
		});
		expect(shownPeriods([100, 0, null], '2026-11-01', 'month', '2026-12-02')).toEqual({
			values: [100, 0, null],
			inProgress: 1,
		});
	});

	it('leaves a period ending on the last day counted whole', () => {
		expect(shownPeriods([100, 40, 30], '2025-10-01', 'month', '2025-12-31')).toEqual({
			values: [100, 40, 30],
		});
		// A week from Sunday November 23 to Saturday November 29, counted to the 29th.
		expect(shownPeriods([100, 10], '2026-11-16', 'week', '2026-11-29')).toEqual({
			values: [100, 10],
		});
	});

	it('empties the periods after the last day counted, where the range runs into the future', () => {
		// A range to December 31 seen on December 2: the weeks after this one have not come.
		expect(shownPeriods([100, 5, 0, 0, 0], '2026-11-23', 'week', '2026-12-02')).toEqual({
			values: [100, 5, null, null, null],
			inProgress: 1,
		});
	});
});
