import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';

import { getTaxCode, Search, SearchFetcherProvider } from '../index.js';
import type { SearchProps } from '../index.js';
import type { SelectedOption } from '../../select-control/index.js';

function Harness(props: Omit<SearchProps, 'selected'> & { onPick?: jest.Mock }) {
	const [selected, setSelected] = useState<SelectedOption[]>([]);
	return (
		<Search
			{...props}
			selected={selected}
			onChange={(value) => {
				setSelected(value);
				props.onPick?.(value);
			}}
		/>
	);
}

async function type(text: string) {
	const input = screen.getByRole('combobox');
	fireEvent.focus(input);
	fireEvent.change(input, { target: { value: text } });
	await act(async () => {
		jest.advanceTimersByTime(500);
	});
}

describe('Search', () => {
	beforeEach(() => jest.useFakeTimers());
	afterEach(() => jest.useRealTimers());

	it('searches products after the debounce, offers free text first and reports picks', async () => {
		const fetcher = jest.fn(async (_request: { path: string }) => [
			{ id: 12, name: 'Red <b>Hat</b>', sku: 'HAT-1' },
		]);
		const onPick = jest.fn();
		render(
			<Harness
				type="products"
				fetcher={fetcher}
				placeholder="Search products"
				allowFreeTextSearch
				onPick={onPick}
			/>,
		);
		const input = screen.getByRole('combobox', { name: 'Search products' });
		fireEvent.focus(input);
		fireEvent.change(input, { target: { value: 'ha' } });
		fireEvent.change(input, { target: { value: 'hat' } });
		expect(fetcher).not.toHaveBeenCalled();
		await act(async () => {
			jest.advanceTimersByTime(500);
		});
		expect(fetcher).toHaveBeenCalledTimes(1);
		expect(fetcher.mock.calls[0][0].path).toBe(
			'/wc-analytics/products?search=hat&per_page=10&orderby=popularity',
		);
		const options = screen.getAllByRole('option');
		expect(options[0]).toHaveTextContent('All products with titles that include hat');
		expect(options[1]).toHaveAccessibleName('Red Hat');
		fireEvent.click(options[1]);
		expect(onPick).toHaveBeenLastCalledWith([{ key: '12', label: 'Red Hat' }]);
		expect(screen.getByRole('button', { name: 'Remove Red Hat' })).toBeInTheDocument();
	});

	it('labels taxes by code and uses the provider fetcher', async () => {
		const fetcher = jest.fn(async () => [
			{ id: 3, country: 'us', state: 'ca', name: '', priority: 1 },
		]);
		render(
			<SearchFetcherProvider fetcher={fetcher}>
				<Harness type="taxes" placeholder="Taxes" />
			</SearchFetcherProvider>,
		);
		await type('us');
		expect(screen.getByRole('option', { name: 'US-CA-TAX-1' })).toBeInTheDocument();
		expect(getTaxCode({ country: 'gb', state: '', name: 'vat', priority: 2 })).toBe('GB-VAT-2');
	});

	it('shows an error with a Retry that searches again', async () => {
		const fetcher = jest
			.fn()
			.mockRejectedValueOnce(new Error('offline'))
			.mockResolvedValueOnce([{ id: 7, code: 'SPRING' }]);
		render(<Harness type="coupons" fetcher={fetcher} placeholder="Coupons" />);
		await type('spr');
		expect(screen.getByRole('alert')).toHaveTextContent(
			'The search results could not be loaded.',
		);
		await act(async () => {
			fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
		});
		await act(async () => {
			jest.advanceTimersByTime(0);
		});
		expect(fetcher).toHaveBeenCalledTimes(2);
		expect(screen.getByRole('option', { name: 'SPRING' })).toBeInTheDocument();
		expect(screen.queryByRole('alert')).not.toBeInTheDocument();
	});

	it('loads countries once and matches by prefix', async () => {
		const fetcher = jest.fn(async () => [
			{ code: 'FR', name: 'France' },
			{ code: 'FI', name: 'Finland' },
			{ code: 'DE', name: 'Germany' },
		]);
		render(<Harness type="countries" fetcher={fetcher} placeholder="Countries" />);
		await type('f');
		expect(screen.getAllByRole('option')).toHaveLength(2);
		await type('fr');
		expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['France']);
		expect(fetcher).toHaveBeenCalledTimes(1);
	});

	it('searches a custom list and throws without an autocompleter', async () => {
		render(
			<Harness
				type="custom"
				placeholder="Colour"
				autocompleter={{
					options: [
						{ key: 'r', label: 'Red' },
						{ key: 'b', label: 'Blue' },
					],
				}}
			/>,
		);
		await type('bl');
		expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Blue']);
		const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
		expect(() => render(<Search type="custom" />)).toThrow(
			"Search: a 'custom' search needs an `autocompleter` object.",
		);
		spy.mockRestore();
	});

	it('tells customers of the same name apart by their e-mail; the picked tag keeps the name', async () => {
		const fetcher = jest.fn(async (_request: { path: string }) => [
			{ id: 1, name: 'Ada Kowalski', email: 'ada@one.test' },
			{ id: 2, name: 'Ada Kowalski', email: 'ada.k@two.test' },
		]);
		const onPick = jest.fn();
		render(
			<Harness
				type="customers"
				fetcher={fetcher}
				placeholder="Search customers"
				onPick={onPick}
			/>,
		);
		await type('ada');
		const options = screen.getAllByRole('option');
		expect(options).toHaveLength(2);
		expect(options[0]).toHaveTextContent('Ada Kowalski');
		expect(options[0]).toHaveTextContent('ada@one.test');
		expect(options[1]).toHaveTextContent('ada.k@two.test');
		fireEvent.click(options[1]);
		expect(onPick).toHaveBeenLastCalledWith([{ key: '2', label: 'Ada Kowalski' }]);
	});
});
