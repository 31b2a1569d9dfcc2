/**
 * The 'Saved views' group of the Analytics menu: each saved view as a link to its report with the
 * saved query, and a Delete control that asks for confirmation.
 */
import { useRef, useState } from 'react';
import { Button, Modal, Notice, Spinner } from '@wordpress/components';
import { useInstanceId } from '@wordpress/compose';
import { __, sprintf } from '@wordpress/i18n';
import { trash } from '@wordpress/icons';
import { Link } from '@abacus/components';

import { useSavedViews } from './use-saved-views.js';
import { isSameView, viewPath, withoutView, type SavedView } from './views.js';
import './style.scss';

export interface SavedViewsMenuProps {
	/** The current page (path and query), to mark the view being shown. */
	current?: { path: string; query: Record<string, unknown> };
}

export function SavedViewsMenu({ current }: SavedViewsMenuProps) {
	const { views, isLoaded, loadError, saveViews, retry } = useSavedViews();
	const [confirming, setConfirming] = useState<SavedView | null>(null);
	const [isDeleting, setIsDeleting] = useState(false);
	const [failure, setFailure] = useState<string | null>(null);
	const [deleted, setDeleted] = useState<string | null>(null);
	const headingId = `abacus-saved-views-heading-${useInstanceId(SavedViewsMenu)}`;
	const deleteButtons = useRef(new Map<string, HTMLButtonElement>());
	const headingRef = useRef<HTMLHeadingElement>(null);

	function cancel() {
		if (isDeleting || !confirming) {
			return;
		}
		const id = confirming.id;
		setConfirming(null);
		deleteButtons.current.get(id)?.focus();
	}

	async function confirmDelete() {
		if (!confirming) {
			return;
		}
		const view = confirming;
		setIsDeleting(true);
		setFailure(null);
		setDeleted(null);
		const error = await saveViews((current) => withoutView(current, view.id));
		setIsDeleting(false);
		setConfirming(null);
		if (error) {
			setFailure(
				sprintf(
					/* translators: 1: the view's name, 2: the server's error message */
					__('“%1$s” could not be deleted: %2$s', 'abacus'),
					view.name,
					error,
				),
			);
			deleteButtons.current.get(view.id)?.focus();
			return;
		}
		setDeleted(
			sprintf(
				/* translators: %s: the view's name */
				__('“%s” deleted.', 'abacus'),
				view.name,
			),
		);
		headingRef.current?.focus();
	}

	let content;
	if (loadError) {
		content = (
			<div className="abacus-saved-views__load-error" role="alert">
				<p className="abacus-saved-views__empty">
					{sprintf(
						/* translators: %s: the server's error message */
						__('Saved views could not be loaded: %s', 'abacus'),
						loadError,
					)}
				</p>
				<Button variant="secondary" size="small" onClick={retry}>
					{__('Retry', 'abacus')}
				</Button>
			</div>
		);
	} else if (!isLoaded) {
		content = (
			<p className="abacus-saved-views__loading" aria-live="polite">
				<Spinner />
				<span>{__('Loading saved views…', 'abacus')}</span>
			</p>
		);
	} else if (!views.length) {
		content = (
			<p className="abacus-saved-views__empty">
				{__('No saved views yet. Use “Save view” on a report to add one.', 'abacus')}
			</p>
		);
	} else {
		content = (
			<ul className="abacus-saved-views__list">
				{views.map((view) => {
					const isCurrent = current ? isSameView(view, current) : false;
					return (
						<li key={view.id} className={isCurrent ? 'is-current' : undefined}>
							<Link
								href={viewPath(view)}
								type="wc-admin"
								aria-current={isCurrent ? 'page' : undefined}
							>
								{view.name}
							</Link>
							<Button
								ref={(node: HTMLButtonElement | null) => {
									if (node) {
										deleteButtons.current.set(view.id, node);
									} else {
										deleteButtons.current.delete(view.id);
									}
								}}
								icon={trash}
								size="small"
								label={sprintf(
									/* translators: %s: the view's name */
									__('Delete saved view “%s”', 'abacus'),
									view.name,
								)}
								aria-haspopup="dialog"
								onClick={() => {
									setFailure(null);
									setDeleted(null);
									setConfirming(view);
								}}
							/>
						</li>
					);
				})}
			</ul>
		);
	}

	return (
		<nav className="abacus-saved-views" aria-labelledby={headingId}>
			<h2 id={headingId} ref={headingRef} tabIndex={-1} className="abacus-saved-views__title">
				{__('Saved views', 'abacus')}
			</h2>
			{content}
			{failure && (
				<Notice status="error" isDismissible={false}>
					<span role="alert">{failure}</span>
				</Notice>
			)}
			<p className="screen-reader-text" aria-live="polite">
				{deleted ?? ''}
			</p>
			{confirming && (
				<Modal
					title={__('Delete saved view?', 'abacus')}
					onRequestClose={cancel}
					focusOnMount="firstContentElement"
					size="small"
					className="abacus-saved-views__confirm"
				>
					<p>
						{sprintf(
							/* translators: %s: the view's name */
							__(
								'“%s” will be removed from your saved views. The report itself is not changed.',
								'abacus',
							),
							confirming.name,
						)}
					</p>
					<div className="abacus-saved-views__actions">
						<Button variant="tertiary" onClick={cancel} disabled={isDeleting}>
							{__('Cancel', 'abacus')}
						</Button>
						<Button
							variant="primary"
							isDestructive
							isBusy={isDeleting}
							disabled={isDeleting}
							accessibleWhenDisabled
							onClick={() => void confirmDelete()}
						>
							{__('Delete', 'abacus')}
						</Button>
					</div>
				</Modal>
			)}
		</nav>
	);
}
