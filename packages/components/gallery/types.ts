import type { ReactNode } from 'react';

/** One component of the gallery and its states (state label → rendered example). */
export interface GallerySection {
	title: string;
	states: Record<string, ReactNode>;
}
