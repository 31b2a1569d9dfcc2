import { act, fireEvent, render, screen } from '@testing-library/react';
import { getHistory, resetHistory } from '@abacus/navigation';

import { CompareButton, CompareFilter } from '../index.js';

describe('CompareButton', () => {
	it('is disabled with its help under two items, and runs from two on', () => {
		const onClick = jest.fn();
		const { rerender } = render(
			<CompareButton count={1} helpText="Pick two" onClick={onClick}>
				Compare
			</CompareButton>,
		);
		const button = screen.getByRole('button', { name: 'Compare' });
		expect(button).toHaveAttribute('aria-disabled', 'true');
		expect(button).toHaveAccessibleDescription('Pick two');
		fireEvent.click(button);
		expect(onClick).not.toHaveBeenCalled();
		rerender(
			<CompareButton count={2} helpText="Pick two" onClick={onClick}>
				Compare
			</CompareButton>,
		);
		fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
		expect(onClick).toHaveBeenCalledTimes(1);
	});
});

describe('CompareFilter', () => {
	beforeEach(() => {
		window.history.replaceState({}, '', '/wp-admin/admin.php?page=abacus');
		resetHistory();
	});

	const labels = {
		title: 'Compare Products',
		update: 'Compare',
		helpText: 'Check at least two products below to compare',
		placeholder: 'Search for products to compare',
	};

	it('shows the labels of the compared ids and writes a comma list on Compare', async () => {
		const getLabels = jest.fn(async () => [
			{ key: 12, label: 'Hat' },
			{ key: 15, label: 'Scarf' },
		]);
		render(
			<CompareFilter
				type="products"
				param="products"
				path="/analytics/products"
				query={{ filter: 'compare-products', products: '12,15' }}
				getLabels={getLabels}
				labels={labels}
			/>,
		);
		expect(screen.getByRole('heading', { name: 'Compare Products' })).toBeInTheDocument();
		expect(await screen.findByRole('button', { name: 'Remove Hat' })).toBeInTheDocument();
		expect(getLabels).toHaveBeenCalledWith('12,15', expect.anything());
		fireEvent.click(screen.getByRole('button', { name: 'Remove Scarf' }));
		expect(screen.getByRole('button', { name: 'Compare' })).toHaveAttribute(
			'aria-disabled',
			'true',
		);
		fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
		expect(screen.queryByRole('button', { name: 'Remove Hat' })).not.toBeInTheDocument();
		const search = getHistory().location.search;
		expect(search).toContain('filter=compare-products');
		expect(search).not.toContain('products=');
	});

	it('writes the picked ids', async () => {
		render(
			<CompareFilter
				type="products"
				param="products"
				path="/analytics/products"
				query={{ filter: 'compare-products', products: '3,4' }}
				getLabels={async () => [
					{ key: 3, label: 'Cap' },
					{ key: 4, label: 'Sock' },
				]}
				labels={labels}
			/>,
		);
		await screen.findByRole('button', { name: 'Remove Sock' });
		fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
		expect(getHistory().location.search).toContain('products=3%2C4');
	});

	it('offers a retry when the labels fail to load', async () => {
		const getLabels = jest
			.fn()
			.mockRejectedValueOnce(new Error('offline'))
			.mockResolvedValueOnce([{ key: 1, label: 'Cap' }]);
		render(
			<CompareFilter
				type="products"
				param="products"
				path="/analytics/products"
				query={{ products: '1' }}
				getLabels={getLabels}
			/>,
		);
		expect(await screen.findByRole('alert')).toHaveTextContent(
			'The compared items could not be loaded.',
		);
		await act(async () => {
			fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
		});
		expect(await screen.findByRole('button', { name: 'Remove Cap' })).toBeInTheDocument();
	});
});
