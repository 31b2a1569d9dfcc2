import { Button, Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import type { WPError } from '@abacus/data';

export interface LoadErrorProps {
	/** What failed, said to the person (e.g. 'The reviews could not be loaded.'). */
	title: string;
	error?: WPError | false | null;
	onRetry: () => void;
}

/** A failed request: its message and a Retry button. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
	return (
		<div className="abacus-helpers__error" role="alert">
			<p>{title}</p>
			{error && error.message ? <p>{error.message}</p> : null}
			<Button variant="secondary" onClick={onRetry}>
				{__('Retry', 'abacus')}
			</Button>
		</div>
	);
}

/** A refused write, said where it happened (a card, a row, the page) until dismissed. */
export function WriteError({
	message,
	onRemove,
}: {
	message: string | null | undefined;
	onRemove: () => void;
}) {
	return message ? (
		<Notice status="error" onRemove={onRemove}>
			{message}
		</Notice>
	) : null;
}

/** The message of anything a write threw. */
export function errorMessage(error: unknown): string {
	if (error && typeof error === 'object' && 'message' in error) {
		const { message } = error as { message: unknown };
		if (typeof message === 'string' && message) {
			return message;
		}
	}
	return __('The request failed.', 'abacus');
}
