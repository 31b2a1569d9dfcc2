import { fireEvent, render, screen } from '@testing-library/react';

import { SegmentedSelection } from '../index.js';

describe('SegmentedSelection', () => {
	it('is a labelled radio group that reports the chosen value and skips incomplete options', () => {
		const onSelect = jest.fn();
		render(
			<SegmentedSelection
				name="period"
				legend="Period"
				selected="week"
				onSelect={onSelect}
				options={[
					{ value: 'week', label: 'Week' },
					{ value: 'month', label: 'Month' },
					{ value: 'x' },
				]}
			/>,
		);
		expect(screen.getByRole('group', { name: 'Period' })).toBeInTheDocument();
		expect(screen.getAllByRole('radio')).toHaveLength(2);
		expect(screen.getByRole('radio', { name: 'Week' })).toBeChecked();
		fireEvent.click(screen.getByRole('radio', { name: 'Month' }));
		expect(onSelect).toHaveBeenCalledWith('month');
	});
});
