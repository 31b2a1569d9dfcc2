import moment from 'moment';

import { choosesRange, withCohortsDefaultRange } from '../default-range.js';

describe('the range Cohorts opens on', () => {
	const now = moment.utc('2026-11-28T15:00:00Z');

	it('is the last 12 months (12 monthly cohorts) when the address chooses no range', () => {
		expect(withCohortsDefaultRange({ view: 'value' }, now)).toEqual({
			view: 'value',
			period: 'custom',
			compare: 'previous_year',
			after: '2025-12-01',
			before: '2026-11-28',
		});
		expect(withCohortsDefaultRange({ period: '' }, now)).toMatchObject({
			period: 'custom',
			after: '2025-12-01',
		});
	});

	it('keeps a range the person chose', () => {
		const chosen = [
			{ period: 'month' },
			{ period: 'custom', after: '2026-09-01', before: '2026-10-31' },
			{ compare: 'previous_period' },
		];
		for (const query of chosen) {
			expect(choosesRange(query)).toBe(true);
			expect(withCohortsDefaultRange(query, now)).toBe(query);
		}
		expect(choosesRange({ cohort_by: 'week' })).toBe(false);
	});
});
