import clsx from 'clsx';
import type { ReactNode } from 'react';

import './style.scss';

export interface PillProps {
	children: ReactNode;
	className?: string;
}

/** Small caption text in a rounded pill. */
export function Pill({ children, className }: PillProps) {
	return <span className={clsx('abacus-pill', className)}>{children}</span>;
}
