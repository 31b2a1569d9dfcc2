import { fireEvent, render, screen } from '@testing-library/react';
import { getHistory, resetHistory } from '@abacus/navigation';

import { ReportFilters } from '../index.js';

const dateQuery = {
	period: 'month',
	compare: 'previous_year',
	primaryDate: { label: 'Month to Date', range: 'May 1 - 10, 2021' },
	secondaryDate: { label: 'Previous Year', range: 'May 1 - 10, 2020' },
};

describe('ReportFilters', () => {
	beforeEach(() => {
		window.history.replaceState({}, '', '/wp-admin/admin.php?page=abacus');
		resetHistory();
	});

	it('renders a hidden heading, the date picker and the shown filter dropdowns', () => {
		render(
			<ReportFilters
				path="/analytics/products"
				query={{}}
				dateQuery={dateQuery}
				filters={[
					{
						label: 'Show',
						param: 'filter',
						staticParams: [],
						showFilters: () => true,
						filters: [{ value: 'all', label: 'All products' }],
					},
					{
						label: 'Hidden',
						param: 'filter-variations',
						staticParams: [],
						showFilters: (query) => query.filter === 'single_product',
						filters: [{ value: 'all', label: 'All variations' }],
					},
				]}
			/>,
		);
		expect(screen.getByRole('heading', { name: 'Filters' })).toBeInTheDocument();
		expect(screen.getByRole('button', { name: /Month to Date/ })).toBeInTheDocument();
		expect(screen.getByRole('button', { name: 'All products' })).toBeInTheDocument();
		expect(screen.queryByRole('button', { name: 'All variations' })).not.toBeInTheDocument();
	});

	it('writes a picked range to the address and tells the caller', () => {
		const onDateSelect = jest.fn();
		render(
			<ReportFilters
				path="/analytics/revenue"
				query={{ orderby: 'net_revenue' }}
				dateQuery={dateQuery}
				onDateSelect={onDateSelect}
			/>,
		);
		fireEvent.click(screen.getByRole('button', { name: /Month to Date/ }));
		fireEvent.click(screen.getByRole('radio', { name: 'Year to Date' }));
		fireEvent.click(screen.getByRole('button', { name: 'Update' }));
		expect(onDateSelect).toHaveBeenCalledWith(
			expect.objectContaining({ period: 'year', compare: 'previous_year' }),
		);
		const search = getHistory().location.search;
		expect(search).toContain('period=year');
		expect(search).toContain('orderby=net_revenue');
		expect(search).toContain('path=%2Fanalytics%2Frevenue');
	});

	it('hides the date picker when asked', () => {
		render(<ReportFilters path="/customers" showDatePicker={false} dateQuery={dateQuery} />);
		expect(screen.queryByRole('button', { name: /Month to Date/ })).not.toBeInTheDocument();
	});

	it('shows the comparison card when the filter value starts with compare', async () => {
		const config = {
			label: 'Show',
			param: 'filter',
			staticParams: [],
			showFilters: () => true,
			filters: [
				{ value: 'all', label: 'All products' },
				{
					value: 'compare-products',
					label: 'Product comparison',
					settings: {
						type: 'products',
						param: 'products',
						getLabels: async () => [{ key: 5, label: 'Beanie' }],
						labels: { title: 'Compare Products', update: 'Compare' },
					},
				},
			],
		};
		const { rerender } = render(
			<ReportFilters
				path="/analytics/products"
				query={{ filter: 'compare-products', products: '5' }}
				showDatePicker={false}
				filters={[config]}
			/>,
		);
		expect(screen.getByRole('heading', { name: 'Compare Products' })).toBeInTheDocument();
		expect(await screen.findByRole('button', { name: 'Remove Beanie' })).toBeInTheDocument();
		rerender(
			<ReportFilters
				path="/analytics/products"
				query={{}}
				showDatePicker={false}
				filters={[config]}
			/>,
		);
		expect(screen.queryByRole('heading', { name: 'Compare Products' })).not.toBeInTheDocument();
	});

	it('loads the advanced filters card when the filter value is advanced', async () => {
		await import('../../advanced-filters/index.js');
		render(
			<ReportFilters
				path="/analytics/orders"
				query={{ filter: 'advanced' }}
				showDatePicker={false}
				filters={[
					{
						label: 'Show',
						param: 'filter',
						staticParams: [],
						showFilters: () => true,
						filters: [
							{ value: 'all', label: 'All orders' },
							{ value: 'advanced', label: 'Advanced filters' },
						],
					},
				]}
				advancedFilters={{
					title: 'Orders match {{select /}} filters',
					filters: {
						status: {
							labels: {
								add: 'Order status',
								remove: 'Remove order status filter',
								rule: 'Select an order status filter match',
								title: 'Status',
								filter: 'Select an order status',
							},
							rules: [{ value: 'is', label: 'Is' }],
							input: {
								component: 'SelectControl',
								options: [{ value: 'paid', label: 'Paid' }],
							},
						},
					},
				}}
			/>,
		);
		expect(
			await screen.findByRole('button', { name: /Add a Filter/i }, { timeout: 5000 }),
		).toBeInTheDocument();
	});
});
