import { renderHook } from '@testing-library/react';

import { setSettingsForTests } from '@abacus/settings';

import { reportConfigs } from '../../reports/registry.js';
import { formatStoreDate, useReportContext } from '../use-report-context.js';

/** The display text of a report's table cell for `row`, formatted with the store's settings. */
function displayOf(
	report: keyof typeof reportConfigs,
	key: string,
	row: Record<string, unknown>,
): string {
	const { result } = renderHook(() => useReportContext({}));
	const column = reportConfigs[report].table.columns.find((item) => item.key === key);
	if (!column) {
		throw new Error(`No column ${key} in ${report}`);
	}
	return String(column.cell(row, result.current).display);
}

describe('useReportContext', () => {
	afterEach(() => setSettingsForTests());

	it('writes table dates in the store’s date format in every report with dates', () => {
		setSettingsForTests({ dateFormat: 'F j, Y' });
		expect(displayOf('orders', 'date', { date_created: '2026-10-31T14:05:00' })).toBe(
			'October 31, 2026',
		);
		expect(displayOf('revenue', 'date', { date_start: '2026-10-31 00:00:00' })).toBe(
			'October 31, 2026',
		);
		expect(
			displayOf('customers', 'date_registered', { date_registered: '2026-10-31 09:00:00' }),
		).toBe('October 31, 2026');
		expect(
			displayOf('customers', 'date_last_active', {
				date_last_active: '2026-11-02T23:59:59',
			}),
		).toBe('November 2, 2026');
		expect(displayOf('downloads', 'date', { date: '2026-10-31T08:00:00' })).toBe(
			'October 31, 2026',
		);
		expect(
			displayOf('coupons', 'expires', {
				extended_info: { date_expires: '2026-12-24T00:00:00' },
			}),
		).toBe('December 24, 2026');
	});

	it('writes a store-local date and time as it is, a bare day too, and refuses a date out of range', () => {
		expect(formatStoreDate('F j, Y g:i a', '2026-10-11 23:30:00')).toBe(
			'October 11, 2026 11:30 pm',
		);
		expect(formatStoreDate('Y-m-d H:i', '2026-01-01T00:05')).toBe('2026-01-01 00:05');
		expect(formatStoreDate('F j, Y', '2026-02-28')).toBe('February 28, 2026');
		expect(formatStoreDate('F j, Y', '0099-03-01 00:00:00')).toBe('March 1, 0099');
		// Not carried into the next month or day, as moment's reading of it does not.
		expect(formatStoreDate('F j, Y', '2026-04-31 00:00:00')).toBe(
			formatStoreDate('F j, Y', '2026-04-31T00:00:00Z'),
		);
		expect(formatStoreDate('F j, Y', '2026-04-31 00:00:00')).not.toBe('May 1, 2026');
	});

	it('follows another store format, day first', () => {
		setSettingsForTests({ dateFormat: 'd.m.Y' });
		expect(displayOf('orders', 'date', { date_created: '2026-10-31T14:05:00' })).toBe(
			'31.10.2026',
		);
	});

	it('falls back to m/d/Y when the store has no date format', () => {
		setSettingsForTests({ dateFormat: '' });
		expect(displayOf('orders', 'date', { date_created: '2026-10-31T14:05:00' })).toBe(
			'10/31/2026',
		);
	});
});
