import clsx from 'clsx';

import { __ } from '@wordpress/i18n';

import './style.scss';

export interface FlagProps {
	/** Two-letter country code. */
	code?: string;
	/** An order: its shipping country, else its billing country, is used when `code` is absent. */
	order?: { shipping?: { country?: string }; billing?: { country?: string } };
	/** Font size of the emoji in pixels. */
	size?: number;
	/** Hide the flag from screen readers. Default false. */
	hideFromScreenReader?: boolean;
	className?: string;
}

/** The emoji flag of an ISO 3166-1 alpha-2 code, or null when the code is not two letters. */
export function getEmojiFlag(code: string | undefined): string | null {
	if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
	const upper = code.toUpperCase();
	return String.fromCodePoint(...[...upper].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** A country's emoji flag; 'Invalid country flag' when the code is unknown. */
export function Flag({ code, order, size, hideFromScreenReader = false, className }: FlagProps) {
	const country = code ?? order?.shipping?.country ?? order?.billing?.country;
	const emoji = getEmojiFlag(country);
	return (
		<div
			className={clsx('abacus-flag', className)}
			style={size ? { fontSize: size } : undefined}
			role={hideFromScreenReader ? undefined : 'img'}
			aria-hidden={hideFromScreenReader || undefined}
			aria-label={
				hideFromScreenReader ? undefined : (country ?? '').toUpperCase() || undefined
			}
		>
			{emoji ?? __('Invalid country flag', 'abacus')}
		</div>
	);
}
