import clsx from 'clsx';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

import { __ } from '@wordpress/i18n';

import './style.scss';

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
 * A transient notice at the bottom of the screen: dismisses itself after 10 seconds, or on click or
 * key press; shows at most one action.
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
	const action = actions[0];
	const dismiss = () => onRemoveRef.current();
	return (
		<div
			className={clsx('abacus-snackbar-notice', className)}
			role="button"
			tabIndex={0}
			aria-label={__('Dismiss this notice', 'abacus')}
			onClick={dismiss}
			onKeyDown={(event: KeyboardEvent) => {
				if (event.key === 'Enter' || event.key === ' ' || event.key === 'Escape') dismiss();
			}}
		>
			<div className="abacus-snackbar-notice__content" role="status" aria-live={politeness}>
				{children}
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
			</div>
		</div>
	);
}
