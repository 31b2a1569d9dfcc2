import clsx from 'clsx';
import type { HTMLAttributes } from 'react';

import { __, _n, sprintf } from '@wordpress/i18n';

import './style.scss';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
	/** The number shown. Required. */
	count: number;
}

/** A count in a small circle (e.g. unread items), announced as "N items". */
export function Badge({ count, className, ...props }: BadgeProps) {
	return (
		<span
			{...props}
			className={clsx('abacus-badge', className)}
			aria-label={sprintf(
				/* translators: %d: number of items */
				_n('%d item', '%d items', count, 'abacus'),
				count,
			)}
		>
			{count}
		</span>
	);
}

export interface CountProps {
	/** The number shown. Required. */
	count: number;
	/** Accessible label. Default "Total N". */
	label?: string;
}

/** A count with a "Total N" label for screen readers. Prefer Badge in new code. */
export function Count({ count, label = '' }: CountProps) {
	const text =
		label ||
		sprintf(
			/* translators: %d: a count */
			__('Total %d', 'abacus'),
			count,
		);
	return (
		<span className="abacus-count" aria-label={text}>
			{count}
		</span>
	);
}
