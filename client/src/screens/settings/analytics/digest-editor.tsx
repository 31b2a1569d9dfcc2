/**
 * The e-mail digest editor: a new digest or an edit of one (name, frequency and hour, recipients,
 * the figures in order, the comparison and the leaderboards), checked field by field before it is
 * sent. A new digest sends every field; an edit sends only the fields changed since loading, with
 * the revision it loaded. Preview shows the draft's e-mail through the list's preview.
 */
import { useId, useState } from 'react';
import {
	Button,
	CheckboxControl,
	Notice,
	RadioControl,
	SelectControl,
	TextareaControl,
	TextControl,
} from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import { toWPError } from '@abacus/data';

import { apiFetch } from '../../../base/api-fetch.js';
import {
	DIGESTS_ROUTE,
	changedFields,
	digestProblems,
	fieldsOf,
	hourLabel,
	newDraft,
	parseAddresses,
	scheduleText,
	weekdayName,
	type Comparison,
	type Digest,
	type DigestFields,
	type DigestsAnswer,
	type FieldErrors,
	type Frequency,
} from './digests-model.js';

export function DigestEditor({
	answer,
	digest,
	onCancel,
	onSaved,
	onPreview,
}: {
	/** The route's answer: the users, figures and leaderboards to choose from, the week start. */
	answer: DigestsAnswer;
	/** The digest edited, or null for a new one. */
	digest: Digest | null;
	/** Called on Cancel. */
	onCancel: () => void;
	/** Called with the server's answer once saved; `created` when it was a new digest. */
	onSaved: (digest: Digest, created: boolean) => void;
	/** Shows the e-mail of the data given (a draft's fields, or an id and the fields changed). */
	onPreview: (data: Record<string, unknown>) => Promise<void>;
}) {
	const id = useId();
	const loaded = digest ? fieldsOf(digest) : newDraft(answer);
	const [draft, setDraft] = useState<DigestFields>(loaded);
	const [addresses, setAddresses] = useState(loaded.recipients.emails.join('\n'));
	const [errors, setErrors] = useState<FieldErrors>({});
	const [error, setError] = useState<string | null>(null);
	const [busy, setBusy] = useState<'saving' | 'preview' | null>(null);
	/** A field's message from the last check goes as soon as the field is changed. */
	const clearError = (key: keyof FieldErrors) =>
		setErrors((shown) => (shown[key] ? { ...shown, [key]: undefined } : shown));
	const set = (change: Partial<DigestFields>) => {
		setDraft({ ...draft, ...change });
		for (const key of ['name', 'recipients', 'figures'] as const) {
			if (key in change) clearError(key);
		}
	};
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
					onChange={(text: string) => {
						setAddresses(text);
						clearError('recipients');
					}}
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
