import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { notesStore } from '@abacus/data';
import type { Note } from '@abacus/data';

import Inbox, { leavePage } from '../index.js';
import { queryList, renderWithStores, stubApiFetch, wpError } from '../../test/harness.js';
import type { Answer, Call } from '../../test/harness.js';

function note(id: number, fields: Partial<Note> = {}): Note {
	return {
		id,
		type: 'info',
		title: `Note ${id}`,
		content: `<p>Body of note ${id}</p>`,
		status: 'unactioned',
		is_read: false,
		is_deleted: false,
		date_created_gmt: `2026-11-0${id}T10:00:00`,
		actions: [
			{ id: 10 + id, name: 'go', label: `Act on ${id}`, primary: true, status: 'actioned' },
		],
		...fields,
	};
}

describe('Inbox', () => {
	jest.setTimeout(30000);

	const stockNote = note(4, {
		title: 'Some products are running low',
		actions: [
			{
				id: 41,
				name: 'view-stock',
				label: 'View stock',
				url: 'http://localhost/wp-admin/admin.php?page=abacus&path=/analytics/stock',
				primary: true,
				status: 'actioned',
			},
			{
				id: 42,
				name: 'dismiss',
				label: 'Dismiss',
				url: '',
				primary: false,
				status: 'actioned',
			},
		],
	});
	const surveyNote = note(5, {
		title: 'How are the reports working for you?',
		actions: [
			{
				id: 51,
				name: 'share-feedback',
				label: 'Share feedback',
				url: 'https://example.com/survey',
				primary: false,
				status: 'actioned',
			},
		],
	});

	function notesServer(notes: Note[]) {
		return stubApiFetch((call: Call): Answer => {
			if (call.method === 'GET') return { body: notes };
			const action = /\/notes\/(\d+)\/action\/\d+$/.exec(call.route);
			if (action) {
				const found = notes.find((item) => item.id === Number(action[1]));
				return { body: { ...found, status: 'actioned', is_read: true } };
			}
			return wpError(404, 'rest_no_route', 'No route');
		});
	}

	it('shows one Dismiss per note, even when the note has its own dismiss action', async () => {
		notesServer([stockNote]);
		renderWithStores(<Inbox />, notesStore);
		const card = (
			await screen.findByRole('heading', { name: 'Some products are running low' })
		).closest('.components-card') as HTMLElement;
		expect(within(card).getAllByRole('button', { name: /Dismiss/ })).toHaveLength(1);
		expect(within(card).getByRole('button', { name: 'View stock' })).toBeInTheDocument();
	});

	it('View stock marks the note actioned, then opens the stock report inside the app', async () => {
		window.history.replaceState(null, '', '/wp-admin/admin.php?page=abacus&path=/inbox');
		const calls = notesServer([stockNote]);
		const assign = jest.spyOn(leavePage, 'assign').mockImplementation(() => undefined);
		renderWithStores(<Inbox />, notesStore);
		await userEvent.click(await screen.findByRole('button', { name: 'View stock' }));
		await waitFor(() =>
			expect(new URLSearchParams(window.location.search).get('path')).toBe(
				'/analytics/stock',
			),
		);
		expect(calls.map((call) => [call.method, call.route])).toContainEqual([
			'POST',
			'wc-analytics/admin/notes/4/action/41',
		]);
		expect(assign).not.toHaveBeenCalled();
		assign.mockRestore();
	});

	it('an action with an outside address loads that address after marking the note', async () => {
		window.history.replaceState(null, '', '/wp-admin/admin.php?page=abacus&path=/inbox');
		const calls = notesServer([surveyNote]);
		const assign = jest.spyOn(leavePage, 'assign').mockImplementation(() => undefined);
		renderWithStores(<Inbox />, notesStore);
		await userEvent.click(await screen.findByRole('button', { name: 'Share feedback' }));
		await waitFor(() => expect(assign).toHaveBeenCalledWith('https://example.com/survey'));
		expect(calls.some((call) => call.route.endsWith('/notes/5/action/51'))).toBe(true);
		expect(new URLSearchParams(window.location.search).get('path')).toBe('/inbox');
		assign.mockRestore();
	});
	it('lists the notes newest first, runs an action and dismisses a note with undo', async () => {
		const notes = [note(1), note(3), note(2, { is_read: true })];
		const calls = stubApiFetch((call: Call): Answer => {
			if (call.method === 'GET') return { body: notes };
			if (call.route.endsWith('/action/13'))
				return {
					body: { ...note(3), status: 'actioned', is_read: true, title: 'Note 3 done' },
				};
			if (call.route.endsWith('/delete/1')) return { body: { ...note(1), is_deleted: true } };
			if (call.route.endsWith('/notes/update'))
				return { body: [{ ...note(1), is_deleted: false }] };
			return wpError(404, 'rest_no_route', 'No route');
		});
		renderWithStores(<Inbox />, notesStore);

		const headings = await screen.findAllByRole('heading', { level: 2 });
		expect(headings.slice(0, 3).map((h) => h.textContent)).toEqual([
			'Note 3',
			'Note 2',
			'Note 1',
		]);
		const list = calls[0];
		expect(list.route).toBe('wc-analytics/admin/notes');
		expect(queryList(list.query, 'type')).toEqual(['info', 'marketing', 'survey', 'warning']);
		expect(list.query.get('order')).toBe('desc');
		expect(screen.getByText('2 unread')).toBeInTheDocument();
		expect(screen.getByText('Body of note 1')).toBeInTheDocument();

		await userEvent.click(screen.getByRole('button', { name: 'Act on 3' }));
		expect(await screen.findByRole('heading', { name: 'Note 3 done' })).toBeInTheDocument();
		expect(screen.getByText('1 unread')).toBeInTheDocument();

		await userEvent.click(screen.getByRole('button', { name: 'Dismiss “Note 1”' }));
		await waitFor(() => expect(screen.queryByText('Body of note 1')).not.toBeInTheDocument());
		expect(screen.getByText('Message dismissed')).toBeInTheDocument();

		await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
		expect(await screen.findByText('Body of note 1')).toBeInTheDocument();
		const undo = calls.find((call) => call.route.endsWith('/notes/update'));
		expect(undo?.data).toEqual({ noteIds: [1], is_deleted: false });

		const activity = screen
			.getByRole('heading', { name: 'Recent activity' })
			.closest('.abacus-inbox__activity');
		expect(within(activity as HTMLElement).getByText('Note 2')).toBeInTheDocument();
	});

	it('dismisses all unactioned notes', async () => {
		const calls = stubApiFetch((call) => {
			if (call.method === 'GET') return { body: [note(1), note(2)] };
			return {
				body: [
					{ ...note(1), is_deleted: true },
					{ ...note(2), is_deleted: true },
				],
			};
		});
		renderWithStores(<Inbox />, notesStore);
		await userEvent.click(await screen.findByRole('button', { name: 'Dismiss all' }));
		expect(await screen.findByText('Your inbox is empty.')).toBeInTheDocument();
		const call = calls.find((c) => c.method === 'DELETE');
		expect(call?.route).toBe('wc-analytics/admin/notes/delete/all');
		expect(call?.query.get('status')).toBe('unactioned');
	});

	it('shows the error with Retry when the notes cannot be loaded, and a refused action', async () => {
		let fail = true;
		stubApiFetch((call) => {
			if (call.method === 'GET')
				return fail ? wpError(500, 'boom', 'Database unavailable') : { body: [note(1)] };
			return wpError(
				404,
				'woocommerce_note_action_invalid_id',
				'Sorry, there is no resource.',
			);
		});
		renderWithStores(<Inbox />, notesStore);
		const alert = await screen.findByRole('alert');
		expect(alert).toHaveTextContent('The inbox could not be loaded.');
		expect(alert).toHaveTextContent('Database unavailable');
		fail = false;
		await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
		await userEvent.click(await screen.findByRole('button', { name: 'Act on 1' }));
		expect(await screen.findByText('Sorry, there is no resource.')).toBeInTheDocument();
		expect(screen.getByRole('heading', { name: 'Note 1' })).toBeInTheDocument();
	});
	it('keeps the listed notes when a later read of other notes fails', async () => {
		stubApiFetch((call) =>
			call.query.get('per_page') === '1'
				? wpError(500, 'boom', 'Database unavailable')
				: { body: [note(1)] },
		);
		const { registry } = renderWithStores(<Inbox />, notesStore);
		expect(await screen.findByRole('heading', { name: 'Note 1' })).toBeInTheDocument();
		registry.select(notesStore).getNotes({ per_page: 1 });
		await waitFor(() =>
			expect(registry.select(notesStore).getNotesError('getNotes')).toMatchObject({
				message: 'Database unavailable',
			}),
		);
		expect(screen.getByRole('heading', { name: 'Note 1' })).toBeInTheDocument();
		expect(screen.queryByRole('alert')).toBeNull();
	});
});
