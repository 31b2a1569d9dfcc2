import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';

import { userStore } from '@abacus/data';

import { AnnotationSettings } from '../annotations.js';
import { invalidateAnnotations, type Annotation } from '../../../../analytics/annotations/data.js';
import { notesColumn } from '../../../../analytics/annotations/export.js';
import { renderWithStores, stubApiFetch } from '../../../test/harness.js';

const note = (id: number, fields: Partial<Annotation>): Annotation => ({
	id,
	date_from: '2026-03-02',
	date_to: '2026-03-02',
	text: `Note ${id}`,
	url: '',
	author: { id: 1, name: 'Ada' },
	created: '2026-03-01T10:00:00Z',
	updated: '2026-03-01T10:00:00Z',
	can_edit: true,
	...fields,
});

describe('notesColumn', () => {
	it('gives each row the notes meeting its interval, with their links', () => {
		const notes = [
			note(1, { text: 'Sale', url: 'https://shop.example/sale' }),
			note(2, { date_from: '2026-03-03', date_to: '2026-03-09', text: 'Outage' }),
		];
		expect(
			notesColumn(
				[
					{ date_start: '2026-03-02 00:00:00', date_end: '2026-03-02 23:59:59' },
					{ date_start: '2026-03-09 00:00:00', date_end: '2026-03-15 23:59:59' },
					{ date_start: '2026-03-16 00:00:00', date_end: '2026-03-22 23:59:59' },
					{ name: 'not a date row' },
				],
				notes,
			),
		).toEqual(['Sale (https://shop.example/sale)', 'Outage', '', '']);
	});
});

describe('Notes on charts (settings)', () => {
	jest.setTimeout(30000);

	it('lists the notes, edits one with its fields, deletes one after asking, and offers actions only on editable ones', async () => {
		let notes = [
			note(1, { text: 'Spring sale', url: 'https://shop.example/spring' }),
			note(2, {
				date_from: '2026-03-05',
				date_to: '2026-03-09',
				text: 'Outage',
				can_edit: false,
			}),
		];
		const calls = stubApiFetch((call) => {
			if (call.route === 'abacus/v1/annotations' && call.method === 'GET')
				return { body: notes };
			if (call.route === 'abacus/v1/annotations/1' && call.method === 'PUT') {
				const data = call.data as Record<string, string>;
				if (data.url === 'ftp://x') {
					return {
						status: 400,
						body: {
							code: 'abacus_invalid_annotation',
							message: 'The note was not saved: bad link',
							data: {
								status: 400,
								params: {
									url: 'The link must be a web address starting with http:// or https://.',
								},
							},
						},
					};
				}
				notes = [{ ...notes[0], ...data }, notes[1]];
				return { body: notes[0] };
			}
			if (call.route === 'abacus/v1/annotations/1' && call.method === 'DELETE') {
				notes = [notes[1]];
				return { body: { deleted: true } };
			}
			return { body: {} };
		});
		renderWithStores(<AnnotationSettings />, userStore);
		const table = await screen.findByRole('table');
		const rows = within(table).getAllByRole('row').slice(1);
		expect(rows.map((row) => row.textContent)).toEqual([
			expect.stringContaining('Spring sale'),
			expect.stringContaining('Outage'),
		]);
		expect(within(rows[0]).getByRole('link', { name: /Link/ })).toHaveAttribute(
			'href',
			'https://shop.example/spring',
		);
		// Another user's note, the reader not an admin: no Edit nor Delete.
		expect(within(rows[1]).queryByRole('button')).toBeNull();

		await userEvent.click(screen.getByRole('button', { name: 'Edit note: Spring sale' }));
		const dialog = await screen.findByRole('dialog', { name: 'Edit note' });
		const link = within(dialog).getByLabelText('Link (optional)');
		await userEvent.clear(link);
		await userEvent.type(link, 'ftp://x');
		await userEvent.click(within(dialog).getByRole('button', { name: 'Save note' }));
		expect(
			await within(dialog).findByText(
				'The link must be a web address starting with http:// or https://.',
			),
		).toBeInTheDocument();
		await userEvent.clear(link);
		const text = within(dialog).getByLabelText('Note');
		await userEvent.clear(text);
		await userEvent.type(text, 'Spring sale, second wave{Enter}');
		expect(await screen.findByText('The note was saved.')).toBeInTheDocument();
		const put = calls.filter((call) => call.method === 'PUT').pop();
		expect(put?.data).toEqual({
			date_from: '2026-03-02',
			date_to: '2026-03-02',
			text: 'Spring sale, second wave',
			url: '',
		});
		expect(await screen.findByText('Spring sale, second wave')).toBeInTheDocument();

		await userEvent.click(
			screen.getByRole('button', { name: 'Delete note: Spring sale, second wave' }),
		);
		const confirm = await screen.findByRole('dialog', { name: 'Delete this note?' });
		await userEvent.click(within(confirm).getByRole('button', { name: 'Delete note' }));
		expect(await screen.findByText('The note was deleted.')).toBeInTheDocument();
		await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
		expect(within(table).getByText('Outage')).toBeInTheDocument();
	});
	it('links only a web address: a note whose link is anything else shows no link', async () => {
		const notes = [
			note(1, { text: 'Written elsewhere', url: 'javascript:alert(1)' }),
			note(2, { text: 'Sale', url: 'https://shop.example/sale' }),
		];
		stubApiFetch((call) =>
			call.route === 'abacus/v1/annotations' && call.method === 'GET'
				? { body: notes }
				: { body: {} },
		);
		// The notes' cache is shared by the page: the earlier tests' answers are asked again.
		invalidateAnnotations();
		renderWithStores(<AnnotationSettings />, userStore);
		await screen.findByText('Written elsewhere');
		const table = screen.getByRole('table');
		const [first, second] = within(table).getAllByRole('row').slice(1);
		expect(first.textContent).toContain('Written elsewhere');
		expect(within(first).queryByRole('link')).toBeNull();
		expect(within(second).getByRole('link', { name: /Link/ })).toHaveAttribute(
			'href',
			'https://shop.example/sale',
		);
	});
});
