import clsx from 'clsx';
import type { ReactNode } from 'react';

import { H } from '../section/index.js';
import './style.scss';

export interface SectionHeaderProps {
	/** Title. Required. */
	title: ReactNode;
	/** An EllipsisMenu at the right. */
	menu?: ReactNode;
	/** Other content at the right (before the menu). */
	children?: ReactNode;
	className?: string;
}

/** A section title bar with an optional menu. */
export function SectionHeader({ title, menu, children, className }: SectionHeaderProps) {
	return (
		<div className={clsx('abacus-section-header', className)}>
			<H className="abacus-section-header__title">{title}</H>
			<hr className="abacus-section-header__line" role="presentation" />
			{children && <div className="abacus-section-header__actions">{children}</div>}
			{menu && <div className="abacus-section-header__menu">{menu}</div>}
		</div>
	);
}
