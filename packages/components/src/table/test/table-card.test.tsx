jest.mock('@abacus/csv-export', () => ({
	...jest.requireActual('@abacus/csv-export'),
	downloadCSVFile: jest.fn(),
}));

import { fireEvent, render, screen, within } from '@testing-library/react';

import { downloadCSVFile } from '@abacus/csv-export';

import { TableCard } from '../index.js';

const headers = [
	{ key: 'date', label: 'Date', isSortable: true, defaultSort: true, required: true },
	{ key: 'orders', label: 'Orders', isSortable: true, isNumeric: true },
	{ key: 'net', label: 'Net sales', isSortable: true, isNumeric: true },
];
const rows = [
	[
		{ display: 'Nov 2', value: '2026-11-02' },
		{ display: '3', value: 3 },
		{ display: '$30.00', value: 30 },
	],
	[
		{ display: 'Nov 1', value: '2026-11-01' },
		{ display: '5', value: 5 },
		{ display: '=1+1', value: '=1+1' },
	],
];

function renderCard(props: Partial<Parameters<typeof TableCard>[0]> = {}) {
	const onSort = jest.fn();
	const onColumnsChange = jest.fn();
	const paged = jest.fn();
	const perPage = jest.fn();
	const onQueryChange = (param: string) => (param === 'paged' ? paged : perPage);
	render(
		<TableCard
			title="Revenue"
			headers={headers}
			rows={rows}
			rowsPerPage={25}
			totalRows={2}
			query={{ orderby: 'net', order: 'desc' }}
			onSort={onSort}
			onColumnsChange={onColumnsChange}
			onQueryChange={onQueryChange}
			summary={[{ label: 'orders', value: '8' }]}
			{...props}
		/>,
	);
	return { onSort, onColumnsChange, paged, perPage };
}

describe('TableCard', () => {
	it('renders a captioned table with its rows and summary', () => {
		renderCard();
		const table = screen.getByRole('table', { name: 'Revenue' });
		expect(within(table).getAllByRole('row')).toHaveLength(3);
		expect(screen.getByRole('columnheader', { name: /Net sales/ })).toHaveAttribute(
			'aria-sort',
			'descending',
		);
		expect(screen.getByText('orders')).toBeInTheDocument();
	});

	it('toggles the direction of the sorted column and starts a new column descending', () => {
		const { onSort } = renderCard();
		fireEvent.click(screen.getByRole('button', { name: /^Net sales/ }));
		expect(onSort).toHaveBeenLastCalledWith('net', 'asc');
		fireEvent.click(screen.getByRole('button', { name: /^Orders/ }));
		expect(onSort).toHaveBeenLastCalledWith('orders', 'desc');
	});

	it('hiding the sorted column sorts by the default column, descending', () => {
		const { onSort, onColumnsChange } = renderCard();
		fireEvent.click(screen.getByRole('button', { name: 'Choose which values to display' }));
		fireEvent.click(screen.getByRole('menuitemcheckbox', { name: /Net sales/ }));
		expect(onColumnsChange).toHaveBeenCalledWith(['date', 'orders'], 'net');
		expect(onSort).toHaveBeenCalledWith('date', 'desc');
		expect(screen.queryByRole('columnheader', { name: /Net sales/ })).not.toBeInTheDocument();
	});

	it('follows column visibility that arrives after the first render, and keeps a choice made since', () => {
		// The saved column preferences are still loading: the parent hides Net sales by default.
		const props = {
			title: 'Revenue',
			rows,
			rowsPerPage: 25,
			totalRows: 2,
			onColumnsChange: jest.fn(),
		};
		const late = headers.map((h) => (h.key === 'net' ? { ...h, hiddenByDefault: true } : h));
		const { rerender } = render(<TableCard {...props} headers={late} />);
		expect(screen.queryByRole('columnheader', { name: /Net sales/ })).not.toBeInTheDocument();
		// The preferences arrive: Net sales is shown, Orders hidden.
		const saved = headers.map((h) => (h.key === 'orders' ? { ...h, visible: false } : h));
		rerender(<TableCard {...props} headers={saved} />);
		expect(screen.getByRole('columnheader', { name: /Net sales/ })).toBeInTheDocument();
		expect(screen.queryByRole('columnheader', { name: /Orders/ })).not.toBeInTheDocument();
		// The person shows Orders; an answer that still says hidden does not take it away.
		fireEvent.click(screen.getByRole('button', { name: 'Choose which values to display' }));
		fireEvent.click(screen.getByRole('menuitemcheckbox', { name: /Orders/ }));
		expect(props.onColumnsChange).toHaveBeenLastCalledWith(['date', 'orders', 'net'], 'orders');
		rerender(<TableCard {...props} headers={[...saved]} />);
		expect(screen.getByRole('columnheader', { name: /Orders/ })).toBeInTheDocument();
		expect(screen.getByRole('menuitemcheckbox', { name: /Orders/ })).toHaveAttribute(
			'aria-checked',
			'true',
		);
	});

	it('required columns are not offered in the menu', () => {
		renderCard();
		fireEvent.click(screen.getByRole('button', { name: 'Choose which values to display' }));
		expect(screen.queryByRole('menuitemcheckbox', { name: /Date/ })).not.toBeInTheDocument();
	});

	it('shows placeholders while loading and a message when empty', () => {
		const { container } = render(
			<TableCard
				title="Revenue"
				headers={headers}
				rows={[]}
				rowsPerPage={25}
				totalRows={0}
				isLoading
			/>,
		);
		expect(container.querySelector('.is-loading')).not.toBeNull();
		render(
			<TableCard title="Orders" headers={headers} rows={[]} rowsPerPage={25} totalRows={0} />,
		);
		expect(screen.getByText('No data to display')).toBeInTheDocument();
	});

	it('pages through the query handlers', () => {
		const { paged } = renderCard({ totalRows: 60, query: { paged: '1' } });
		fireEvent.click(screen.getByRole('button', { name: 'Next Page' }));
		expect(paged).toHaveBeenCalledWith('2');
	});

	it('downloads the shown rows as CSV with formulas neutralised', () => {
		renderCard({ hasDownload: true });
		fireEvent.click(screen.getByRole('button', { name: 'Download' }));
		const [name, content] = (downloadCSVFile as jest.Mock).mock.calls[0];
		expect(name).toMatch(/^revenue_\d{4}-\d{2}-\d{2}_orderby-net_order-desc\.csv$/);
		expect(content).toBe("Date,Orders,Net sales\n2026-11-02,3,30\n2026-11-01,5,'=1+1");
	});
});
