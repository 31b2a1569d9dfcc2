import type { ReactNode, ElementType } from 'react';

export interface SectionProps {
	/** Wrapping element (tag name or component), or false for none. Default 'div'. */
	component?: ElementType | false;
	className?: string;
	children?: ReactNode;
}
