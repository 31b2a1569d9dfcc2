import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { itemsStore } from '@abacus/data';

import Stock from '../index.js';
import { renderWithStores, stubApiFetch, wpError } from '../../test/harness.js';

const products = [
	{ id: 5, name: 'Blue mug', type: 'simple', stock_quantity: 2, parent_id: 0 },
	{ id: 9, name: 'Shirt - Red', type: 'variation', stock_quantity: 0, parent_id: 8 },
];

function row(name: string): HTMLElement {
	return screen.getByRole('row', { name: new RegExp(name) });
}

describe('Stock', () => {
	it('lists low and out-of-stock products and updates a variation at once', async () => {
		const calls = stubApiFetch((call) => {
			if (call.method === 'GET') return { body: products, headers: { 'X-WP-Total': '2' } };
			return { body: { ...products[1], stock_quantity: 12 } };
		});
		renderWithStores(<Stock />, itemsStore);
		expect(await screen.findByText('Blue mug')).toBeInTheDocument();
		expect(calls[0].query.get('low_in_stock')).toBe('true');
		expect(within(row('Shirt')).getByText('Out of stock')).toBeInTheDocument();
		expect(within(row('Blue mug')).getByText('Low stock')).toBeInTheDocument();

		const input = screen.getByLabelText('New stock quantity of Shirt - Red');
		await userEvent.clear(input);
		await userEvent.type(input, '12');
		await userEvent.click(within(row('Shirt')).getByRole('button', { name: 'Update' }));
		expect(await within(row('Shirt')).findByText('12')).toBeInTheDocument();
		const put = calls.find((call) => call.method === 'PUT');
		expect(put?.route).toBe('wc-analytics/products/8/variations/9');
		expect(put?.data).toMatchObject({ stock_quantity: 12 });
	});

	it('puts the quantity back with an error when the server refuses, keeping the typed value', async () => {
		stubApiFetch((call) => {
			if (call.method === 'GET') return { body: products, headers: { 'X-WP-Total': '2' } };
			return wpError(400, 'rest_invalid_param', 'Invalid parameter(s): stock_quantity');
		});
		renderWithStores(<Stock />, itemsStore);
		const input = await screen.findByLabelText('New stock quantity of Blue mug');
		await userEvent.clear(input);
		await userEvent.type(input, '40');
		await userEvent.click(within(row('Blue mug')).getByRole('button', { name: 'Update' }));
		expect(
			await screen.findByText('The stock of Blue mug could not be updated; it was put back.'),
		).toBeInTheDocument();
		expect(within(row('Blue mug')).getByText('2')).toBeInTheDocument();
		expect(input).toHaveValue(40);
	});

	it('rejects a quantity that is not a whole number, and retries a failed load', async () => {
		let fail = true;
		const calls = stubApiFetch(() =>
			fail ? wpError(500, 'boom', 'Stock unavailable') : { body: products },
		);
		renderWithStores(<Stock />, itemsStore);
		expect(await screen.findByRole('alert')).toHaveTextContent('Stock unavailable');
		fail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		const input = await screen.findByLabelText('New stock quantity of Blue mug');
		await userEvent.clear(input);
		await userEvent.type(input, '1.5');
		await userEvent.click(within(row('Blue mug')).getByRole('button', { name: 'Update' }));
		expect(screen.getByRole('alert')).toHaveTextContent('The quantity must be a whole number.');
		expect(calls.some((call) => call.method === 'PUT')).toBe(false);
	});
});
