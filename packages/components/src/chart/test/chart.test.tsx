import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

import { Chart, ChartPlaceholder, type ChartRow } from '../index.js';

const makeData = (days: number, keys: string[]): ChartRow[] =>
	Array.from({ length: days }, (_, i) => {
		const date = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10) + 'T00:00:00';
		const row: ChartRow = { date };
		keys.forEach((key, k) => {
			row[key] = { value: (k + 1) * 10 + i, label: `Series ${key}` };
		});
		return row;
	});

describe('Chart', () => {
	it('shows a placeholder and the loading message while requesting', () => {
		render(<Chart data={[]} isRequesting title="Net sales" />);
		expect(screen.getByRole('status')).toHaveTextContent('Your requested data is loading');
		expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
		render(<ChartPlaceholder height={200} />);
	});

	it('shows the empty message when every value is empty', () => {
		render(
			<Chart
				data={[{ date: '2026-01-01T00:00:00', a: { value: 0, label: 'A' } }]}
				emptyMessage="Nothing here"
			/>,
		);
		expect(screen.getByText('Nothing here')).toBeInTheDocument();
	});

	it('writes the interval and chart type through the callbacks and the query', () => {
		const onIntervalChange = jest.fn();
		const onChartTypeChange = jest.fn();
		render(
			<Chart
				data={makeData(3, ['a'])}
				title="Orders"
				allowedIntervals={['day', 'week']}
				path="/analytics/revenue"
				query={{ period: 'month' }}
				onIntervalChange={onIntervalChange}
				onChartTypeChange={onChartTypeChange}
			/>,
		);
		expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
		fireEvent.change(screen.getByRole('combobox', { name: 'Interval' }), {
			target: { value: 'week' },
		});
		expect(onIntervalChange).toHaveBeenCalledWith('week');
		let params = new URLSearchParams(window.location.search);
		expect(params.get('interval')).toBe('week');
		expect(params.get('period')).toBe('month');
		expect(screen.getByRole('button', { name: 'Line chart' })).toHaveAttribute(
			'aria-pressed',
			'true',
		);
		fireEvent.click(screen.getByRole('button', { name: 'Bar chart' }));
		expect(onChartTypeChange).toHaveBeenCalledWith('bar');
		params = new URLSearchParams(window.location.search);
		expect(params.get('chartType')).toBe('bar');
	});

	it('shows at most five series; the last visible cannot be unchecked', () => {
		render(
			<Chart
				data={makeData(3, ['a', 'b', 'c', 'd', 'e', 'f', 'g'])}
				mode="item-comparison"
			/>,
		);
		const boxes = screen.getAllByRole('checkbox');
		expect(boxes).toHaveLength(7);
		expect(boxes.filter((b) => (b as HTMLInputElement).checked)).toHaveLength(5);
		expect(screen.getByText('You may select up to 5 items.')).toBeInTheDocument();
		// The first five in the data's order are shown (not the five largest); unchecked ones
		// are disabled at the limit.
		expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([
			true,
			true,
			true,
			true,
			true,
			false,
			false,
		]);
		expect(screen.getByRole('checkbox', { name: /Series g/ })).toBeDisabled();
		expect(screen.getByText('Total 7')).toBeInTheDocument();
		// Uncheck four: the fifth (last) is then disabled.
		for (const key of ['a', 'b', 'c', 'd'])
			fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(`Series ${key}`) }));
		const last = screen.getByRole('checkbox', { name: /Series e/ });
		expect(last).toBeChecked();
		expect(last).toBeDisabled();
		expect(screen.queryByText('You may select up to 5 items.')).not.toBeInTheDocument();
		fireEvent.click(screen.getByRole('checkbox', { name: /Series g/ }));
		expect(screen.getByRole('checkbox', { name: /Series g/ })).toBeChecked();
	});

	it('legend lists totals formatted by value type', () => {
		render(
			<Chart
				data={makeData(2, ['a'])}
				valueType="currency"
				formatCurrency={(v) => `€${v}`}
			/>,
		);
		expect(screen.getByRole('checkbox', { name: 'Series a €21' })).toBeChecked();
	});

	it('is one tab stop; arrow keys move the tooltip between dates', () => {
		render(
			<Chart
				data={makeData(3, ['a', 'b'])}
				title="Net sales"
				valueType="currency"
				formatCurrency={(v) => `$${v.toFixed(2)}`}
			/>,
		);
		const chart = screen.getByRole('group', { name: 'Net sales' });
		expect(chart).toHaveAttribute('tabindex', '0');
		act(() => chart.focus());
		fireEvent.keyDown(chart, { key: 'ArrowRight' });
		let tooltip = screen.getByRole('status');
		expect(tooltip).toHaveTextContent('January 1, 2026');
		expect(within(tooltip).getByText('$20.00')).toBeInTheDocument();
		expect(within(tooltip).getByText('$10.00')).toBeInTheDocument();
		fireEvent.keyDown(chart, { key: 'ArrowRight' });
		tooltip = screen.getByRole('status');
		expect(tooltip).toHaveTextContent('January 2, 2026');
		expect(within(tooltip).getByText('$21.00')).toBeInTheDocument();
		fireEvent.keyDown(chart, { key: 'Escape' });
		expect(screen.queryByRole('status')).not.toBeInTheDocument();
	});

	it('has a data table for screen readers', async () => {
		render(<Chart data={makeData(2, ['a'])} title="Orders" />);
		const table = await screen.findByRole('table', { name: 'Orders' });
		expect(
			within(table).getByRole('rowheader', { name: 'January 2, 2026' }),
		).toBeInTheDocument();
		expect(within(table).getByRole('cell', { name: '11' })).toBeInTheDocument();
	});

	it('draws one path per visible line series and bars in bar mode', () => {
		const { container, rerender } = render(
			<Chart data={makeData(365, ['a', 'b', 'c', 'd', 'e'])} />,
		);
		expect(container.querySelectorAll('path.abacus-chart__line')).toHaveLength(5);
		rerender(<Chart data={makeData(4, ['a', 'b'])} chartType="bar" />);
		expect(container.querySelectorAll('rect.abacus-chart__bar')).toHaveLength(8);
	});

	it('highlights the series hovered in the legend', () => {
		const { container } = render(<Chart data={makeData(3, ['a', 'b'])} />);
		fireEvent.focus(screen.getByRole('checkbox', { name: /Series a/ }));
		expect(container.querySelectorAll('path.is-faded')).toHaveLength(1);
	});

	it('follows the mouse with the tooltip and hides it on leave', () => {
		const { container } = render(<Chart data={makeData(4, ['a'])} title="Orders" />);
		const svg = container.querySelector('svg.abacus-chart__svg') as SVGSVGElement;
		// Default width 600: the drawable area starts 80 px in and is 490 px wide (4 dates).
		fireEvent.mouseMove(svg, { clientX: 80 + 490 - 5 });
		expect(screen.getByRole('status')).toHaveTextContent('January 4, 2026');
		fireEvent.mouseLeave(svg);
		expect(screen.queryByRole('status')).not.toBeInTheDocument();
	});

	it('hands the clicked date to onPointClick, by mouse or by Enter, and says so in the tooltip', () => {
		const onPointClick = jest.fn();
		const { container } = render(
			<Chart
				data={makeData(4, ['a'])}
				title="Orders"
				onPointClick={onPointClick}
				pointActionLabel="Click to see these orders"
			/>,
		);
		const svg = container.querySelector('svg.abacus-chart__svg') as SVGSVGElement;
		fireEvent.mouseMove(svg, { clientX: 80 + 5 });
		expect(screen.getByRole('status')).toHaveTextContent('Click to see these orders');
		fireEvent.click(svg, { clientX: 80 + 490 - 5 });
		expect(onPointClick).toHaveBeenLastCalledWith(
			expect.objectContaining({ date: '2026-01-04T00:00:00' }),
			3,
		);
		fireEvent.mouseLeave(svg);
		const chart = screen.getByRole('group', { name: 'Orders' });
		act(() => chart.focus());
		fireEvent.keyDown(chart, { key: 'ArrowRight' });
		fireEvent.keyDown(chart, { key: 'ArrowRight' });
		fireEvent.keyDown(chart, { key: 'Enter' });
		expect(onPointClick).toHaveBeenLastCalledWith(
			expect.objectContaining({ date: '2026-01-02T00:00:00' }),
			1,
		);
		expect(onPointClick).toHaveBeenCalledTimes(2);
	});

	it('offers no action on a date isPointActionable rules out, by mouse or by Enter', () => {
		const onPointClick = jest.fn();
		const { container } = render(
			<Chart
				data={makeData(4, ['a'])}
				title="Orders"
				onPointClick={onPointClick}
				pointActionLabel="Click to see these orders"
				isPointActionable={(_row, index) => index < 3}
			/>,
		);
		const svg = container.querySelector('svg.abacus-chart__svg') as SVGSVGElement;
		fireEvent.mouseMove(svg, { clientX: 80 + 490 - 5 });
		expect(screen.getByRole('status')).not.toHaveTextContent('Click to see these orders');
		fireEvent.click(svg, { clientX: 80 + 490 - 5 });
		fireEvent.mouseLeave(svg);
		const chart = screen.getByRole('group', { name: 'Orders' });
		act(() => chart.focus());
		fireEvent.keyDown(chart, { key: 'End' });
		fireEvent.keyDown(chart, { key: 'Enter' });
		expect(onPointClick).not.toHaveBeenCalled();
		fireEvent.keyDown(chart, { key: 'Home' });
		expect(screen.getByRole('status')).toHaveTextContent('Click to see these orders');
		fireEvent.keyDown(chart, { key: 'Enter' });
		expect(onPointClick).toHaveBeenCalledWith(
			expect.objectContaining({ date: '2026-01-01T00:00:00' }),
			0,
		);
	});

	it('keeps the keyboard date’s tooltip when the page scrolls, hides the pointer’s', async () => {
		const { container } = render(<Chart data={makeData(4, ['a'])} title="Orders" />);
		const chart = screen.getByRole('group', { name: 'Orders' });
		const tooltip = () => container.querySelector('.abacus-chart__tooltip');
		// Focusing the chart scrolls it into view; that scroll's event may come after the key.
		act(() => chart.focus());
		fireEvent.keyDown(chart, { key: 'Home' });
		expect(tooltip()).not.toBeNull();
		act(() => {
			window.dispatchEvent(new Event('scroll'));
		});
		expect(tooltip()).not.toBeNull();
		act(() => chart.blur());
		// The pointer's tooltip goes with a scroll: the page moved under a still pointer.
		const svg = container.querySelector('svg.abacus-chart__svg') as SVGSVGElement;
		fireEvent.mouseMove(svg, { clientX: 85 });
		expect(tooltip()).not.toBeNull();
		act(() => {
			window.dispatchEvent(new Event('scroll'));
		});
		// Hiding is throttled: this scroll comes within the first one's wait.
		await waitFor(() => expect(tooltip()).toBeNull());
	});

	it('does nothing on click or Enter without onPointClick', () => {
		const { container } = render(<Chart data={makeData(2, ['a'])} title="Orders" />);
		const svg = container.querySelector('svg.abacus-chart__svg') as SVGSVGElement;
		fireEvent.mouseMove(svg, { clientX: 85 });
		expect(screen.getByRole('status')).not.toHaveTextContent('Click');
		expect(svg).not.toHaveStyle({ cursor: 'pointer' });
	});

	it('places the legend at the side when asked, in a column', () => {
		const { container } = render(
			<Chart data={makeData(2, ['a'])} legendPosition="side" mode="item-comparison" />,
		);
		expect(container.firstChild).toHaveClass('is-legend-side');
		expect(container.querySelector('.abacus-legend')).toHaveClass('is-column');
	});

	it('updates the screen-reader table after a legend toggle', async () => {
		render(<Chart data={makeData(2, ['a', 'b'])} title="Orders" />);
		const table = await screen.findByRole('table', { name: 'Orders' });
		expect(within(table).getByRole('columnheader', { name: 'Series b' })).toBeInTheDocument();
		fireEvent.click(screen.getByRole('checkbox', { name: /Series b/ }));
		await waitFor(() =>
			expect(
				within(table).queryByRole('columnheader', { name: 'Series b' }),
			).not.toBeInTheDocument(),
		);
		expect(within(table).getByRole('columnheader', { name: 'Series a' })).toBeInTheDocument();
		fireEvent.click(screen.getByRole('checkbox', { name: /Series b/ }));
		expect(
			await within(table).findByRole('columnheader', { name: 'Series b' }),
		).toBeInTheDocument();
	});

	it('is drawn at the width of its container', () => {
		const clientWidth = jest
			.spyOn(HTMLElement.prototype, 'clientWidth', 'get')
			.mockReturnValue(900);
		try {
			const { container } = render(<Chart data={makeData(3, ['a'])} />);
			expect(container.querySelector('svg.abacus-chart__svg')).toHaveAttribute(
				'width',
				'900',
			);
		} finally {
			clientWidth.mockRestore();
		}
	});

	it('redraws when the data changes, not for an equal copy', async () => {
		const data = makeData(3, ['a']);
		const { container, rerender } = render(<Chart data={data} />);
		const path = () => container.querySelector('path.abacus-chart__line')?.getAttribute('d');
		const before = path();
		rerender(<Chart data={data.map((row) => ({ ...row }))} />);
		expect(path()).toBe(before);
		const changed = makeData(3, ['a']);
		changed[1] = { ...changed[1], a: { value: 500, label: 'Series a' } };
		rerender(<Chart data={changed} />);
		expect(path()).not.toBe(before);
		await waitFor(() => expect(screen.getByRole('table')).toHaveTextContent('500'));
	});

	it('restyles the lines for a hovered legend item, each line in place', () => {
		const { container } = render(<Chart data={makeData(3, ['a', 'b'])} />);
		const lines = () => [...container.querySelectorAll('path.abacus-chart__line')];
		const before = lines().map((line) => line.getAttribute('d'));
		fireEvent.mouseEnter(screen.getByRole('checkbox', { name: /Series b/ }).closest('li')!);
		expect(lines().map((line) => line.getAttribute('d'))).toEqual(before);
		const widths = lines().map((line) => line.getAttribute('stroke-width'));
		expect(widths.sort()).toEqual(['2', '3']);
		expect(container.querySelectorAll('path.is-faded')).toHaveLength(1);
		fireEvent.mouseLeave(container.querySelector('.abacus-legend__list')!);
		expect(container.querySelectorAll('path.is-faded')).toHaveLength(0);
	});

	it('fades the bars of the series not hovered in bar mode', () => {
		const { container } = render(<Chart data={makeData(3, ['a', 'b'])} chartType="bar" />);
		expect(container.querySelectorAll('rect.abacus-chart__bar')).toHaveLength(6);
		fireEvent.focus(screen.getByRole('checkbox', { name: /Series a/ }));
		const faded = container.querySelectorAll('.is-faded rect.abacus-chart__bar');
		expect(faded).toHaveLength(3);
		expect(container.querySelectorAll('rect.abacus-chart__bar')).toHaveLength(6);
		fireEvent.blur(screen.getByRole('checkbox', { name: /Series a/ }));
		expect(container.querySelectorAll('.is-faded')).toHaveLength(0);
	});
});
