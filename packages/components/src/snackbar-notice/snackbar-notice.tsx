import clsx from 'clsx';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { __ } from '@wordpress/i18n';

import './style.scss';

/** Class of the one fixed region (bottom left of the viewport) that holds every snackbar. */
export const SNACKBAR_LIST_CLASS = 'abacus-snackbar-list';

/** The fixed snackbar region of the document, created on first use. */
export function getSnackbarList(doc: Document = document): HTMLElement {
	const existing = doc.querySelector<HTMLElement>(`body > .${SNACKBAR_LIST_CLASS}`);
	if (existing) return existing;
	const list = doc.createElement('div');
	list.className = SNACKBAR_LIST_CLASS;
	doc.body.appendChild(list);
	return list;
}

/** How long a snackbar stays, in ms. */
export const SNACKBAR_LIFETIME = 10000;

export interface SnackbarAction {
	label: string;
	/** Called when the action is chosen (the notice is dismissed afterwards). */
	onClick?: () => void;
	/** Or a link. */
	url?: string;
}

export interface SnackbarNoticeProps {
	/** The message. Required. */
	children: ReactNode;
	/** Called when the notice is dismissed (timeout, click, key press or its action). Required. */
	onRemove: () => void;
	/** At most one action is shown; extra ones are ignored. */
	actions?: SnackbarAction[];
	/** Politeness of the announcement. Default 'polite'. */
	politeness?: 'polite' | 'assertive';
	className?: string;
}

/**
 * A transient notice in the fixed snackbar region at the bottom left of the viewport (wherever it is
 * rendered in the tree, so it is seen however far the page is scrolled): dismisses itself after 10
 * seconds, or on click or key press; shows at most one action.
 */
export function SnackbarNotice({
	children,
	onRemove,
	actions = [],
	politeness = 'polite',
	className,
}: SnackbarNoticeProps) {
	const onRemoveRef = useRef(onRemove);
	onRemoveRef.current = onRemove;
	useEffect(() => {
		const timer = setTimeout(() => onRemoveRef.current(), SNACKBAR_LIFETIME);
		return () => clearTimeout(timer);
	}, []);
	const [list] = useState(() => (typeof document === 'undefined' ? null : getSnackbarList()));
	const action = actions[0];
	const dismiss = () => onRemoveRef.current();
	// A click anywhere on the notice dismisses it (as WordPress's snackbars do); keyboard and screen
	// reader users have the action and a Dismiss button, and Escape inside the notice.
	const notice = (
		<div
			className={clsx('abacus-snackbar-notice', className)}
			onClick={dismiss}
			onKeyDown={(event: KeyboardEvent) => {
				if (event.key === 'Escape') dismiss();
			}}
		>
			<div className="abacus-snackbar-notice__content" role="status" aria-live={politeness}>
				{children}
			</div>
			{action &&
				(action.url ? (
					<a
						className="abacus-snackbar-notice__action"
						href={action.url}
						onClick={(event) => {
							event.stopPropagation();
							action.onClick?.();
							dismiss();
						}}
					>
						{action.label}
					</a>
				) : (
					<button
						type="button"
						className="abacus-snackbar-notice__action"
						onClick={(event) => {
							event.stopPropagation();
							action.onClick?.();
							dismiss();
						}}
					>
						{action.label}
					</button>
				))}
			<button
				type="button"
				className="abacus-snackbar-notice__dismiss"
				aria-label={__('Dismiss this notice', 'abacus')}
				onClick={(event) => {
					event.stopPropagation();
					dismiss();
				}}
			>
				<span aria-hidden="true">×</span>
			</button>
		</div>
	);
	return list ? createPortal(notice, list) : notice;
}
