import clsx from 'clsx';

import './style.scss';
import type { CardProps } from './types.js';

/** A box with a header (title, description, action, menu) and a body. */
export function Card({
	title,
	description,
	action,
	menu,
	isInactive = false,
	className,
	children,
}: CardProps) {
	const hasHeader = title || description || action || menu;
	return (
		<section className={clsx('abacus-card', className, { 'is-inactive': isInactive })}>
			{hasHeader && (
				<header className="abacus-card__header">
					<div className="abacus-card__title-wrapper">
						{title && <h2 className="abacus-card__title">{title}</h2>}
						{description && (
							<div className="abacus-card__description">{description}</div>
						)}
					</div>
					{action && <div className="abacus-card__action">{action}</div>}
					{menu && <div className="abacus-card__menu">{menu}</div>}
				</header>
			)}
			<div className="abacus-card__body">{children}</div>
		</section>
	);
}
