import { registryWith, stubApiFetch, wpError } from '../../test/helpers.js';
import { store } from '../index.js';

const notes = [
	{ id: 1, title: 'Welcome', status: 'unactioned', is_deleted: false },
	{ id: 2, title: 'Tip', status: 'unactioned', is_deleted: false },
];
const query = { page: 1, per_page: 25, type: 'info' };

describe('notes store', () => {
	it('starts empty', () => {
		const registry = registryWith(store);
		expect(registry.select(store).getNotesError('getNotes')).toBe(false);
		expect(registry.select(store).isNotesRequesting('getNotes')).toBe(false);
	});

	it('reads notes per query and keeps the same array until something changes', async () => {
		const calls = stubApiFetch(() => ({ body: notes }));
		const registry = registryWith(store);
		const list = await registry.resolveSelect(store).getNotes(query);
		expect(calls[0].route).toBe('/wc-analytics/admin/notes');
		expect(list.map((note) => note.id)).toEqual([1, 2]);
		expect(registry.select(store).getNotes({ type: 'info', per_page: 25, page: 1 })).toBe(list);
		await registry.dispatch(store).setNote(2, { ...notes[1], is_read: true });
		expect(registry.select(store).getNotes(query)).not.toBe(list);
	});

	it('records a read error and clears the flag', async () => {
		stubApiFetch(() => wpError(500, 'boom', 'Broken'));
		const registry = registryWith(store);
		await registry.resolveSelect(store).getNotes(query);
		expect(registry.select(store).getNotesError('getNotes')).toMatchObject({
			message: 'Broken',
		});
		expect(registry.select(store).isNotesRequesting('getNotes')).toBe(false);
	});

	it('removes a note from the list and can bring it back with a batch update', async () => {
		const calls = stubApiFetch((call) => {
			if (call.method === 'GET') return { body: notes };
			if (call.method === 'DELETE') return { body: { ...notes[0], is_deleted: true } };
			return { body: [{ ...notes[0], is_deleted: false }] };
		});
		const registry = registryWith(store);
		await registry.resolveSelect(store).getNotes(query);
		await registry.dispatch(store).removeNote(1);
		expect(calls[1]).toMatchObject({
			method: 'DELETE',
			route: '/wc-analytics/admin/notes/delete/1',
		});
		expect(
			registry
				.select(store)
				.getNotes(query)
				.map((note) => note.id),
		).toEqual([2]);
		await registry.dispatch(store).batchUpdateNotes([1], { is_deleted: false });
		expect(calls[2]).toMatchObject({
			method: 'PUT',
			route: '/wc-analytics/admin/notes/update',
			data: { noteIds: [1], is_deleted: false },
		});
		expect(
			registry
				.select(store)
				.getNotes(query)
				.map((note) => note.id),
		).toEqual([1, 2]);
	});

	it('triggers an action and updates the note', async () => {
		const calls = stubApiFetch((call) =>
			call.method === 'GET' ? { body: notes } : { body: { ...notes[0], status: 'actioned' } },
		);
		const registry = registryWith(store);
		await registry.resolveSelect(store).getNotes(query);
		await registry.dispatch(store).triggerNoteAction(1, 9);
		expect(calls[1].route).toBe('/wc-analytics/admin/notes/1/action/9');
		expect(registry.select(store).getNotes(query)[0]).toMatchObject({
			status: 'actioned',
			isUpdating: false,
		});
	});

	it('throws a failed update, keeps the error and ends updating', async () => {
		stubApiFetch((call) =>
			call.method === 'GET'
				? { body: notes }
				: wpError(
						404,
						'woocommerce_note_invalid_id',
						'Sorry, there is no resource with that ID.',
					),
		);
		const registry = registryWith(store);
		await registry.resolveSelect(store).getNotes(query);
		await expect(
			registry.dispatch(store).updateNote(1, { is_read: true }),
		).rejects.toMatchObject({
			code: 'woocommerce_note_invalid_id',
		});
		expect(registry.select(store).getNotesError('updateNote')).toMatchObject({
			code: 'woocommerce_note_invalid_id',
		});
		expect(registry.select(store).isNotesRequesting('updateNote')).toBe(false);
		expect(registry.select(store).getNotes(query)[0].isUpdating).toBe(false);
	});

	it('removes all notes', async () => {
		const calls = stubApiFetch((call) =>
			call.method === 'GET'
				? { body: notes }
				: { body: notes.map((note) => ({ ...note, is_deleted: true })) },
		);
		const registry = registryWith(store);
		await registry.resolveSelect(store).getNotes(query);
		await registry.dispatch(store).removeAllNotes({ status: 'unactioned' });
		expect(calls[1]).toMatchObject({
			method: 'DELETE',
			route: '/wc-analytics/admin/notes/delete/all',
			query: { status: 'unactioned' },
		});
		expect(registry.select(store).getNotes(query)).toEqual([]);
	});
});
