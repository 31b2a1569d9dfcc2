import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { itemsStore, optionsStore } from '@abacus/data';

import Stock from '../index.js';
import { renderWithStores, stubApiFetch, wpError } from '../../test/harness.js';
import type { Answer, Call } from '../../test/harness.js';

/** As the standalone server lists them: each with the status of the one stock definition. */
const products = [
	{
		id: 5,
		name: 'Blue mug',
		type: 'simple',
		stock_quantity: 2,
		parent_id: 0,
		manage_stock: true,
		stock_status: 'instock',
		effective_stock_status: 'lowstock',
		low_stock_amount: null,
		images: [{ src: 'https://example.com/mug.png' }],
	},
	{
		id: 9,
		name: 'Shirt - Red',
		type: 'variation',
		stock_quantity: 0,
		parent_id: 8,
		manage_stock: true,
		stock_status: 'outofstock',
		effective_stock_status: 'outofstock',
		low_stock_amount: null,
		images: [],
	},
];

function row(name: string): HTMLElement {
	return screen.getByRole('row', { name: new RegExp(name) });
}

async function setQuantity(name: string, value: string) {
	const input = screen.getByLabelText(`New stock quantity of ${name}`);
	await userEvent.clear(input);
	await userEvent.type(input, value);
	await userEvent.click(within(row(name)).getByRole('button', { name: 'Update' }));
	return input;
}

describe('Stock', () => {
	jest.setTimeout(30000);

	it('shows the status the server gives, and after an update the status it answers', async () => {
		const calls = stubApiFetch((call: Call): Answer => {
			if (call.method === 'GET') return { body: products, headers: { 'X-WP-Total': '2' } };
			return {
				body: {
					...products[0],
					stock_quantity: 25,
					effective_stock_status: 'instock',
				},
			};
		});
		renderWithStores(<Stock />, itemsStore, optionsStore);
		expect(await screen.findByText('Blue mug')).toBeInTheDocument();
		expect(calls[0].query.get('low_in_stock')).toBe('true');
		expect(within(row('Shirt')).getByText('Out of stock')).toBeInTheDocument();
		expect(within(row('Blue mug')).getByText('Low stock')).toBeInTheDocument();

		await setQuantity('Blue mug', '25');
		await waitFor(() =>
			expect(within(row('Blue mug')).getByText('In stock')).toBeInTheDocument(),
		);
		expect(within(row('Blue mug')).getByText('25')).toBeInTheDocument();
		expect(within(row('Blue mug')).queryByText('Low stock')).not.toBeInTheDocument();
		const put = calls.find((call) => call.method === 'PUT');
		expect(put?.route).toBe('wc-analytics/products/5');
		expect(put?.data).toEqual({ stock_quantity: 25 });
		// Only the server's statuses: the store's threshold is not asked for.
		expect(calls.some((call) => call.route.includes('options'))).toBe(false);
	});

	it('updates a variation through its parent', async () => {
		const calls = stubApiFetch((call: Call): Answer => {
			if (call.method === 'GET') return { body: products, headers: { 'X-WP-Total': '2' } };
			return {
				body: { ...products[1], stock_quantity: 1, effective_stock_status: 'lowstock' },
			};
		});
		renderWithStores(<Stock />, itemsStore, optionsStore);
		await screen.findByText('Shirt - Red');
		await setQuantity('Shirt - Red', '1');
		await waitFor(() =>
			expect(within(row('Shirt')).getByText('Low stock')).toBeInTheDocument(),
		);
		const put = calls.find((call) => call.method === 'PUT');
		expect(put?.route).toBe('wc-analytics/products/8/variations/9');
		expect(put?.data).toEqual({ stock_quantity: 1 });
	});

	it("without the server's status (WooCommerce), follows the store's low-stock threshold", async () => {
		const plain = products.map(({ effective_stock_status: _omit, ...product }) => product);
		const calls = stubApiFetch((call: Call): Answer => {
			if (call.route === 'wc-admin/options') {
				return { body: { woocommerce_notify_low_stock_amount: '3' } };
			}
			if (call.method === 'GET') return { body: plain, headers: { 'X-WP-Total': '2' } };
			return { body: { ...plain[0], stock_quantity: 25, stock_status: 'instock' } };
		});
		renderWithStores(<Stock />, itemsStore, optionsStore);
		await screen.findByText('Blue mug');
		await waitFor(() =>
			expect(within(row('Blue mug')).getByText('Low stock')).toBeInTheDocument(),
		);
		expect(within(row('Shirt')).getByText('Out of stock')).toBeInTheDocument();
		await setQuantity('Blue mug', '25');
		await waitFor(() =>
			expect(within(row('Blue mug')).getByText('In stock')).toBeInTheDocument(),
		);
		expect(calls.some((call) => call.route === 'wc-admin/options')).toBe(true);
	});

	it('puts the quantity back with an error when the server refuses, keeping the typed value', async () => {
		stubApiFetch((call) => {
			if (call.method === 'GET') return { body: products, headers: { 'X-WP-Total': '2' } };
			return wpError(400, 'rest_invalid_param', 'Invalid parameter(s): stock_quantity');
		});
		renderWithStores(<Stock />, itemsStore, optionsStore);
		await screen.findByText('Blue mug');
		const input = await setQuantity('Blue mug', '40');
		expect(
			await screen.findByText(
				'The stock of Blue mug could not be updated; it was put back. Invalid parameter(s): stock_quantity',
			),
		).toBeInTheDocument();
		expect(within(row('Blue mug')).getByText('2')).toBeInTheDocument();
		expect(within(row('Blue mug')).getByText('Low stock')).toBeInTheDocument();
		expect(input).toHaveValue(40);
	});

	it('rejects a quantity that is not a whole number, and retries a failed load', async () => {
		let fail = true;
		const calls = stubApiFetch(() =>
			fail ? wpError(500, 'boom', 'Stock unavailable') : { body: products },
		);
		renderWithStores(<Stock />, itemsStore, optionsStore);
		expect(await screen.findByRole('alert')).toHaveTextContent('Stock unavailable');
		fail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		await screen.findByText('Blue mug');
		await setQuantity('Blue mug', '1.5');
		expect(screen.getByRole('alert')).toHaveTextContent('The quantity must be a whole number.');
		expect(calls.some((call) => call.method === 'PUT')).toBe(false);
	});
});
