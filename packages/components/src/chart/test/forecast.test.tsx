import { act, fireEvent, render, screen, within } from '@testing-library/react';

import {
	Chart,
	getValue,
	placeForecast,
	withForecastRows,
	type ChartForecast,
	type ChartRow,
} from '../index.js';

const day = (i: number) =>
	new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10) + 'T00:00:00';

// November 1-4 known (the 4th is today, partial), the forecast from today to November 6.
const data: ChartRow[] = [10, 20, 30, 5].map((value, i) => ({
	date: day(i),
	current: { value, label: 'Month to date' },
	previous: { value: value / 2, label: 'Previous year' },
}));

const forecast: ChartForecast = {
	points: [
		{ date: day(3), value: 25, lower: 15, upper: 40 },
		{ date: day(4), value: 30, lower: 20, upper: 200 },
		{ date: day(5), value: 35, lower: 25, upper: 50 },
	],
	coverage: 80,
	total: { value: 150, lower: 125, upper: 300, date: '2026-11-06' },
};

const money = (value: number) => `€${value.toFixed(2).replace('.', ',')}`;

// The default width is 600 px: 80 px left margin, 490 px of dates (6 dates with the forecast's).
const at = (index: number, count = 6) => 80 + (490 / count) * index + 5;

describe('forecast rows', () => {
	it('adds a row for each forecast date after the last row and places every point', () => {
		const rows = withForecastRows(data, forecast);
		expect(rows.map((row) => row.date)).toEqual([0, 1, 2, 3, 4, 5].map(day));
		expect(rows[4]).toEqual({ date: day(4) });
		expect(placeForecast(rows, forecast).map((point) => point.index)).toEqual([3, 4, 5]);
		// No forecast, or none after the last row: the same rows.
		expect(withForecastRows(data, undefined)).toBe(data);
		expect(withForecastRows(data, { ...forecast, points: [forecast.points[0]] })).toBe(data);
	});

	it('leaves out the series’ values of days still to come (a range reaching into the future)', () => {
		// The range's rows run to November 6 with zeros after today (November 4).
		const future: ChartRow[] = [10, 20, 30, 5, 0, 0].map((value, i) => ({
			date: day(i),
			current: { value, label: 'Month to date' },
			previous: { value: 7, label: 'Previous year' },
		}));
		const rows = withForecastRows(future, { ...forecast, knownUntil: day(3) }, 'current');
		expect(rows.map((row) => getValue(row, 'current'))).toEqual([10, 20, 30, 5, null, null]);
		// The comparison's values are its own past: kept.
		expect(rows.map((row) => getValue(row, 'previous'))).toEqual([7, 7, 7, 7, 7, 7]);
		const { container } = render(
			<Chart
				data={future}
				title="Net sales"
				forecast={{ ...forecast, knownUntil: day(3) }}
			/>,
		);
		// The current period's line stops at today (4 points), the forecast goes on.
		const current = container.querySelector('.abacus-chart__line');
		expect(current?.getAttribute('d')?.match(/[ML]/g)).toHaveLength(4);
		expect(container.querySelector('.abacus-chart__forecast-line')).not.toBeNull();
		expect(container.querySelector('.abacus-chart__dot')).toBeNull();
	});

	it('draws the only known day of the current period as a dot, in its colour', () => {
		// The 2nd of the month: the 1st is the one whole day, the forecast runs from today on.
		const second: ChartRow[] = [10, 5, 0, 0, 0, 0].map((value, i) => ({
			date: day(i),
			current: { value, label: 'Month to date' },
			previous: { value: 7, label: 'Previous year' },
		}));
		const { container } = render(
			<Chart
				data={second}
				title="Net sales"
				forecast={{ ...forecast, knownUntil: day(0) }}
			/>,
		);
		const lines = container.querySelectorAll('.abacus-chart__line');
		const dots = container.querySelectorAll('.abacus-chart__dot');
		expect(dots).toHaveLength(1);
		// On the current period's line (the first series), at its one point.
		expect(dots[0].getAttribute('fill')).toBe(lines[0].getAttribute('stroke'));
		const [, x, y] = /^M([\d.]+),([\d.]+)Z?$/.exec(lines[0].getAttribute('d') ?? '') ?? [];
		expect(Number(dots[0].getAttribute('cx'))).toBeCloseTo(Number(x), 2);
		expect(Number(dots[0].getAttribute('cy'))).toBeCloseTo(Number(y), 2);
		expect(Number(dots[0].getAttribute('r'))).toBeGreaterThanOrEqual(3);
	});
});

describe('Chart forecast', () => {
	it('draws a dashed line from the last known value and the interval band, in the store’s format', () => {
		const { container } = render(
			<Chart
				data={data}
				title="Net sales"
				valueType="currency"
				formatCurrency={money}
				forecast={forecast}
			/>,
		);
		const line = container.querySelector('.abacus-chart__forecast-line');
		const band = container.querySelector('.abacus-chart__forecast-band');
		expect(line).toHaveAttribute('stroke-dasharray', '6 4');
		// From November 3 (the last value before the forecast's first date) through 3 points.
		const d = line?.getAttribute('d') ?? '';
		expect(d.match(/[ML]/g)).toEqual(['M', 'L', 'L', 'L']);
		// The band's outline: 4 upper and 4 lower points.
		expect((band?.getAttribute('d') ?? '').match(/[ML]/g)).toHaveLength(8);
		// The line continues the current period's series, in its colour.
		const currentLine = container.querySelector('.abacus-chart__line');
		expect(line?.getAttribute('stroke')).toBe(currentLine?.getAttribute('stroke'));
		// The y axis reaches the band's top (200).
		const ticks = [...container.querySelectorAll('.abacus-chart__y-axis text')];
		expect(ticks.length).toBeGreaterThan(0);
		expect(ticks.some((tick) => /200/.test(tick.textContent ?? ''))).toBe(true);
		// Six dates on the x axis: the forecast's November 5 and 6 extend it.
		expect(container.querySelectorAll('.abacus-chart__tooltip')).toHaveLength(0);
		const svg = container.querySelector('svg.abacus-chart__svg') as SVGSVGElement;
		fireEvent.mouseMove(svg, { clientX: at(4) });
		// November 5: only the forecast reaches it, so the tooltip lists no period's value.
		expect(screen.getByRole('status')).toHaveTextContent(
			'November 5, 2026Forecast (80 % likely)€30,00 (€20,00 to €200,00)',
		);
		expect(screen.getByRole('status')).not.toHaveTextContent('N/A');
		// November 4 (today): its value so far and its forecast.
		fireEvent.mouseMove(svg, { clientX: at(3) });
		expect(screen.getByRole('status')).toHaveTextContent(
			'Month to date€5,00Previous year€2,50Forecast (80 % likely)€25,00 (€15,00 to €40,00)',
		);
		fireEvent.mouseMove(svg, { clientX: at(1) });
		expect(screen.getByRole('status')).not.toHaveTextContent('Forecast');
	});

	it('tells the forecast in the accessible description, the table and the tooltip by keyboard', async () => {
		const { container } = render(
			<Chart
				data={data}
				title="Net sales"
				valueType="currency"
				formatCurrency={money}
				forecast={forecast}
			/>,
		);
		const chart = screen.getByRole('group', { name: 'Net sales' });
		const description = document.getElementById(chart.getAttribute('aria-describedby') ?? '');
		expect(description).toHaveTextContent(
			'Forecast: €125,00 to €300,00 by November 6, 2026 (about €150,00, 80 % likely). The dashed line is the forecast of November 4, 2026 to November 6, 2026, the shaded band its 80 % likely range.',
		);
		// The marks are decorative: the SVG is hidden, the table has a forecast column.
		expect(container.querySelector('svg.abacus-chart__svg')).toHaveAttribute(
			'aria-hidden',
			'true',
		);
		const table = await screen.findByRole('table');
		expect(
			within(table).getByRole('columnheader', { name: 'Forecast (80 % likely range)' }),
		).toBeInTheDocument();
		const lastRow = within(table).getAllByRole('row').at(-1) as HTMLElement;
		expect(lastRow).toHaveTextContent('November 6, 2026');
		expect(lastRow).toHaveTextContent('€35,00 (€25,00 to €50,00)');
		// End: the last forecast date's tooltip.
		act(() => chart.focus());
		fireEvent.keyDown(chart, { key: 'End' });
		expect(screen.getByRole('status')).toHaveTextContent('November 6, 2026');
		expect(screen.getByRole('status')).toHaveTextContent('€35,00 (€25,00 to €50,00)');
	});

	it('draws nothing without a forecast, or when its series is hidden, or on an item comparison', () => {
		const { container, rerender } = render(<Chart data={data} title="Net sales" />);
		expect(container.querySelector('.abacus-chart__forecast')).toBeNull();
		const chart = screen.getByRole('group', { name: 'Net sales' });
		expect(chart).not.toHaveAttribute('aria-describedby');
		rerender(<Chart data={data} title="Net sales" forecast={forecast} />);
		expect(container.querySelector('.abacus-chart__forecast')).not.toBeNull();
		// The current period unchecked in the legend: its forecast goes with it.
		fireEvent.click(screen.getByRole('checkbox', { name: /Month to date/ }));
		expect(container.querySelector('.abacus-chart__forecast')).toBeNull();
		rerender(
			<Chart data={data} title="Net sales" forecast={forecast} mode="item-comparison" />,
		);
		expect(container.querySelector('.abacus-chart__forecast')).toBeNull();
	});
});

describe('Chart forecast by week', () => {
	// Weeks from Monday: November 2 and 9 over, the week of the 16th partly known (today is
	// the 18th); the forecast gives that week (known days + the rest) and the two after it.
	const week = (date: string) => `${date}T00:00:00`;
	const weeks: ChartRow[] = [
		['2026-11-02', 100],
		['2026-11-09', 120],
		['2026-11-16', 40],
	].map(([date, value]) => ({
		date: week(String(date)),
		current: { value: Number(value), label: 'Month to date' },
	}));
	const byWeek: ChartForecast = {
		points: [
			{ date: week('2026-11-16'), value: 110, lower: 95, upper: 130 },
			{ date: week('2026-11-23'), value: 115, lower: 80, upper: 150 },
			{ date: week('2026-11-30'), value: 17, lower: 10, upper: 25 },
		],
		coverage: 80,
		knownUntil: week('2026-11-18'),
		total: { value: 402, lower: 370, upper: 440, date: '2026-11-30' },
	};

	it('draws each week’s forecast on its week and gives it in the tooltip and the table', async () => {
		const { container } = render(
			<Chart
				data={weeks}
				title="Net sales"
				interval="week"
				valueType="currency"
				formatCurrency={money}
				forecast={byWeek}
			/>,
		);
		// The two later weeks extend the chart: five weeks on the x axis.
		const rows = withForecastRows(weeks, byWeek, 'current');
		expect(rows.map((row) => row.date.slice(0, 10))).toEqual([
			'2026-11-02',
			'2026-11-09',
			'2026-11-16',
			'2026-11-23',
			'2026-11-30',
		]);
		expect(placeForecast(rows, byWeek).map((point) => point.index)).toEqual([2, 3, 4]);
		// The dashed line from the last whole week (the 9th) through the three weeks.
		const line = container.querySelector('.abacus-chart__forecast-line');
		expect((line?.getAttribute('d') ?? '').match(/[ML]/g)).toEqual(['M', 'L', 'L', 'L']);
		expect(
			(
				container.querySelector('.abacus-chart__forecast-band')?.getAttribute('d') ?? ''
			).match(/[ML]/g),
		).toHaveLength(8);
		// The week so far is drawn as it is: three points of the current period.
		expect(
			container.querySelector('.abacus-chart__line')?.getAttribute('d')?.match(/[ML]/g),
		).toHaveLength(3);
		const chart = screen.getByRole('group', { name: 'Net sales' });
		act(() => chart.focus());
		fireEvent.keyDown(chart, { key: 'End' });
		expect(screen.getByRole('status')).toHaveTextContent(
			/November 30, 2026.*Forecast \(80 % likely\)€17,00 \(€10,00 to €25,00\)/,
		);
		fireEvent.keyDown(chart, { key: 'ArrowLeft' });
		fireEvent.keyDown(chart, { key: 'ArrowLeft' });
		// The week holding today: its days so far and the week's forecast.
		expect(screen.getByRole('status')).toHaveTextContent(
			/November 16, 2026.*€40,00.*Forecast \(80 % likely\)€110,00 \(€95,00 to €130,00\)/,
		);
		const table = await screen.findByRole('table');
		const last = within(table).getAllByRole('row').at(-1) as HTMLElement;
		expect(last).toHaveTextContent('€17,00 (€10,00 to €25,00)');
		// The mouse on the fourth week.
		const svg = container.querySelector('svg.abacus-chart__svg') as SVGSVGElement;
		fireEvent.mouseMove(svg, { clientX: at(3, 5) });
		expect(screen.getByRole('status')).toHaveTextContent(
			/November 23, 2026.*€115,00 \(€80,00 to €150,00\)/,
		);
	});
});

describe('the tooltip on a narrow chart', () => {
	function hover(plotWidth: number): HTMLElement {
		const offsetParent = jest
			.spyOn(HTMLElement.prototype, 'offsetParent', 'get')
			.mockImplementation(function (this: HTMLElement) {
				return this.parentElement;
			});
		const clientWidth = jest
			.spyOn(HTMLElement.prototype, 'clientWidth', 'get')
			.mockReturnValue(plotWidth);
		try {
			const { container } = render(
				<Chart data={data} title="Net sales" forecast={forecast} />,
			);
			const svg = container.querySelector('svg.abacus-chart__svg') as SVGSVGElement;
			fireEvent.mouseMove(svg, { clientX: at(3) });
			return screen.getByRole('status');
		} finally {
			offsetParent.mockRestore();
			clientWidth.mockRestore();
		}
	}

	it('is placed under the plot, across it, on a phone-wide chart so the line stays seen', () => {
		const tooltip = hover(340);
		expect(tooltip).toHaveClass('is-below');
		expect(tooltip.style.top).toBe('100%');
		expect(tooltip.style.left).toBe('0px');
		expect(tooltip.style.right).toBe('0px');
		expect(tooltip).toHaveTextContent('Forecast (80 % likely)');
	});

	it('floats beside the date on a wide chart', () => {
		const tooltip = hover(900);
		expect(tooltip).not.toHaveClass('is-below');
		expect(tooltip.style.top).toBe('');
	});
});
