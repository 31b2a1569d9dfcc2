import { act, fireEvent, render, screen } from '@testing-library/react';
import moment from 'moment';
import { useState } from 'react';

import { DateRange, pickRangeDay } from '../index.js';
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

	it('sets the end date next, then reads it as selected', () => {
		const onChange = jest.fn();
		render(<Harness onChange={onChange} />);
		const first = moment().startOf('month');
		const second = first.clone().add(1, 'day');
		if (second.isAfter(moment(), 'day')) return;
		fireEvent.click(
			screen.getByRole('button', {
				name: `Select ${first.format('dddd, MMMM D, YYYY')} as a start date.`,
			}),
		);
		fireEvent.click(
			screen.getByRole('button', {
				name: `Select ${second.format('dddd, MMMM D, YYYY')} as an end date.`,
			}),
		);
		expect(screen.getByLabelText('End date')).toHaveValue(second.format('MM/DD/YYYY'));
		expect(
			screen.getByRole('button', {
				name: `Selected. ${second.format('dddd, MMMM D, YYYY')}`,
			}),
		).toBeInTheDocument();
	});

	it('opens the keyboard shortcuts on ? instead of typing it', () => {
		render(<Harness onChange={jest.fn()} />);
		const start = screen.getByLabelText('Start date');
		fireEvent.keyDown(start, { key: '?' });
		expect(screen.getByRole('dialog', { name: 'Keyboard Shortcuts' })).toBeInTheDocument();
		expect(start).toHaveValue('');
		fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: 'Escape' });
		expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
	});

	it('names the month navigation and shows MMMM YYYY captions', () => {
		render(<Harness onChange={jest.fn()} />);
		expect(
			screen.getByRole('button', { name: 'Move backward to switch to the previous month.' }),
		).toBeInTheDocument();
		expect(screen.getByText(moment().format('MMMM YYYY'))).toBeInTheDocument();
	});
});

describe('calendar keyboard', () => {
	it('moves by a day with the arrows, at most once per 300 ms', () => {
		jest.useFakeTimers({ now: new Date(2021, 2, 10, 12) });
		try {
			render(<Harness onChange={jest.fn()} />);
			const name = (iso: string) => new RegExp(moment(iso).format('dddd, MMMM D, YYYY'));
			const first = screen.getByRole('button', { name: name('2021-03-01') });
			act(() => first.focus());
			fireEvent.keyDown(first, { key: 'ArrowRight' });
			const second = screen.getByRole('button', { name: name('2021-03-02') });
			expect(second).toHaveFocus();
			fireEvent.keyDown(second, { key: 'ArrowRight' });
			expect(second).toHaveFocus();
			jest.setSystemTime(new Date(2021, 2, 10, 12, 0, 1));
			fireEvent.keyDown(second, { key: 'ArrowRight' });
			expect(screen.getByRole('button', { name: name('2021-03-03') })).toHaveFocus();
		} finally {
			jest.useRealTimers();
		}
	});
});

describe('pickRangeDay', () => {
	const day = (iso: string) => moment(iso, 'YYYY-MM-DD');
	const iso = (value: moment.Moment | null) => (value ? value.format('YYYY-MM-DD') : null);

	it('clears the end when the new start is later than the end', () => {
		const next = pickRangeDay(
			day('2021-03-20'),
			'startDate',
			day('2021-03-01'),
			day('2021-03-10'),
		);
		expect([iso(next.after), iso(next.before), next.focusedInput]).toEqual([
			'2021-03-20',
			null,
			'endDate',
		]);
	});

	it('clears the end when it is earlier than start plus the minimum nights', () => {
		const next = pickRangeDay(day('2021-03-10'), 'startDate', null, day('2021-03-10'));
		expect(iso(next.before)).toBeNull();
		const kept = pickRangeDay(day('2021-03-09'), 'startDate', null, day('2021-03-10'));
		expect(iso(kept.before)).toBe('2021-03-10');
	});

	it('takes an end before the start as the new start', () => {
		const next = pickRangeDay(day('2021-02-01'), 'endDate', day('2021-03-01'), null);
		expect([iso(next.after), iso(next.before), next.focusedInput]).toEqual([
			'2021-02-01',
			null,
			'endDate',
		]);
		const end = pickRangeDay(day('2021-03-05'), 'endDate', day('2021-03-01'), null);
		expect([iso(end.after), iso(end.before), end.focusedInput]).toEqual([
			'2021-03-01',
			'2021-03-05',
			'startDate',
		]);
	});
});
