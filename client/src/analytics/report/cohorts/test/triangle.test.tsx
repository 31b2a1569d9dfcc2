/**
 * The cohort triangle as a reader meets it: a cohort nobody joined shows a dash and says so (no
 * "0 %" retention of nobody); periods not reached yet are empty; the others show their value.
 */
import { render, screen, within } from '@testing-library/react';

import { Triangle } from '../triangle.js';

describe('Triangle', () => {
	it('shows a dash for a cohort without customers and the values of the others', () => {
		render(
			<Triangle
				caption="Retention by cohort"
				periodLabel={(k) => `Month ${k}`}
				rows={[
					{ key: '2026-07', label: 'July 2026', size: 0, values: [0, 0, null] },
					{ key: '2026-08', label: 'August 2026', size: 2, values: [100, 50, null] },
				]}
				formatValue={(v) => `${v} %`}
				formatSize={String}
				max={100}
			/>,
		);
		const [, july, august] = screen.getAllByRole('row');
		expect(within(july).queryByText('0 %')).toBeNull();
		expect(within(july).getAllByText('No customers in this cohort')).toHaveLength(2);
		expect(within(july).getAllByText('Not reached yet')).toHaveLength(1);
		expect(within(august).getByText('100 %')).toBeTruthy();
		expect(within(august).getByText('50 %')).toBeTruthy();
	});
});
