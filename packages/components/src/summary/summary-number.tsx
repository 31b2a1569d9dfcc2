import clsx from 'clsx';
import type { ReactNode } from 'react';

import { __, sprintf } from '@wordpress/i18n';

import { Link } from '../link/link.js';
import type { SummaryNumberProps } from './types.js';

/**
 * The trend sentence for screen readers: 'Up 12% from Previous year:', 'Down 3% from …', 'No
 * change from …', or for a value up from nothing ('new') 'New: none in …'.
 */
export function getTrendLabel(delta: number | 'new', prevLabel: string): string {
	if (delta === 'new')
		return sprintf(
			/* translators: %s: period label, e.g. "Previous year:" */ __(
				'New: none in %s',
				'abacus',
			),
			prevLabel,
		);
	if (delta > 0)
		return sprintf(
			/* translators: 1: percentage, 2: period label */ __('Up %1$s%% from %2$s', 'abacus'),
			String(delta),
			prevLabel,
		);
	if (delta < 0)
		return sprintf(
			/* translators: 1: percentage, 2: period label */ __('Down %1$s%% from %2$s', 'abacus'),
			String(Math.abs(delta)),
			prevLabel,
		);
	return sprintf(
		/* translators: %s: period label */ __('No change from %s', 'abacus'),
		prevLabel,
	);
}

/** The delta as the tile shows it: '↑ 12%', '↓ 3%', '0%', or 'New' for a value up from nothing. */
export function getTrendText(delta: number | 'new'): string {
	if (delta === 'new') return __('New', 'abacus');
	return delta === 0 ? '0%' : `${delta > 0 ? '↑' : '↓'} ${Math.abs(delta)}%`;
}

/** One summary tile: value, delta against the comparison period, previous value. */
export function SummaryNumber({
	label,
	value,
	prevValue,
	prevLabel = __('Previous period:', 'abacus'),
	delta,
	href = '',
	hrefType = 'wc-admin',
	selected = false,
	reverseTrend = false,
	isOpen = false,
	onToggle,
	onLinkClickCallback,
	definition,
	children,
}: SummaryNumberProps) {
	const missing = __('N/A', 'abacus');
	const shown: number | 'new' | null =
		delta === 'new' || (typeof delta === 'number' && Number.isFinite(delta)) ? delta : null;
	// A value up from nothing is a rise.
	const rise = shown === 'new' ? 1 : (shown ?? 0);
	const isGood = shown !== null && (reverseTrend ? rise < 0 : rise > 0);
	const isBad = shown !== null && (reverseTrend ? rise > 0 : rise < 0);
	const classes = clsx('abacus-summary__item', {
		'is-selected': selected,
		'is-good-trend': isGood,
		'is-bad-trend': isBad,
		'is-open': isOpen,
	});
	const body = (
		<>
			<span className="abacus-summary__item-label">{label}</span>
			<span className="abacus-summary__item-data">
				<span className="abacus-summary__item-value">{value ?? missing}</span>
				{shown !== null && (
					<span
						className="abacus-summary__item-delta"
						role="status"
						aria-label={getTrendLabel(shown, prevLabel)}
					>
						<span aria-hidden="true">{getTrendText(shown)}</span>
					</span>
				)}
			</span>
			<span className="abacus-summary__item-prev">
				{prevLabel}{' '}
				<span className="abacus-summary__item-prev-value">{prevValue ?? missing}</span>
			</span>
			{children}
		</>
	);
	let inner: ReactNode;
	if (onToggle) {
		inner = (
			<button
				type="button"
				className="abacus-summary__item-inner"
				aria-expanded={isOpen}
				onClick={onToggle}
			>
				{body}
			</button>
		);
	} else if (href) {
		inner = (
			<Link
				className="abacus-summary__item-inner"
				href={href}
				type={hrefType}
				aria-current={selected ? 'true' : undefined}
				onClick={() => onLinkClickCallback?.()}
			>
				{body}
			</Link>
		);
	} else {
		inner = <div className="abacus-summary__item-inner">{body}</div>;
	}
	// Beside the tile's link or button, not inside it: a disclosure cannot sit in another control.
	const explanation = definition ? (
		<details className="abacus-summary__item-definition">
			<summary>
				{/* The spoken name starts with the visible words, then says which metric. */}
				<span>{__('What is this?', 'abacus')}</span>
				<span className="screen-reader-text">
					{' '}
					{sprintf(
						/* translators: %s: metric label, e.g. Net sales */
						__('(%s)', 'abacus'),
						label,
					)}
				</span>
			</summary>
			<p>{definition}</p>
		</details>
	) : null;
	return (
		<li className={classes}>
			{inner}
			{explanation}
		</li>
	);
}

/** A loading tile. */
export function SummaryNumberPlaceholder({ className }: { className?: string }) {
	return (
		<li className={clsx('abacus-summary__item is-placeholder', className)} aria-hidden="true">
			<span className="abacus-summary__item-label" />
			<span className="abacus-summary__item-data">
				<span className="abacus-summary__item-value" />
			</span>
			<span className="abacus-summary__item-prev" />
		</li>
	);
}
