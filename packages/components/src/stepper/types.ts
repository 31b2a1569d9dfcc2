import type { ReactNode } from 'react';

export interface Step {
	/** Unique key. Required. */
	key: string;
	/** Label. Required. */
	label: ReactNode;
	/** Text under the label. */
	description?: ReactNode;
	/** Content shown while this step is current. */
	content?: ReactNode;
	/** Whether the step is complete. Default: steps before the current one are complete. */
	isComplete?: boolean;
	/** Makes the label a button. */
	onClick?: (key: string) => void;
}

export interface StepperProps {
	/** The steps. Required. */
	steps: Step[];
	/** Key of the current step. Required. */
	currentStep: string;
	/** Vertical layout. Default false. */
	isVertical?: boolean;
	/** Shows a spinner on the current step. Default false. */
	isPending?: boolean;
	className?: string;
}
