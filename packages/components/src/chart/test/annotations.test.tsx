import { act, fireEvent, render, screen, within } from '@testing-library/react';

import { Chart, placeAnnotations, type ChartAnnotation, type ChartRow } from '../index.js';

const makeData = (days: number, step = 1): ChartRow[] =>
	Array.from({ length: days }, (_, i) => ({
		date: new Date(Date.UTC(2026, 0, 1 + i * step)).toISOString().slice(0, 10) + 'T00:00:00',
		a: { value: 10 + i, label: 'Net sales' },
	}));

const notes: ChartAnnotation[] = [
	{ id: 1, date: '2026-01-02', text: 'Spring sale e-mail' },
	{ id: 2, date: '2026-01-03', dateEnd: '2026-01-04', text: 'Checkout <b>outage</b>' },
	{ id: 3, date: '2025-12-01', text: 'Before the chart' },
];

// The default width is 600 px: 80 px left margin, 490 px of dates (4 dates: 122.5 px each).
const at = (index: number, count = 4) => 80 + (490 / count) * index + 5;

describe('placeAnnotations', () => {
	it('places a note on every row its days meet, by day and by week, and leaves out the others', () => {
		expect(placeAnnotations(makeData(4), notes, 'day')).toEqual([
			{ annotation: notes[0], first: 1, last: 1 },
			{ annotation: notes[1], first: 2, last: 3 },
		]);
		// Weeks starting Jan 1, 8, 15: Jan 9 to Jan 16 meets the second and third week.
		const weeks = makeData(3, 7);
		expect(
			placeAnnotations(
				weeks,
				[{ id: 'w', date: '2026-01-09', dateEnd: '2026-01-16', text: 'x' }],
				'week',
			),
		).toEqual([{ annotation: expect.objectContaining({ id: 'w' }), first: 1, last: 2 }]);
		// The last week ends on Jan 21: a note on Jan 22 is outside.
		expect(
			placeAnnotations(weeks, [{ id: 'z', date: '2026-01-22', text: 'x' }], 'week'),
		).toEqual([]);
		// A month row covers its whole month.
		const months: ChartRow[] = [
			{ date: '2026-01-01T00:00:00', a: { value: 1 } },
			{ date: '2026-02-01T00:00:00', a: { value: 1 } },
		];
		expect(
			placeAnnotations(months, [{ id: 'm', date: '2026-02-28', text: 'x' }], 'month'),
		).toEqual([{ annotation: expect.objectContaining({ id: 'm' }), first: 1, last: 1 }]);
	});
});

describe('Chart notes', () => {
	it('draws a marker per note on its dates, lists the notes in the description and in the tooltip', () => {
		const { container } = render(
			<Chart data={makeData(4)} title="Net sales" annotations={notes} />,
		);
		const markers = container.querySelectorAll('.abacus-chart__annotation');
		expect([...markers].map((marker) => marker.getAttribute('data-annotation'))).toEqual([
			'1',
			'2',
		]);
		const chart = screen.getByRole('group', { name: 'Net sales' });
		const description = document.getElementById(chart.getAttribute('aria-describedby') ?? '');
		expect(description).toHaveTextContent(
			'2 notes on these dates: January 2, 2026: Spring sale e-mail; January 3, 2026 to January 4, 2026: Checkout <b>outage</b>',
		);
		// Text, never markup.
		expect(container.querySelector('b')).toBeNull();
		const svg = container.querySelector('svg.abacus-chart__svg') as SVGSVGElement;
		fireEvent.mouseMove(svg, { clientX: at(1) });
		expect(screen.getByRole('status')).toHaveTextContent(
			'NoteJanuary 2, 2026: Spring sale e-mail',
		);
		expect(container.querySelector('.abacus-chart__annotation.is-active')).toHaveAttribute(
			'data-annotation',
			'1',
		);
		fireEvent.mouseMove(svg, { clientX: at(0) });
		expect(screen.getByRole('status')).not.toHaveTextContent('Note');
		fireEvent.mouseLeave(svg);
		// The keyboard reaches the same text.
		act(() => chart.focus());
		fireEvent.keyDown(chart, { key: 'End' });
		expect(screen.getByRole('status')).toHaveTextContent('Checkout <b>outage</b>');
	});

	it('hides the markers when showAnnotations is false and offers the toggle', () => {
		const onShow = jest.fn();
		const { container, rerender } = render(
			<Chart
				data={makeData(4)}
				title="Net sales"
				annotations={notes}
				showAnnotations={false}
				onShowAnnotationsChange={onShow}
			/>,
		);
		expect(container.querySelector('.abacus-chart__annotation')).toBeNull();
		const chart = screen.getByRole('group', { name: 'Net sales' });
		expect(chart).not.toHaveAttribute('aria-describedby');
		const toggle = screen.getByRole('button', { name: 'Show notes (3)' });
		expect(toggle).toHaveAttribute('aria-pressed', 'false');
		fireEvent.click(toggle);
		expect(onShow).toHaveBeenCalledWith(true);
		rerender(
			<Chart
				data={makeData(4)}
				title="Net sales"
				annotations={notes}
				showAnnotations
				onShowAnnotationsChange={onShow}
			/>,
		);
		expect(container.querySelectorAll('.abacus-chart__annotation')).toHaveLength(2);
		expect(screen.getByRole('button', { name: 'Show notes (3)' })).toHaveAttribute(
			'aria-pressed',
			'true',
		);
		// Without notes or callback, no toggle.
		rerender(<Chart data={makeData(4)} title="Net sales" />);
		expect(screen.queryByRole('button', { name: /Show notes/ })).toBeNull();
	});

	it('adds a note on a date at once by mouse and by Enter when nothing else is offered there', () => {
		const onAdd = jest.fn();
		const { container } = render(
			<Chart data={makeData(4)} title="Net sales" annotations={[]} onAddAnnotation={onAdd} />,
		);
		const svg = container.querySelector('svg.abacus-chart__svg') as SVGSVGElement;
		fireEvent.mouseMove(svg, { clientX: at(2) });
		expect(screen.getByRole('status')).toHaveTextContent('Click or press Enter to add a note');
		fireEvent.click(svg, { clientX: at(2) });
		expect(onAdd).toHaveBeenLastCalledWith(
			expect.objectContaining({ date: '2026-01-03T00:00:00' }),
			2,
		);
		fireEvent.mouseLeave(svg);
		const chart = screen.getByRole('group', { name: 'Net sales' });
		act(() => chart.focus());
		fireEvent.keyDown(chart, { key: 'Home' });
		fireEvent.keyDown(chart, { key: 'Enter' });
		expect(onAdd).toHaveBeenLastCalledWith(
			expect.objectContaining({ date: '2026-01-01T00:00:00' }),
			0,
		);
		expect(onAdd).toHaveBeenCalledTimes(2);
	});

	it('opens a date menu of both actions when the date also opens something, by mouse and keyboard', () => {
		const onAdd = jest.fn();
		const onOpen = jest.fn();
		const { container } = render(
			<Chart
				data={makeData(4)}
				title="Net sales"
				annotations={notes}
				onAddAnnotation={onAdd}
				onPointClick={onOpen}
				pointActionName="See these orders"
				pointActionLabel="Click or press Enter to see these orders or add a note"
			/>,
		);
		const chart = screen.getByRole('group', { name: 'Net sales' });
		act(() => chart.focus());
		fireEvent.keyDown(chart, { key: 'ArrowRight' });
		fireEvent.keyDown(chart, { key: 'Enter' });
		const menu = screen.getByRole('group', { name: 'January 1, 2026' });
		const items = within(menu).getAllByRole('button');
		expect(items.map((item) => item.textContent)).toEqual(['See these orders', 'Add a note']);
		expect(items[0]).toHaveFocus();
		// The tooltip gives way to the menu; arrow keys move inside it, not along the dates.
		expect(screen.queryByRole('status')).toBeNull();
		fireEvent.keyDown(items[0], { key: 'ArrowDown' });
		expect(items[1]).toHaveFocus();
		fireEvent.keyDown(items[1], { key: 'Escape' });
		expect(screen.queryByRole('group', { name: 'January 1, 2026' })).toBeNull();
		expect(chart).toHaveFocus();
		expect(onAdd).not.toHaveBeenCalled();
		expect(onOpen).not.toHaveBeenCalled();
		// Again, and choose "Add a note": the chart gets the focus back first.
		fireEvent.keyDown(chart, { key: 'Enter' });
		fireEvent.click(screen.getByRole('button', { name: 'Add a note' }));
		expect(onAdd).toHaveBeenCalledWith(
			expect.objectContaining({ date: '2026-01-01T00:00:00' }),
			0,
		);
		expect(chart).toHaveFocus();
		// The mouse: a click on the last date, then "See these orders".
		const svg = container.querySelector('svg.abacus-chart__svg') as SVGSVGElement;
		fireEvent.click(svg, { clientX: at(3) });
		fireEvent.click(
			within(screen.getByRole('group', { name: 'January 4, 2026' })).getByRole('button', {
				name: 'See these orders',
			}),
		);
		expect(onOpen).toHaveBeenCalledWith(
			expect.objectContaining({ date: '2026-01-04T00:00:00' }),
			3,
		);
		expect(onAdd).toHaveBeenCalledTimes(1);
	});
});
