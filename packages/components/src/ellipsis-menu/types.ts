import type { ReactNode } from 'react';

export interface EllipsisMenuProps {
	/** Accessible label of the toggle button. Required. */
	label: string;
	/** Renders the menu content; gets { onToggle, onClose }. Without it nothing is rendered. */
	renderContent?: (args: { onToggle: () => void; onClose: () => void }) => ReactNode;
	/** Called when the menu opens or closes. */
	onToggle?: (isOpen: boolean) => void;
	className?: string;
}

export interface MenuItemProps {
	/** Called when chosen (click, Enter or Space). Required. */
	onInvoke: () => void;
	/** Checked state of a checkbox item. */
	checked?: boolean;
	/** Shows a checkbox. Default false. */
	isCheckbox?: boolean;
	/** Makes a plain item clickable. Default false. */
	isClickable?: boolean;
	children: ReactNode;
}
