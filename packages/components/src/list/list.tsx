import clsx from 'clsx';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';

import { Link, type LinkType } from '../link/index.js';
import './style.scss';

export interface ListItem {
	key?: string;
	title: ReactNode;
	content?: ReactNode;
	before?: ReactNode;
	after?: ReactNode;
	href?: string;
	linkType?: LinkType;
	listItemTag?: string;
	onClick?: (event: MouseEvent | KeyboardEvent) => void;
	target?: string;
	className?: string;
}

export interface ListProps {
	/** Items; those with href or onClick become menu items. Required. */
	items: ListItem[];
	className?: string;
}

/** A menu-like list of items with optional before/after slots; items with href or onClick are actionable. */
export function List({ items, className }: ListProps) {
	return (
		<ul className={clsx('abacus-list', className)} role="menu">
			{items.map((item, index) => {
				const isActionable = Boolean(item.href || item.onClick);
				const inner = (
					<>
						{item.before && (
							<div className="abacus-list__item-before">{item.before}</div>
						)}
						<div className="abacus-list__item-text">
							<span className="abacus-list__item-title">{item.title}</span>
							{item.content && (
								<span className="abacus-list__item-content">{item.content}</span>
							)}
						</div>
						{item.after && <div className="abacus-list__item-after">{item.after}</div>}
					</>
				);
				return (
					<li
						key={item.key ?? index}
						className={clsx('abacus-list__item', item.className, {
							'is-actionable': isActionable,
						})}
						role={isActionable ? undefined : 'none'}
					>
						{item.href ? (
							<Link
								href={item.href}
								type={item.linkType ?? 'external'}
								target={item.target}
								role="menuitem"
								data-list-item-tag={item.listItemTag}
								onClick={item.onClick}
								className="abacus-list__item-inner"
							>
								{inner}
							</Link>
						) : item.onClick ? (
							<div
								role="menuitem"
								tabIndex={0}
								className="abacus-list__item-inner"
								data-list-item-tag={item.listItemTag}
								onClick={item.onClick}
								onKeyDown={(event) => {
									if (event.key === 'Enter' || event.key === ' ') {
										event.preventDefault();
										item.onClick?.(event);
									}
								}}
							>
								{inner}
							</div>
						) : (
							<div className="abacus-list__item-inner">{inner}</div>
						)}
					</li>
				);
			})}
		</ul>
	);
}
