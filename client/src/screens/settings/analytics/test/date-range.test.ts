import { parseDateRange } from '../date-range.js';

describe('parseDateRange', () => {
	it('reads the stored range, HTML ampersands included', () => {
		expect(parseDateRange('period=last_week&amp;compare=previous_period')).toEqual({
			period: 'last_week',
			compare: 'previous_period',
		});
	});

	it('falls back to month against the previous year for anything unusable', () => {
		expect(parseDateRange(undefined)).toEqual({ period: 'month', compare: 'previous_year' });
		expect(parseDateRange('period=custom&compare=nope')).toEqual({
			period: 'month',
			compare: 'previous_year',
		});
	});
});
