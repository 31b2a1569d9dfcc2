import clsx from 'clsx';
import md5 from 'md5';
import { useState } from 'react';

import { __ } from '@wordpress/i18n';

import './style.scss';

export interface GravatarUser {
	display_name?: string;
	name?: string;
	/** Avatar URLs keyed by size; the 96 px one is used. */
	avatar_URLs?: Record<string | number, string>;
}

export interface GravatarProps {
	/** A user object (with avatar_URLs at 96) or an e-mail address. Default: the mystery person. */
	user?: GravatarUser | string;
	/** Size in pixels. Default 60. */
	size?: number;
	/** Alternative text. Default: the user's display_name or name. */
	alt?: string;
	title?: string;
	className?: string;
	/** Name whose first letter the placeholder shows when the image cannot load. */
	placeholderName?: string;
}

/** The public avatar URL for an e-mail address at a size, with the mystery-person default. */
export function getAvatarUrl(email: string | undefined, size: number): string {
	const hash = email ? md5(email.trim().toLowerCase()) : '0';
	return `https://www.gravatar.com/avatar/${hash}?s=${size}&d=mp`;
}

/**
 * A user's avatar: their own avatar URL, or the public avatar service's image for an e-mail; a
 * neutral circle with the name's first letter when the image cannot load (offline, blocked).
 */
export function Gravatar({
	user,
	size = 60,
	alt,
	title,
	className,
	placeholderName,
}: GravatarProps) {
	const [failedSrc, setFailedSrc] = useState<string | null>(null);
	let src: string;
	let name = '';
	if (user && typeof user === 'object') {
		name = user.display_name ?? user.name ?? '';
		src = user.avatar_URLs?.[96] ?? getAvatarUrl(undefined, size);
	} else {
		src = getAvatarUrl(user, size);
	}
	const label = alt ?? (name || __('Avatar', 'abacus'));
	if (failedSrc === src) {
		const letter = (placeholderName || name || '').trim().charAt(0).toUpperCase();
		return (
			<span
				className={clsx('abacus-gravatar', 'is-placeholder', className)}
				style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }}
				title={title}
				{...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
			>
				{letter}
			</span>
		);
	}
	return (
		<img
			className={clsx('abacus-gravatar', className)}
			onError={() => setFailedSrc(src)}
			src={src}
			width={size}
			height={size}
			alt={label}
			title={title}
		/>
	);
}
