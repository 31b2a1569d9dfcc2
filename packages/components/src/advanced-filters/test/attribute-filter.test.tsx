import { fireEvent, render, screen } from '@testing-library/react';
import { getHistory, resetHistory } from '@abacus/navigation';

import { SearchFetcherProvider } from '../../search/index.js';
import type { SearchFetcher } from '../../search/index.js';
import { AdvancedFilters } from '../index.js';
import type { AdvancedFiltersConfigProp } from '../index.js';

const config: AdvancedFiltersConfigProp = {
	title: 'Orders match {{select /}} filters',
	filters: {
		attribute: {
			labels: {
				add: 'Attribute',
				remove: 'Remove attribute filter',
				rule: 'Select an attribute filter match',
				title: 'Attribute',
				filter: 'Select an attribute value',
			},
			rules: [
				{ value: 'is', label: 'Is' },
				{ value: 'is_not', label: 'Is Not' },
			],
			input: { component: 'ProductAttribute' },
		},
	},
};

const query = { filter: 'advanced', attribute_is: ['1', '5'] };

describe('AdvancedFilters ProductAttribute input', () => {
	beforeEach(() => {
		window.history.replaceState({}, '', '/wp-admin/admin.php?page=abacus');
		resetHistory();
	});

	it('shows the attribute and its terms, and applies another term', async () => {
		const fetcher: jest.MockedFunction<SearchFetcher> = jest.fn(async ({ path }) =>
			path.endsWith('/terms?per_page=100')
				? [
						{ id: 5, name: 'Red' },
						{ id: 6, name: 'Blue' },
					]
				: { id: 1, name: 'Color' },
		);
		render(
			<SearchFetcherProvider fetcher={fetcher}>
				<AdvancedFilters config={config} path="/analytics/orders" query={query} />
			</SearchFetcherProvider>,
		);
		const terms = await screen.findByRole('combobox', { name: 'Select an attribute value' });
		expect(terms).toHaveValue('Red');
		expect(await screen.findByDisplayValue('Color')).toHaveAccessibleName('Search attributes');
		expect(fetcher).toHaveBeenCalledWith({
			path: '/wc-analytics/products/attributes/1/terms?per_page=100',
		});
		fireEvent.click(terms);
		fireEvent.click(screen.getByRole('option', { name: 'Blue' }));
		fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
		const params = new URLSearchParams(getHistory().location.search);
		expect(params.get('attribute_is[0]')).toBe('1');
		expect(params.get('attribute_is[1]')).toBe('6');
	});

	it('offers Retry when the terms cannot be loaded', async () => {
		let fail = true;
		const fetcher: jest.MockedFunction<SearchFetcher> = jest.fn(async ({ path }) => {
			if (!path.endsWith('/terms?per_page=100')) return { id: 1, name: 'Color' };
			if (fail) throw new Error('offline');
			return [{ id: 5, name: 'Red' }];
		});
		render(
			<SearchFetcherProvider fetcher={fetcher}>
				<AdvancedFilters config={config} path="/analytics/orders" query={query} />
			</SearchFetcherProvider>,
		);
		expect(await screen.findByRole('alert')).toHaveTextContent(
			'The attribute terms could not be loaded.',
		);
		fail = false;
		fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
		expect(
			await screen.findByRole('combobox', { name: 'Select an attribute value' }),
		).toHaveValue('Red');
	});
});
