/**
 * Analytics › Settings › Notes on charts: every note of the store (a day or a range of days, a
 * short text, an optional link), shared by the store's report users and shown on every time
 * chart. Add, edit and delete here (edit and delete: the note's author or an admin), or add one
 * from a chart (click a date, or Enter on it). The "Show notes on charts" choice is each user's own.
 */
import { useState } from 'react';
import { Button, CheckboxControl, Modal, Notice } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { useUserPreferences } from '@abacus/data';

import { LoadError } from '../../../base/load-error.js';
import { AnnotationDialog } from '../../../analytics/annotations/dialog.js';
import {
	ANNOTATIONS_HIDDEN_PREFERENCE,
	annotationErrorOf,
	deleteAnnotation,
	invalidateAnnotations,
	useAnnotations,
	webLink,
	type Annotation,
	type AnnotationInput,
} from '../../../analytics/annotations/data.js';
import '../../../analytics/annotations/style.scss';

/** Today in the browser's calendar, `YYYY-MM-DD`. */
function today(): string {
	const now = new Date();
	const pad = (value: number) => String(value).padStart(2, '0');
	return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A day as the user's locale writes it. */
function formatDay(day: string): string {
	const [year, month, date] = day.split('-').map(Number);
	return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString(undefined, {
		timeZone: 'UTC',
		year: 'numeric',
		month: 'short',
		day: 'numeric',
	});
}

export function formatNoteDays(note: Pick<Annotation, 'date_from' | 'date_to'>): string {
	return note.date_to !== note.date_from
		? /* translators: 1: first day, 2: last day */
			sprintf(__('%1$s – %2$s', 'abacus'), formatDay(note.date_from), formatDay(note.date_to))
		: formatDay(note.date_from);
}

export function AnnotationSettings() {
	const state = useAnnotations();
	const preferences = useUserPreferences();
	const hidden = preferences[ANNOTATIONS_HIDDEN_PREFERENCE] === true;
	const [editing, setEditing] = useState<Annotation | (AnnotationInput & { id?: number }) | null>(
		null,
	);
	const [deleting, setDeleting] = useState<Annotation | null>(null);
	const [isDeleting, setIsDeleting] = useState(false);
	const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(
		null,
	);

	async function remove(note: Annotation) {
		setIsDeleting(true);
		try {
			await deleteAnnotation(note.id);
			setMessage({ status: 'success', text: __('The note was deleted.', 'abacus') });
		} catch (error) {
			setMessage({ status: 'error', text: annotationErrorOf(error).message });
		}
		setIsDeleting(false);
		setDeleting(null);
	}

	return (
		<section
			className="abacus-settings__card abacus-annotations"
			aria-labelledby="abacus-annotations-title"
		>
			<h2 id="abacus-annotations-title">{__('Notes on charts', 'abacus')}</h2>
			<p className="abacus-settings__help">
				{__(
					'Mark what happened on a day or over some days (a campaign, a price change, an outage): the note shows on every chart of those dates, for everyone who can see the reports. You can also add one from a chart: click a date, or choose it with the arrow keys and press Enter.',
					'abacus',
				)}
			</p>
			<CheckboxControl
				__nextHasNoMarginBottom
				label={__('Show notes on charts', 'abacus')}
				help={__(
					'Your own choice; the charts’ “Show notes” button changes it too.',
					'abacus',
				)}
				checked={!hidden}
				onChange={(checked: boolean) =>
					void preferences.updateUserPreferences({
						[ANNOTATIONS_HIDDEN_PREFERENCE]: !checked,
					})
				}
			/>
			{message ? (
				<Notice status={message.status} onRemove={() => setMessage(null)}>
					{message.text}
				</Notice>
			) : null}
			{state.status === 'error' ? (
				<LoadError
					title={__('The notes could not be loaded.', 'abacus')}
					error={state.error}
					onRetry={invalidateAnnotations}
				/>
			) : state.status === 'loading' ? (
				<p className="abacus-annotations__loading">{__('Loading notes…', 'abacus')}</p>
			) : state.notes.length === 0 ? (
				<p className="abacus-annotations__empty">{__('No notes yet.', 'abacus')}</p>
			) : (
				<div className="abacus-annotations__scroll">
					{/* Explicit roles: on a phone the rows are stacked (display: block), and the
					table keeps its meaning for screen readers. */}
					<table className="abacus-annotations__table" role="table">
						<caption className="screen-reader-text">
							{sprintf(
								/* translators: %d: number of notes */
								_n('%d note', '%d notes', state.notes.length, 'abacus'),
								state.notes.length,
							)}
						</caption>
						<thead role="rowgroup">
							<tr role="row">
								<th scope="col" role="columnheader">
									{__('Dates', 'abacus')}
								</th>
								<th scope="col" role="columnheader">
									{__('Note', 'abacus')}
								</th>
								<th scope="col" role="columnheader">
									{__('Added by', 'abacus')}
								</th>
								<th scope="col" role="columnheader">
									<span className="screen-reader-text">
										{__('Actions', 'abacus')}
									</span>
								</th>
							</tr>
						</thead>
						<tbody role="rowgroup">
							{state.notes.map((note) => (
								<tr key={note.id} role="row">
									<td className="abacus-annotations__dates" role="cell">
										{formatNoteDays(note)}
									</td>
									<td className="abacus-annotations__text" role="cell">
										{note.text}
										{webLink(note.url) ? (
											<>
												{' '}
												<a
													href={webLink(note.url)}
													target="_blank"
													rel="noopener noreferrer"
												>
													{__('Link', 'abacus')}
													<span className="screen-reader-text">
														{__('(opens in a new tab)', 'abacus')}
													</span>
												</a>
											</>
										) : null}
									</td>
									<td
										className="abacus-annotations__author"
										role="cell"
										data-label={__('Added by', 'abacus')}
									>
										{note.author.name || __('Unknown', 'abacus')}
									</td>
									<td className="abacus-annotations__actions" role="cell">
										{note.can_edit ? (
											<>
												<Button
													variant="link"
													onClick={() => setEditing(note)}
													aria-label={sprintf(
														/* translators: %s: the note's text */
														__('Edit note: %s', 'abacus'),
														note.text,
													)}
												>
													{__('Edit', 'abacus')}
												</Button>
												<Button
													variant="link"
													isDestructive
													onClick={() => setDeleting(note)}
													aria-label={sprintf(
														/* translators: %s: the note's text */
														__('Delete note: %s', 'abacus'),
														note.text,
													)}
												>
													{__('Delete', 'abacus')}
												</Button>
											</>
										) : null}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
			<Button
				variant="secondary"
				onClick={() =>
					setEditing({ date_from: today(), date_to: today(), text: '', url: '' })
				}
				disabled={state.status === 'error'}
			>
				{__('Add a note', 'abacus')}
			</Button>
			{editing ? (
				<AnnotationDialog
					note={editing}
					onClose={() => setEditing(null)}
					onSaved={() =>
						setMessage({ status: 'success', text: __('The note was saved.', 'abacus') })
					}
				/>
			) : null}
			{deleting ? (
				<Modal
					title={__('Delete this note?', 'abacus')}
					onRequestClose={() => setDeleting(null)}
				>
					<p>
						{formatNoteDays(deleting)}: {deleting.text}
					</p>
					<div className="abacus-annotation-dialog__actions">
						<Button variant="tertiary" onClick={() => setDeleting(null)}>
							{__('Cancel', 'abacus')}
						</Button>
						<Button
							variant="primary"
							isDestructive
							isBusy={isDeleting}
							disabled={isDeleting}
							onClick={() => void remove(deleting)}
						>
							{__('Delete note', 'abacus')}
						</Button>
					</div>
				</Modal>
			) : null}
		</section>
	);
}
