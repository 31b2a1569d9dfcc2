/**
 * The rendered chart, whole: SVG (axes, lines or bars, focus marker), tooltip, legend and the
 * screen-reader table, for line and bar charts over several data sets and interaction states. The
 * snapshots were written by the chart before it was split into pieces; the pieces must render the
 * same markup.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';

import { Chart, type ChartProps, type ChartRow } from '../index.js';
import { afterPaint } from './paint.js';

const day = (i: number) =>
	new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10) + 'T00:00:00';

const series = (days: number, keys: string[], value: (k: number, i: number) => number | null) =>
	Array.from({ length: days }, (_, i) => {
		const row: ChartRow = { date: day(i) };
		keys.forEach((key, k) => {
			row[key] = { value: value(k, i), label: `Series ${key}` };
		});
		return row;
	});

/** A period and its comparison: the comparison has one more interval, with no current value. */
const comparison: ChartRow[] = Array.from({ length: 8 }, (_, i) => ({
	date: day(i),
	primary: { value: i < 7 ? 100 + i * 12.5 : null, label: 'Jan 1 - 7, 2026' },
	secondary: {
		value: 80 + ((i * 37) % 50),
		label: 'Dec 1 - 8, 2025',
		labelDate: new Date(Date.UTC(2025, 11, 1 + i)).toISOString().slice(0, 10) + 'T00:00:00',
	},
}));

const money = (value: number) => `€${value.toFixed(2)}`;

const cases: Array<[string, ChartProps]> = [
	['empty data', { data: [], title: 'Net sales' }],
	['every value zero', { data: series(3, ['a'], () => 0), title: 'Orders' }],
	['one point', { data: series(1, ['a'], () => 42), title: 'Orders' }],
	[
		'comparison of periods, currency',
		{
			data: comparison,
			title: 'Net sales',
			valueType: 'currency',
			formatCurrency: money,
			legendTotals: { primary: 1000, secondary: 900 },
		},
	],
	[
		'negative values',
		{
			data: series(6, ['a', 'b'], (k, i) => (k === 0 ? 50 - i * 20 : -3 + i)),
			title: 'Net sales',
			valueType: 'currency',
		},
	],
	[
		'small negative value',
		{ data: series(5, ['a'], (_k, i) => (i === 2 ? -4 : 300 + i)), title: 'Net sales' },
	],
	[
		'item comparison, seven items, gaps',
		{
			data: series(5, ['a', 'b', 'c', 'd', 'e', 'f', 'g'], (k, i) =>
				(i + k) % 4 === 0 ? null : (k + 1) * 3 + i,
			),
			mode: 'item-comparison',
			title: 'Products',
			itemsLabel: '%d items',
		},
	],
	[
		'a quarter by day (month ticks), average',
		{
			data: series(90, ['a'], (_k, i) => (i % 7) * 1.5),
			title: 'Average order value',
			valueType: 'average',
			x2Format: '%B %Y',
		},
	],
	[
		'by hour',
		{
			data: Array.from({ length: 24 }, (_, i) => ({
				date: `2026-01-01T${String(i).padStart(2, '0')}:00:00`,
				a: { value: (i * 7) % 11, label: 'Orders' },
			})),
			interval: 'hour',
			xFormat: '%-I %p',
			x2Format: '%b %-d, %Y',
			title: 'Orders',
		},
	],
];

/** Renders a chart and lets the frame be painted (the screen-reader table follows the first paint). */
const render2 = async (props: ChartProps) => {
	const view = render(<Chart {...props} />);
	await afterPaint();
	return view;
};

describe('Chart rendered output', () => {
	for (const chartType of ['line', 'bar'] as const) {
		describe(`${chartType} chart`, () => {
			it.each(cases)('%s', async (_name, props) => {
				const { container } = await render2({ ...props, chartType });
				expect(container.firstChild).toMatchSnapshot();
			});

			it('on a phone-sized container (390 px)', async () => {
				const clientWidth = jest
					.spyOn(HTMLElement.prototype, 'clientWidth', 'get')
					.mockReturnValue(358);
				try {
					const { container } = await render2({
						data: series(31, ['a', 'b'], (k, i) => (k + 1) * 10 + ((i * 13) % 17)),
						title: 'Orders',
						chartType,
						height: 180,
					});
					expect(container.firstChild).toMatchSnapshot();
				} finally {
					clientWidth.mockRestore();
				}
			});

			it('with the tooltip on a date (keyboard), then on the last (mouse)', async () => {
				const onPointClick = jest.fn();
				const { container } = await render2({
					data: comparison,
					title: 'Net sales',
					chartType,
					valueType: 'currency',
					formatCurrency: money,
					onPointClick,
					pointActionLabel: 'Click or press Enter to see these orders',
					isPointActionable: (row) =>
						typeof row.primary === 'object' && !!row.primary.value,
					tooltipLabelFormat: '%b %-d, %Y',
				});
				const chart = screen.getByRole('group', { name: 'Net sales' });
				act(() => chart.focus());
				fireEvent.keyDown(chart, { key: 'ArrowRight' });
				fireEvent.keyDown(chart, { key: 'ArrowRight' });
				expect(container.querySelector('.abacus-chart__body')).toMatchSnapshot();
				const svg = container.querySelector('svg.abacus-chart__svg') as SVGSVGElement;
				fireEvent.mouseMove(svg, { clientX: 80 + 490 - 2 });
				expect(container.querySelector('.abacus-chart__body')).toMatchSnapshot();
			});

			it('with a legend item hovered', async () => {
				const { container } = await render2({
					data: series(4, ['a', 'b', 'c'], (k, i) => k * 5 + i),
					title: 'Products',
					chartType,
					mode: 'item-comparison',
				});
				fireEvent.focus(screen.getByRole('checkbox', { name: /Series b/ }));
				expect(container.firstChild).toMatchSnapshot();
			});

			it('in a right-to-left page', async () => {
				document.documentElement.dir = 'rtl';
				try {
					const { container } = await render2({
						data: comparison,
						title: 'Net sales',
						chartType,
						valueType: 'currency',
						formatCurrency: money,
					});
					expect(container.firstChild).toMatchSnapshot();
				} finally {
					document.documentElement.dir = '';
				}
			});
		});
	}
});
