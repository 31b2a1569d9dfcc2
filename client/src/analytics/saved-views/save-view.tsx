/**
 * 'Save view' on a report page: a dialog asks for a name, the view (report path, filters and
 * relative date range) is added to the person's saved views, and a notice gives its shareable
 * address with a Copy button.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Button, Modal, Notice, TextControl } from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { __, sprintf } from '@wordpress/i18n';

import { useSavedViews } from './use-saved-views.js';
import {
	findViewByName,
	MAX_NAME_LENGTH,
	newViewId,
	tidyName,
	viewAddress,
	viewQuery,
	withView,
	type SavedView,
} from './views.js';
import './style.scss';

export interface SaveViewProps {
	/** The report's path, e.g. `/analytics/orders`. */
	path: string;
	/** The report's current query (as read from the address). */
	query: Record<string, unknown>;
}

type FormError =
	| { kind: 'empty' }
	| { kind: 'too-long' }
	| { kind: 'duplicate'; name: string }
	| { kind: 'failed'; message: string };

function errorText(error: FormError): string {
	switch (error.kind) {
		case 'empty':
			return __('Enter a name for the view.', 'abacus');
		case 'too-long':
			return sprintf(
				/* translators: %d: the longest name accepted */
				__('The name can have at most %d characters.', 'abacus'),
				MAX_NAME_LENGTH,
			);
		case 'duplicate':
			return sprintf(
				/* translators: %s: the view's name */
				__(
					'You already have a view named “%s”. Choose another name, or replace it.',
					'abacus',
				),
				error.name,
			);
		case 'failed':
			return sprintf(
				/* translators: %s: the server's error message */
				__('The view could not be saved: %s', 'abacus'),
				error.message,
			);
	}
}

function SavedNotice({ view, onRemove }: { view: SavedView; onRemove: () => void }) {
	const address = viewAddress(view);
	const inputRef = useRef<HTMLInputElement>(null);
	const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
	const inputId = `abacus-saved-view-address-${useInstanceId(SavedNotice)}`;

	async function copy() {
		inputRef.current?.select();
		try {
			if (!navigator.clipboard) {
				throw new Error('no clipboard');
			}
			await navigator.clipboard.writeText(address);
			setCopyState('copied');
		} catch {
			setCopyState('failed');
		}
	}

	return (
		<Notice status="success" onRemove={onRemove} className="abacus-saved-views__notice">
			<p>
				{sprintf(
					/* translators: %s: the view's name */
					__('View “%s” saved. Find it under Saved views in the menu.', 'abacus'),
					view.name,
				)}
			</p>
			<div className="abacus-saved-views__share">
				<label htmlFor={inputId}>{__('Address to share', 'abacus')}</label>
				<input
					id={inputId}
					ref={inputRef}
					type="text"
					readOnly
					value={address}
					onFocus={(event) => event.currentTarget.select()}
				/>
				<Button variant="secondary" onClick={() => void copy()}>
					{__('Copy link', 'abacus')}
				</Button>
				<span aria-live="polite">
					{copyState === 'copied' && __('Link copied.', 'abacus')}
					{copyState === 'failed' &&
						__(
							'The link could not be copied automatically; it is selected, copy it with Ctrl+C.',
							'abacus',
						)}
				</span>
			</div>
		</Notice>
	);
}

/** The 'Save view' button, its dialog and the success notice. */
export function SaveView({ path, query }: SaveViewProps) {
	const { views, isLoaded, loadError, saveViews } = useSavedViews();
	const [isOpen, setIsOpen] = useState(false);
	const [name, setName] = useState('');
	const [error, setError] = useState<FormError | null>(null);
	const [isSaving, setIsSaving] = useState(false);
	const [saved, setSaved] = useState<SavedView | null>(null);
	const buttonRef = useRef<HTMLButtonElement>(null);
	const errorId = `abacus-save-view-error-${useInstanceId(SaveView)}`;

	function open() {
		setName('');
		setError(null);
		setIsOpen(true);
	}

	function close() {
		if (isSaving) {
			return;
		}
		setIsOpen(false);
		buttonRef.current?.focus();
	}

	async function save(replace: boolean) {
		const trimmed = tidyName(name);
		if (!trimmed) {
			setError({ kind: 'empty' });
			return;
		}
		if (trimmed.length > MAX_NAME_LENGTH) {
			setError({ kind: 'too-long' });
			return;
		}
		const existing = findViewByName(views, trimmed);
		if (existing && !replace) {
			setError({ kind: 'duplicate', name: existing.name });
			return;
		}
		setIsSaving(true);
		setError(null);
		// Checked again against the list the server holds now (another tab may have saved one).
		let conflict: SavedView | undefined;
		let view: SavedView | undefined;
		const failure = await saveViews((current) => {
			const same = findViewByName(current, trimmed);
			if (same && !replace) {
				conflict = same;
				return null;
			}
			view = {
				id: same?.id ?? newViewId(current),
				name: trimmed,
				path,
				query: viewQuery(query),
			};
			return withView(current, view);
		});
		setIsSaving(false);
		if (failure) {
			setError({ kind: 'failed', message: failure });
			return;
		}
		if (conflict || !view) {
			setError({ kind: 'duplicate', name: conflict?.name ?? trimmed });
			return;
		}
		setSaved(view);
		setIsOpen(false);
		buttonRef.current?.focus();
	}

	function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault();
		void save(false);
	}

	return (
		<div className="abacus-saved-views__save">
			<Button
				ref={buttonRef}
				variant="secondary"
				onClick={open}
				disabled={!isLoaded}
				accessibleWhenDisabled
				aria-haspopup="dialog"
			>
				{__('Save view', 'abacus')}
			</Button>
			{loadError && (
				<p className="abacus-saved-views__load-error">
					{sprintf(
						/* translators: %s: the server's error message */
						__('Saved views are unavailable: %s', 'abacus'),
						loadError,
					)}
				</p>
			)}
			{saved && <SavedNotice view={saved} onRemove={() => setSaved(null)} />}
			{isOpen && (
				<Modal
					title={__('Save view', 'abacus')}
					onRequestClose={close}
					focusOnMount="firstContentElement"
					className="abacus-saved-views__modal"
				>
					<form onSubmit={onSubmit} noValidate>
						<p>
							{__(
								'The view keeps this report’s filters and its date range as a relative period (for example “Last month”), so it stays current.',
								'abacus',
							)}
						</p>
						<TextControl
							__nextHasNoMarginBottom
							__next40pxDefaultSize
							label={__('Name', 'abacus')}
							value={name}
							onChange={(value) => {
								setName(value);
								if (error?.kind !== 'failed') {
									setError(null);
								}
							}}
							required
							aria-invalid={error && error.kind !== 'failed' ? true : undefined}
							aria-describedby={error ? errorId : undefined}
							disabled={isSaving}
						/>
						{error && (
							<div id={errorId} role="alert" className="abacus-saved-views__error">
								<p>{errorText(error)}</p>
								{error.kind === 'duplicate' && (
									<Button
										variant="secondary"
										isDestructive
										onClick={() => void save(true)}
										disabled={isSaving}
									>
										{sprintf(
											/* translators: %s: the view's name */
											__('Replace “%s”', 'abacus'),
											error.name,
										)}
									</Button>
								)}
							</div>
						)}
						<div className="abacus-saved-views__actions">
							<Button variant="tertiary" onClick={close} disabled={isSaving}>
								{__('Cancel', 'abacus')}
							</Button>
							<Button
								variant="primary"
								type="submit"
								isBusy={isSaving}
								disabled={isSaving}
								accessibleWhenDisabled
							>
								{__('Save', 'abacus')}
							</Button>
						</div>
					</form>
				</Modal>
			)}
		</div>
	);
}
