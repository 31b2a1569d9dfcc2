import clsx from 'clsx';
import type { ReactNode } from 'react';

import { Button, Dropdown, NavigableMenu } from '@wordpress/components';

import './style.scss';
import type { EllipsisMenuProps, MenuItemProps } from './types.js';

/** A '⋮' button opening a keyboard-navigable menu. */
export function EllipsisMenu({ label, renderContent, onToggle, className }: EllipsisMenuProps) {
	if (!renderContent) return null;
	return (
		<div className={clsx('abacus-ellipsis-menu', className)}>
			<Dropdown
				popoverProps={{ placement: 'bottom-end' }}
				onToggle={onToggle}
				renderToggle={({ isOpen, onToggle: toggle }) => (
					<Button
						className="abacus-ellipsis-menu__toggle"
						label={label}
						showTooltip={false}
						aria-expanded={isOpen}
						onClick={toggle}
					>
						<span aria-hidden="true">⋮</span>
					</Button>
				)}
				renderContent={({ onToggle: toggle, onClose }) => (
					<NavigableMenu className="abacus-ellipsis-menu__content">
						{renderContent({ onToggle: toggle, onClose })}
					</NavigableMenu>
				)}
			/>
		</div>
	);
}

/** A row of an EllipsisMenu: a checkbox toggle or a clickable item. */
export function MenuItem({
	onInvoke,
	checked,
	isCheckbox = false,
	isClickable = false,
	children,
}: MenuItemProps) {
	if (isCheckbox) {
		return (
			<div
				className="abacus-ellipsis-menu__item"
				role="menuitemcheckbox"
				aria-checked={Boolean(checked)}
				tabIndex={0}
				onClick={onInvoke}
				onKeyDown={(event) => {
					if (event.key === 'Enter' || event.key === ' ') {
						event.preventDefault();
						onInvoke();
					}
				}}
			>
				<span
					className={clsx('abacus-ellipsis-menu__check', { 'is-checked': checked })}
					aria-hidden="true"
				>
					{checked ? '✓' : ''}
				</span>
				{children}
			</div>
		);
	}
	return (
		<div
			className={clsx('abacus-ellipsis-menu__item', { 'is-clickable': isClickable })}
			role="menuitem"
			tabIndex={isClickable ? 0 : -1}
			onClick={isClickable ? onInvoke : undefined}
			onKeyDown={(event) => {
				if (isClickable && (event.key === 'Enter' || event.key === ' ')) {
					event.preventDefault();
					onInvoke();
				}
			}}
		>
			{children}
		</div>
	);
}

/** A heading inside an EllipsisMenu. */
export function MenuTitle({ children }: { children: ReactNode }) {
	return <div className="abacus-ellipsis-menu__title">{children}</div>;
}
