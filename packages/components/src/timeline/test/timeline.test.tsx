import { render, screen, within } from '@testing-library/react';

import { Timeline, groupTimelineItems } from '../index.js';

const item = (iso: string, headline: string, hideTimestamp = false) => ({
	date: new Date(iso),
	icon: <span>*</span>,
	headline,
	hideTimestamp,
});

describe('Timeline', () => {
	it('says there is nothing to display when empty', () => {
		render(<Timeline items={[]} />);
		expect(screen.getByText('No data to display')).toBeInTheDocument();
	});

	it('groups items by day, newest group and newest item first, with F j, Y headings and g:ia times', () => {
		render(
			<Timeline
				items={[
					item('2024-03-01T09:05:00', 'Old order'),
					item('2024-03-02T08:00:00', 'Morning order'),
					item('2024-03-02T17:30:00', 'Evening order'),
				]}
			/>,
		);
		const groups = screen
			.getAllByRole('listitem')
			.filter((li) => li.className.includes('__group'));
		expect(groups).toHaveLength(2);
		expect(within(groups[0]).getByText('March 2, 2024')).toBeInTheDocument();
		const headlines = within(groups[0])
			.getAllByText(/order$/)
			.map((n) => n.textContent);
		expect(headlines).toEqual(['Evening order', 'Morning order']);
		expect(within(groups[0]).getByText('5:30pm')).toBeInTheDocument();
		expect(within(groups[1]).getByText('March 1, 2024')).toBeInTheDocument();
	});

	it('hides the time of an item that asks for it', () => {
		render(<Timeline items={[item('2024-03-02T17:30:00', 'Quiet', true)]} />);
		expect(screen.queryByText('5:30pm')).not.toBeInTheDocument();
	});

	it('orders ascending and groups by month when asked', () => {
		const groups = groupTimelineItems(
			[
				item('2024-02-10T10:00:00', 'b'),
				item('2024-01-05T10:00:00', 'a'),
				item('2024-02-01T10:00:00', 'c'),
			],
			'month',
			'asc',
		);
		expect(groups.map((g) => g.items.map((i) => i.headline))).toEqual([['a'], ['c', 'b']]);
	});
});
