import type { ReactNode } from 'react';

export interface TagProps {
	/** Visible label. Required. */
	label: ReactNode;
	/** Id passed to `remove`. */
	id?: string | number;
	/** Makes the tag removable; returns the handler for the tag's id. */
	remove?: (id: string | number | undefined) => () => void;
	/** Content of a popover opened by clicking the label. */
	popoverContents?: ReactNode;
	/** Label for screen readers instead of `label`. */
	screenReaderLabel?: string;
	className?: string;
}
