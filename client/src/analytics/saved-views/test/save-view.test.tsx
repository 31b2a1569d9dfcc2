import { configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { userStore } from '@abacus/data';

import { SaveView } from '../index.js';
import { renderWithStores } from '../../../screens/test/harness.js';
import { fakeUser } from './fake-user.js';

// The stores resolve through promises: on a loaded machine 1 s (the default) is not enough.
configure({ asyncUtilTimeout: 10000 });

const path = '/analytics/orders';
const query = {
	page: 'abacus',
	path,
	period: 'last_month',
	compare: 'previous_year',
	after: '2024-03-01',
	before: '2024-03-31',
	filter: 'advanced',
	status_is: 'completed',
	orderby: 'date',
	paged: '3',
	per_page: '50',
};
const savedQuery = {
	period: 'last_month',
	compare: 'previous_year',
	filter: 'advanced',
	status_is: 'completed',
	orderby: 'date',
};
const existing = {
	id: 'view-1',
	name: 'Refunds',
	path: '/analytics/revenue',
	query: { period: 'year', compare: 'previous_year' },
};

function renderSaveView() {
	return renderWithStores(<SaveView path={path} query={query} />, userStore);
}

async function openDialog(): Promise<HTMLElement> {
	const button = await screen.findByRole('button', { name: 'Save view' });
	await waitFor(() => expect(button).toBeEnabled());
	await userEvent.click(button);
	return screen.getByRole('dialog', { name: 'Save view' });
}

describe('SaveView', () => {
	it('saves the report’s filters and relative period under a name and gives its address', async () => {
		const user = fakeUser([existing]);
		renderSaveView();
		const dialog = await openDialog();
		const name = within(dialog).getByRole('textbox', { name: 'Name' });
		await userEvent.type(name, '  Completed   last month ');
		await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

		expect(
			await screen.findByText(
				'View “Completed last month” saved. Find it under Saved views in the menu.',
			),
		).toBeInTheDocument();
		expect(screen.queryByRole('dialog')).toBeNull();
		expect(user.writes()).toHaveLength(1);
		expect(user.views()).toEqual([
			existing,
			{
				id: expect.stringMatching(/^view-/),
				name: 'Completed last month',
				path,
				query: savedQuery,
			},
		]);

		const address = new URL(
			(screen.getByRole('textbox', { name: 'Address to share' }) as HTMLInputElement).value,
		);
		expect(address.pathname).toMatch(/admin\.php$/);
		expect(Object.fromEntries(address.searchParams)).toEqual({
			page: 'abacus',
			path,
			...savedQuery,
		});
		expect(screen.getByRole('button', { name: 'Save view' })).toHaveFocus();
	});

	it('asks for a name and sends nothing while it is empty or too long', async () => {
		const user = fakeUser();
		renderSaveView();
		const dialog = await openDialog();
		await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
		expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a name for the view.');
		const name = within(dialog).getByRole('textbox', { name: 'Name' });
		expect(name).toHaveAttribute('aria-invalid', 'true');

		await userEvent.type(name, '    {Enter}');
		expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a name for the view.');

		await userEvent.type(name, 'x'.repeat(81));
		await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
		expect(within(dialog).getByRole('alert')).toHaveTextContent(
			'The name can have at most 80 characters.',
		);
		expect(user.writes()).toHaveLength(0);
		expect(screen.getByRole('dialog', { name: 'Save view' })).toBeInTheDocument();
	});

	it('refuses a name already used (ignoring case and spaces) until the person replaces it', async () => {
		const user = fakeUser([existing]);
		renderSaveView();
		const dialog = await openDialog();
		const name = within(dialog).getByRole('textbox', { name: 'Name' });
		await userEvent.type(name, ' REFUNDS {Enter}');
		expect(within(dialog).getByRole('alert')).toHaveTextContent(
			'You already have a view named “Refunds”. Choose another name, or replace it.',
		);
		expect(user.writes()).toHaveLength(0);

		await userEvent.click(within(dialog).getByRole('button', { name: 'Replace “Refunds”' }));
		expect(await screen.findByText(/View “REFUNDS” saved\./)).toBeInTheDocument();
		expect(user.views()).toEqual([{ id: 'view-1', name: 'REFUNDS', path, query: savedQuery }]);
	});

	it('clears the duplicate error when the name changes', async () => {
		fakeUser([existing]);
		renderSaveView();
		const dialog = await openDialog();
		const name = within(dialog).getByRole('textbox', { name: 'Name' });
		await userEvent.type(name, 'Refunds{Enter}');
		expect(within(dialog).getByRole('alert')).toBeInTheDocument();
		await userEvent.type(name, ' again');
		expect(within(dialog).queryByRole('alert')).toBeNull();
		expect(within(dialog).queryByRole('button', { name: /Replace/ })).toBeNull();
	});

	it('keeps the dialog, the name and the stored list when the server refuses the write', async () => {
		const user = fakeUser([existing]);
		const { registry } = renderSaveView();
		const dialog = await openDialog();
		user.refuseWrites = true;
		const name = within(dialog).getByRole('textbox', { name: 'Name' });
		await userEvent.type(name, 'Completed');
		await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

		expect(await within(dialog).findByRole('alert')).toHaveTextContent(
			'The view could not be saved: The store is being updated.',
		);
		expect(name).toHaveValue('Completed');
		expect(screen.queryByText(/saved\. Find it/)).toBeNull();
		expect(user.views()).toEqual([existing]);
		const meta = registry.select(userStore).getCurrentUser()?.woocommerce_meta ?? {};
		expect(JSON.parse(meta.abacus_saved_views)).toEqual([existing]);

		// Once the server accepts, the same dialog saves.
		user.refuseWrites = false;
		await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
		expect(await screen.findByText(/View “Completed” saved\./)).toBeInTheDocument();
		expect(user.views().map((view) => view.name)).toEqual(['Refunds', 'Completed']);
	});

	it('keeps a view saved meanwhile in another tab, and refuses its name too', async () => {
		const user = fakeUser([existing]);
		renderSaveView();
		const dialog = await openDialog();
		const elsewhere = { ...existing, id: 'view-2', name: 'From the other tab' };
		user.stored = JSON.stringify([existing, elsewhere]);

		const name = within(dialog).getByRole('textbox', { name: 'Name' });
		await userEvent.type(name, 'from the OTHER tab{Enter}');
		expect(await within(dialog).findByRole('alert')).toHaveTextContent(
			'You already have a view named “From the other tab”.',
		);
		expect(user.writes()).toHaveLength(0);

		await userEvent.clear(name);
		await userEvent.type(name, 'Completed{Enter}');
		expect(await screen.findByText(/View “Completed” saved\./)).toBeInTheDocument();
		expect(user.views().map((view) => view.name)).toEqual([
			'Refunds',
			'From the other tab',
			'Completed',
		]);
	});

	it('writes nothing and says so when the list cannot be read before saving', async () => {
		const user = fakeUser([existing]);
		renderSaveView();
		const dialog = await openDialog();
		user.refuseReads = true;
		await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'New{Enter}');
		expect(await within(dialog).findByRole('alert')).toHaveTextContent(
			'The view could not be saved: The database is away.',
		);
		expect(user.writes()).toHaveLength(0);
		expect(user.views()).toEqual([existing]);
	});

	it('cancels without saving', async () => {
		const user = fakeUser();
		renderSaveView();
		const dialog = await openDialog();
		await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Nope');
		await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
		expect(screen.queryByRole('dialog')).toBeNull();
		expect(user.writes()).toHaveLength(0);
	});

	it('is unavailable, and says why, when the preferences cannot be loaded', async () => {
		const user = fakeUser();
		user.refuseReads = true;
		renderSaveView();
		expect(
			await screen.findByText('Saved views are unavailable: The database is away.'),
		).toBeInTheDocument();
		const button = screen.getByRole('button', { name: 'Save view' });
		expect(button).toHaveAttribute('aria-disabled', 'true');
		await userEvent.click(button);
		expect(screen.queryByRole('dialog')).toBeNull();
	});
});
