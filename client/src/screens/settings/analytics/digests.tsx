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
 */
import { useCallback, useEffect, useId, useState } from 'react';
import {
	Button,
	CheckboxControl,
	Modal,
	Notice,
	RadioControl,
	SelectControl,
	Spinner,
	TextareaControl,
	TextControl,
} from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';
import { toWPError, type WPError } from '@abacus/data';

import { apiFetch } from '../../../base/api-fetch.js';
import { isInsideWordPress } from '../../../base/host.js';
import { LoadError } from '../../../base/load-error.js';
import './digests.scss';

export const DIGESTS_ROUTE = '/abacus/v1/digests';

export type Frequency = 'daily' | 'weekly' | 'monthly';
export type Comparison = 'previous_period' | 'previous_year';

export interface DigestFields {
	name: string;
	schedule: { frequency: Frequency; hour: number };
	recipients: { users: number[]; emails: string[] };
	figures: string[];
	comparison: Comparison;
	leaderboards: string[];
}

export interface DigestState {
	lastPeriod: string;
	lastSent: string | null;
	late: boolean;
	failure: { period: string; recipients: string[]; message: string; time: string } | null;
	unsubscribed: string[];
	nextSend: string | null;
	/** The same in the store's time zone and formats (the plugin's answer has them). */
	display?: {
		lastSent: string;
		nextSend: string;
		lastPeriod: string;
		failurePeriod: string;
	};
}

export interface Digest extends DigestFields {
	id: string;
	revision: number;
	state: DigestState;
}

export interface DigestsAnswer {
	digests: Digest[];
	users: Array<{ id: number; name: string; email: string }>;
	figures: Array<{ stat: string; label: string }>;
	leaderboards: Array<{ id: string; label: string }>;
	startOfWeek: number;
	timeZone: string;
	max: number;
}

type Message = { status: 'success' | 'error'; text: string } | null;
type FieldErrors = Partial<Record<'name' | 'recipients' | 'figures', string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The addresses typed (one per line, or separated by commas), without blanks. */
export function parseAddresses(text: string): string[] {
	return text
		.split(/[\n,;]+/)
		.map((item) => item.trim())
		.filter((item) => item !== '');
}

/** What is wrong with a draft, by field (empty when nothing is). */
export function digestProblems(draft: DigestFields, addresses: string): FieldErrors {
	const errors: FieldErrors = {};
	const name = draft.name.trim();
	if (name === '' || name.length > 100) {
		errors.name = __('Give the digest a name of 1 to 100 characters.', 'abacus');
	}
	const emails = parseAddresses(addresses);
	const wrong = emails.find((email) => !EMAIL.test(email) || email.length > 254);
	if (wrong !== undefined) {
		errors.recipients = sprintf(
			/* translators: %s: the address typed. */
			__('"%s" is not an e-mail address (name@example.com).', 'abacus'),
			wrong,
		);
	} else if (draft.recipients.users.length + emails.length === 0) {
		errors.recipients = __(
			'Add at least one recipient: a user or an e-mail address.',
			'abacus',
		);
	} else if (draft.recipients.users.length + emails.length > 50) {
		errors.recipients = __('A digest has at most 50 recipients.', 'abacus');
	}
	if (draft.figures.length === 0) {
		errors.figures = __('Choose at least one figure.', 'abacus');
	}
	return errors;
}

/** The fields of `draft` that differ from `loaded`. */
export function changedFields(loaded: DigestFields, draft: DigestFields): Partial<DigestFields> {
	const changes: Partial<DigestFields> = {};
	for (const key of Object.keys(draft) as Array<keyof DigestFields>) {
		if (JSON.stringify(loaded[key]) !== JSON.stringify(draft[key])) {
			Object.assign(changes, { [key]: draft[key] });
		}
	}
	return changes;
}

function hourLabel(hour: number): string {
	return `${String(hour).padStart(2, '0')}:00`;
}

function weekdayName(day: number): string {
	const names = [
		__('Sunday', 'abacus'),
		__('Monday', 'abacus'),
		__('Tuesday', 'abacus'),
		__('Wednesday', 'abacus'),
		__('Thursday', 'abacus'),
		__('Friday', 'abacus'),
		__('Saturday', 'abacus'),
	];
	return names[((day % 7) + 7) % 7];
}

/** "Every Monday at 07:00" and its like. */
export function scheduleText(schedule: DigestFields['schedule'], startOfWeek: number): string {
	const hour = hourLabel(schedule.hour);
	if (schedule.frequency === 'daily') {
		/* translators: %s: hour, e.g. 07:00. */
		return sprintf(__('Every day at %s, for the day before', 'abacus'), hour);
	}
	if (schedule.frequency === 'weekly') {
		return sprintf(
			/* translators: 1: weekday, 2: hour. */
			__('Every %1$s at %2$s, for the week before', 'abacus'),
			weekdayName(startOfWeek),
			hour,
		);
	}
	/* translators: %s: hour. */
	return sprintf(__('On the 1st of every month at %s, for the month before', 'abacus'), hour);
}

function formatTime(iso: string | null): string {
	if (!iso) return '';
	const date = new Date(iso);
	return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

function newDraft(answer: DigestsAnswer): DigestFields {
	const preferred = [
		'revenue/net_revenue',
		'orders/orders_count',
		'orders/avg_order_value',
		'products/items_sold',
	];
	const allowed = answer.figures.map((figure) => figure.stat);
	const figures = preferred.filter((stat) => allowed.includes(stat));
	return {
		name: __('Weekly summary', 'abacus'),
		schedule: { frequency: 'weekly', hour: 7 },
		recipients: { users: [], emails: [] },
		figures: figures.length ? figures : allowed.slice(0, 4),
		comparison: 'previous_period',
		leaderboards: answer.leaderboards.map((board) => board.id),
	};
}

function fieldsOf(digest: Digest): DigestFields {
	return {
		name: digest.name,
		schedule: { ...digest.schedule },
		recipients: {
			users: [...digest.recipients.users],
			emails: [...digest.recipients.emails],
		},
		figures: [...digest.figures],
		comparison: digest.comparison,
		leaderboards: [...digest.leaderboards],
	};
}

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

function DigestEditor({
	answer,
	digest,
	onCancel,
	onSaved,
	onPreview,
}: {
	answer: DigestsAnswer;
	digest: Digest | null;
	onCancel: () => void;
	onSaved: (digest: Digest, created: boolean) => void;
	onPreview: (data: Record<string, unknown>) => Promise<void>;
}) {
	const id = useId();
	const loaded = digest ? fieldsOf(digest) : newDraft(answer);
	const [draft, setDraft] = useState<DigestFields>(loaded);
	const [addresses, setAddresses] = useState(loaded.recipients.emails.join('\n'));
	const [errors, setErrors] = useState<FieldErrors>({});
	const [error, setError] = useState<string | null>(null);
	const [busy, setBusy] = useState<'saving' | 'preview' | null>(null);
	const set = (change: Partial<DigestFields>) => setDraft({ ...draft, ...change });
	const labelOf = (stat: string) =>
		answer.figures.find((figure) => figure.stat === stat)?.label ?? stat;
	const current: DigestFields = {
		...draft,
		name: draft.name.trim(),
		recipients: {
			users: draft.recipients.users,
			emails: parseAddresses(addresses).map((email) => email.toLowerCase()),
		},
	};

	function check(): boolean {
		const problems = digestProblems(draft, addresses);
		setErrors(problems);
		const first = (['name', 'recipients', 'figures'] as const).find((key) => problems[key]);
		if (first) {
			document.getElementById(`${id}-${first}`)?.focus();
			return false;
		}
		return true;
	}

	function serverError(caught: unknown) {
		const wpError = toWPError(caught);
		const params = (wpError.data as { params?: Record<string, string> } | undefined)?.params;
		if (params) {
			setErrors({
				name: params.name,
				recipients: params.recipients,
				figures: params.figures,
			});
		}
		setError(wpError.message);
	}

	async function save() {
		setError(null);
		if (!check()) return;
		setBusy('saving');
		try {
			if (digest) {
				const changes = changedFields(fieldsOf(digest), current);
				const saved = await apiFetch<Digest>({
					path: `${DIGESTS_ROUTE}/${digest.id}`,
					method: 'POST',
					data: { revision: digest.revision, ...changes },
				});
				onSaved(saved, false);
			} else {
				const saved = await apiFetch<Digest>({
					path: DIGESTS_ROUTE,
					method: 'POST',
					data: current,
				});
				onSaved(saved, true);
			}
		} catch (caught) {
			serverError(caught);
		} finally {
			setBusy(null);
		}
	}

	async function preview() {
		setError(null);
		if (!check()) return;
		setBusy('preview');
		try {
			await onPreview(
				digest
					? { id: digest.id, ...changedFields(fieldsOf(digest), current) }
					: { ...current },
			);
		} catch (caught) {
			serverError(caught);
		} finally {
			setBusy(null);
		}
	}

	const move = (stat: string, by: number) => {
		const figures = [...draft.figures];
		const from = figures.indexOf(stat);
		const to = from + by;
		if (from < 0 || to < 0 || to >= figures.length) return;
		[figures[from], figures[to]] = [figures[to], figures[from]];
		set({ figures });
	};
	const unchosen = answer.figures.filter((figure) => !draft.figures.includes(figure.stat));
	const invalid = (key: keyof FieldErrors) =>
		errors[key] ? (
			<p className="abacus-digests__error" id={`${id}-${key}-error`}>
				{errors[key]}
			</p>
		) : null;

	return (
		<form
			className="abacus-digests__editor"
			aria-label={digest ? __('Edit the digest', 'abacus') : __('New digest', 'abacus')}
			onSubmit={(event) => {
				event.preventDefault();
				void save();
			}}
		>
			<h3>{digest ? __('Edit the digest', 'abacus') : __('New digest', 'abacus')}</h3>
			<div className={errors.name ? 'abacus-digests__invalid' : undefined}>
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					id={`${id}-name`}
					label={__('Name', 'abacus')}
					value={draft.name}
					maxLength={100}
					aria-invalid={errors.name ? true : undefined}
					aria-describedby={errors.name ? `${id}-name-error` : undefined}
					onChange={(name: string) => set({ name })}
				/>
				{invalid('name')}
			</div>
			<div className="abacus-digests__row">
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={__('Schedule', 'abacus')}
					value={draft.schedule.frequency}
					options={[
						{ value: 'daily', label: __('Daily', 'abacus') },
						{
							value: 'weekly',
							label: sprintf(
								/* translators: %s: weekday. */
								__('Weekly, on %s (the store’s week start)', 'abacus'),
								weekdayName(answer.startOfWeek),
							),
						},
						{ value: 'monthly', label: __('Monthly, on the 1st', 'abacus') },
					]}
					onChange={(frequency: string) =>
						set({
							schedule: { ...draft.schedule, frequency: frequency as Frequency },
						})
					}
				/>
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={__('At', 'abacus')}
					value={String(draft.schedule.hour)}
					options={Array.from({ length: 24 }, (_, hour) => ({
						value: String(hour),
						label: hourLabel(hour),
					}))}
					onChange={(hour: string) =>
						set({ schedule: { ...draft.schedule, hour: Number(hour) } })
					}
				/>
			</div>
			<p className="abacus-settings__help">
				{scheduleText(draft.schedule, answer.startOfWeek)}
			</p>
			<fieldset
				className={`abacus-settings__field${errors.recipients ? ' abacus-digests__invalid' : ''}`}
				id={`${id}-recipients`}
				tabIndex={-1}
				aria-describedby={errors.recipients ? `${id}-recipients-error` : undefined}
			>
				<legend>{__('Recipients', 'abacus')}</legend>
				<p className="abacus-settings__help">
					{__('Users who may view the store’s reports:', 'abacus')}
				</p>
				{answer.users.map((user) => (
					<CheckboxControl
						__nextHasNoMarginBottom
						key={user.id}
						label={`${user.name} <${user.email}>`}
						checked={draft.recipients.users.includes(user.id)}
						onChange={(checked: boolean) =>
							set({
								recipients: {
									...draft.recipients,
									users: checked
										? [...draft.recipients.users, user.id]
										: draft.recipients.users.filter((u) => u !== user.id),
								},
							})
						}
					/>
				))}
				<TextareaControl
					__nextHasNoMarginBottom
					label={__('Other e-mail addresses (one per line)', 'abacus')}
					value={addresses}
					rows={3}
					aria-invalid={errors.recipients ? true : undefined}
					onChange={(text: string) => setAddresses(text)}
				/>
				{invalid('recipients')}
			</fieldset>
			<fieldset
				className={`abacus-settings__field${errors.figures ? ' abacus-digests__invalid' : ''}`}
				id={`${id}-figures`}
				tabIndex={-1}
				aria-describedby={errors.figures ? `${id}-figures-error` : undefined}
			>
				<legend>{__('Figures, in this order', 'abacus')}</legend>
				<ol className="abacus-digests__figures">
					{draft.figures.map((stat, index) => (
						<li key={stat}>
							<CheckboxControl
								__nextHasNoMarginBottom
								label={labelOf(stat)}
								checked
								onChange={() =>
									set({ figures: draft.figures.filter((s) => s !== stat) })
								}
							/>
							<Button
								size="small"
								icon="arrow-up-alt2"
								label={sprintf(
									/* translators: %s: figure. */ __('Move %s up', 'abacus'),
									labelOf(stat),
								)}
								disabled={index === 0}
								accessibleWhenDisabled
								onClick={() => move(stat, -1)}
							/>
							<Button
								size="small"
								icon="arrow-down-alt2"
								label={sprintf(
									/* translators: %s: figure. */ __('Move %s down', 'abacus'),
									labelOf(stat),
								)}
								disabled={index === draft.figures.length - 1}
								accessibleWhenDisabled
								onClick={() => move(stat, 1)}
							/>
						</li>
					))}
				</ol>
				{unchosen.length > 0 ? (
					<div className="abacus-digests__more">
						<p className="abacus-settings__help">{__('More figures:', 'abacus')}</p>
						{unchosen.map((figure) => (
							<CheckboxControl
								__nextHasNoMarginBottom
								key={figure.stat}
								label={figure.label}
								checked={false}
								onChange={() => set({ figures: [...draft.figures, figure.stat] })}
							/>
						))}
					</div>
				) : null}
				{invalid('figures')}
			</fieldset>
			<RadioControl
				label={__('Compare with', 'abacus')}
				selected={draft.comparison}
				options={[
					{ value: 'previous_period', label: __('The previous period', 'abacus') },
					{
						value: 'previous_year',
						label: __('The same period a year before', 'abacus'),
					},
				]}
				onChange={(comparison: string) => set({ comparison: comparison as Comparison })}
			/>
			<fieldset className="abacus-settings__field abacus-digests__boards">
				<legend>{__('Leaderboards', 'abacus')}</legend>
				{answer.leaderboards.map((board) => (
					<CheckboxControl
						__nextHasNoMarginBottom
						key={board.id}
						label={board.label}
						checked={draft.leaderboards.includes(board.id)}
						onChange={(checked: boolean) =>
							set({
								leaderboards: answer.leaderboards
									.map((b) => b.id)
									.filter((b) =>
										b === board.id ? checked : draft.leaderboards.includes(b),
									),
							})
						}
					/>
				))}
			</fieldset>
			{error ? (
				<Notice status="error" onRemove={() => setError(null)}>
					{error}
				</Notice>
			) : null}
			<div className="abacus-digests__actions">
				<Button
					variant="primary"
					type="submit"
					isBusy={busy === 'saving'}
					disabled={busy !== null}
				>
					{digest ? __('Save the digest', 'abacus') : __('Set up the digest', 'abacus')}
				</Button>
				<Button
					variant="secondary"
					isBusy={busy === 'preview'}
					disabled={busy !== null}
					onClick={() => void preview()}
				>
					{__('Preview', 'abacus')}
				</Button>
				<Button variant="tertiary" disabled={busy !== null} onClick={onCancel}>
					{__('Cancel', 'abacus')}
				</Button>
			</div>
		</form>
	);
}
