import { configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { userStore } from '@abacus/data';
import { getQuery, resetHistory } from '@abacus/navigation';

import { SavedViewsMenu } from '../index.js';
import { renderWithStores } from '../../../screens/test/harness.js';
import { fakeUser } from './fake-user.js';

// The stores resolve through promises: on a loaded machine 1 s (the default) is not enough.
configure({ asyncUtilTimeout: 10000 });

const refunds = {
	id: 'view-1',
	name: 'Refunds last month',
	path: '/analytics/orders',
	query: {
		period: 'last_month',
		compare: 'previous_year',
		filter: 'advanced',
		status_is: 'refunded',
	},
};
const products = {
	id: 'view-2',
	name: 'Top products',
	path: '/analytics/products',
	query: { orderby: 'items_sold', order: 'desc' },
};

function menu(): HTMLElement {
	return screen.getByRole('navigation', { name: 'Saved views' });
}

function hrefParams(link: HTMLElement): Record<string, string> {
	const href = link.getAttribute('href') ?? '';
	return Object.fromEntries(new URLSearchParams(href.slice(href.indexOf('?') + 1)));
}

describe('SavedViewsMenu', () => {
	beforeEach(() => {
		window.history.replaceState({}, '', '/wp-admin/admin.php?page=abacus&path=%2F');
		resetHistory();
	});

	it('lists each saved view as a link to its report with the saved filters', async () => {
		fakeUser([refunds, products]);
		renderWithStores(
			<SavedViewsMenu
				current={{
					path: '/analytics/orders',
					query: {
						page: 'abacus',
						status_is: 'refunded',
						filter: 'advanced',
						period: 'last_month',
						compare: 'previous_year',
						paged: '2',
					},
				}}
			/>,
			userStore,
		);
		const link = await within(menu()).findByRole('link', { name: 'Refunds last month' });
		expect(hrefParams(link)).toEqual({
			page: 'abacus',
			path: '/analytics/orders',
			...refunds.query,
		});
		expect(link).toHaveAttribute('aria-current', 'page');
		const other = within(menu()).getByRole('link', { name: 'Top products' });
		expect(hrefParams(other)).toEqual({
			page: 'abacus',
			path: '/analytics/products',
			...products.query,
		});
		expect(other).not.toHaveAttribute('aria-current');
		expect(
			within(menu()).getByRole('heading', { name: 'Saved views', level: 2 }),
		).toBeInTheDocument();
	});

	it('opens the report with the saved query in the app when a view is clicked', async () => {
		fakeUser([refunds]);
		renderWithStores(<SavedViewsMenu />, userStore);
		await userEvent.click(
			await within(menu()).findByRole('link', { name: 'Refunds last month' }),
		);
		expect(getQuery()).toMatchObject({ path: '/analytics/orders', ...refunds.query });
	});

	it('says how to add one when there is none, and leaves out malformed entries', async () => {
		fakeUser([{ id: 'broken' }, { ...products, path: 'no-slash' }]);
		renderWithStores(<SavedViewsMenu />, userStore);
		expect(
			await within(menu()).findByText(
				'No saved views yet. Use “Save view” on a report to add one.',
			),
		).toBeInTheDocument();
		expect(within(menu()).queryByRole('link')).toBeNull();
	});

	it('deletes a view only after confirmation, and the deletion survives a reload', async () => {
		const user = fakeUser([refunds, products]);
		const first = renderWithStores(<SavedViewsMenu />, userStore);
		const deleteButton = await within(menu()).findByRole('button', {
			name: 'Delete saved view “Refunds last month”',
		});

		await userEvent.click(deleteButton);
		let dialog = screen.getByRole('dialog', { name: 'Delete saved view?' });
		expect(dialog).toHaveTextContent(
			'“Refunds last month” will be removed from your saved views. The report itself is not changed.',
		);
		await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
		expect(screen.queryByRole('dialog')).toBeNull();
		expect(user.writes()).toHaveLength(0);
		expect(
			within(menu()).getByRole('link', { name: 'Refunds last month' }),
		).toBeInTheDocument();

		await userEvent.click(deleteButton);
		dialog = screen.getByRole('dialog', { name: 'Delete saved view?' });
		await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
		await waitFor(() =>
			expect(within(menu()).queryByRole('link', { name: 'Refunds last month' })).toBeNull(),
		);
		expect(screen.queryByRole('dialog')).toBeNull();
		expect(within(menu()).getByText('“Refunds last month” deleted.')).toBeInTheDocument();
		expect(user.writes()).toHaveLength(1);
		expect(user.views()).toEqual([products]);

		first.unmount();
		renderWithStores(<SavedViewsMenu />, userStore);
		expect(
			await within(menu()).findByRole('link', { name: 'Top products' }),
		).toBeInTheDocument();
		expect(within(menu()).queryByRole('link', { name: 'Refunds last month' })).toBeNull();
	});

	it('deletes only the chosen view, keeping one saved meanwhile in another tab', async () => {
		const user = fakeUser([refunds]);
		renderWithStores(<SavedViewsMenu />, userStore);
		const remove = await within(menu()).findByRole('button', {
			name: 'Delete saved view “Refunds last month”',
		});
		user.stored = JSON.stringify([refunds, products]);
		await userEvent.click(remove);
		await userEvent.click(
			within(screen.getByRole('dialog', { name: 'Delete saved view?' })).getByRole('button', {
				name: 'Delete',
			}),
		);
		// While the dialog is open the menu is hidden from assistive technology: wait for it to go.
		await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
		expect(
			await within(menu()).findByRole('link', { name: 'Top products' }),
		).toBeInTheDocument();
		expect(within(menu()).queryByRole('link', { name: 'Refunds last month' })).toBeNull();
		expect(user.views()).toEqual([products]);
	});

	it('keeps the view and shows the error when the server refuses the deletion', async () => {
		const user = fakeUser([refunds, products]);
		renderWithStores(<SavedViewsMenu />, userStore);
		await userEvent.click(
			await within(menu()).findByRole('button', { name: 'Delete saved view “Top products”' }),
		);
		user.refuseWrites = true;
		await userEvent.click(
			within(screen.getByRole('dialog', { name: 'Delete saved view?' })).getByRole('button', {
				name: 'Delete',
			}),
		);
		expect(await within(menu()).findByRole('alert')).toHaveTextContent(
			'“Top products” could not be deleted: The store is being updated.',
		);
		expect(
			within(menu())
				.getAllByRole('link')
				.map((link) => link.textContent),
		).toEqual(['Refunds last month', 'Top products']);
		expect(user.views()).toEqual([refunds, products]);
	});

	it('says when the views cannot be loaded, and Retry loads them', async () => {
		const user = fakeUser([refunds]);
		user.refuseReads = true;
		renderWithStores(<SavedViewsMenu />, userStore);
		expect(await within(menu()).findByRole('alert')).toHaveTextContent(
			'Saved views could not be loaded: The database is away.',
		);
		user.refuseReads = false;
		await userEvent.click(within(menu()).getByRole('button', { name: 'Retry' }));
		expect(
			await within(menu()).findByRole('link', { name: 'Refunds last month' }),
		).toBeInTheDocument();
		expect(within(menu()).queryByRole('alert')).toBeNull();
	});
});
