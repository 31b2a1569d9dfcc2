/**
 * The chart in a store's locale: a y-axis formatter function writes the money ticks, and a d3 time
 * locale names the months of the x axis, the tooltip and the screen-reader table.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import type { TimeLocaleDefinition } from 'd3-time-format';

import { Chart, type ChartRow } from '../index.js';

const GERMAN: TimeLocaleDefinition = {
	dateTime: '%d.%m.%Y, %H:%M:%S',
	date: '%d.%m.%Y',
	time: '%H:%M:%S',
	periods: ['AM', 'PM'],
	days: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
	shortDays: ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'],
	months: [
		'Januar',
		'Februar',
		'März',
		'April',
		'Mai',
		'Juni',
		'Juli',
		'August',
		'September',
		'Oktober',
		'November',
		'Dezember',
	],
	shortMonths: [
		'Jan',
		'Feb',
		'Mär',
		'Apr',
		'Mai',
		'Jun',
		'Jul',
		'Aug',
		'Sep',
		'Okt',
		'Nov',
		'Dez',
	],
};

const data: ChartRow[] = Array.from({ length: 3 }, (_, i) => ({
	date: `2026-10-0${i + 1}T00:00:00`,
	Sales: { label: 'Sales', value: 1500 * (i + 1) },
}));

const euros = (value: number) => `${value.toLocaleString('de-DE')}\u00a0€`;

function ticks(container: HTMLElement, axis: 'x' | 'y'): string[] {
	return Array.from(
		container.querySelectorAll(`.abacus-chart__${axis}-axis .abacus-chart__tick-label`),
	).map((node) => node.textContent ?? '');
}

describe('Chart in the store’s locale', () => {
	it('writes the y ticks with the given function and the dates with the given time locale', () => {
		const { container } = render(
			<Chart
				data={data}
				title="Umsatz"
				valueType="currency"
				formatCurrency={euros}
				yFormat={euros}
				timeLocale={GERMAN}
				xFormat="%-d"
				x2Format="%b %Y"
				tooltipLabelFormat="%B %-d, %Y"
				screenReaderFormat="%B %-d, %Y"
			/>,
		);
		const y = ticks(container, 'y');
		expect(y.length).toBeGreaterThan(1);
		for (const tick of y) expect(tick).toMatch(/^[\d.]+\u00a0€$/);
		expect(y).toContain('1.000\u00a0€');
		expect(ticks(container, 'x')).toContain('Okt 2026');
		fireEvent.keyDown(screen.getByRole('group', { name: 'Umsatz' }), { key: 'Home' });
		expect(container.querySelector('.abacus-chart__tooltip-title')?.textContent).toBe(
			'Oktober 1, 2026',
		);
	});

	it('keeps d3’s en-US and the value type’s format when neither is given', () => {
		const { container } = render(
			<Chart data={data} title="Sales" valueType="currency" x2Format="%b %Y" />,
		);
		expect(ticks(container, 'y')).toContain('$1k');
		expect(ticks(container, 'x')).toContain('Oct 2026');
	});
});
