import type { ReactNode } from 'react';

export interface ViewMoreListProps {
	/** The items; the first is shown, the rest behind '+n more'. Default []. */
	items?: ReactNode[];
}
