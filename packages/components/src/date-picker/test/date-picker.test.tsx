import { fireEvent, render, screen } from '@testing-library/react';
import moment from 'moment';
import { useState } from 'react';

import { DatePicker } from '../index.js';
import type { DatePickerUpdate } from '../index.js';

function Controlled({ onUpdate }: { onUpdate: (update: DatePickerUpdate) => void }) {
	const [state, setState] = useState<DatePickerUpdate>({ date: null, text: '', error: null });
	return (
		<DatePicker
			dateFormat="MM/DD/YYYY"
			date={state.date}
			text={state.text}
			error={state.error}
			label="Registered"
			onUpdate={(update) => {
				setState(update);
				onUpdate(update);
			}}
		/>
	);
}

describe('DatePicker', () => {
	it('parses MM/DD/YYYY and ISO text', () => {
		const onUpdate = jest.fn();
		render(<Controlled onUpdate={onUpdate} />);
		const input = screen.getByLabelText('Registered');
		fireEvent.change(input, { target: { value: '03/15/2021' } });
		expect(onUpdate.mock.lastCall[0].date.format('YYYY-MM-DD')).toBe('2021-03-15');
		fireEvent.change(input, { target: { value: '2020-01-02' } });
		expect(onUpdate.mock.lastCall[0].date.format('YYYY-MM-DD')).toBe('2020-01-02');
		expect(screen.queryByRole('alert')).not.toBeInTheDocument();
	});

	it('shows the spec messages for bad and future dates', () => {
		render(<Controlled onUpdate={jest.fn()} />);
		const input = screen.getByLabelText('Registered');
		fireEvent.change(input, { target: { value: '13/45/2021' } });
		expect(screen.getByRole('alert')).toHaveTextContent('Invalid date');
		fireEvent.change(input, {
			target: { value: moment().add(1, 'year').format('MM/DD/YYYY') },
		});
		expect(screen.getByRole('alert')).toHaveTextContent('Select a date in the past');
		fireEvent.change(input, { target: { value: '' } });
		expect(screen.queryByRole('alert')).not.toBeInTheDocument();
	});

	it('picks a day from the calendar and refuses future days', () => {
		const onUpdate = jest.fn();
		render(<Controlled onUpdate={onUpdate} />);
		fireEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
		const tomorrow = moment().add(1, 'day');
		if (tomorrow.month() === moment().month()) {
			expect(
				screen.getByRole('button', {
					name: `${tomorrow.format('dddd, MMMM D, YYYY')} is not selectable.`,
				}),
			).toBeInTheDocument();
		}
		const today = moment();
		fireEvent.click(screen.getByRole('button', { name: today.format('dddd, MMMM D, YYYY') }));
		expect(onUpdate.mock.lastCall[0].text).toBe(today.format('MM/DD/YYYY'));
		expect(screen.getByLabelText('Registered')).toHaveValue(today.format('MM/DD/YYYY'));
	});

	it('closes the calendar on Escape and returns focus to its button', () => {
		render(<Controlled onUpdate={jest.fn()} />);
		fireEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
		const today = moment();
		const day = screen.getByRole('button', { name: today.format('dddd, MMMM D, YYYY') });
		fireEvent.keyDown(day, { key: 'Escape' });
		expect(screen.queryByRole('grid')).not.toBeInTheDocument();
		expect(screen.getByRole('button', { name: 'Open calendar' })).toHaveFocus();
	});
});
