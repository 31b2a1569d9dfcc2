import type { ReactNode } from 'react';

export interface SectionHeaderProps {
	/** Title. Required. */
	title: ReactNode;
	/** An EllipsisMenu at the right. */
	menu?: ReactNode;
	/** Other content at the right (before the menu). */
	children?: ReactNode;
	className?: string;
}
