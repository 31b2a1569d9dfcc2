/**
 * Analytics › Settings › E-mail digests (`abacus/v1/digests`, the WordPress plugin's route): any
 * number of digests, each with a schedule (daily at an hour, weekly on the store's week start,
 * monthly on the 1st, in the store's time zone), recipients (users who may view reports, or
 * addresses), the figures in order, the comparison and the leaderboards. An edit saves only the
 * fields changed since loading, with the revision it loaded. Each digest can be previewed (the
 * e-mail shown in the page), sent as a test to oneself, and retried after a failed sending.
 *
 * Digests are sent by WordPress (wp_mail, WP-Cron): on the standalone Abacus server the card only
 * says so.
 *
 * This file holds the section and its list; the editor is `digest-editor.tsx`, the types and pure
 * functions `digests-model.ts`.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { Button, Modal, Notice, Spinner } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { toWPError, type WPError } from '@abacus/data';

import { apiFetch } from '../../../base/api-fetch.js';
import { isInsideWordPress } from '../../../base/host.js';
import { LoadError } from '../../../base/load-error.js';
import { DigestEditor } from './digest-editor.js';
import {
	DIGESTS_ROUTE,
	formatTime,
	scheduleText,
	type Digest,
	type DigestsAnswer,
} from './digests-model.js';
import './digests.scss';

type Message = { status: 'success' | 'error'; text: string } | null;

/** The card on the standalone Abacus server's page: digests are the plugin's. */
function StandaloneNote() {
	const id = useId();
	return (
		<section
			className="abacus-settings__card abacus-digests"
			id="abacus-digests"
			aria-labelledby={`${id}-title`}
		>
			<h2 id={`${id}-title`}>{__('E-mail digests', 'abacus')}</h2>
			<p className="abacus-settings__help">
				{__(
					'A digest e-mails the store’s figures, each with its change and a small chart, and its top products, customers and more, every day, week or month. E-mail digests are sent by the Abacus plugin inside WordPress, through the store’s own mail set-up and scheduler: set them up in Analytics › Settings of the store’s wp-admin.',
					'abacus',
				)}
			</p>
		</section>
	);
}

export function DigestSettings({
	insideWordPress = isInsideWordPress(),
}: {
	/** Whether the page is the WordPress plugin's (the standalone server sends no e-mail). */
	insideWordPress?: boolean;
}) {
	return insideWordPress ? <Digests /> : <StandaloneNote />;
}

type Load =
	| { status: 'loading' }
	| { status: 'error'; error: WPError }
	| { status: 'ready'; answer: DigestsAnswer };

function Digests() {
	const id = useId();
	const [load, setLoad] = useState<Load>({ status: 'loading' });
	const [editing, setEditing] = useState<Digest | 'new' | null>(null);
	const [message, setMessage] = useState<Message>(null);
	const [busy, setBusy] = useState<string | null>(null);
	const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
	const [confirmDelete, setConfirmDelete] = useState<string | null>(null);

	const reload = useCallback(async () => {
		setLoad({ status: 'loading' });
		try {
			setLoad({
				status: 'ready',
				answer: await apiFetch<DigestsAnswer>({ path: DIGESTS_ROUTE }),
			});
		} catch (error) {
			setLoad({ status: 'error', error: toWPError(error) });
		}
	}, []);

	useEffect(() => {
		void reload();
	}, [reload]);

	const title = <h2 id={`${id}-title`}>{__('E-mail digests', 'abacus')}</h2>;
	const section = (children: React.ReactNode) => (
		<section
			className="abacus-settings__card abacus-digests"
			id="abacus-digests"
			aria-labelledby={`${id}-title`}
		>
			{title}
			{children}
		</section>
	);
	if (load.status === 'error') {
		return section(
			<LoadError
				title={__('The e-mail digests could not be loaded.', 'abacus')}
				error={load.error}
				onRetry={() => void reload()}
			/>,
		);
	}
	if (load.status === 'loading') {
		return section(
			<p role="status">
				<Spinner /> {__('Loading the e-mail digests…', 'abacus')}
			</p>,
		);
	}
	const answer = load.answer;
	const replace = (digest: Digest) =>
		setLoad({
			status: 'ready',
			answer: {
				...answer,
				digests: answer.digests.some((d) => d.id === digest.id)
					? answer.digests.map((d) => (d.id === digest.id ? digest : d))
					: [...answer.digests, digest],
			},
		});

	async function run(key: string, action: () => Promise<void>) {
		setBusy(key);
		setMessage(null);
		try {
			await action();
		} catch (error) {
			setMessage({ status: 'error', text: toWPError(error).message });
		} finally {
			setBusy(null);
		}
	}

	async function showPreview(data: Record<string, unknown>) {
		const mail = await apiFetch<{ subject: string; html: string }>({
			path: `${DIGESTS_ROUTE}/preview`,
			method: 'POST',
			data,
		});
		setPreview({ subject: mail.subject, html: mail.html });
	}

	return section(
		<>
			<p className="abacus-settings__help">
				{sprintf(
					/* translators: %s: the store's time zone. */
					__(
						'The store’s figures by e-mail, on a schedule, in the store’s time zone (%s). Sent by WordPress with the site’s own mail set-up; each e-mail has its own unsubscribe link.',
						'abacus',
					),
					answer.timeZone,
				)}
			</p>
			{message ? (
				<Notice status={message.status} onRemove={() => setMessage(null)}>
					{message.text}
				</Notice>
			) : null}
			{answer.digests.length === 0 && editing === null ? (
				<p>{__('No digest yet.', 'abacus')}</p>
			) : null}
			<ul className="abacus-digests__list">
				{answer.digests.map((digest) =>
					editing !== 'new' && editing?.id === digest.id ? null : (
						<li key={digest.id} className="abacus-digests__item">
							<h3>{digest.name}</h3>
							<p>{scheduleText(digest.schedule, answer.startOfWeek)}</p>
							<p className="abacus-settings__help">
								{sprintf(
									/* translators: 1: number of recipients, 2: number of figures. */
									_n(
										'%1$d recipient, %2$d figures',
										'%1$d recipients, %2$d figures',
										digest.recipients.users.length +
											digest.recipients.emails.length,
										'abacus',
									),
									digest.recipients.users.length +
										digest.recipients.emails.length,
									digest.figures.length,
								)}
								{digest.state.unsubscribed.length > 0
									? ` · ${sprintf(
											/* translators: %s: addresses. */
											__('Unsubscribed: %s', 'abacus'),
											digest.state.unsubscribed.join(', '),
										)}`
									: ''}
							</p>
							<p className="abacus-settings__help">
								{digest.state.lastSent
									? sprintf(
											/* translators: 1: date and time, 2: the period (its dates). */
											digest.state.late
												? __('Last sent %1$s (late), for %2$s.', 'abacus')
												: __('Last sent %1$s, for %2$s.', 'abacus'),
											digest.state.display?.lastSent ||
												formatTime(digest.state.lastSent),
											digest.state.display?.lastPeriod ||
												digest.state.lastPeriod,
										)
									: __('Not sent yet.', 'abacus')}{' '}
								{digest.state.nextSend
									? sprintf(
											/* translators: %s: date and time. */
											__('Next: %s.', 'abacus'),
											digest.state.display?.nextSend ||
												formatTime(digest.state.nextSend),
										)
									: ''}
							</p>
							{digest.state.failure ? (
								<div className="abacus-digests__failure" role="alert">
									<p>
										{sprintf(
											/* translators: 1: the period (its dates), 2: addresses, 3: the error. */
											__('Sending %1$s failed for %2$s: %3$s', 'abacus'),
											digest.state.display?.failurePeriod ||
												digest.state.failure.period,
											digest.state.failure.recipients.join(', '),
											digest.state.failure.message,
										)}
									</p>
									<Button
										variant="secondary"
										isBusy={busy === `retry-${digest.id}`}
										disabled={busy !== null}
										onClick={() =>
											void run(`retry-${digest.id}`, async () => {
												replace(
													await apiFetch<Digest>({
														path: `${DIGESTS_ROUTE}/${digest.id}/retry`,
														method: 'POST',
													}),
												);
											})
										}
									>
										{__('Retry sending', 'abacus')}
									</Button>
								</div>
							) : null}
							<div className="abacus-digests__actions">
								<Button
									variant="secondary"
									disabled={busy !== null || editing !== null}
									onClick={() => {
										setMessage(null);
										setEditing(digest);
									}}
								>
									{__('Edit', 'abacus')}
								</Button>
								<Button
									variant="secondary"
									isBusy={busy === `preview-${digest.id}`}
									disabled={busy !== null}
									onClick={() =>
										void run(`preview-${digest.id}`, () =>
											showPreview({ id: digest.id }),
										)
									}
								>
									{__('Preview', 'abacus')}
								</Button>
								<Button
									variant="secondary"
									isBusy={busy === `test-${digest.id}`}
									disabled={busy !== null}
									onClick={() =>
										void run(`test-${digest.id}`, async () => {
											const sent = await apiFetch<{ message: string }>({
												path: `${DIGESTS_ROUTE}/${digest.id}/test`,
												method: 'POST',
											});
											setMessage({ status: 'success', text: sent.message });
										})
									}
								>
									{__('Send a test now', 'abacus')}
								</Button>
								{confirmDelete === digest.id ? (
									<>
										<Button
											variant="primary"
											isDestructive
											disabled={busy !== null}
											onClick={() =>
												void run(`delete-${digest.id}`, async () => {
													await apiFetch({
														path: `${DIGESTS_ROUTE}/${digest.id}`,
														method: 'DELETE',
													});
													setConfirmDelete(null);
													setLoad({
														status: 'ready',
														answer: {
															...answer,
															digests: answer.digests.filter(
																(d) => d.id !== digest.id,
															),
														},
													});
												})
											}
										>
											{sprintf(
												/* translators: %s: digest name. */
												__('Delete “%s”', 'abacus'),
												digest.name,
											)}
										</Button>
										<Button
											variant="tertiary"
											onClick={() => setConfirmDelete(null)}
										>
											{__('Keep it', 'abacus')}
										</Button>
									</>
								) : (
									<Button
										variant="tertiary"
										isDestructive
										disabled={busy !== null}
										onClick={() => setConfirmDelete(digest.id)}
									>
										{__('Delete', 'abacus')}
									</Button>
								)}
							</div>
						</li>
					),
				)}
			</ul>
			{editing !== null ? (
				<DigestEditor
					key={editing === 'new' ? 'new' : editing.id}
					answer={answer}
					digest={editing === 'new' ? null : editing}
					onCancel={() => setEditing(null)}
					onSaved={(digest, created) => {
						replace(digest);
						setEditing(null);
						setMessage({
							status: 'success',
							text: created
								? sprintf(
										/* translators: 1: digest name, 2: schedule, e.g. "Every Monday at 07:00, for the week before". */
										__('“%1$s” is set up. %2$s.', 'abacus'),
										digest.name,
										scheduleText(digest.schedule, answer.startOfWeek),
									)
								: __('The digest is saved.', 'abacus'),
						});
					}}
					onPreview={(data) => showPreview(data)}
				/>
			) : answer.digests.length < answer.max ? (
				<Button
					variant="primary"
					disabled={busy !== null}
					onClick={() => {
						setMessage(null);
						setEditing('new');
					}}
				>
					{__('Add a digest', 'abacus')}
				</Button>
			) : null}
			{preview ? (
				<Modal
					title={__('Preview of the e-mail', 'abacus')}
					onRequestClose={() => setPreview(null)}
					className="abacus-digests__preview"
					size="large"
				>
					<p>
						<strong>{__('Subject:', 'abacus')}</strong> {preview.subject}
					</p>
					<iframe
						title={__('The e-mail as it will be sent', 'abacus')}
						// Its links open beside the page, not inside the frame.
						srcDoc={preview.html.replace('<head>', '<head><base target="_blank">')}
						sandbox="allow-popups allow-popups-to-escape-sandbox"
						className="abacus-digests__preview-frame"
					/>
				</Modal>
			) : null}
		</>,
	);
}
