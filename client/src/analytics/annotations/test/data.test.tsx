import { render, screen, waitFor } from '@testing-library/react';

import { notesRangeOf, chartIntervalOf } from '../chart.js';
import { useAnnotations } from '../data.js';
import { stubApiFetch } from '../../../screens/test/harness.js';

describe('notesRangeOf', () => {
	it('runs from the first interval start to the last day of the last interval, in any order', () => {
		expect(notesRangeOf(['2026-03-09', '2026-03-02 00:00:00', '2026-03-16'], 'week')).toEqual({
			after: '2026-03-02',
			before: '2026-03-22',
		});
		expect(notesRangeOf(['2026-02-01T00:00:00', '2026-01-01T00:00:00'], 'month')).toEqual({
			after: '2026-01-01',
			before: '2026-02-28',
		});
		expect(notesRangeOf(['2026-03-02', '2026-03-03'], 'day')).toEqual({
			after: '2026-03-02',
			before: '2026-03-03',
		});
	});

	it('has no range without dated rows', () => {
		expect(notesRangeOf([], 'day')).toEqual({});
		expect(notesRangeOf([undefined, 'Total'], 'day')).toEqual({});
	});

	it('reads a query interval as a chart interval, day for anything else', () => {
		expect(chartIntervalOf('month')).toBe('month');
		expect(chartIntervalOf('fortnight')).toBe('day');
		expect(chartIntervalOf(undefined)).toBe('day');
	});
});

function Notes({ label, after, before }: { label: string; after: string; before: string }) {
	const state = useAnnotations(after, before);
	return (
		<p>
			{label}: {state.status === 'ready' ? state.notes.map((n) => n.text).join(', ') : '…'}
		</p>
	);
}

describe('useAnnotations', () => {
	it('asks once for a range that a chart and a table of the same page both show', async () => {
		const calls = stubApiFetch(() => ({
			body: [
				{
					id: 1,
					date_from: '2027-01-04',
					date_to: '2027-01-04',
					text: 'Winter sale',
					url: '',
					author: { id: 1, name: 'Ada' },
					created: '2027-01-01T00:00:00Z',
					updated: '2027-01-01T00:00:00Z',
					can_edit: true,
				},
			],
		}));
		render(
			<>
				<Notes label="Chart" after="2027-01-01" before="2027-01-31" />
				<Notes label="Table" after="2027-01-01" before="2027-01-31" />
			</>,
		);
		await waitFor(() => expect(screen.getByText('Chart: Winter sale')).toBeInTheDocument());
		expect(screen.getByText('Table: Winter sale')).toBeInTheDocument();
		const asked = calls.filter((call) => call.route === 'abacus/v1/annotations');
		expect(asked).toHaveLength(1);
		expect(asked[0].query.get('after')).toBe('2027-01-01');
		expect(asked[0].query.get('before')).toBe('2027-01-31');
	});
});

describe('useAnnotations drawing', () => {
	it('draws a chart and a table of the same range again only when the answer arrives', async () => {
		stubApiFetch(() => ({ body: [] }));
		const drawn: string[] = [];
		function Counted({ label }: { label: string }) {
			const state = useAnnotations('2027-02-01', '2027-02-28');
			drawn.push(`${label} ${state.status}`);
			return (
				<p>
					{label}: {state.status}
				</p>
			);
		}
		render(
			<>
				<Counted label="Chart" />
				<Counted label="Table" />
			</>,
		);
		await waitFor(() => expect(screen.getByText('Table: ready')).toBeInTheDocument());
		expect(screen.getByText('Chart: ready')).toBeInTheDocument();
		// Once while asking, once with the answer: marking the range as asked draws nothing.
		expect(drawn).toEqual(['Chart loading', 'Table loading', 'Chart ready', 'Table ready']);
	});
});
