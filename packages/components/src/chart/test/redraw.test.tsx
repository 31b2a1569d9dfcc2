/**
 * The one layer that stops needless redraws (`useDrawing`): a render with equal props (a new but
 * equal data array), the tooltip moving or a legend item hovered draw nothing again, neither in
 * React (the axis, bar and table pieces are not rendered again) nor in the page (no DOM change
 * outside the focus marker, the tooltip and the lines' styling); a change of data redraws.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';

import type { ComponentProps } from 'react';

import type * as AxisModule from '../axis.js';
import type * as TableModule from '../screen-reader-table.js';
import type * as SeriesModule from '../series.js';

import { isSameDrawingInput, type DrawingInput } from '../drawing.js';
import { Chart, type ChartProps, type ChartRow } from '../index.js';
import { reportingResizeObserver } from '../../../../../tests/support/resize-observer.js';

const mockRenders = { yAxis: 0, xAxis: 0, bars: 0, table: 0 };

jest.mock('../axis.js', () => {
	const actual = jest.requireActual<typeof AxisModule>('../axis.js');
	return {
		YAxis: (props: ComponentProps<typeof actual.YAxis>) => {
			mockRenders.yAxis++;
			return actual.YAxis(props);
		},
		XAxis: (props: ComponentProps<typeof actual.XAxis>) => {
			mockRenders.xAxis++;
			return actual.XAxis(props);
		},
	};
});
jest.mock('../series.js', () => {
	const actual = jest.requireActual<typeof SeriesModule>('../series.js');
	return {
		...actual,
		Bars: (props: ComponentProps<typeof actual.Bars>) => {
			mockRenders.bars++;
			return actual.Bars(props);
		},
	};
});
jest.mock('../screen-reader-table.js', () => {
	const actual = jest.requireActual<typeof TableModule>('../screen-reader-table.js');
	return {
		ScreenReaderTable: (props: ComponentProps<typeof actual.ScreenReaderTable>) => {
			mockRenders.table++;
			return actual.ScreenReaderTable(props);
		},
	};
});

const makeData = (days: number, keys: string[], bump = 0): ChartRow[] =>
	Array.from({ length: days }, (_, i) => {
		const date = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10) + 'T00:00:00';
		const row: ChartRow = { date };
		keys.forEach((key, k) => {
			row[key] = { value: (k + 1) * 10 + i + (i === 2 ? bump : 0), label: `Series ${key}` };
		});
		return row;
	});

/** A deep copy of rows: new arrays and objects, equal values. */
const copyRows = (rows: ChartRow[]): ChartRow[] => JSON.parse(JSON.stringify(rows)) as ChartRow[];

const formatCurrency = (value: number) => `$${value.toFixed(2)}`;

/** Renders a chart, waits for its screen-reader table, and watches its DOM from then on. */
async function renderWatched(props: ChartProps) {
	const view = render(<Chart {...props} />);
	await waitFor(() => expect(screen.getByRole('table')).toBeInTheDocument());
	const records: MutationRecord[] = [];
	const observer = new MutationObserver((list) => records.push(...list));
	observer.observe(view.container, {
		subtree: true,
		childList: true,
		attributes: true,
		characterData: true,
	});
	/** The elements changed since the last call (after the after-paint table update, if any). */
	const changes = async () => {
		await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
		records.push(...observer.takeRecords());
		return records.splice(0).flatMap((record) => {
			const nodes =
				record.type === 'childList'
					? [...record.addedNodes, ...record.removedNodes]
					: [record.target];
			return nodes.map((node) => {
				const element = node instanceof Element ? node : node.parentElement;
				const piece = element?.closest('.abacus-chart__focus, .abacus-chart__tooltip');
				return (piece ?? element)?.getAttribute('class') ?? '';
			});
		});
	};
	return { ...view, changes, stop: () => observer.disconnect() };
}

const counts = () => ({ ...mockRenders });

describe('Chart redraws', () => {
	beforeEach(() => {
		mockRenders.yAxis = mockRenders.xAxis = mockRenders.bars = mockRenders.table = 0;
	});

	it.each(['line', 'bar'] as const)(
		'%s chart: equal props, the tooltip and legend hover draw nothing again; new data does',
		async (chartType) => {
			const props: ChartProps = {
				data: makeData(30, ['a', 'b']),
				title: 'Net sales',
				chartType,
				valueType: 'currency',
				formatCurrency,
			};
			const { container, rerender, changes, stop } = await renderWatched(props);
			const drawn = counts();
			expect(drawn.yAxis).toBeGreaterThan(0);
			expect(drawn.table).toBeGreaterThan(0);
			if (chartType === 'bar') expect(drawn.bars).toBe(2);

			// A report re-rendering with a new but equal data array.
			rerender(<Chart {...props} data={copyRows(props.data)} />);
			expect(await changes()).toEqual([]);
			expect(counts()).toEqual(drawn);

			// The tooltip follows the keyboard: only the focus marker and the tooltip change.
			const chart = screen.getByRole('group', { name: 'Net sales' });
			act(() => chart.focus());
			fireEvent.keyDown(chart, { key: 'ArrowRight' });
			fireEvent.keyDown(chart, { key: 'ArrowRight' });
			expect(screen.getByRole('status')).toHaveTextContent('January 2, 2026');
			const tooltipChanges = await changes();
			expect(tooltipChanges.length).toBeGreaterThan(0);
			for (const changed of tooltipChanges)
				expect(changed).toMatch(/^abacus-chart__(focus|tooltip)\b/);
			fireEvent.keyDown(chart, { key: 'Escape' });
			expect(counts()).toEqual(drawn);

			// A legend item hovered restyles the series in place.
			fireEvent.mouseEnter(screen.getByRole('checkbox', { name: /Series a/ }).closest('li')!);
			expect(container.querySelectorAll('.is-faded')).toHaveLength(1);
			expect(counts()).toEqual(drawn);
			fireEvent.mouseLeave(container.querySelector('.abacus-legend__list')!);
			await changes();

			// New data: the axes, the marks and (after the paint) the table are drawn again.
			const before = container.querySelector('svg.abacus-chart__svg')!.innerHTML;
			rerender(<Chart {...props} data={makeData(30, ['a', 'b'], 500)} />);
			expect(container.querySelector('svg.abacus-chart__svg')!.innerHTML).not.toBe(before);
			const table = screen.getByRole('table');
			await waitFor(() => expect(within(table).getByText('$512.00')).toBeInTheDocument());
			const redrawn = counts();
			expect(redrawn.yAxis).toBeGreaterThan(drawn.yAxis);
			expect(redrawn.xAxis).toBeGreaterThan(drawn.xAxis);
			expect(redrawn.table).toBeGreaterThan(drawn.table);
			if (chartType === 'bar') expect(redrawn.bars).toBe(drawn.bars + 2);
			stop();
		},
	);

	it('a new formatter, size or series draws anew; equal inputs do not', () => {
		const input: DrawingInput = {
			data: makeData(3, ['a']),
			columns: [{ key: 'a', label: 'Series a' }],
			chartType: 'line',
			interval: 'day',
			width: 600,
			height: 220,
			dateParser: '%Y-%m-%dT%H:%M:%S',
			xFormat: '%d',
			x2Format: '%b %Y',
			tooltipLabelFormat: '%B %-d, %Y',
			screenReaderFormat: '%B %-d, %Y',
			formatValue: formatCurrency,
			label: 'Orders',
		};
		const copy = { ...input, data: copyRows(input.data), columns: [...input.columns] };
		expect(isSameDrawingInput(input, copy)).toBe(true);
		expect(isSameDrawingInput(input, { ...input, width: 601 })).toBe(false);
		expect(isSameDrawingInput(input, { ...input, formatValue: (v) => `${v}` })).toBe(false);
		expect(isSameDrawingInput(input, { ...input, columns: [{ key: 'a', label: 'A' }] })).toBe(
			false,
		);
		expect(isSameDrawingInput(input, { ...input, data: makeData(3, ['a'], 1) })).toBe(false);
		expect(isSameDrawingInput(input, { ...input, chartType: 'bar' })).toBe(false);
	});

	it('draws its screen-reader table after the first frame, not with it', async () => {
		render(<Chart data={makeData(30, ['a'])} title="Net sales" />);
		expect(screen.queryByRole('table')).not.toBeInTheDocument();
		expect(mockRenders.table).toBe(0);
		expect(await screen.findByRole('table')).toBeInTheDocument();
	});

	it("draws nothing again for its box's first report, and anew when the box's width changes", async () => {
		const { reports, restore } = reportingResizeObserver();
		let width = 900;
		const clientWidth = jest
			.spyOn(HTMLElement.prototype, 'clientWidth', 'get')
			.mockImplementation(() => width);
		try {
			const { container, changes, stop } = await renderWatched({
				data: makeData(30, ['a']),
				title: 'Net sales',
			});
			const svg = () => container.querySelector('svg.abacus-chart__svg');
			expect(svg()).toHaveAttribute('width', '900');
			const drawn = counts();
			expect(reports.length).toBeGreaterThan(0);
			// The browser's first report: the width measured before the first paint.
			act(() => reports.forEach((report) => report()));
			expect(await changes()).toEqual([]);
			expect(counts()).toEqual(drawn);
			// The box narrowed: drawn again at its new width.
			width = 700;
			act(() => reports.forEach((report) => report()));
			await waitFor(() => expect(svg()).toHaveAttribute('width', '700'));
			expect(counts().xAxis).toBeGreaterThan(drawn.xAxis);
			stop();
		} finally {
			clientWidth.mockRestore();
			restore();
		}
	});
});
