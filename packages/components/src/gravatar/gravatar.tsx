import clsx from 'clsx';
import md5 from 'md5';

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
}

/** The public avatar URL for an e-mail address at a size, with the mystery-person default. */
export function getAvatarUrl(email: string | undefined, size: number): string {
	const hash = email ? md5(email.trim().toLowerCase()) : '0';
	return `https://www.gravatar.com/avatar/${hash}?s=${size}&d=mp`;
}

/** A user's avatar: their own avatar URL, or the public avatar service's image for an e-mail. */
export function Gravatar({ user, size = 60, alt, title, className }: GravatarProps) {
	let src: string;
	let name = '';
	if (user && typeof user === 'object') {
		name = user.display_name ?? user.name ?? '';
		src = user.avatar_URLs?.[96] ?? getAvatarUrl(undefined, size);
	} else {
		src = getAvatarUrl(user, size);
	}
	return (
		<img
			className={clsx('abacus-gravatar', className)}
			src={src}
			width={size}
			height={size}
			alt={alt ?? (name || __('Avatar', 'abacus'))}
			title={title}
		/>
	);
}
