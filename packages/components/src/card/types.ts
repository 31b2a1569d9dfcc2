import type { ReactNode } from 'react';

export interface CardProps {
	/** Title (string or node). */
	title?: ReactNode;
	/** Text under the title. */
	description?: ReactNode;
	/** Element at the right of the header (a button, a select). */
	action?: ReactNode;
	/** An EllipsisMenu at the far right of the header. */
	menu?: ReactNode;
	/** Greys the card out. Default false. */
	isInactive?: boolean;
	className?: string;
	children?: ReactNode;
}
