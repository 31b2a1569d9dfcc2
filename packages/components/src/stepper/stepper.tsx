import clsx from 'clsx';

import { Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { StepperProps } from './types.js';
import './style.scss';

/** Numbered steps of a setup flow; the current one shows its content (and a spinner when pending). */
export function Stepper({
	steps,
	currentStep,
	isVertical = false,
	isPending = false,
	className,
}: StepperProps) {
	const currentIndex = steps.findIndex((step) => step.key === currentStep);
	const current = steps[currentIndex];
	return (
		<div className={clsx('abacus-stepper', className, { 'is-vertical': isVertical })}>
			<ol className="abacus-stepper__steps">
				{steps.map((step, index) => {
					const isCurrent = index === currentIndex;
					const isComplete = step.isComplete ?? index < currentIndex;
					const label = (
						<>
							<span className="abacus-stepper__step-icon" aria-hidden="true">
								{isCurrent && isPending ? (
									<Spinner />
								) : isComplete ? (
									'✓'
								) : (
									index + 1
								)}
							</span>
							<span className="abacus-stepper__step-text">
								<span className="abacus-stepper__step-label">{step.label}</span>
								{step.description && (
									<span className="abacus-stepper__step-description">
										{step.description}
									</span>
								)}
							</span>
						</>
					);
					return (
						<li
							key={step.key}
							className={clsx('abacus-stepper__step', {
								'is-active': isCurrent,
								'is-complete': isComplete,
							})}
							aria-current={isCurrent ? 'step' : undefined}
						>
							{step.onClick ? (
								<button
									type="button"
									className="abacus-stepper__step-button"
									onClick={() => step.onClick?.(step.key)}
								>
									{label}
								</button>
							) : (
								<div className="abacus-stepper__step-button">{label}</div>
							)}
							<span className="screen-reader-text">
								{isComplete
									? __('Completed', 'abacus')
									: isCurrent
										? sprintf(
												/* translators: 1: step number, 2: number of steps */
												__('Step %1$d of %2$d', 'abacus'),
												index + 1,
												steps.length,
											)
										: ''}
							</span>
							{isVertical && isCurrent && step.content && (
								<div className="abacus-stepper__content">{step.content}</div>
							)}
						</li>
					);
				})}
			</ol>
			{!isVertical && current?.content && (
				<div className="abacus-stepper__content">{current.content}</div>
			)}
		</div>
	);
}
