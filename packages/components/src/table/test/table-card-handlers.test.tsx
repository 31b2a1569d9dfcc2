import { fireEvent, render, screen } from '@testing-library/react';

import { downloadCSVFile } from '@abacus/csv-export';

import { TableCard } from '../index.js';
import type { TableHeader, TableRow } from '../index.js';

jest.mock('@abacus/csv-export', () => ({
	...jest.requireActual('@abacus/csv-export'),
	downloadCSVFile: jest.fn(),
}));

const headers: TableHeader[] = [
	{ key: 'date', label: 'Date', isSortable: true, defaultSort: true, required: true },
	{ key: 'orders', label: 'Orders', isSortable: true, isNumeric: true },
];
const first: TableRow = [
	{ display: '2026-01-01', value: '2026-01-01' },
	{ display: '3', value: 3 },
];
const second: TableRow = [
	{ display: '2026-01-02', value: '2026-01-02' },
	{ display: '5', value: 5 },
];

describe('TableCard after its props change', () => {
	it('downloads the rows it shows now, in their current order', () => {
		const props = { title: 'Revenue', headers, rowsPerPage: 25, totalRows: 2 };
		const { rerender } = render(<TableCard {...props} rows={[first, second]} />);
		rerender(
			<TableCard
				{...props}
				rows={[second, first]}
				query={{ orderby: 'orders', order: 'desc' }}
			/>,
		);
		fireEvent.click(screen.getByRole('button', { name: 'Download' }));
		const content = jest.mocked(downloadCSVFile).mock.calls[0][1];
		expect(content.indexOf('2026-01-02')).toBeGreaterThan(-1);
		expect(content.indexOf('2026-01-02')).toBeLessThan(content.indexOf('2026-01-01'));
	});

	it('calls the latest handlers given', () => {
		const props = { title: 'Revenue', headers, rows: [first, second], rowsPerPage: 1 };
		const firstDownload = jest.fn();
		const firstQueryChange = jest.fn();
		const { rerender } = render(
			<TableCard
				{...props}
				totalRows={60}
				onClickDownload={firstDownload}
				onQueryChange={() => firstQueryChange}
			/>,
		);
		const latestDownload = jest.fn();
		const latestQueryChange = jest.fn();
		rerender(
			<TableCard
				{...props}
				totalRows={60}
				onClickDownload={latestDownload}
				onQueryChange={() => latestQueryChange}
			/>,
		);
		fireEvent.click(screen.getByRole('button', { name: 'Download' }));
		fireEvent.click(screen.getByRole('button', { name: 'Next Page' }));
		expect(firstDownload).not.toHaveBeenCalled();
		expect(latestDownload).toHaveBeenCalledTimes(1);
		expect(firstQueryChange).not.toHaveBeenCalled();
		expect(latestQueryChange).toHaveBeenCalledWith('2');
	});
});
