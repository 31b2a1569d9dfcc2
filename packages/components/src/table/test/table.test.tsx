import { act, fireEvent, render, screen, within } from '@testing-library/react';

import { EmptyTable, Table, TableCard, TablePlaceholder, TableSummary } from '../index.js';
import { getScrollSides } from '../table.js';
import type { TableHeader, TableRow } from '../index.js';
import { reportingResizeObserver } from '../../../../../tests/support/resize-observer.js';

const headers: TableHeader[] = [
	{ key: 'date', label: 'Date', isSortable: true, defaultSort: true, required: true },
	{ key: 'orders', label: 'Orders', isSortable: true, isNumeric: true },
	{ key: 'sales', label: 'Net sales', isSortable: true, isNumeric: true },
	{ key: 'notes', label: 'Notes', hiddenByDefault: true },
];
const rows: TableRow[] = [
	[
		{ display: '2026-01-01', value: '2026-01-01' },
		{ display: '3', value: 3 },
		{ display: '$30.00', value: 30 },
		{ display: 'a', value: 'a' },
	],
	[
		{ display: '2026-01-02', value: '2026-01-02' },
		{ display: '5', value: 5 },
		{ display: '$50.00', value: 50 },
		{ display: 'b', value: 'b' },
	],
];

describe('Table', () => {
	it('renders a captioned, focusable region with sortable header buttons and aria-sort', () => {
		const onSort = jest.fn();
		render(
			<Table
				caption="Revenue"
				headers={headers}
				rows={rows}
				query={{ orderby: 'orders', order: 'asc' }}
				onSort={onSort}
			/>,
		);
		const region = screen.getByRole('group', { name: 'Revenue' });
		expect(region).toHaveAttribute('tabindex', '0');
		expect(screen.getByRole('columnheader', { name: /Orders/ })).toHaveAttribute(
			'aria-sort',
			'ascending',
		);
		expect(screen.getByRole('columnheader', { name: /Date/ })).toHaveAttribute(
			'aria-sort',
			'none',
		);
		// The sorted column toggles asc → desc; a new column starts descending.
		fireEvent.click(screen.getByRole('button', { name: /^Orders/ }));
		expect(onSort).toHaveBeenLastCalledWith('orders', 'desc');
		fireEvent.click(screen.getByRole('button', { name: /^Net sales/ }));
		expect(onSort).toHaveBeenLastCalledWith('sales', 'desc');
		expect(screen.getByRole('rowheader', { name: '2026-01-02' })).toBeInTheDocument();
	});

	it('shows re-ordered rows in their new order, cells still aligned by column', () => {
		const { rerender } = render(
			<Table caption="Revenue" headers={headers} rows={rows} ids={['a', 'b']} />,
		);
		const bodyRows = () => screen.getAllByRole('row').slice(1);
		expect(bodyRows().map((row) => row.textContent)).toEqual([
			'2026-01-013$30.00a',
			'2026-01-025$50.00b',
		]);
		rerender(
			<Table
				caption="Revenue"
				headers={headers}
				rows={[rows[1], rows[0]]}
				ids={['b', 'a']}
				query={{ orderby: 'orders', order: 'desc' }}
			/>,
		);
		expect(bodyRows().map((row) => row.textContent)).toEqual([
			'2026-01-025$50.00b',
			'2026-01-013$30.00a',
		]);
		expect(screen.getByRole('cell', { name: '$50.00' })).toHaveClass('is-numeric');
		expect(screen.getByRole('cell', { name: 'b' })).not.toHaveClass('is-numeric');
		// New headers (the numeric column now left-aligned) restyle the cells of unchanged rows.
		rerender(
			<Table
				caption="Revenue"
				headers={headers.map((h) =>
					h.key === 'sales' ? { ...h, isLeftAligned: true } : h,
				)}
				rows={[rows[1], rows[0]]}
				ids={['b', 'a']}
			/>,
		);
		expect(screen.getByRole('cell', { name: '$50.00' })).toHaveClass('is-left-aligned');
		expect(screen.getByRole('cell', { name: '$50.00' })).not.toHaveClass('is-numeric');
	});

	it('sorts by the default-sort column descending when the query names none', () => {
		render(<Table caption="Revenue" headers={headers} rows={rows} />);
		expect(screen.getByRole('columnheader', { name: /Date/ })).toHaveAttribute(
			'aria-sort',
			'descending',
		);
	});
});

describe('Table placeholders, summary and empty state', () => {
	it('hides the placeholder table from assistive technology and announces loading', () => {
		const { container } = render(
			<TablePlaceholder caption="Revenue" headers={headers} numberOfRows={3} />,
		);
		expect(container.firstChild).toHaveClass('is-loading');
		expect(screen.getByRole('status')).toHaveTextContent('Loading');
		expect(screen.queryByRole('group')).not.toBeInTheDocument();
		// Nothing inside the hidden table can take focus (the headers' sort buttons are left out).
		expect(container.querySelectorAll('button, a[href], [tabindex="0"]')).toHaveLength(0);
	});

	it('lists summary values with their labels', () => {
		render(<TableSummary data={[{ label: 'orders', value: '8' }]} />);
		expect(screen.getByRole('listitem')).toHaveTextContent('8orders');
	});

	it('shows its message, by default "No data to display"', () => {
		const { rerender } = render(<EmptyTable />);
		expect(screen.getByText('No data to display')).toBeInTheDocument();
		rerender(<EmptyTable>Nothing sold</EmptyTable>);
		expect(screen.getByText('Nothing sold')).toBeInTheDocument();
	});
});

describe('TableCard', () => {
	const setup = (props: Partial<Parameters<typeof TableCard>[0]> = {}) => {
		const sort = jest.fn();
		const paged = jest.fn();
		const onQueryChange = jest.fn((param: string) => (param === 'sort' ? sort : paged));
		const utils = render(
			<TableCard
				title="Revenue"
				headers={headers}
				rows={rows}
				rowsPerPage={25}
				totalRows={60}
				onQueryChange={onQueryChange}
				{...props}
			/>,
		);
		return { ...utils, sort, paged, onQueryChange };
	};

	it('shows the title, the visible columns, pagination and summary', () => {
		setup({ summary: [{ label: 'days', value: '2' }] });
		expect(screen.getByRole('heading', { name: 'Revenue' })).toBeInTheDocument();
		expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
			expect.stringContaining('Date'),
			expect.stringContaining('Orders'),
			expect.stringContaining('Net sales'),
		]);
		expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
		expect(screen.getByText('days')).toBeInTheDocument();
	});

	it('sends sort and page changes through onQueryChange', () => {
		const { sort, paged } = setup();
		fireEvent.click(screen.getByRole('button', { name: /^Orders/ }));
		expect(sort).toHaveBeenCalledWith('orders', 'desc');
		fireEvent.click(screen.getByRole('button', { name: 'Next Page' }));
		expect(paged).toHaveBeenCalledWith('2');
	});

	it('hiding the sorted column re-sorts by the default column descending', async () => {
		const onColumnsChange = jest.fn();
		const { sort } = setup({ query: { orderby: 'orders', order: 'asc' }, onColumnsChange });
		fireEvent.click(screen.getByRole('button', { name: 'Choose which values to display' }));
		const item = await screen.findByRole('menuitemcheckbox', { name: 'Orders' });
		expect(item).toHaveAttribute('aria-checked', 'true');
		act(() => item.click());
		expect(onColumnsChange).toHaveBeenCalledWith(['date', 'sales'], 'orders');
		expect(sort).toHaveBeenCalledWith('date', 'desc');
		expect(screen.queryByRole('columnheader', { name: /Orders/ })).not.toBeInTheDocument();
		// The required column is not offered.
		expect(screen.queryByRole('menuitemcheckbox', { name: 'Date' })).not.toBeInTheDocument();
	});

	it('shows a hidden column chosen as the sort column', () => {
		setup({ query: { orderby: 'notes', order: 'desc' } });
		expect(screen.getByRole('columnheader', { name: /Notes/ })).toBeInTheDocument();
	});

	it('shows placeholders while loading and the empty message without rows', () => {
		const { rerender, onQueryChange } = setup({ isLoading: true });
		expect(screen.getByRole('status')).toHaveTextContent('Loading');
		rerender(
			<TableCard
				title="Revenue"
				headers={headers}
				rows={[]}
				rowsPerPage={25}
				totalRows={0}
				onQueryChange={onQueryChange}
			/>,
		);
		expect(screen.getByText('No data to display')).toBeInTheDocument();
		expect(screen.getByRole('button', { name: 'Download' })).toHaveAttribute(
			'aria-disabled',
			'true',
		);
	});

	it('downloads through onClickDownload when given', () => {
		const onClickDownload = jest.fn();
		setup({ onClickDownload });
		fireEvent.click(screen.getByRole('button', { name: 'Download' }));
		expect(onClickDownload).toHaveBeenCalled();
	});

	it('writes the sort to the URL when no onQueryChange is given', () => {
		render(
			<TableCard
				title="Revenue"
				headers={headers}
				rows={rows}
				rowsPerPage={25}
				totalRows={2}
			/>,
		);
		fireEvent.click(screen.getByRole('button', { name: /^Net sales/ }));
		const params = new URLSearchParams(window.location.search);
		expect(params.get('orderby')).toBe('sales');
		expect(params.get('order')).toBe('desc');
	});

	it('lists rows inside the table region', () => {
		setup();
		const region = screen.getByRole('group', { name: 'Revenue' });
		expect(within(region).getAllByRole('row')).toHaveLength(3);
	});
});

describe('the table scroll box', () => {
	it('tells which sides have columns out of sight', () => {
		expect(getScrollSides({ scrollLeft: 0, scrollWidth: 400, clientWidth: 400 })).toEqual({
			left: false,
			right: false,
		});
		expect(getScrollSides({ scrollLeft: 0, scrollWidth: 900, clientWidth: 400 })).toEqual({
			left: false,
			right: true,
		});
		expect(getScrollSides({ scrollLeft: 250, scrollWidth: 900, clientWidth: 400 })).toEqual({
			left: true,
			right: true,
		});
		expect(getScrollSides({ scrollLeft: 500, scrollWidth: 900, clientWidth: 400 })).toEqual({
			left: true,
			right: false,
		});
	});

	it('shows a shadow on the side with more columns when the table is wider than its box', () => {
		const { container } = render(<Table caption="Wide" headers={headers} rows={rows} />);
		const box = container.querySelector('.abacus-table__table') as HTMLElement;
		Object.defineProperty(box, 'scrollWidth', { configurable: true, value: 900 });
		Object.defineProperty(box, 'clientWidth', { configurable: true, value: 400 });
		fireEvent.scroll(box);
		const wrapper = container.querySelector('.abacus-table__scroll');
		expect(wrapper).toHaveClass('has-more-right');
		expect(wrapper).not.toHaveClass('has-more-left');
		box.scrollLeft = 500;
		fireEvent.scroll(box);
		expect(wrapper).toHaveClass('has-more-left');
		expect(wrapper).not.toHaveClass('has-more-right');
	});

	it('measures its box once the browser reports the box laid out, not while it is drawn', () => {
		const { reports, restore } = reportingResizeObserver();
		const reads = jest.fn(() => 900);
		const scrollWidth = jest
			.spyOn(HTMLElement.prototype, 'scrollWidth', 'get')
			.mockImplementation(reads);
		const clientWidth = jest
			.spyOn(HTMLElement.prototype, 'clientWidth', 'get')
			.mockImplementation(() => 400);
		try {
			const { container } = render(<Table caption="Wide" headers={headers} rows={rows} />);
			expect(reads).not.toHaveBeenCalled();
			expect(reports).toHaveLength(1);
			act(() => reports[0]());
			expect(container.querySelector('.abacus-table__scroll')).toHaveClass('has-more-right');
		} finally {
			scrollWidth.mockRestore();
			clientWidth.mockRestore();
			restore();
		}
	});
});
