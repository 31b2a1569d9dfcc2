import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { navigationStore } from '@abacus/data';

import { FavouritesMenu } from '../index.js';
import { renderWithStores, stubApiFetch, wpError } from '../../test/harness.js';

const items = [
	{ id: 'shipping', title: 'Shipping', href: '/shipping' },
	{ id: 'bookings', title: 'Bookings', href: '/bookings' },
	{ id: 'mail', title: 'Mail', href: '/mail' },
];

function group(name: string): HTMLElement {
	return screen.getByRole('region', { name });
}

describe('FavouritesMenu', () => {
	it('moves items into Favourites and back through the server list, which survives a reload', async () => {
		let saved: string[] = ['mail'];
		const calls = stubApiFetch((call) => {
			const id = (call.data as { item_id?: string } | undefined)?.item_id ?? '';
			if (call.method === 'POST') saved = [...saved, id];
			if (call.method === 'DELETE') saved = saved.filter((entry) => entry !== id);
			return { body: saved };
		});
		const first = renderWithStores(<FavouritesMenu items={items} />, navigationStore);
		expect(await screen.findByRole('heading', { name: 'Favourites' })).toBeInTheDocument();
		expect(within(group('Favourites')).getByRole('link', { name: 'Mail' })).toBeInTheDocument();

		await userEvent.click(screen.getByRole('button', { name: 'Add Bookings to favourites' }));
		expect(
			await within(group('Favourites')).findByRole('link', { name: 'Bookings' }),
		).toBeInTheDocument();
		expect(within(group('Extensions')).queryByRole('link', { name: 'Bookings' })).toBeNull();
		expect(calls.at(-1)).toMatchObject({
			route: 'wc-admin/navigation/favorites/me',
			method: 'POST',
			data: { item_id: 'bookings' },
		});

		await userEvent.click(screen.getByRole('button', { name: 'Remove Mail from favourites' }));
		expect(await within(group('Extensions')).findByRole('link', { name: 'Mail' })).toBeTruthy();

		first.unmount();
		renderWithStores(<FavouritesMenu items={items} />, navigationStore);
		expect(
			await within(await screen.findByRole('region', { name: 'Favourites' })).findByRole(
				'link',
				{ name: 'Bookings' },
			),
		).toBeInTheDocument();
		expect(within(group('Extensions')).getByRole('link', { name: 'Mail' })).toBeInTheDocument();
	});

	it('keeps the item in place and shows the error when the server refuses', async () => {
		stubApiFetch((call) =>
			call.method === 'GET'
				? { body: [] }
				: wpError(409, 'woocommerce_favorites_already_exists', 'Favorite already exists'),
		);
		renderWithStores(<FavouritesMenu items={items} />, navigationStore);
		await userEvent.click(
			await screen.findByRole('button', { name: 'Add Shipping to favourites' }),
		);
		expect(await screen.findByText('Favorite already exists')).toBeInTheDocument();
		expect(
			within(group('Extensions')).getByRole('link', { name: 'Shipping' }),
		).toBeInTheDocument();
		expect(screen.queryByRole('heading', { name: 'Favourites' })).toBeNull();
	});

	it('offers Retry when the favourites cannot be loaded', async () => {
		let fail = true;
		stubApiFetch(() =>
			fail ? wpError(401, 'unauthenticated', 'Not logged in') : { body: [] },
		);
		renderWithStores(<FavouritesMenu items={items} />, navigationStore);
		expect(await screen.findByRole('alert')).toHaveTextContent('Not logged in');
		fail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		expect(await screen.findByRole('link', { name: 'Shipping' })).toBeInTheDocument();
	});

	it('shows the loading state, not the old error, while Retry reads the favourites again', async () => {
		let answer: (value: { body: string[] }) => void = () => undefined;
		let fail = true;
		stubApiFetch(() =>
			fail
				? wpError(500, 'boom', 'Favourites unavailable')
				: new Promise((resolve) => {
						answer = resolve;
					}),
		);
		renderWithStores(<FavouritesMenu items={items} />, navigationStore);
		expect(await screen.findByRole('alert')).toHaveTextContent('Favourites unavailable');
		fail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		expect(await screen.findByRole('status')).toHaveTextContent('Loading the menu…');
		expect(screen.queryByRole('alert')).toBeNull();
		answer({ body: ['bookings'] });
		expect(
			within(await screen.findByRole('region', { name: 'Favourites' })).getByRole('link', {
				name: 'Bookings',
			}),
		).toBeInTheDocument();
	});
});
