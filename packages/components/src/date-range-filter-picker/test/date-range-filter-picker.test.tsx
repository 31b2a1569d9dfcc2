import { fireEvent, render, screen } from '@testing-library/react';
import moment from 'moment';

import { DateRangeFilterPicker } from '../index.js';
import type { DateQuery } from '../index.js';

const presetQuery: DateQuery = {
	period: 'month',
	compare: 'previous_year',
	primaryDate: { label: 'Month to Date', range: 'May 1 - 10, 2021' },
	secondaryDate: { label: 'Previous Year', range: 'May 1 - 10, 2020' },
};

function open(dateQuery = presetQuery) {
	const onRangeSelect = jest.fn();
	render(<DateRangeFilterPicker dateQuery={dateQuery} onRangeSelect={onRangeSelect} />);
	fireEvent.click(screen.getByRole('button', { name: /Month to Date|Custom/ }));
	return onRangeSelect;
}

describe('DateRangeFilterPicker', () => {
	// The calendar is a lazy chunk: load it once up front so each test finds it promptly.
	beforeAll(async () => {
		await import('../../date-range/index.js');
	});

	it('shows the range and its comparison on the button', () => {
		render(<DateRangeFilterPicker dateQuery={presetQuery} onRangeSelect={jest.fn()} />);
		const button = screen.getByRole('button', { name: /Month to Date \(May 1 - 10, 2021\)/ });
		expect(button).toHaveTextContent('vs. Previous Year (May 1 - 10, 2020)');
	});

	it('applies a preset with its comparison and clears custom dates', () => {
		const onRangeSelect = open();
		expect(screen.getByRole('radio', { name: 'Last 30 Days' })).toBeInTheDocument();
		fireEvent.click(screen.getByRole('radio', { name: 'Last Quarter' }));
		fireEvent.click(screen.getByRole('radio', { name: 'Previous Period' }));
		fireEvent.click(screen.getByRole('button', { name: 'Update' }));
		expect(onRangeSelect).toHaveBeenCalledWith({
			period: 'last_quarter',
			compare: 'previous_period',
			after: undefined,
			before: undefined,
		});
	});

	it('applies typed custom dates in ISO format once both are valid', async () => {
		const onRangeSelect = open();
		fireEvent.click(screen.getByRole('tab', { name: 'Custom' }));
		const start = await screen.findByLabelText('Start date', undefined, { timeout: 5000 });
		const update = screen.getByRole('button', { name: 'Update' });
		const reset = screen.getByRole('button', { name: 'Reset' });
		expect(update).toBeDisabled();
		expect(reset).toBeDisabled();
		fireEvent.change(start, { target: { value: '03/01/2021' } });
		expect(reset).toBeEnabled();
		expect(update).toBeDisabled();
		fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2021-03-15' } });
		expect(update).toBeEnabled();
		fireEvent.click(update);
		expect(onRangeSelect).toHaveBeenCalledWith({
			period: 'custom',
			compare: 'previous_year',
			after: '2021-03-01',
			before: '2021-03-15',
		});
	});

	it('shows typed-date errors and keeps Update disabled', async () => {
		open();
		fireEvent.click(screen.getByRole('tab', { name: 'Custom' }));
		const start = await screen.findByLabelText('Start date', undefined, { timeout: 5000 });
		fireEvent.change(start, { target: { value: 'not a date' } });
		expect(screen.getByRole('alert')).toHaveTextContent('Invalid date');
		const future = moment().add(2, 'years').format('MM/DD/YYYY');
		fireEvent.change(start, { target: { value: future } });
		expect(screen.getByRole('alert')).toHaveTextContent('Select a date in the past');
		fireEvent.change(start, { target: { value: '03/10/2021' } });
		fireEvent.change(screen.getByLabelText('End date'), { target: { value: '03/01/2021' } });
		expect(screen.getByRole('alert')).toHaveTextContent('Start date must be before end date');
		expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
	});

	it('resets custom dates, and going back to Presets from a custom range picks Today', async () => {
		const onRangeSelect = open({
			...presetQuery,
			period: 'custom',
			after: '2021-03-01',
			before: '2021-03-15',
			primaryDate: { label: 'Custom', range: 'Mar 1 - 15, 2021' },
		});
		const start = await screen.findByLabelText('Start date', undefined, { timeout: 5000 });
		expect(start).toHaveValue('03/01/2021');
		fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
		expect(start).toHaveValue('');
		// Reset disables itself; focus goes to the start date instead of leaving the dropdown.
		expect(start).toHaveFocus();
		expect(screen.getByLabelText('End date')).toHaveValue('');
		expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
		fireEvent.click(screen.getByRole('tab', { name: 'Presets' }));
		expect(screen.getByRole('radio', { name: 'Today' })).toBeChecked();
		fireEvent.click(screen.getByRole('button', { name: 'Update' }));
		expect(onRangeSelect).toHaveBeenCalledWith(
			expect.objectContaining({ period: 'today', after: undefined, before: undefined }),
		);
	});

	it("opens the keyboard shortcuts on '?' instead of typing it", async () => {
		open();
		fireEvent.click(screen.getByRole('tab', { name: 'Custom' }));
		const start = await screen.findByLabelText('Start date', undefined, { timeout: 5000 });
		fireEvent.keyDown(start, { key: '?' });
		expect(screen.getByRole('dialog', { name: 'Keyboard Shortcuts' })).toBeInTheDocument();
		expect(start).toHaveValue('');
	});
});
