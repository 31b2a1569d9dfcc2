import { act, fireEvent, render, screen } from '@testing-library/react';
import { getHistory, resetHistory } from '@abacus/navigation';

import { SearchFetcherProvider } from '../../search/index.js';
import { FilterPicker } from '../index.js';
import type { FilterPickerConfig } from '../index.js';

const config: FilterPickerConfig = {
	label: 'Show',
	param: 'filter',
	staticParams: ['chartType'],
	showFilters: () => true,
	filters: [
		{ value: 'all', label: 'All orders' },
		{
			value: 'by_status',
			label: 'Status',
			subFilters: [
				{ value: 'status_paid', label: 'Paid' },
				{ value: 'status_refunded', label: 'Refunded' },
			],
		},
	],
};

describe('FilterPicker', () => {
	beforeEach(() => {
		window.history.replaceState({}, '', '/wp-admin/admin.php?page=abacus');
		resetHistory();
	});

	it('navigates into sub-filters and back, then writes the pick with kept params', () => {
		const onFilterSelect = jest.fn();
		render(
			<FilterPicker
				config={config}
				path="/analytics/orders"
				query={{
					period: 'year',
					compare: 'previous_year',
					chartType: 'bar',
					orderby: 'date',
				}}
				onFilterSelect={onFilterSelect}
			/>,
		);
		fireEvent.click(screen.getByRole('button', { name: 'All orders' }));
		fireEvent.click(screen.getByRole('button', { name: 'Status' }));
		expect(screen.getByRole('button', { name: 'Paid' })).toBeInTheDocument();
		// Back to the top level, then into the sub-menu again.
		fireEvent.click(screen.getByRole('button', { name: 'Status' }));
		expect(screen.queryByRole('button', { name: 'Paid' })).not.toBeInTheDocument();
		fireEvent.click(screen.getByRole('button', { name: 'Status' }));
		fireEvent.click(screen.getByRole('button', { name: 'Refunded' }));
		expect(onFilterSelect).toHaveBeenCalledWith({
			period: 'year',
			compare: 'previous_year',
			chartType: 'bar',
			filter: 'status_refunded',
		});
		const search = getHistory().location.search;
		expect(search).toContain('filter=status_refunded');
		expect(search).toContain('chartType=bar');
		expect(search).not.toContain('orderby');
	});

	it('shows the selected nested filter and writes undefined for the default', () => {
		const onFilterSelect = jest.fn();
		render(
			<FilterPicker
				config={config}
				path="/analytics/orders"
				query={{ filter: 'status_paid' }}
				onFilterSelect={onFilterSelect}
			/>,
		);
		fireEvent.click(screen.getByRole('button', { name: 'Paid' }));
		// The menu opens at the selected entry's level, with a back button to its parent.
		expect(screen.getByRole('button', { name: 'Refunded' })).toBeInTheDocument();
		fireEvent.click(screen.getByRole('button', { name: 'Status' }));
		fireEvent.click(screen.getByRole('button', { name: 'All orders' }));
		expect(onFilterSelect).toHaveBeenCalledWith({ filter: undefined });
		expect(getHistory().location.search).not.toContain('filter=');
	});

	it('picks a single item with the inline search and shows its label', async () => {
		jest.useFakeTimers();
		const fetcher = jest.fn(async () => [{ id: 31, name: 'Beanie' }]);
		const getLabels = jest.fn(async () => [{ key: 31, label: 'Beanie' }]);
		const searchConfig: FilterPickerConfig = {
			label: 'Show',
			param: 'filter',
			staticParams: [],
			showFilters: () => true,
			filters: [
				{ value: 'all', label: 'All products' },
				{
					value: 'single_product',
					label: 'Single product',
					subFilters: [
						{
							value: 'single_product',
							label: 'Type to search for a product',
							component: 'Search',
							settings: { type: 'products', param: 'products', getLabels },
						},
					],
				},
			],
		};
		const onFilterSelect = jest.fn();
		const { rerender } = render(
			<SearchFetcherProvider fetcher={fetcher}>
				<FilterPicker
					config={searchConfig}
					path="/analytics/products"
					onFilterSelect={onFilterSelect}
				/>
			</SearchFetcherProvider>,
		);
		fireEvent.click(screen.getByRole('button', { name: 'All products' }));
		fireEvent.click(screen.getByRole('button', { name: 'Single product' }));
		const input = screen.getByRole('combobox', { name: 'Type to search for a product' });
		fireEvent.focus(input);
		fireEvent.change(input, { target: { value: 'bea' } });
		await act(async () => {
			jest.advanceTimersByTime(500);
		});
		fireEvent.click(screen.getByRole('option', { name: 'Beanie' }));
		expect(onFilterSelect).toHaveBeenCalledWith({ filter: 'single_product', products: '31' });
		expect(getHistory().location.search).toContain('products=31');
		jest.useRealTimers();
		rerender(
			<SearchFetcherProvider fetcher={fetcher}>
				<FilterPicker
					config={searchConfig}
					path="/analytics/products"
					query={{ filter: 'single_product', products: '31' }}
				/>
			</SearchFetcherProvider>,
		);
		expect(await screen.findByRole('button', { name: 'Beanie' })).toBeInTheDocument();
		expect(getLabels).toHaveBeenCalledWith('31', expect.anything());
	});
});
