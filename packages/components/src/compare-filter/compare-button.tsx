import { Button, Tooltip } from '@wordpress/components';
import clsx from 'clsx';
import { useId } from 'react';

import type { CompareButtonProps } from './types.js';

/** Items needed before a comparison can run. */
export const COMPARE_MINIMUM = 2;

/** The compare button: disabled, with a help tooltip, while fewer than 2 items are picked. */
export function CompareButton({
	count,
	children,
	helpText,
	onClick,
	disabled = false,
	className,
}: CompareButtonProps) {
	const helpId = useId();
	const tooFew = count < COMPARE_MINIMUM;
	const button = (
		<Button
			className={clsx('abacus-compare-button', className)}
			variant="secondary"
			onClick={onClick}
			disabled={disabled || tooFew}
			accessibleWhenDisabled
			aria-describedby={tooFew ? helpId : undefined}
		>
			{children}
		</Button>
	);
	if (!tooFew) return button;
	return (
		<>
			<Tooltip text={helpText}>
				<span className="abacus-compare-button__wrapper">{button}</span>
			</Tooltip>
			<span id={helpId} className="abacus-compare-button__help" hidden>
				{helpText}
			</span>
		</>
	);
}
