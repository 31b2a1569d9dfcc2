import type { ReactNode } from 'react';

export interface EmptyContentProps {
	/** Heading. Required. */
	title: string;
	/** Label of the primary action. Required (the action is shown only with a URL or callback). */
	actionLabel: string;
	/** Text under the heading. */
	message?: ReactNode;
	/** Illustration URL; '' hides it. Default a built-in empty-chart drawing. */
	illustration?: string;
	/** Illustration width. Default 400. */
	illustrationWidth?: number;
	illustrationHeight?: number;
	actionURL?: string;
	actionCallback?: () => void;
	secondaryActionLabel?: string;
	secondaryActionURL?: string;
	secondaryActionCallback?: () => void;
	className?: string;
}
