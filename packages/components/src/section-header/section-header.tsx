import clsx from 'clsx';

import { H } from '../section/index.js';
import './style.scss';
import type { SectionHeaderProps } from './types.js';

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
