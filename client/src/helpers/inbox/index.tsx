import { Button, Card, CardBody, CardHeader, Notice } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { Badge, SnackbarNotice, Timeline } from '@abacus/components';
import type { TimelineItem } from '@abacus/components';
import { notesStore } from '@abacus/data';
import type { Note } from '@abacus/data';

import { LoadError, errorMessage } from '../shared/load-error.js';
import { Loading } from '../shared/loading.js';

/** The note types the inbox shows. */
export const INBOX_NOTE_TYPES = ['info', 'marketing', 'survey', 'warning'] as const;

/** The inbox request: newest first, actioned and unactioned notes of the inbox types. */
export const INBOX_QUERY = {
	page: 1,
	per_page: 25,
	status: 'unactioned,actioned',
	type: [...INBOX_NOTE_TYPES],
	orderby: 'date',
	order: 'desc',
};

function noteDate(note: Note): Date {
	const gmt = note.date_created_gmt;
	if (gmt) {
		return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(gmt) ? gmt : `${gmt}Z`);
	}
	return new Date(note.date_created ?? 0);
}

function plainText(html: string | undefined): string {
	return (html ?? '').replace(/<[^>]*>/g, '').trim();
}

interface Undo {
	message: string;
	noteIds: number[];
}

/** Inbox: the store's notes with their actions, dismiss one or all (with undo), unread state. */
export default function Inbox() {
	const { notes, error, isResolved } = useSelect((select) => {
		const store = select(notesStore);
		return {
			notes: store.getNotes(INBOX_QUERY),
			error: store.getNotesError('getNotes'),
			isResolved: store.hasFinishedResolution('getNotes', [INBOX_QUERY]),
		};
	}, []);
	const {
		triggerNoteAction,
		removeNote,
		removeAllNotes,
		updateNote,
		batchUpdateNotes,
		invalidateResolution,
	} = useDispatch(notesStore);
	const [writeError, setWriteError] = useState<string | null>(null);
	const [undo, setUndo] = useState<Undo | null>(null);

	const sorted = useMemo(
		() => [...notes].sort((a, b) => noteDate(b).getTime() - noteDate(a).getTime()),
		[notes],
	);
	const timeline = useMemo<TimelineItem[]>(
		() =>
			sorted.slice(0, 10).map((note) => ({
				date: noteDate(note),
				icon: <span aria-hidden="true">•</span>,
				headline: note.title ?? '',
				body: [note.status === 'actioned' ? __('Actioned', 'abacus') : __('New', 'abacus')],
			})),
		[sorted],
	);

	async function run<T>(write: () => Promise<T>): Promise<T | undefined> {
		setWriteError(null);
		try {
			return await write();
		} catch (caught) {
			setWriteError(errorMessage(caught));
			return undefined;
		}
	}

	if (error && !notes.length) {
		return (
			<LoadError
				title={__('The inbox could not be loaded.', 'abacus')}
				error={error}
				onRetry={() => invalidateResolution('getNotes', [INBOX_QUERY])}
			/>
		);
	}
	if (!isResolved) {
		return <Loading label={__('Loading the inbox…', 'abacus')} />;
	}

	const unread = sorted.filter((note) => !note.is_read).length;

	return (
		<div className="abacus-inbox">
			<h1>
				{__('Inbox', 'abacus')} <Badge count={unread} />
			</h1>
			<p className="abacus-inbox__unread">
				{sprintf(
					/* translators: %d: number of unread notes */
					__('%d unread', 'abacus'),
					unread,
				)}
			</p>
			{writeError ? (
				<Notice status="error" onRemove={() => setWriteError(null)}>
					{writeError}
				</Notice>
			) : null}
			{sorted.length === 0 ? (
				<p>{__('Your inbox is empty.', 'abacus')}</p>
			) : (
				<>
					<Button
						variant="tertiary"
						onClick={async () => {
							const removed = await run(() =>
								removeAllNotes({ status: 'unactioned' }),
							);
							if (removed) {
								setUndo({
									message: __('All messages dismissed', 'abacus'),
									noteIds: removed.map((note) => note.id),
								});
							}
						}}
					>
						{__('Dismiss all', 'abacus')}
					</Button>
					<ul className="abacus-inbox__notes">
						{sorted.map((note) => (
							<li key={note.id}>
								<Card className={note.is_read ? 'is-read' : 'is-unread'}>
									<CardHeader>
										<h2>{note.title}</h2>
										{note.is_read ? null : (
											<span className="abacus-inbox__new">
												{__('Unread', 'abacus')}
											</span>
										)}
									</CardHeader>
									<CardBody>
										<p>{plainText(note.content)}</p>
										<div className="abacus-inbox__actions">
											{(note.actions ?? []).map((action) => (
												<Button
													key={action.id}
													variant={
														action.primary ? 'primary' : 'secondary'
													}
													isBusy={note.isUpdating}
													disabled={note.isUpdating}
													onClick={() =>
														run(() =>
															triggerNoteAction(note.id, action.id),
														)
													}
												>
													{action.label}
												</Button>
											))}
											{note.is_read ? null : (
												<Button
													variant="tertiary"
													disabled={note.isUpdating}
													onClick={() =>
														run(() =>
															updateNote(note.id, { is_read: true }),
														)
													}
												>
													{__('Mark as read', 'abacus')}
												</Button>
											)}
											<Button
												variant="tertiary"
												disabled={note.isUpdating}
												aria-label={sprintf(
													/* translators: %s: note title */
													__('Dismiss “%s”', 'abacus'),
													note.title ?? '',
												)}
												onClick={async () => {
													if (await run(() => removeNote(note.id))) {
														setUndo({
															message: __(
																'Message dismissed',
																'abacus',
															),
															noteIds: [note.id],
														});
													}
												}}
											>
												{__('Dismiss', 'abacus')}
											</Button>
										</div>
									</CardBody>
								</Card>
							</li>
						))}
					</ul>
				</>
			)}
			<section className="abacus-inbox__activity">
				<h2>{__('Recent activity', 'abacus')}</h2>
				<Timeline items={timeline} />
			</section>
			{undo ? (
				<SnackbarNotice
					onRemove={() => setUndo(null)}
					actions={[
						{
							label: __('Undo', 'abacus'),
							onClick: () => {
								const { noteIds } = undo;
								setUndo(null);
								void run(() => batchUpdateNotes(noteIds, { is_deleted: false }));
							},
						},
					]}
				>
					{undo.message}
				</SnackbarNotice>
			) : null}
		</div>
	);
}
