import clsx from 'clsx';
import type { MouseEvent, ReactNode } from 'react';

import { Link, type LinkType } from '../link/link.js';
import './style.scss';

export interface AbbreviatedCardProps {
	/** Where the card links. Required. */
	href: string;
	/** Icon at the left. Required. */
	icon: ReactNode;
	/** Content. Required. */
	children: ReactNode;
	/** Link type. Default 'wc-admin'. */
	type?: LinkType;
	onClick?: (event: MouseEvent<HTMLAnchorElement>) => unknown;
	className?: string;
}

/** A compact card that is one link: icon and a line or two of content. */
export function AbbreviatedCard({
	href,
	icon,
	children,
	type = 'wc-admin',
	onClick,
	className,
}: AbbreviatedCardProps) {
	return (
		<Link
			href={href}
			type={type}
			onClick={onClick}
			className={clsx('abacus-abbreviated-card', className)}
		>
			<span className="abacus-abbreviated-card__icon" aria-hidden="true">
				{icon}
			</span>
			<span className="abacus-abbreviated-card__content">{children}</span>
		</Link>
	);
}
