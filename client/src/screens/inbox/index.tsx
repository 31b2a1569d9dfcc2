import { Button, Card, CardBody, CardHeader } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { Badge, SnackbarNotice, Timeline } from '@abacus/components';
import type { TimelineItem } from '@abacus/components';
import { notesStore, selectRequestState } from '@abacus/data';
import type { Note } from '@abacus/data';
import { navigateTo } from '@abacus/navigation';

import { LoadError, WriteError, errorMessage } from '../../base/load-error.js';
import { Loading } from '../../base/loading.js';
import '../shared/style.scss';
import './style.scss';

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

type NoteAction = NonNullable<Note['actions']>[number];

/** A note's own dismiss action: the screen's single Dismiss button stands for it. */
function isDismissAction(action: NoteAction): boolean {
	return action.name === 'dismiss';
}

/**
 * Goes to a note action's address: an address of this app (same origin, `page=abacus`) through the
 * app's navigation, without a reload; any other address loads in the window.
 */
export function followActionUrl(url: string): void {
	let target: URL;
	try {
		target = new URL(url, window.location.href);
	} catch {
		return;
	}
	if (target.protocol !== 'http:' && target.protocol !== 'https:') return;
	if (target.origin === window.location.origin && target.searchParams.get('page') === 'abacus') {
		navigateTo({ url: target.href });
		return;
	}
	leavePage.assign(target.href);
}

/** How an address outside the app is opened (a seam for the tests). */
export const leavePage = {
	assign(url: string): void {
		window.location.assign(url);
	},
};

interface Undo {
	message: string;
	noteIds: number[];
}

const NO_NOTES: readonly Note[] = [];

/** Inbox: the store's notes with their actions, dismiss one or all (with undo), unread state. */
export default function Inbox() {
	const inbox = useSelect((select) => {
		const store = select(notesStore);
		// A failed read with notes already listed (the error is the store's last notes read)
		// keeps the list.
		return selectRequestState(
			store,
			'getNotes',
			[INBOX_QUERY],
			store.getNotes,
			() => store.getNotesError('getNotes'),
			{ hasData: (notes) => notes.length > 0 },
		);
	}, []);
	const notes = inbox.data ?? NO_NOTES;
	const {
		triggerNoteAction,
		removeNote,
		removeAllNotes,
		updateNote,
		batchUpdateNotes,
		invalidateResolution,
	} = useDispatch(notesStore);
	// A refused write is said in the card of its note (or at the top for the whole inbox).
	const [writeError, setWriteError] = useState<{ noteId: number | null; message: string } | null>(
		null,
	);
	const [undo, setUndo] = useState<Undo | null>(null);

	const sorted = useMemo(
		() => [...notes].sort((a, b) => noteDate(b).getTime() - noteDate(a).getTime()),
		[notes],
	);
	const timeline = useMemo<TimelineItem[]>(
		() =>
			sorted.slice(0, 10).map((note) => ({
				date: noteDate(note),
				icon: (
					<span
						className={`abacus-inbox__dot${note.status === 'actioned' ? ' is-actioned' : ''}`}
						aria-hidden="true"
					/>
				),
				headline: note.title ?? '',
				body: [note.status === 'actioned' ? __('Actioned', 'abacus') : __('New', 'abacus')],
			})),
		[sorted],
	);

	async function run<T>(
		write: () => Promise<T>,
		noteId: number | null = null,
	): Promise<T | undefined> {
		setWriteError(null);
		try {
			return await write();
		} catch (caught) {
			setWriteError({ noteId, message: errorMessage(caught) });
			return undefined;
		}
	}

	if (inbox.status === 'error' && !inbox.data) {
		return (
			<LoadError
				title={__('The inbox could not be loaded.', 'abacus')}
				error={inbox.error}
				onRetry={() => invalidateResolution('getNotes', [INBOX_QUERY])}
			/>
		);
	}
	if (inbox.status !== 'success' && inbox.status !== 'error') {
		return <Loading label={__('Loading the inbox…', 'abacus')} />;
	}

	const unread = sorted.filter((note) => !note.is_read).length;

	return (
		<div className="abacus-helper abacus-inbox">
			<div className="abacus-inbox__summary">
				<Badge count={unread} aria-hidden="true" />
				<p className="abacus-helper__subtitle abacus-inbox__unread">
					{sprintf(
						/* translators: %d: number of unread notes */
						__('%d unread', 'abacus'),
						unread,
					)}
				</p>
			</div>
			<WriteError
				message={writeError && writeError.noteId === null ? writeError.message : null}
				onRemove={() => setWriteError(null)}
			/>
			{sorted.length === 0 ? (
				<Card>
					<CardBody>
						<p>{__('Your inbox is empty.', 'abacus')}</p>
					</CardBody>
				</Card>
			) : (
				<>
					<div className="abacus-helper__toolbar">
						<span />
						<Button
							variant="secondary"
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
					</div>
					<ul className="abacus-helper__cards abacus-inbox__notes">
						{sorted.map((note) => (
							<li key={note.id}>
								<Card className={note.is_read ? 'is-read' : 'is-unread'}>
									<CardHeader>
										<h2 className="abacus-helper__card-title">{note.title}</h2>
										{note.is_read ? null : (
											<span className="abacus-inbox__new">
												{__('Unread', 'abacus')}
											</span>
										)}
									</CardHeader>
									<CardBody>
										<p>{plainText(note.content)}</p>
										<div className="abacus-helper__actions abacus-inbox__actions">
											{(note.actions ?? [])
												.filter((action) => !isDismissAction(action))
												.map((action) => (
													<Button
														key={action.id}
														variant={
															action.primary ? 'primary' : 'secondary'
														}
														isBusy={note.isUpdating}
														disabled={note.isUpdating}
														onClick={async () => {
															const done = await run(() =>
																triggerNoteAction(
																	note.id,
																	action.id,
																),
															);
															if (done && action.url) {
																followActionUrl(action.url);
															}
														}}
													>
														{action.label}
													</Button>
												))}
											{note.is_read ? null : (
												<Button
													variant="tertiary"
													disabled={note.isUpdating}
													onClick={() =>
														run(
															() =>
																updateNote(note.id, {
																	is_read: true,
																}),
															note.id,
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
													if (
														await run(
															() => removeNote(note.id),
															note.id,
														)
													) {
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
										<WriteError
											message={
												writeError?.noteId === note.id
													? writeError.message
													: null
											}
											onRemove={() => setWriteError(null)}
										/>
									</CardBody>
								</Card>
							</li>
						))}
					</ul>
				</>
			)}
			<Card className="abacus-inbox__activity">
				<CardHeader>
					<h2 className="abacus-helper__card-title">{__('Recent activity', 'abacus')}</h2>
				</CardHeader>
				<CardBody>
					<Timeline items={timeline} />
				</CardBody>
			</Card>
			{undo ? (
				<SnackbarNotice
					onRemove={() => setUndo(null)}
					actions={[
						{
							label: __('Undo', 'abacus'),
							onClick: () => {
								const { noteIds } = undo;
								setUndo(null);
								void run(
									() => batchUpdateNotes(noteIds, { is_deleted: false }),
									noteIds.length === 1 ? noteIds[0] : null,
								);
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
