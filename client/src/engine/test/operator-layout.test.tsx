/**
 * The engine's own page for a chosen store: the helper screens that change the live store are
 * not offered, and opened by their address explain why, linking to the store's own wp-admin.
 */
import { render, screen, within } from '@testing-library/react';
import { resetHistory } from '@abacus/navigation';

import { Layout } from '../../layout/layout.js';
import { setUpOperator } from '../operator.js';

const STORES = [
	{ id: 1, name: 'shop-a.example', url: 'https://shop-a.example', currency: 'USD' },
	{ id: 2, name: 'shop-b.example', url: 'https://shop-b.example', currency: 'EUR' },
];

function open(path: string): void {
	window.history.replaceState(
		{},
		'',
		`/wp-admin/admin.php?page=abacus&store=2&path=${encodeURIComponent(path)}`,
	);
	resetHistory();
	setUpOperator({ stores: STORES, store: 2 }, () => undefined, jest.fn());
}

afterEach(() => {
	setUpOperator(undefined, () => undefined);
});

it('a screen that changes the live store, opened by address, explains and links to the store', async () => {
	open('/reviews');
	render(<Layout />);
	expect(await screen.findByRole('heading', { name: 'Reviews', level: 2 })).toBeInTheDocument();
	expect(screen.getByText(/changes the store itself/)).toBeInTheDocument();
	expect(screen.getByRole('link', { name: 'Open Reviews in shop-b.example' })).toHaveAttribute(
		'href',
		'https://shop-b.example/wp-admin/edit.php?post_type=product&page=product-reviews',
	);
	// The header's switcher shows the chosen store.
	expect(screen.getByRole('combobox', { name: 'Store' })).toHaveValue('2');
});

it('a report page of the chosen store is not replaced by the explanation', () => {
	open('/analytics/settings');
	render(<Layout />);
	const menu = screen.getByRole('navigation', { name: 'Analytics menu' });
	expect(within(menu).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
	expect(screen.queryByText(/changes the store itself/)).toBeNull();
});
