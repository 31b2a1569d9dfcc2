/**
 * The heat map as a person and a screen reader meet it: a table with weekday row headers in the
 * given order and hour column headers, each cell read out with its weekday, hour and value, arrow
 * keys / Home / End moving one focusable cell, Enter picking it, a colour legend; the routes of
 * the two analysis pages.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';

import { matchRoute, getMenuEntries } from '../../../../layout/routes.js';
import { HeatMap, heatLegend, heatStep, HEAT_STEPS, type HeatCell } from '../heat-map.js';

const cells: HeatCell[] = [];
for (const weekday of [0, 1, 2, 3, 4, 5, 6]) {
	for (let hour = 0; hour < 24; hour++) {
		cells.push({ weekday, hour, value: weekday === 0 && hour === 23 ? 40 : hour % 3 });
	}
}

function renderMap(onSelect = jest.fn()) {
	render(
		<HeatMap
			weekdays={[1, 2, 3, 4, 5, 6, 0]}
			cells={cells}
			caption="Orders by weekday and hour of the day"
			formatValue={(v) => `${v} orders`}
			onSelect={onSelect}
		/>,
	);
	return onSelect;
}

describe('HeatMap', () => {
	it('is a table: rows in the store’s week order, 24 hour columns, cells read out', () => {
		renderMap();
		const table = screen.getByRole('grid', { name: 'Orders by weekday and hour of the day' });
		const rows = within(table).getAllByRole('row');
		expect(rows).toHaveLength(8);
		const heads = within(table)
			.getAllByRole('rowheader')
			.map((h) => h.textContent);
		expect(heads[0]).toContain('Monday');
		expect(heads[6]).toContain('Sunday');
		expect(within(table).getAllByRole('columnheader')).toHaveLength(24);
		expect(screen.getByLabelText('Sunday 23:00–24:00: 40 orders')).toBeTruthy();
		expect(screen.getByText('Orders by weekday and hour of the day')).toBeTruthy();
		// Exactly one cell is in the tab order.
		expect(document.querySelectorAll('td[tabindex="0"]')).toHaveLength(1);
	});

	it('moves with the arrow keys, Home and End; Enter picks the cell', () => {
		const onSelect = renderMap();
		const first = screen.getByLabelText('Monday 00:00–01:00: 0 orders');
		first.focus();
		fireEvent.keyDown(first, { key: 'ArrowRight' });
		fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
		expect(document.activeElement?.getAttribute('aria-label')).toBe(
			'Tuesday 01:00–02:00: 1 orders',
		);
		expect(screen.getByRole('status').textContent).toContain('Tuesday 01:00–02:00');
		fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
		for (let i = 0; i < 8; i++)
			fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
		expect(document.activeElement?.getAttribute('aria-label')).toBe(
			'Sunday 23:00–24:00: 40 orders',
		);
		fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
		expect(onSelect).toHaveBeenCalledWith({ weekday: 0, hour: 23, value: 40 });
		fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
		expect(document.activeElement?.getAttribute('aria-label')).toBe(
			'Sunday 00:00–01:00: 0 orders',
		);
	});

	it('has a colour legend from zero to the largest value; zero is the lightest', () => {
		renderMap();
		const legend = screen.getByRole('list', { name: 'Colour scale' });
		expect(within(legend).getAllByRole('listitem')).toHaveLength(HEAT_STEPS.length);
		expect(heatStep(0, 40)).toBe(0);
		expect(heatStep(1, 40)).toBe(1);
		expect(heatStep(8, 40)).toBe(1);
		expect(heatStep(8.1, 40)).toBe(2);
		expect(heatStep(40, 40)).toBe(HEAT_STEPS.length - 1);
		// Each legend bound is the largest value of its colour.
		expect(
			within(legend)
				.getAllByRole('listitem')
				.map((li) => li.textContent),
		).toEqual([
			'0 orders',
			'up to 8 orders',
			'up to 16 orders',
			'up to 24 orders',
			'up to 32 orders',
			'up to 40 orders',
		]);
	});

	it('gives counts whole-number steps: a quiet range never reads "up to 0.4 orders"', () => {
		const format = (v: number) => `${v} orders`;
		// At most 2 orders in a cell: three entries, the largest count in the darkest colour.
		expect(heatLegend(2, true, format)).toEqual([
			{ colour: HEAT_STEPS[0], label: '0 orders' },
			{ colour: HEAT_STEPS[2], label: '1 orders' },
			{ colour: HEAT_STEPS[5], label: '2 orders' },
		]);
		expect(heatStep(1, 2, true)).toBe(2);
		expect(heatStep(2, 2, true)).toBe(HEAT_STEPS.length - 1);
		// Money keeps its decimal bounds.
		expect(heatLegend(2, false, String).map((e) => e.label)).toEqual([
			'0',
			'up to 0.4',
			'up to 0.8',
			'up to 1.2',
			'up to 1.6',
			'up to 2',
		]);
		render(
			<HeatMap
				weekdays={[1, 2, 3, 4, 5, 6, 0]}
				cells={[
					{ weekday: 1, hour: 9, value: 1 },
					{ weekday: 2, hour: 9, value: 2 },
				]}
				caption="Orders by weekday and hour of the day"
				formatValue={format}
				wholeNumbers
			/>,
		);
		const legend = screen.getByRole('list', { name: 'Colour scale' });
		expect(
			within(legend)
				.getAllByRole('listitem')
				.map((li) => li.textContent),
		).toEqual(['0 orders', '1 orders', '2 orders']);
	});
});

describe('routes of the analyses', () => {
	it('opens both pages and lists them in the menu', () => {
		expect(matchRoute('/analytics/order-times')).toEqual({
			page: 'analysis',
			path: '/analytics/order-times',
			analysis: 'order-times',
		});
		expect(matchRoute('/analytics/cohorts')).toMatchObject({ analysis: 'cohorts' });
		const paths = getMenuEntries().map((e) => e.path);
		expect(paths).toContain('/analytics/order-times');
		expect(paths).toContain('/analytics/cohorts');
	});
});
