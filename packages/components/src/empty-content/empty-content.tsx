import clsx from 'clsx';

import { Button } from '@wordpress/components';

import './style.scss';
import type { EmptyContentProps } from './types.js';

/** A small, neutral illustration (an empty chart), as a data URI. */
export const EMPTY_CONTENT_ILLUSTRATION =
	'data:image/svg+xml;charset=utf-8,' +
	encodeURIComponent(
		'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200"><rect width="400" height="200" fill="#f6f7f7"/><g fill="none" stroke="#c3c4c7" stroke-width="6" stroke-linecap="round"><path d="M60 160h280"/><path d="M60 160V40"/><path d="M80 140l60-40 50 25 70-60 60 30" stroke="#a7aaad"/></g></svg>',
	);

/** A notice for screens with nothing to show: illustration, title, message and up to two actions. */
export function EmptyContent({
	title,
	actionLabel,
	message,
	illustration = EMPTY_CONTENT_ILLUSTRATION,
	illustrationWidth = 400,
	illustrationHeight,
	actionURL,
	actionCallback,
	secondaryActionLabel,
	secondaryActionURL,
	secondaryActionCallback,
	className,
}: EmptyContentProps) {
	const action = (
		label: string | undefined,
		url: string | undefined,
		callback: (() => void) | undefined,
		variant: 'primary' | 'secondary',
	) =>
		label && (url || callback) ? (
			url ? (
				<Button variant={variant} href={url} onClick={callback}>
					{label}
				</Button>
			) : (
				<Button variant={variant} onClick={callback}>
					{label}
				</Button>
			)
		) : null;
	return (
		<div className={clsx('abacus-empty-content', className)}>
			{illustration && (
				<img
					className="abacus-empty-content__illustration"
					src={illustration}
					width={illustrationWidth}
					height={illustrationHeight}
					alt=""
				/>
			)}
			<h2 className="abacus-empty-content__title">{title}</h2>
			{message && <div className="abacus-empty-content__message">{message}</div>}
			<div className="abacus-empty-content__actions">
				{action(actionLabel, actionURL, actionCallback, 'primary')}
				{action(
					secondaryActionLabel,
					secondaryActionURL,
					secondaryActionCallback,
					'secondary',
				)}
			</div>
		</div>
	);
}
