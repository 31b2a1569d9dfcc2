import { fireEvent, render, screen } from '@testing-library/react';
import moment from 'moment';
import { useState } from 'react';

import { DateRange } from '../index.js';
import type { DateRangeUpdate } from '../index.js';

function Harness({ onChange }: { onChange: (state: DateRangeUpdate) => void }) {
	const [state, setState] = useState<DateRangeUpdate>({});
	return (
		<DateRange
			{...state}
			shortDateFormat="MM/DD/YYYY"
			isViewportMobile={false}
			onUpdate={(update) => {
				setState((old) => {
					const next = { ...old, ...update };
					onChange(next);
					return next;
				});
			}}
		/>
	);
}

describe('DateRange', () => {
	it('takes typed ISO and MM/DD/YYYY dates and reports them', () => {
		const onChange = jest.fn();
		render(<Harness onChange={onChange} />);
		fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2021-02-01' } });
		fireEvent.change(screen.getByLabelText('End date'), { target: { value: '02/10/2021' } });
		const last = onChange.mock.calls.at(-1)[0] as DateRangeUpdate;
		expect(last.after?.format('YYYY-MM-DD')).toBe('2021-02-01');
		expect(last.before?.format('YYYY-MM-DD')).toBe('2021-02-10');
		expect(screen.queryByRole('alert')).not.toBeInTheDocument();
	});

	it('clears the error when the input is emptied', () => {
		render(<Harness onChange={jest.fn()} />);
		const start = screen.getByLabelText('Start date');
		fireEvent.change(start, { target: { value: '13/45/2021' } });
		expect(screen.getByRole('alert')).toHaveTextContent('Invalid date');
		fireEvent.change(start, { target: { value: '' } });
		expect(screen.queryByRole('alert')).not.toBeInTheDocument();
	});

	it('picks days on the calendar and marks future days not selectable', () => {
		const onChange = jest.fn();
		render(<Harness onChange={onChange} />);
		const today = moment();
		const tomorrow = today.clone().add(1, 'day');
		if (tomorrow.month() === today.month()) {
			expect(
				screen.getByRole('button', {
					name: new RegExp(`${tomorrow.format('MMMM D, YYYY')} is not selectable`),
				}),
			).toBeInTheDocument();
		}
		const first = today.clone().startOf('month');
		fireEvent.click(
			screen.getByRole('button', {
				name: new RegExp(`Select ${first.format('dddd, MMMM D, YYYY')} as a start date`),
			}),
		);
		expect(screen.getByLabelText('Start date')).toHaveValue(first.format('MM/DD/YYYY'));
	});
});
